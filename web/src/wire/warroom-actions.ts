// Generated from schema/warroom-actions.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// What it holds and how the schema is made: docs/view.md.

/**
 * One War Room legal action as structure (action_fields): its kind, the command's first word, and its arguments by name (warroom/action_json.cpp).
 */
export type WarRoomActionFields =
  | DoneAction
  | SelectAction
  | DeselectAction
  | ToAction
  | EraseAction
  | CancelAction
  | BidAction
  | SlotAction
  | ShiftAction
  | CancelStressAction
  | RelieveAction
  | PayAction
  | DesertAction
  | BuyAction
  | UnbuyAction
  | PlaceAction
  | DeployAction
  | UndeployAction
  | HoldAction
  | ReleaseAction
  | DrawAction
  | TradeAction
  | MoveAction
  | LeaveAction
  | LaunchAction
  | LandAction
  | FightAction
  | CommandAction
  | ClaimAction
  | MedalAction
  | DefendAction
  | BattleAction
  | PermitAction
  | RefuseAction
  | DieAction;
/**
 * A nation (data/warroom nations)
 */
export type Nation = 'CHN' | 'BC' | 'USSR' | 'US' | 'GER' | 'ITA' | 'JPN';
/**
 * A region or sea area of the map (data/warroom regions)
 */
export type Region = string;
/**
 * A unit type (data/warroom units)
 */
export type Unit = string;
/**
 * A resource
 */
export type Resource = 'oil' | 'iron' | 'osr';
/**
 * A battle's decision (warroom/battle_text.cpp choice_json): its choice and what it names
 */
export type BattleChoice =
  StanceChoice | HitChoice | EscortChoice | GarrisonChoice | BombChoice | ClusterChoice | BlackChoice | RepairChoice | ScrapChoice;
/**
 * One of a unit type's battle stances (data/warroom units)
 */
export type Stance = string;
/**
 * A unit's damage box
 */
export type Box = 'fresh' | 'light' | 'damaged' | 'eliminated';
/**
 * A battle die's colour
 */
export type Colour = 'yellow' | 'blue' | 'green' | 'red' | 'black' | 'white';

export interface DoneAction {
  kind: 'done';
  nation: Nation;
}
export interface SelectAction {
  command: number;
  kind: 'select';
  nation: Nation;
}
export interface DeselectAction {
  kind: 'deselect';
  nation: Nation;
}
export interface ToAction {
  kind: 'to';
  nation: Nation;
  region: Region | null;
}
export interface EraseAction {
  box: number;
  kind: 'erase';
  nation: Nation;
}
export interface CancelAction {
  box: number;
  kind: 'cancel';
  nation: Nation;
}
export interface BidAction {
  bid: number;
  kind: 'bid';
  nation: Nation;
  thousands: boolean;
}
export interface SlotAction {
  kind: 'slot';
  nation: Nation;
  slot: number;
}
export interface ShiftAction {
  command: number;
  count: number;
  kind: 'shift';
  nation: Nation;
  to: number | 'new';
  unit: Unit | 'all';
}
export interface CancelStressAction {
  by: 'goods' | 'medal';
  kind: 'cancel-stress';
  nation: Nation;
}
export interface RelieveAction {
  goods: number;
  kind: 'relieve';
  medals: number;
  nation: Nation;
}
export interface PayAction {
  kind: 'pay';
  nation: Nation;
  resource: Resource;
}
export interface DesertAction {
  command: number;
  kind: 'desert';
  nation: Nation;
  unit: Unit;
}
export interface BuyAction {
  kind: 'buy';
  mix?: {
    iron: number;
    oil: number;
    osr: number;
  };
  nation: Nation;
  unit: Unit | 'goods';
}
export interface UnbuyAction {
  kind: 'unbuy';
  mix?: {
    iron: number;
    oil: number;
    osr: number;
  };
  nation: Nation;
  unit: Unit | 'goods';
}
export interface PlaceAction {
  count: number;
  kind: 'place';
  nation: Nation;
  region: Region | null;
  unit: Unit;
}
export interface DeployAction {
  kind: 'deploy';
  nation: Nation;
  region: Region | null;
  sea: Region | null;
  unit: Unit;
}
export interface UndeployAction {
  kind: 'undeploy';
  nation: Nation;
  region: Region | null;
  sea: Region | null;
  unit: Unit;
}
export interface HoldAction {
  kind: 'hold';
  nation: Nation;
  region: Region | null;
  unit: Unit;
}
export interface ReleaseAction {
  kind: 'release';
  nation: Nation;
  region: Region | null;
  unit: Unit;
}
export interface DrawAction {
  kind: 'draw';
  nation: Nation;
}
export interface TradeAction {
  kind: 'trade';
  nation: Nation;
  region: Region | null;
  resource: Resource;
}
export interface MoveAction {
  box: number;
  kind: 'move';
  nation: Nation;
  region: Region | null;
}
export interface LeaveAction {
  kind: 'leave';
  nation: Nation;
  unit: Unit;
}
export interface LaunchAction {
  command: number;
  kind: 'launch';
  nation: Nation;
  region: Region | null;
}
export interface LandAction {
  command: number;
  kind: 'land';
  nation: Nation;
  region: Region | null;
}
export interface FightAction {
  kind: 'fight';
  nation: Nation;
  region: Region | null;
}
export interface CommandAction {
  kind: 'command';
  nation: Nation;
  to: Nation;
}
export interface ClaimAction {
  kind: 'claim';
  nation: Nation;
  to: Nation;
}
export interface MedalAction {
  kind: 'medal';
  nation: Nation;
  to: Nation;
}
export interface DefendAction {
  kind: 'defend';
  nation: Nation;
  to: Nation;
}
export interface BattleAction {
  choice: BattleChoice;
  kind: 'battle';
  nation: Nation;
}
export interface StanceChoice {
  choice: 'stance';
  count: number;
  nation: Nation;
  rest: number;
  rest_stance: Stance | null;
  stance: Stance;
  unit: Unit;
}
export interface HitChoice {
  box: Box;
  choice: 'hit';
  nation: Nation;
  stance: Stance;
  unit: Unit;
}
export interface EscortChoice {
  box?: Box;
  choice: 'escort';
  nation: Nation | null;
}
export interface GarrisonChoice {
  box: Box;
  choice: 'garrison';
  nation: Nation;
  stance: Stance;
  unit: Unit;
}
export interface BombChoice {
  choice: 'bomb';
  resource?: Resource;
  token?: boolean;
  unit?: Unit;
}
export interface ClusterChoice {
  choice: 'cluster';
  cluster: number;
}
export interface BlackChoice {
  choice: 'black';
  resource: Resource;
}
export interface RepairChoice {
  choice: 'repair';
  nation: Nation;
  resource: Resource;
  stance: Stance;
  unit: Unit;
}
export interface ScrapChoice {
  choice: 'scrap';
  nation: Nation;
  stance: Stance;
  unit: Unit;
}
export interface PermitAction {
  kind: 'permit';
  nation: Nation;
}
export interface RefuseAction {
  kind: 'refuse';
  nation: Nation;
}
export interface DieAction {
  colour: Colour;
  kind: 'die';
}
