// Table talk on a game's page (docs/server.md, "Table talk"): the table channel, the seat's alliance
// (War Room) and private messages to one seat, pushed over the game's WebSocket. Every text is put in
// with textContent, never as HTML. A seat may mute another: its messages are no longer shown to it.
import { api, ChatList, ChatMessage } from './api';
import { seatName, t } from './i18n';

export interface ChatPanel {
  element: HTMLElement;
  add: (m: ChatMessage) => void; // a message pushed (shown once, whatever the order it arrives in)
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = '') => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
};

// Who wrote, to whom, and the text, as plain text.
export function messageLine(m: ChatMessage): HTMLLIElement {
  const li = element('li', `chat-${m.channel}`);
  const to =
    m.channel === 'alliance'
      ? ` (${t('ui.web.chat_alliance')})`
      : m.channel === 'private'
        ? ` (${t('ui.web.chat_private', { seat: seatName(m.to ?? '') })})`
        : '';
  li.append(element('strong', '', `${seatName(m.seat)}${to}: `), element('span', '', m.text));
  return li;
}

export function chatPanel(id: string, token: string | undefined): ChatPanel {
  const panel = element('section', 'panel chat');
  panel.id = 'chat';
  const list = element('ol', 'chat-log');
  const problem = element('p', 'error');
  problem.hidden = true;
  const controls = element('div');
  panel.append(element('h2', '', t('ui.web.table_talk')), list, controls, problem);
  const seen = new Set<number>();
  let muted: string[] = [];
  let me = ''; // the seat this page writes as (its view says)
  const add = (m: ChatMessage) => {
    if (seen.has(m.id) || muted.includes(m.seat)) return;
    seen.add(m.id);
    list.append(messageLine(m));
    list.scrollTop = list.scrollHeight;
  };
  const fail = (err: unknown) => {
    problem.hidden = false;
    problem.textContent = (err as Error).message;
  };
  const load = async () => {
    const c = await api.chat(id, token);
    muted = c.muted;
    seen.clear();
    list.replaceChildren();
    c.messages.forEach(add);
    if (token && c.channels.length) drawControls(c);
  };
  const drawControls = (c: ChatList) => {
    const form = element('form');
    const channel = element('select');
    channel.setAttribute('aria-label', t('ui.web.chat_channel'));
    const others = c.seats.filter((s) => s !== me);
    const option = (value: string, text: string) => {
      const o = element('option', '', text);
      o.value = value;
      channel.append(o);
    };
    option('table', t('ui.web.chat_table'));
    if (c.channels.includes('alliance')) option('alliance', t('ui.web.chat_alliance'));
    others.forEach((s) => option(`private:${s}`, t('ui.web.chat_private', { seat: seatName(s) })));
    const text = element('input');
    text.maxLength = 500;
    text.placeholder = t('ui.web.chat_placeholder');
    text.setAttribute('aria-label', t('ui.web.chat_placeholder'));
    form.append(channel, text, element('button', '', t('ui.web.chat_send')));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const [kind, to] = channel.value.split(':');
      try {
        add((await api.say(id, token!, kind, text.value, to)).message);
        text.value = '';
        problem.hidden = true;
      } catch (err) {
        fail(err);
      }
    });
    const mutes = element('p', 'mutes');
    for (const s of others) {
      const b = element('button', '', t(muted.includes(s) ? 'ui.web.chat_unmute' : 'ui.web.chat_mute', { seat: seatName(s) }));
      b.type = 'button';
      b.addEventListener('click', () => api.mute(id, token!, s, !muted.includes(s)).then(load).catch(fail));
      mutes.append(b, ' ');
    }
    controls.replaceChildren(form, mutes);
  };
  api
    .view(id, token)
    .then((v) => {
      me = v.seat ?? '';
      return load();
    })
    .catch(fail);
  return { element: panel, add };
}
