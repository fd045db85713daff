// The game page's logic that reads no page: which of the seat's actions a click narrows the list to,
// how they are offered by kind, and the log the page keeps from the views it is sent (game.ts).
import type { Message } from './i18n';
import type { LogEvent, View } from './api';

// The words an action names: its own ("advance bevin global-issue"), then those the title relates it to.
export type Words = (action: string) => string[];

// The actions that name every word of `filter`.
export function narrow(actions: string[], filter: string[], words: Words): string[] {
  return actions.filter((a) => filter.every((w) => words(a).includes(w)));
}

// The filter after a click on `word`: a word already in it is taken out; a word some listed action
// names is added; any other word starts a new filter.
export function toggle(filter: string[], word: string, listed: string[], words: Words): string[] {
  if (filter.includes(word)) return filter.filter((w) => w !== word);
  return listed.some((a) => words(a).includes(word)) ? [...filter, word] : [word];
}

// How many actions of each kind (an action's first word), in the order they first appear.
export function kinds(actions: string[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const a of actions) {
    const kind = a.split(' ')[0];
    count.set(kind, (count.get(kind) ?? 0) + 1);
  }
  return count;
}

// Whether many choices (a Meeting turn has dozens) are first offered by kind: nothing narrows them
// yet, the player did not ask for all, there are more than 24 and of more than one kind.
export function offerByKind(actions: string[], filter: string[], showAll: boolean): boolean {
  return !filter.length && !showAll && actions.length > 24 && kinds(actions).size > 1;
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
