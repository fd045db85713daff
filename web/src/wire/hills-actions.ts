// Generated from schema/hills-actions.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// What it holds and how the schema is made: docs/view.md.

/**
 * One Three Hills legal action as structure (action_fields): its kind and arguments (hills/game.cpp).
 */
export type HillsActionFields = SendAction | EraseAction | DoneAction;
/**
 * A hill
 */
export type Hill = 'A' | 'B' | 'C';

export interface SendAction {
  hill: Hill;
  kind: 'send';
  troops: number;
}
export interface EraseAction {
  hill: Hill;
  kind: 'erase';
}
export interface DoneAction {
  kind: 'done';
}
