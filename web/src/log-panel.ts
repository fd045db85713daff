// The game page's log list: its lines stay drawn from one view to the next, and a view draws only
// what it changes (docs/warroom/browser.md, "The log"). A view carries the log's last entries and
// its length (`log_size`): the lines before the entries it sends are the page's already, an undo
// removes the lines past the new length, and the lines sent are drawn where they differ from those
// drawn (new ones appended, one received late put in its place). Each line is worded once, in the
// reader's language; a new language draws the page again from scratch (main.ts), and so does this
// list when the language it was worded in is no longer the reader's.
import { escape } from './api';
import { language, t } from './i18n';

// Which lines to draw: of the `drawn` lines' keys (an entry's identity: its line, message and
// structure; undefined where not drawn), those kept are the first `size`; the lines from `from` (the
// first the view sent, or the first not drawn yet) are drawn again where their key differs. A line the
// page was never sent (a page opened late holds only the view's last lines) is not drawn.
export function linesToDraw(
  drawn: readonly (string | undefined)[],
  size: number,
  from: number,
  key: (i: number) => string | undefined,
): number[] {
  const out: number[] = [];
  for (let i = Math.min(from, drawn.length, size); i < size; ++i) if (drawn[i] !== key(i)) out.push(i);
  return out;
}

// Whether a line is shown under the panel's filter (words in it, any case).
export const matches = (text: string, filter: string) => !filter || text.toLowerCase().includes(filter.toLowerCase());

export interface LogSource {
  size: () => number; // the log's length as far as the page knows it
  key: (i: number) => string | undefined; // the entry's identity (what it was sent as); undefined if never sent
  text: (i: number) => string | undefined; // its line in the reader's language; undefined if not received
  html: (i: number, text: string) => string; // its line as drawn (escaped; a rule number as a button)
}

export class LogList {
  readonly element: HTMLOListElement;
  private keys: (string | undefined)[] = [];
  private nodes: (Element | undefined)[] = []; // each drawn line's element, by its place in the log
  private texts: string[] = [];
  private filter = '';
  private worded = language();

  constructor(private readonly source: LogSource) {
    this.element = document.createElement('ol');
    this.element.className = 'log';
    this.element.start = 1;
  }

  // Each line in the reader's language, as far as drawn ('' for one not received).
  get lines(): readonly string[] {
    return this.texts;
  }

  // Draws what the log's entries from `from` on changed; returns whether any line was drawn or removed.
  sync(from: number): boolean {
    if (this.worded !== language()) this.clear();
    const size = this.source.size();
    const removed = this.keys.length > size;
    this.nodes.slice(size).forEach((n) => n?.remove());
    this.keys.length = this.nodes.length = this.texts.length = Math.min(this.keys.length, size);
    const draw = linesToDraw(this.keys, size, from, this.source.key);
    const appended = document.createDocumentFragment();
    for (const i of draw) {
      this.nodes[i]?.remove();
      this.nodes[i] = undefined;
      this.keys[i] = this.source.key(i);
      if (this.keys[i] === undefined) continue;
      const li = this.line(i);
      this.nodes[i] = li;
      let next = i + 1;
      while (next < this.nodes.length && !this.nodes[next]) ++next;
      if (next < this.nodes.length) this.nodes[next]!.before(li);
      else appended.append(li);
    }
    this.element.append(appended);
    this.texts.length = size;
    this.element.style.paddingLeft = `${String(size).length + 1.5}ch`;
    if (draw.length) this.element.scrollTop = this.element.scrollHeight;
    return removed || draw.length > 0;
  }

  // Shows only the lines with `filter` in them (all when empty).
  setFilter(filter: string) {
    if (filter === this.filter) return;
    this.filter = filter;
    this.nodes.forEach((li, i) => li && ((li as HTMLElement).hidden = !matches(this.texts[i] ?? '', filter)));
    this.element.scrollTop = this.element.scrollHeight;
  }

  // Line i as an element, worded now.
  private line(i: number): HTMLLIElement {
    const text = this.source.text(i);
    this.texts[i] = text ?? '';
    const li = document.createElement('li');
    li.value = i + 1;
    li.hidden = !matches(this.texts[i], this.filter);
    li.innerHTML = text === undefined ? `<i>${escape(t('ui.web.not_received'))}</i>` : this.source.html(i, text);
    return li;
  }

  private clear() {
    this.keys = [];
    this.nodes = [];
    this.texts = [];
    this.element.replaceChildren();
    this.worded = language();
  }
}
