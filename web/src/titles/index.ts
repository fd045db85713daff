// What each title adds to the game page: its board and the lines of its state panel. The rest of the
// page -- phase, seats, actions, undo, log, invitations -- is the same for every title (game.ts).
import type { View } from '../api';
import { churchill } from './churchill';
import { hills } from './hills';

export interface TitleUi {
  // The board's panels. Elements that a legal action names are marked and call `pick` with the word
  // they stand for, which narrows the list of actions to those naming it.
  board(view: View, layout: unknown, marked: Set<string>, pick: (word: string) => void): HTMLElement[];
  // HTML lines for the state panel: scores, tracks, the seat's own hand or secrets.
  status(view: View): string;
  // The end of the game in words.
  result(view: View): string;
}

// A title without a module of its own still plays: its view's fields are listed as they are.
const plain: TitleUi = {
  board: () => [],
  status: () => '',
  result: (v) => `Game over: ${((v.winners as string[] | undefined) ?? []).join(' and ') || 'nobody'} won`,
};

const uis: Record<string, TitleUi> = { churchill, hills };

export function uiFor(title: string): TitleUi {
  return uis[title] ?? plain;
}
