// Generated from schema/warroom-log.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// What it holds and how the schema is made: docs/view.md.

/**
 * One War Room log entry as structure (log_events): its rulebook heading, its event and its arguments by name (warroom/log_json.cpp: kRuleEvents, whose entries name their nation, and kBattleEvents).
 */
export type WarRoomLogEvent =
  | RoundBeginsEvent
  | IncomeEvent
  | IncomeBlockedEvent
  | OrderDrawnEvent
  | ShiftedEvent
  | ReorganizeDoneEvent
  | SheetDoneEvent
  | BidRevealedEvent
  | TieDrawnEvent
  | SlotChosenEvent
  | BidPaidEvent
  | SheetRevealedEvent
  | OrderShownEvent
  | OrderCancelledEvent
  | NoBattlesEvent
  | DeployRevealedEvent
  | CasualtyStressEvent
  | StressCancelledEvent
  | ZoneUpEvent
  | RelievedEvent
  | BluePaidEvent
  | DesertedEvent
  | TradedEvent
  | PurchasesRevealedEvent
  | PlacedEvent
  | CollapsedEvent
  | VictoryEvent
  | BothLoseEvent
  | StalemateEvent
  | StoppedEvent
  | MovedEvent
  | MovedShortEvent
  | PinnedEvent
  | LeftBehindEvent
  | RailObstructedEvent
  | NeutralInvadedEvent
  | LaunchedEvent
  | LandedEvent
  | PerishedEvent
  | BattleBeginsEvent
  | CommanderIsEvent
  | UnitsLostEvent
  | ResourcesLostEvent
  | BombTokenEvent
  | CapturedEvent
  | RestoredEvent
  | TerritoryStressEvent
  | MedalGivenEvent
  | EmbattledEvent
  | ConstructionSeizedEvent
  | InvasionStressEvent
  | NeutralDefenceEvent
  | PactBrokenEvent
  | PactAskedEvent
  | PactRefusedEvent
  | PactEndedEvent
  | PactExpelledEvent
  | PactBattleEvent
  | MedalDeniedEvent
  | UnitsCapturedEvent
  | RepairsPaidEvent
  | StageEvent
  | BatchEvent
  | DieEvent
  | HitEvent
  | MissEvent
  | EscortEvent
  | DiveEvent
  | GarrisonEvent
  | BombEvent
  | ConvoyEvent
  | RepairEvent
  | TransportsSunkEvent
  | ForceAdvantageEvent
  | StanceEvent;
/**
 * A nation (data/warroom nations)
 */
export type Nation = 'CHN' | 'BC' | 'USSR' | 'US' | 'GER' | 'ITA' | 'JPN';
/**
 * A region or sea area of the map (data/warroom regions)
 */
export type Region = string;
/**
 * Why an order was cancelled (Phase 3)
 */
export type CancelReason =
  | 'owner'
  | 'pinned'
  | 'transport_pinned'
  | 'no_command_token'
  | 'no_command'
  | 'impassable'
  | 'air_range'
  | 'no_sea_route'
  | 'transport_landing'
  | 'china_at_sea'
  | 'no_rail_path'
  | 'pact_refused';
/**
 * A resource
 */
export type Resource = 'oil' | 'iron' | 'osr';
/**
 * A unit type (data/warroom units)
 */
export type Unit = string;
/**
 * An alliance in a battle
 */
export type Side = 'allied' | 'axis';
/**
 * A battle's stage
 */
export type Stage = 'air' | 'surface';
/**
 * A battle die's colour
 */
export type Colour = 'yellow' | 'blue' | 'green' | 'red' | 'black' | 'white';
/**
 * A unit's damage box
 */
export type Box = 'fresh' | 'light' | 'damaged' | 'eliminated';
/**
 * One of a unit type's battle stances (data/warroom units)
 */
export type Stance = string;

export interface RoundBeginsEvent {
  event: 'round_begins';
  nation: Nation | null;
  round: number;
  rule: string;
}
export interface IncomeEvent {
  event: 'income';
  iron: number;
  nation: Nation | null;
  oil: number;
  osr: number;
  rule: string;
}
export interface IncomeBlockedEvent {
  event: 'income_blocked';
  nation: Nation | null;
  rule: string;
}
export interface OrderDrawnEvent {
  event: 'order_drawn';
  nation: Nation | null;
  place: number;
  rule: string;
}
export interface ShiftedEvent {
  event: 'shifted';
  from: number;
  nation: Nation | null;
  rule: string;
  to: number;
  units: number;
}
export interface ReorganizeDoneEvent {
  event: 'reorganize_done';
  nation: Nation | null;
  rule: string;
}
export interface SheetDoneEvent {
  event: 'sheet_done';
  nation: Nation | null;
  rule: string;
}
export interface BidRevealedEvent {
  bid: number;
  event: 'bid_revealed';
  nation: Nation | null;
  rule: string;
}
export interface TieDrawnEvent {
  event: 'tie_drawn';
  nation: Nation | null;
  place: number;
  rule: string;
}
export interface SlotChosenEvent {
  event: 'slot_chosen';
  nation: Nation | null;
  rule: string;
  slot: number;
}
export interface BidPaidEvent {
  bid: number;
  event: 'bid_paid';
  nation: Nation | null;
  rule: string;
}
export interface SheetRevealedEvent {
  event: 'sheet_revealed';
  nation: Nation | null;
  orders: number;
  rule: string;
}
export interface OrderShownEvent {
  box: number;
  command: number;
  event: 'order_shown';
  nation: Nation | null;
  rule: string;
  to: Region;
}
export interface OrderCancelledEvent {
  box: number;
  command: number;
  event: 'order_cancelled';
  nation: Nation | null;
  rule: string;
  why: CancelReason;
}
export interface NoBattlesEvent {
  event: 'no_battles';
  nation: Nation | null;
  rule: string;
}
export interface DeployRevealedEvent {
  event: 'deploy_revealed';
  held: number;
  nation: Nation | null;
  region: Region;
  rule: string;
  units: number;
}
export interface CasualtyStressEvent {
  event: 'casualty_stress';
  nation: Nation | null;
  points: number;
  rule: string;
  stress: number;
}
export interface StressCancelledEvent {
  by_goods: number;
  event: 'stress_cancelled';
  left: number;
  nation: Nation | null;
  rule: string;
}
export interface ZoneUpEvent {
  event: 'zone_up';
  left: number;
  nation: Nation | null;
  rule: string;
  zone: number;
}
export interface RelievedEvent {
  event: 'relieved';
  goods: number;
  medals: number;
  nation: Nation | null;
  rule: string;
  zone: number;
}
export interface BluePaidEvent {
  event: 'blue_paid';
  nation: Nation | null;
  resource: Resource;
  rule: string;
}
export interface DesertedEvent {
  command: number;
  event: 'deserted';
  nation: Nation | null;
  rule: string;
  unit: Unit;
}
export interface TradedEvent {
  event: 'traded';
  gained: Resource;
  given: Resource;
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface PurchasesRevealedEvent {
  event: 'purchases_revealed';
  goods: number;
  nation: Nation | null;
  rule: string;
  spent: number;
  units: number;
}
export interface PlacedEvent {
  count: number;
  event: 'placed';
  nation: Nation | null;
  region: Region;
  rule: string;
  unit: Unit;
}
export interface CollapsedEvent {
  event: 'collapsed';
  nation: Nation | null;
  rule: string;
}
export interface VictoryEvent {
  event: 'victory';
  nation: Nation | null;
  rule: string;
  side: Side;
}
export interface BothLoseEvent {
  event: 'both_lose';
  nation: Nation | null;
  rule: string;
}
export interface StalemateEvent {
  event: 'stalemate';
  nation: Nation | null;
  rule: string;
}
export interface StoppedEvent {
  event: 'stopped';
  nation: Nation | null;
  round: number;
  rule: string;
}
export interface MovedEvent {
  command: number;
  event: 'moved';
  from: Region;
  nation: Nation | null;
  rule: string;
  to: Region;
}
export interface MovedShortEvent {
  command: number;
  event: 'moved_short';
  from: Region;
  nation: Nation | null;
  rule: string;
  to: Region;
}
export interface PinnedEvent {
  command: number;
  event: 'pinned';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface LeftBehindEvent {
  command: number;
  event: 'left_behind';
  nation: Nation | null;
  new: number;
  rule: string;
  unit: Unit;
}
export interface RailObstructedEvent {
  command: number;
  event: 'rail_obstructed';
  nation: Nation | null;
  rule: string;
  stop: Region;
  to: Region;
}
export interface NeutralInvadedEvent {
  event: 'neutral_invaded';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface LaunchedEvent {
  command: number;
  event: 'launched';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface LandedEvent {
  command: number;
  event: 'landed';
  from: Region;
  nation: Nation | null;
  rule: string;
  to: Region;
}
export interface PerishedEvent {
  command: number;
  event: 'perished';
  nation: Nation | null;
  region: Region;
  rule: string;
  units: number;
}
export interface BattleBeginsEvent {
  event: 'battle_begins';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface CommanderIsEvent {
  event: 'commander_is';
  nation: Nation | null;
  region: Region;
  rule: string;
  side: Side;
}
export interface UnitsLostEvent {
  count: number;
  event: 'units_lost';
  nation: Nation | null;
  rule: string;
  unit: Unit;
  where: number;
}
export interface ResourcesLostEvent {
  event: 'resources_lost';
  iron: number;
  nation: Nation | null;
  oil: number;
  osr: number;
  rule: string;
}
export interface BombTokenEvent {
  event: 'bomb_token';
  nation: Nation | null;
  region: Region;
  rule: string;
  tokens: number;
}
export interface CapturedEvent {
  event: 'captured';
  former: Nation;
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface RestoredEvent {
  event: 'restored';
  former: Nation;
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface TerritoryStressEvent {
  event: 'territory_stress';
  nation: Nation | null;
  region: Region;
  rule: string;
  stress: number;
}
export interface MedalGivenEvent {
  event: 'medal_given';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface EmbattledEvent {
  event: 'embattled';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface ConstructionSeizedEvent {
  event: 'construction_seized';
  nation: Nation | null;
  region: Region;
  rule: string;
  units: number;
}
export interface InvasionStressEvent {
  event: 'invasion_stress';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface NeutralDefenceEvent {
  event: 'neutral_defence';
  nation: Nation | null;
  region: Region;
  rule: string;
  units: number;
}
export interface PactBrokenEvent {
  article: number;
  event: 'pact_broken';
  nation: Nation | null;
  rule: string;
  stress: number;
}
export interface PactAskedEvent {
  ally: Nation;
  command: number;
  event: 'pact_asked';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface PactRefusedEvent {
  ally: Nation;
  box: number;
  event: 'pact_refused';
  nation: Nation | null;
  rule: string;
}
export interface PactEndedEvent {
  event: 'pact_ended';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface PactExpelledEvent {
  command: number;
  event: 'pact_expelled';
  nation: Nation | null;
  region: Region;
  rule: string;
  units: number;
}
export interface PactBattleEvent {
  battle: number;
  event: 'pact_battle';
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface MedalDeniedEvent {
  event: 'medal_denied';
  former: Nation;
  nation: Nation | null;
  region: Region;
  rule: string;
}
export interface UnitsCapturedEvent {
  event: 'units_captured';
  former: Nation;
  nation: Nation | null;
  region: Region;
  rule: string;
  units: number;
}
export interface RepairsPaidEvent {
  event: 'repairs_paid';
  iron: number;
  nation: Nation | null;
  oil: number;
  osr: number;
  rule: string;
}
export interface StageEvent {
  allied_dice: number;
  axis_dice: number;
  event: 'stage';
  rule: string;
  stage: Stage;
}
export interface BatchEvent {
  dice: number;
  event: 'batch';
  nation: Nation;
  rule: string;
  side: Side;
}
export interface DieEvent {
  colour: Colour;
  event: 'die';
  nation: Nation;
  rule: string;
  side: Side;
}
export interface HitEvent {
  box: Box;
  event: 'hit';
  nation: Nation;
  row: Row;
  rule: string;
  side: Side;
}
/**
 * A row of a battle board: its unit type and stance
 */
export interface Row {
  stance: Stance;
  unit: Unit;
}
export interface MissEvent {
  colour: Colour;
  event: 'miss';
  nation: Nation;
  rule: string;
}
export interface EscortEvent {
  event: 'escort';
  nation: Nation;
  rule: string;
  side: Side;
}
export interface DiveEvent {
  event: 'dive';
  nation: Nation;
  rule: string;
  side: Side;
}
export interface GarrisonEvent {
  event: 'garrison';
  nation: Nation;
  rule: string;
  unit: Unit;
}
export interface BombEvent {
  event: 'bomb';
  rule: string;
  target: number;
  what: number;
}
export interface ConvoyEvent {
  cluster: number;
  event: 'convoy';
  lost: number;
  resource: Resource;
  rule: string;
  ships: number;
}
export interface RepairEvent {
  event: 'repair';
  nation: Nation;
  paid: number;
  rule: string;
  unit: Unit;
}
export interface TransportsSunkEvent {
  event: 'transports_sunk';
  rule: string;
  side: Side;
}
export interface ForceAdvantageEvent {
  event: 'force_advantage';
  rule: string;
  side: Side;
  unit: Unit;
}
export interface StanceEvent {
  event: 'stance';
  nation: Nation;
  rule: string;
  stance: number;
  unit: Unit;
  units: number;
}
