// Generated from schema/churchill-log.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// What it holds and how the schema is made: docs/view.md.

/**
 * One Churchill log entry as structure (log_events): its rule number, its event and its arguments by name (churchill/log_json.cpp: kEvents).
 */
export type ChurchillLogEvent =
  | ConferenceCardEvent
  | MandateEvent
  | ProductionChangeEvent
  | IssueToTableEvent
  | LeaderRestrictedEvent
  | ReservePlacedEvent
  | NavalLostEvent
  | NavalPlacedEvent
  | OffensivePlacedEvent
  | ConvoyRollEvent
  | ConvoyArrivesEvent
  | PolmilCountEvent
  | PolmilCellEvent
  | NetworkPlacedEvent
  | NetworkRemovedEvent
  | AlignmentPlacedEvent
  | AlignmentRemovedEvent
  | MarkerLostEvent
  | RemovalDeclinedEvent
  | DealtEvent
  | ShuffledEvent
  | AgendaRevealedEvent
  | AgendaWinnerEvent
  | TieBrokenEvent
  | TieByUsEvent
  | IssueSelectedEvent
  | PlayedEvent
  | DebatedEvent
  | IssueMovedEvent
  | CapturedEvent
  | PassedEvent
  | DiscardedEvent
  | ChiefValueEvent
  | HealthRollEvent
  | CardRemovedEvent
  | LeaderDiesEvent
  | HeartAttackEvent
  | ParanoiaEvent
  | PurgeEvent
  | NetworksGainedEvent
  | AlignmentGainedEvent
  | IssueWonEvent
  | ConditionalInEffectEvent
  | ConferenceWinnerEvent
  | DirectedPlacedEvent
  | ProductionTotalEvent
  | ProductionTakenEvent
  | ActivatedEvent
  | ABombModifierEvent
  | LeadershipSetEvent
  | ABombRollEvent
  | SpyRingEvent
  | GlobalMovedEvent
  | EndOfConferenceEvent
  | FrontHeldEvent
  | FrontRolledEvent
  | FrontAdvancedEvent
  | ReserveCollapseEvent
  | IjnSortieEvent
  | IjnBattleEvent
  | SurrenderEvent
  | GameWonEvent
  | SecretAgendaDrawnEvent
  | BreakthroughHeldEvent;
/**
 * A conference card (data/churchill conference_cards)
 */
export type ConferenceCard = string;
/**
 * A power
 */
export type Power = 'UK' | 'US' | 'USSR';
/**
 * A naval theater (data/churchill theaters)
 */
export type Theater = string;
/**
 * What a mandate is for
 */
export type Use = 'offensive' | 'naval' | 'support' | 'polmil' | 'a_bomb';
/**
 * An issue (data/churchill issues)
 */
export type Issue = string;
/**
 * A leader (data/churchill leaders)
 */
export type Leader = string;
/**
 * A Leader's restriction
 */
export type Restriction = 'stays_home' | 'inactive';
/**
 * A Front (data/churchill fronts)
 */
export type Front = string;
/**
 * A kind of reserve
 */
export type Reserve = 'german-army' | 'italian-army' | 'german-navy' | 'japanese-army' | 'ijn';
/**
 * What a Pol-Mil roll is for (5.12)
 */
export type PolMilFor =
  'place_networks' | 'place_alignment' | 'remove_network' | 'remove_alignment' | 'remove_all_networks' | 'remove_all_alignment';
/**
 * A location of the map (data/churchill locations)
 */
export type Location = string;
/**
 * A Pol-Mil marker
 */
export type Marker = 'network' | 'alignment';
/**
 * A staff card of the power's deck (data/churchill cards), or its Leader: "leader" (5.21)
 */
export type Card = string;
/**
 * A region of the war
 */
export type Region = 'Europe' | 'Pacific';
/**
 * A space of the A-bomb track (data/churchill a_bomb)
 */
export type ABombSpace = string;
/**
 * A Global Issue marker (data/churchill global_issues)
 */
export type GlobalIssue = string;
/**
 * A space of a Front's track (data/churchill spaces)
 */
export type Space = string;
/**
 * An Axis power (data/churchill axis)
 */
export type Axis = string;

export interface ConferenceCardEvent {
  card: ConferenceCard;
  event: 'conference_card';
  rule: string;
}
export interface MandateEvent {
  count: number;
  event: 'mandate';
  power: Power;
  rule: string;
  theater: Theater | null;
  use: Use;
}
export interface ProductionChangeEvent {
  change: number;
  event: 'production_change';
  power: Power;
  rule: string;
}
export interface IssueToTableEvent {
  event: 'issue_to_table';
  issue: Issue;
  rule: string;
}
export interface LeaderRestrictedEvent {
  event: 'leader_restricted';
  in_office: Leader;
  leader: Leader;
  power: Power;
  restriction: Restriction;
  rule: string;
}
export interface ReservePlacedEvent {
  count: number;
  event: 'reserve_placed';
  front: Front | null;
  reserve: Reserve;
  rule: string;
  theater: Theater | null;
}
export interface NavalLostEvent {
  event: 'naval_lost';
  rule: string;
  theater: Theater;
}
export interface NavalPlacedEvent {
  event: 'naval_placed';
  power: Power | null;
  rule: string;
  theater: Theater;
}
export interface OffensivePlacedEvent {
  bonus: boolean;
  event: 'offensive_placed';
  front: Front;
  power: Power | null;
  rule: string;
}
export interface ConvoyRollEvent {
  arrived: boolean;
  event: 'convoy_roll';
  roll: number;
  rule: string;
}
export interface ConvoyArrivesEvent {
  event: 'convoy_arrives';
  power: Power;
  rule: string;
}
export interface PolmilCountEvent {
  event: 'polmil_count';
  roll: number;
  rolls: number;
  rule: string;
}
export interface PolmilCellEvent {
  blue: number;
  event: 'polmil_cell';
  for: PolMilFor | null;
  location: Location;
  red: number;
  rule: string;
}
export interface NetworkPlacedEvent {
  event: 'network_placed';
  location: Location;
  power: Power;
  rule: string;
}
export interface NetworkRemovedEvent {
  event: 'network_removed';
  location: Location;
  power: Power;
  rule: string;
}
export interface AlignmentPlacedEvent {
  event: 'alignment_placed';
  location: Location;
  power: Power;
  rule: string;
}
export interface AlignmentRemovedEvent {
  event: 'alignment_removed';
  location: Location;
  power: Power;
  rule: string;
}
export interface MarkerLostEvent {
  event: 'marker_lost';
  location: Location;
  marker: Marker;
  power: Power;
  rule: string;
}
export interface RemovalDeclinedEvent {
  count: number;
  event: 'removal_declined';
  marker: Marker;
  power: Power;
  rule: string;
}
export interface DealtEvent {
  count: number;
  event: 'dealt';
  power: Power;
  rule: string;
}
export interface ShuffledEvent {
  count: number;
  event: 'shuffled';
  power: Power;
  rule: string;
}
export interface AgendaRevealedEvent {
  card: Card;
  event: 'agenda_revealed';
  power: Power;
  rule: string;
  value: number;
}
export interface AgendaWinnerEvent {
  difference: number;
  event: 'agenda_winner';
  power: Power;
  rule: string;
}
export interface TieBrokenEvent {
  event: 'tie_broken';
  power: Power;
  rule: string;
  winner: Power;
}
export interface TieByUsEvent {
  event: 'tie_by_us';
  power: Power;
  rule: string;
  winner: Power;
}
export interface IssueSelectedEvent {
  event: 'issue_selected';
  issue: Issue;
  power: Power;
  rule: string;
  space: number;
}
export interface PlayedEvent {
  card: Card;
  event: 'played';
  issue: Issue;
  power: Power;
  rule: string;
  value: number;
}
export interface DebatedEvent {
  card: Card;
  event: 'debated';
  power: Power;
  rule: string;
  value: number;
}
export interface IssueMovedEvent {
  event: 'issue_moved';
  issue: Issue;
  rule: string;
  space: number;
  track: Power | null;
}
export interface CapturedEvent {
  event: 'captured';
  issue: Issue;
  power: Power;
  rule: string;
}
export interface PassedEvent {
  event: 'passed';
  power: Power;
  rule: string;
}
export interface DiscardedEvent {
  card: Card;
  event: 'discarded';
  power: Power;
  rule: string;
}
export interface ChiefValueEvent {
  event: 'chief_value';
  power: Power;
  roll: number;
  rule: string;
}
export interface HealthRollEvent {
  card: Card;
  event: 'health_roll';
  failed: boolean;
  power: Power;
  roll: number;
  rule: string;
}
export interface CardRemovedEvent {
  card: Card;
  event: 'card_removed';
  power: Power;
  rule: string;
}
export interface LeaderDiesEvent {
  event: 'leader_dies';
  leader: Leader;
  rule: string;
  successor: Leader;
}
export interface HeartAttackEvent {
  event: 'heart_attack';
  power: Power;
  rule: string;
}
export interface ParanoiaEvent {
  event: 'paranoia';
  failed: boolean;
  roll: number;
  rule: string;
}
export interface PurgeEvent {
  arrested: boolean;
  card: Card;
  event: 'purge';
  roll: number;
  rule: string;
}
export interface NetworksGainedEvent {
  count: number;
  event: 'networks_gained';
  power: Power;
  rule: string;
}
export interface AlignmentGainedEvent {
  count: number;
  event: 'alignment_gained';
  power: Power;
  rule: string;
}
export interface IssueWonEvent {
  event: 'issue_won';
  issue: Issue;
  power: Power;
  rule: string;
}
export interface ConditionalInEffectEvent {
  event: 'conditional_in_effect';
  issue: Issue;
  rule: string;
}
export interface ConferenceWinnerEvent {
  event: 'conference_winner';
  issues: number;
  power: Power;
  rule: string;
}
export interface DirectedPlacedEvent {
  event: 'directed_placed';
  front: Front;
  issue: Issue;
  power: Power;
  rule: string;
}
export interface ProductionTotalEvent {
  count: number;
  event: 'production_total';
  power: Power;
  rule: string;
}
export interface ProductionTakenEvent {
  event: 'production_taken';
  from: Power;
  power: Power;
  rule: string;
}
export interface ActivatedEvent {
  event: 'activated';
  issue: Issue;
  power: Power;
  rule: string;
}
export interface ABombModifierEvent {
  event: 'a_bomb_modifier';
  power: Power;
  rule: string;
}
export interface LeadershipSetEvent {
  event: 'leadership_set';
  holder: Power;
  power: Power;
  region: Region;
  rule: string;
}
export interface ABombRollEvent {
  advanced: boolean;
  event: 'a_bomb_roll';
  modifier: number;
  roll: number;
  rule: string;
}
export interface SpyRingEvent {
  event: 'spy_ring';
  rule: string;
  space: ABombSpace;
}
export interface GlobalMovedEvent {
  event: 'global_moved';
  global_issue: GlobalIssue;
  power: Power;
  rule: string;
}
export interface EndOfConferenceEvent {
  conference: number;
  event: 'end_of_conference';
  rule: string;
}
export interface FrontHeldEvent {
  event: 'front_held';
  exception: number;
  front: Front;
  naval_needed: number;
  rule: string;
  strength: number;
}
export interface FrontRolledEvent {
  advanced: boolean;
  event: 'front_rolled';
  front: Front;
  roll: number;
  rule: string;
  strength: number;
}
export interface FrontAdvancedEvent {
  event: 'front_advanced';
  front: Front;
  rule: string;
  space: Space;
}
export interface ReserveCollapseEvent {
  event: 'reserve_collapse';
  reserve: Reserve;
  rule: string;
}
export interface IjnSortieEvent {
  event: 'ijn_sortie';
  roll: number;
  rule: string;
  theater: Theater | null;
}
export interface IjnBattleEvent {
  eliminated: boolean;
  event: 'ijn_battle';
  left: number;
  roll: number;
  rule: string;
}
export interface SurrenderEvent {
  axis: Axis;
  event: 'surrender';
  rule: string;
}
export interface GameWonEvent {
  event: 'game_won';
  power: Power;
  rule: string;
}
export interface SecretAgendaDrawnEvent {
  count: number;
  event: 'secret_agenda_drawn';
  power: Power;
  rule: string;
}
export interface BreakthroughHeldEvent {
  event: 'breakthrough_held';
  front: Front;
  rule: string;
  space: Space;
}
