// Generated from schema/churchill-actions.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// What it holds and how the schema is made: docs/view.md.

/**
 * One Churchill legal action as structure (action_fields): its kind, the command's first word, and its arguments by name (churchill/actions.cpp action_json).
 */
export type ChurchillActionFields =
  | AgendaAction
  | TieBreakAction
  | NoTieBreakAction
  | WinnerAction
  | SelectAction
  | AdvanceAction
  | LeaderAction
  | ChiefAction
  | ChiefAdvanceAction
  | ChiefDebateAction
  | DeclineAction
  | DebateAction
  | DebateLeaderAction
  | DebateChiefAction
  | NoDebateAction
  | PassAction
  | DiscardAction
  | DirectedAction
  | OffensiveAction
  | NavalAction
  | ActivateAction
  | ABombAction
  | LeadershipAction
  | GlobalAction
  | FirstAction
  | NetworkAction
  | RemoveNetworkAction
  | AlignAction
  | RemoveAlignmentAction;
/**
 * A staff card of the power's deck (data/churchill cards), or its Leader: "leader" (5.21)
 */
export type Card = string;
/**
 * A power
 */
export type Power = 'UK' | 'US' | 'USSR';
/**
 * An issue (data/churchill issues)
 */
export type Issue = string;
/**
 * A Front (data/churchill fronts)
 */
export type Front = string;
/**
 * Where a support marker comes from (6.4, 6.9)
 */
export type Source = 'production' | 'bonus-europe' | 'bonus-pacific' | 'bonus-either' | 'bonus-any';
/**
 * A naval theater (data/churchill theaters)
 */
export type Theater = string;
/**
 * A region of the war
 */
export type Region = 'Europe' | 'Pacific';
/**
 * A Global Issue marker (data/churchill global_issues)
 */
export type GlobalIssue = string;
/**
 * A location of the map (data/churchill locations)
 */
export type Location = string;

export interface AgendaAction {
  card: Card;
  kind: 'agenda';
}
export interface TieBreakAction {
  kind: 'tie-break';
}
export interface NoTieBreakAction {
  kind: 'no-tie-break';
}
export interface WinnerAction {
  kind: 'winner';
  power: Power;
}
export interface SelectAction {
  issue: Issue;
  kind: 'select';
}
export interface AdvanceAction {
  card: Card;
  issue: Issue;
  kind: 'advance';
  stop?: true;
  value?: number;
}
export interface LeaderAction {
  discard: Card;
  issue: Issue;
  kind: 'leader';
  stop?: true;
  value?: number;
}
export interface ChiefAction {
  card: Card;
  kind: 'chief';
}
export interface ChiefAdvanceAction {
  issue: Issue;
  kind: 'chief-advance';
  stop?: true;
  value?: number;
}
export interface ChiefDebateAction {
  issue?: Issue;
  kind: 'chief-debate';
  stop?: true;
  value?: number;
}
export interface DeclineAction {
  kind: 'decline';
}
export interface DebateAction {
  card: Card;
  issue?: Issue;
  kind: 'debate';
  stop?: true;
  value?: number;
}
export interface DebateLeaderAction {
  discard: Card;
  issue?: Issue;
  kind: 'debate-leader';
  stop?: true;
  value?: number;
}
export interface DebateChiefAction {
  card: Card;
  issue?: Issue;
  kind: 'debate-chief';
}
export interface NoDebateAction {
  issue?: Issue;
  kind: 'no-debate';
}
export interface PassAction {
  kind: 'pass';
}
export interface DiscardAction {
  card: Card;
  kind: 'discard';
}
export interface DirectedAction {
  front: Front;
  issue: Issue;
  kind: 'directed';
}
export interface OffensiveAction {
  front: Front;
  kind: 'offensive';
  source: Source;
}
export interface NavalAction {
  kind: 'naval';
  source: Source;
  theater: Theater;
}
export interface ActivateAction {
  issue: Issue;
  kind: 'activate';
}
export interface ABombAction {
  kind: 'a-bomb';
}
export interface LeadershipAction {
  kind: 'leadership';
  power: Power;
  region: Region;
}
export interface GlobalAction {
  global_issue: GlobalIssue;
  kind: 'global';
}
export interface FirstAction {
  kind: 'first';
  power: Power;
}
export interface NetworkAction {
  kind: 'network';
  location: Location;
}
export interface RemoveNetworkAction {
  kind: 'remove-network';
  location: Location;
}
export interface AlignAction {
  kind: 'align';
  location: Location;
}
export interface RemoveAlignmentAction {
  kind: 'remove-alignment';
  location: Location;
}
