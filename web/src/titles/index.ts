// What each title adds to the game page: its board and the lines of its state panel. The rest of the
// page -- phase, seats, actions, undo, log, invitations -- is the same for every title (game.ts).
import type { LogEvent, View } from '../api';
import type { Question } from '../confirm';
import { churchill } from './churchill';
import { hills } from './hills';
import { warroom } from './warroom';

// `V`: the title's view (view-types.ts); the page hands each title the views of its own games.
export interface TitleUi<V extends View = View> {
  // The board's panels. Elements that a legal action names are marked and call `pick` with the word
  // they stand for, which narrows the list of actions to those naming it.
  // `previous` is the view drawn before this one: what changed since is highlighted. `act` plays one
  // of the seat's legal actions (by its text). A panel with data-place="side" goes in the side column.
  board(
    view: V,
    layout: unknown,
    marked: Set<string>,
    pick: (word: string) => void,
    previous?: V | null,
    act?: (action: string) => Promise<void>,
  ): HTMLElement[];
  // HTML lines for the state panel: scores, tracks, the seat's own hand or secrets.
  status(view: V, layout: unknown): string;
  // The end of the game in words.
  result(view: V): string;
  // HTML: what is being decided now, beyond the phase (a move waiting for a debate).
  prompt?(view: V, layout: unknown): string;
  // HTML shown under an action's text: what it does (a card's value, where an issue goes).
  note?(view: V, layout: unknown, action: string): string;
  // A word of the actions (a datum's id: a card, an issue, a Front) by its name in the reader's language.
  wordName?(layout: unknown, word: string): string | undefined;
  // HTML: the details of a thing named by `data-detail` anywhere on the page (a card's face).
  detail?(view: V, layout: unknown, id: string): string | null;
  // HTML: the end-of-game explanation (who won and why).
  end?(view: V, layout: unknown): string;
  // The question to ask before the seat takes `action`, where the view marks it (a sheet finished
  // blank), or null to take it at once.
  confirm?(view: V, action: string): Question | null;
  // Actions a panel of the board offers in full (every count of a War Room placement): the action
  // list leaves them out and shows `note`, which says where they are, so each is offered once.
  elsewhere?(view: V): { actions: Set<string>; note: string } | null;
  // A log entry's line in the reader's language, worded from its structure (the view's `log_events`),
  // for a title whose view sends no messages for its log; undefined: the line as sent.
  logLine?(event: LogEvent): string | undefined;
  // The example of the log's filter, in the title's words ("e.g. 7.7 or Western").
  filterExample?(): string;
  // Summaries of what happened between two decisions (a War Phase), from the log: a title and lines.
  // `events` holds the entries as structure (the view's `log_events`: undefined where the page was
  // not sent an entry), which the title reads; `shown` the same lines in the reader's language.
  summaries?(
    events: (LogEvent | undefined)[],
    shown: readonly string[],
  ): { key: string; title: string; sections: { title: string; lines: string[] }[] }[];
}

// A title without a module of its own still plays: its view's fields are listed as they are.
const plain: TitleUi = {
  board: () => [],
  status: () => '',
  result: (v) => `Game over: ${('winners' in v ? v.winners : []).join(' and ') || 'nobody'} won`,
};

const uis: Record<string, TitleUi> = { churchill, hills, warroom };

export function uiFor(title: string): TitleUi {
  return uis[title] ?? plain;
}
