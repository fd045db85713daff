// The game page's logic that reads no page: which of the seat's actions a click narrows the list to,
// how they are offered by kind, and the log the page keeps from the views it is sent (game.ts).
import type { Message } from './i18n';
import type { ActionFields, LogEvent, LogPage, View } from './api';

// The words an action names: its kind and the data ids of its fields ("advance", "bevin", "global-issue").
export type Words = (action: string) => string[];

// The words of an action's fields: its kind, then every data id among its arguments (nested ones
// too: a battle's choice names a nation and a unit).
export function fieldWords(fields: ActionFields | undefined): string[] {
  const ids = (x: unknown): string[] =>
    typeof x === 'string' ? [x] : x && typeof x === 'object' ? Object.values(x as Record<string, unknown>).flatMap(ids) : [];
  if (!fields) return [];
  const { kind, ...args } = fields;
  return [kind, ...ids(args)];
}

// The words of each of a view's legal actions, from its `action_fields`.
export const wordsOf =
  (v: View): Words =>
  (a) =>
    fieldWords(v.action_fields?.[a]);
// An action's kind, from its fields.
export const kindIn =
  (v: View) =>
  (a: string): string =>
    v.action_fields?.[a]?.kind ?? a;

// A seat's legal actions with their fields (the view's `action_fields`): the action that does a thing
// is found by what its fields name, never by writing or splitting its command.
export class Legal {
  constructor(
    readonly actions: string[],
    readonly fields: Record<string, ActionFields> = {},
  ) {}
  static of(v: View): Legal {
    return new Legal(v.legal_actions, v.action_fields ?? {});
  }
  // The actions whose fields hold every argument of `match` ({kind: 'select', nation: 'GER'}).
  where(match: Record<string, unknown>): string[] {
    return this.actions.filter((a) => {
      const f = this.fields[a];
      return !!f && Object.entries(match).every(([k, x]) => f[k] === x);
    });
  }
  // The first of them, if there is one.
  find(match: Record<string, unknown>): string | undefined {
    return this.where(match)[0];
  }
  // The argument `arg` of each action `match` finds (the Commands a nation may select).
  values<T = unknown>(match: Record<string, unknown>, arg: string): T[] {
    return this.where(match).map((a) => this.fields[a][arg] as T);
  }
  // Whether some action names `id` among its fields.
  names(id: string): boolean {
    return this.actions.some((a) => fieldWords(this.fields[a]).includes(id));
  }
}

// The actions that name every word of `filter`.
export function narrow(actions: string[], filter: string[], words: Words): string[] {
  return actions.filter((a) => filter.every((w) => words(a).includes(w)));
}

// The actions that ask a question first (the title marks them: a War Room "done" leaving Medals
// unused on Stress in Phase 6, a sheet with no orders) after the others, each group in its order:
// the first button listed was the one that gives up a choice (play-test of 5 December, afternoon,
// finding 7: "done" came before "give a Medal").
export function askingLast(actions: string[], asks: (a: string) => boolean): string[] {
  return [...actions.filter((a) => !asks(a)), ...actions.filter(asks)];
}

// The filter after a click on `word`: a word already in it is taken out; a word some listed action
// names is added; any other word starts a new filter.
export function toggle(filter: string[], word: string, listed: string[], words: Words): string[] {
  if (filter.includes(word)) return filter.filter((w) => w !== word);
  return listed.some((a) => words(a).includes(word)) ? [...filter, word] : [word];
}

// How many actions of each kind (`kindOf`: from the action's fields), in the order they first appear.
export function kinds(actions: string[], kindOf: (a: string) => string): Map<string, number> {
  const count = new Map<string, number>();
  for (const a of actions) {
    const kind = kindOf(a);
    count.set(kind, (count.get(kind) ?? 0) + 1);
  }
  return count;
}

// Whether many choices (a Meeting turn has dozens) are first offered by kind: nothing narrows them
// yet, the player did not ask for all, there are more than 24 and of more than one kind.
export function offerByKind(actions: string[], filter: string[], showAll: boolean, kindOf: (a: string) => string): boolean {
  return !filter.length && !showAll && actions.length > 24 && kinds(actions, kindOf).size > 1;
}

// The actions offered on their own while the rest are offered by kind: a kind with a single action
// (a window's "done" beside its hundred shifts) is that action's button, one click, not a filter
// that lists it alone.
export function singles(actions: string[], kindOf: (a: string) => string): string[] {
  const count = kinds(actions, kindOf);
  return actions.filter((a) => count.get(kindOf(a)) === 1);
}

// Whether two views ask the same decision (the same round, phase and step): a filter of the action
// list belongs to one decision and is dropped when the game moves on to another.
export function sameDecision(a: View, b: View): boolean {
  const at = (v: View) => {
    const x = v as View & { round?: number; step?: string };
    return JSON.stringify([x.round ?? null, v.phase, x.step ?? null]);
  };
  return at(a) === at(b);
}

// Puts a view's last lines of the log (their messages and their structure) in place in the whole log
// the page keeps: a view carries the log's last lines and its length, so the page holds every line it
// was sent; lines it was not sent stay undefined, and a shorter log (an undo) cuts the end.
export function keepLog(
  log: (string | undefined)[],
  messages: (Message | undefined)[],
  v: View,
  events: (LogEvent | undefined)[] = [],
): void {
  const size = Number(v.log_size ?? v.log.length);
  const base = size - v.log.length;
  const put = <T>(kept: (T | undefined)[], sent: T[] | undefined) => {
    kept.length = Math.min(kept.length, size);
    sent?.forEach((x, i) => {
      kept[base + i] = x;
    });
    if (kept.length < size) kept.length = size;
  };
  put(log, v.log);
  put(messages, v.log_messages as Message[] | undefined);
  put(events, v.log_events as LogEvent[] | undefined);
}

// The lines of the log the page was never sent, as the range [from, to) to ask for next: the latest
// gap first, at most `most` lines; null when the page holds every line.
export function missingLines(log: readonly (string | undefined)[], most: number): { from: number; to: number } | null {
  let to = log.length;
  while (to > 0 && log[to - 1] !== undefined) --to;
  if (!to) return null;
  let from = to - 1;
  while (from > 0 && to - from < most && log[from - 1] === undefined) --from;
  return { from, to };
}

// Puts a page of the log (GET /api/games/ID/log) where the page holds no line yet: a line sent since
// by a view is newer than the page's.
export function keepPage(
  log: (string | undefined)[],
  messages: (Message | undefined)[],
  events: (LogEvent | undefined)[],
  page: LogPage,
): void {
  page.log.forEach((line, k) => {
    const i = page.from + k;
    if (i >= log.length || log[i] !== undefined) return;
    log[i] = line;
    messages[i] = page.log_messages?.[k];
    events[i] = page.log_events?.[k];
  });
}
