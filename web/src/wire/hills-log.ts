// Generated from schema/hills-log.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// What it holds and how the schema is made: docs/view.md.

/**
 * One Three Hills log entry as structure (log_events): its rule, its event and its arguments (hills/game.cpp).
 */
export type HillsLogEvent = SheetShownEvent | HillTakenEvent | HillEmptyEvent | TieBrokenEvent | GameOverEvent;
/**
 * A player's colour
 */
export type Seat = 'red' | 'green' | 'blue';
/**
 * A hill
 */
export type Hill = 'A' | 'B' | 'C';

export interface SheetShownEvent {
  event: 'sheet_shown';
  orders: {
    A: number;
    B: number;
    C: number;
  };
  rule: string;
  seat: Seat;
}
export interface HillTakenEvent {
  event: 'hill_taken';
  hill: Hill;
  points: number;
  rule: string;
  seat: Seat;
  troops: number;
}
export interface HillEmptyEvent {
  event: 'hill_empty';
  hill: Hill;
  rule: string;
}
export interface TieBrokenEvent {
  event: 'tie_broken';
  hill: Hill;
  points: number;
  rule: string;
  seat: Seat;
  troops: number;
}
export interface GameOverEvent {
  event: 'game_over';
  rule: string;
  winners: Seat[];
}
