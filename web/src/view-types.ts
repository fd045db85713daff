// Generated from schema/view.schema.json by web/scripts/view-types.mjs (npm run build): do not edit.
// The view's fields and what they mean: docs/view.md.

/**
 * What GET /api/games/{id}/view and the WebSocket send a seat (or a spectator): the platform's fields and its title's own. No other field may appear (docs/view.md).
 */
export type View = ChurchillView | WarRoomView | HillsView;
export type ChurchillView = Platform & ChurchillFields;
/**
 * A display text as the server sends it (core::i18n::to_json): plain text, or a catalogue key with its arguments (messages in turn) and, for a plural message, its count. The client words it in the reader's language (web/src/i18n.ts render).
 */
export type Message =
  | string
  | {
      key: string;
      args?: {
        [k: string]: Message;
      };
      count?: number;
    };
export type Power = 'UK' | 'US' | 'USSR';
export type WarRoomView = Platform & WarRoomFields;
export type HillsView = Platform & HillsFields;

/**
 * The fields of every title's view (core::seat_view, server::Lobby::seat_view).
 */
export interface Platform {
  /**
   * The title's id: "churchill", "warroom", "hills".
   */
  title: string;
  /**
   * The scenario's id.
   */
  scenario: string;
  /**
   * The seat this view is for; null: a spectator's.
   */
  seat: string | null;
  /**
   * Each seat's controller: "human" or "bot:<kind>".
   */
  seats: {
    [k: string]: string;
  };
  /**
   * The seats in order.
   */
  seat_order: string[];
  /**
   * The seats that may act now (none at a chance node or the end).
   */
  active: string[];
  /**
   * The phase in English words, with its rule (phase_message words it in the reader's language).
   */
  phase: string;
  phase_message?: Message;
  /**
   * This seat's legal actions as commands, sent back as they are (POST .../act).
   */
  legal_actions: string[];
  /**
   * Each legal action as structure, by its command.
   */
  action_fields: {
    [k: string]: ActionFields;
  };
  /**
   * Each legal action's display text, by its command (titles with catalogues).
   */
  action_messages?: {
    [k: string]: Message;
  };
  /**
   * Whether this seat may take back its latest action now.
   */
  can_undo: boolean;
  /**
   * The log's last lines (up to 200), in English.
   */
  log: string[];
  /**
   * The same lines as messages (titles with catalogues).
   */
  log_messages?: Message[];
  /**
   * The same entries as structure: what a client reads.
   */
  log_events: LogEvent[];
  /**
   * The whole log's length: the first line sent is entry log_size - log.length.
   */
  log_size: number;
  /**
   * Whether the game is over.
   */
  terminal: boolean;
  /**
   * Sent back with an action: a change this seat can see raises it, and an action chosen on an older view is refused (409).
   */
  version: number;
  /**
   * The game's id.
   */
  id: string;
  /**
   * The game's seed, published once it is over (to verify its replay).
   */
  seed?: string;
  /**
   * Why the game's bots stopped (a game no human plays, at the server's cap).
   */
  stopped?: string;
  /**
   * The game's clock (server/clocks.cpp, docs/server.md): its pace, each seat's time bank and deadline, the pause votes and the clock's events.
   */
  clock?: {
    pace: string;
    initial: number;
    per_move: number;
    most: number;
    stand_in: unknown;
    started: unknown;
    paused: unknown;
    pause_votes: string[];
    seats: {
      [k: string]: {
        bank: number;
        running: boolean;
        deadline: number | null;
        out: unknown;
        away_until: unknown;
        stand_in: string | null;
      };
    };
    events: {
      at: number;
      seat: string | null;
      event: string;
    }[];
  };
  /**
   * The record's events this seat may see: an alliance's agreements to concede only to that alliance until the game is over.
   */
  events?: SeatEvent[];
  /**
   * The seats of this seat's alliance (titles with alliances), whose human seats concede together.
   */
  alliance?: string[];
  /**
   * Whether spectators may watch the game while it is played.
   */
  observers?: boolean;
  /**
   * The game this one is a rematch of, or null.
   */
  rematch?: string | null;
  /**
   * The game ended by a concession: the alliance that conceded and the seats that won.
   */
  conceded?: {
    seats: string[];
    winners: string[];
  };
}
/**
 * One legal action as structure (action_fields, by its command): its kind (the command's first word) and its arguments by name as data ids. No two legal actions of a seat have the same fields. What each title's kinds carry: schema/<title>-actions.schema.json (docs/view.md).
 */
export interface ActionFields {
  kind: string;
  [k: string]: unknown;
}
/**
 * One log entry as structure (log_events, beside each line of log): its rule (a rule number or rulebook heading), its event's name and its arguments by name as data ids (churchill/log_json.cpp, warroom/log_json.cpp, hills/game.cpp), or one of the server's clocks (rule "", event clock_out, clock_back, clock_paused, clock_resumed or clock_away, with seat and bot: docs/server.md). null event: an entry the title does not name. What each title's events carry: schema/<title>-log.schema.json (docs/view.md).
 */
export interface LogEvent {
  rule: string;
  event: string | null;
  [k: string]: unknown;
}
/**
 * What happened to a seat outside the rules' actions (core::SeatEvent, docs/server.md "Endings and beginnings"), after `at` actions.
 */
export interface SeatEvent {
  at: number;
  seat: string;
  event: 'resign' | 'stand_in' | 'return' | 'concede' | 'withdraw' | 'conceded' | 'rematch';
  /**
   * Who plays the seat from then on (resign, stand_in, return).
   */
  controller?: string;
  /**
   * The rematch's game (rematch).
   */
  game?: string;
}
export interface ChurchillFields {
  title: 'churchill';
  /**
   * The conference being played (9.71).
   */
  conference: number;
  /**
   * The id of this conference's card once revealed (5.11), else null.
   */
  conference_card: string | null;
  /**
   * This seat's staff cards by id (a spectator's: none).
   */
  hand: string[];
  /**
   * Where each issue stands in English ("UK 3", "US chair", "centre", "display"), by id; places says it as structure.
   */
  issues: {
    [k: string]: string;
  };
  /**
   * Where each issue stands, by id.
   */
  places: {
    [k: string]: ChurchillPlace;
  };
  /**
   * Each Front by id: its position (English name; position_id the space's id, null in its theater box), offensive support, Axis reserves on it, the powers directing offensives to it, and the rule barring its entry space (6.21/6.22) if one does.
   */
  fronts: {
    [k: string]: {
      position: string;
      position_id: string | null;
      offensive: number;
      reserves: number;
      directed: Power[];
      blocked: string | null;
    };
  };
  /**
   * Naval support in each theater, by id.
   */
  naval: {
    [k: string]: number;
  };
  /**
   * 7.61: the Axis reserves of each kind still in the game.
   */
  axis_reserves: {
    [k: string]: number;
  };
  /**
   * The tracks: the A-Bomb and the Spy Ring (English names; ids by id), Theater Leadership, each Global Issue marker (English; ids: the power whose advantage it is in, or null) and the surrenders.
   */
  tracks: {
    a_bomb: string;
    spy_ring: string;
    leadership: {
      Europe: Power;
      Pacific: Power;
    };
    global: {
      [k: string]: string;
    };
    surrendered: {
      Germany: boolean;
      Japan: boolean;
    };
    ids: {
      a_bomb: string;
      spy_ring: string;
      global: {
        [k: string]: Power | null;
      };
    };
  };
  /**
   * Each country or colony space by id: Clandestine Networks and Political Alignment (7.1, 7.3).
   */
  locations: {
    [k: string]: {
      networks: number;
      network_owner: Power | null;
      alignment: Power | null;
    };
  };
  powers: {
    UK: {
      leader: string;
      active: boolean;
      stays_home: boolean;
      cards_in_hand: number;
      production: number;
      bonus_support: {
        europe: number;
        pacific: number;
        either: number;
        any_front_offensive: number;
      };
      networks_to_place: number;
      alignment_to_place: number;
      conferences_won: number;
    };
    US: {
      leader: string;
      active: boolean;
      stays_home: boolean;
      cards_in_hand: number;
      production: number;
      bonus_support: {
        europe: number;
        pacific: number;
        either: number;
        any_front_offensive: number;
      };
      networks_to_place: number;
      alignment_to_place: number;
      conferences_won: number;
    };
    USSR: {
      leader: string;
      active: boolean;
      stays_home: boolean;
      cards_in_hand: number;
      production: number;
      bonus_support: {
        europe: number;
        pacific: number;
        either: number;
        any_front_offensive: number;
      };
      networks_to_place: number;
      alignment_to_place: number;
      conferences_won: number;
    };
  };
  /**
   * 4.4: the winner, once the game is over.
   */
  winner: Power | null;
  scores: {
    UK: number;
    US: number;
    USSR: number;
  };
  /**
   * "final", or "if the game ended now".
   */
  score_label: string;
  /**
   * The 4.4 case those scores fall under, in English.
   */
  score_case: string;
  /**
   * The same by its catalogue key ("board.case_alliance_victory").
   */
  score_case_key: string;
  /**
   * The rule number of the step being played ("6.4").
   */
  phase_rule: string;
  /**
   * 4.4 on the current board (null once over, or while Secret Agendas are hidden).
   */
  winner_if_ended_now: Power | null;
  /**
   * 10: the Secret Agenda markers' locations a seat may see: its own, every power's once the game is over.
   */
  secret_agenda: {
    [k: string]: string[];
  };
  /**
   * 5.22-5.24: the advance waiting for a debate, where its issue waits (a capture) and goes if nobody debates, and the debate made.
   */
  pending: {
    power: Power;
    card: string;
    card_name: string;
    issue: string;
    issue_name: string;
    value: number;
    capture: boolean;
    from: string | null;
    to: string;
    from_place: ChurchillPlace | null;
    to_place: ChurchillPlace;
    text: string;
    message: Message;
    debate?: {
      power: Power;
      card: string;
      card_name: string;
      value: number;
    };
  } | null;
  /**
   * What a Meeting action does, by its command, in English.
   */
  action_notes: {
    [k: string]: string;
  };
  /**
   * The same as messages.
   */
  action_note_messages: {
    [k: string]: Message;
  };
  /**
   * Why this seat has so few options (explain.h).
   */
  options_why: {
    text: string;
    key: string;
    rule: string;
    args: {
      [k: string]: string;
    };
  } | null;
  options_why_message: Message | null;
  /**
   * Once the game is over: the 4.4 case, each 9.4 line that scored, the surrenders, why the winner won.
   */
  end?: {
    case: string;
    case_key: string;
    lines: {
      condition: string;
      power: Power;
      vp: number;
      text: string;
      message: Message;
    }[];
    surrendered: string[];
    surrendered_keys: string[];
    why: string;
    why_message: Message;
    adjusted_message: Message | null;
  };
}
/**
 * Where an issue stands: the centre of the conference table, a space (1-6) of a power's track, its chair (captured), the display or out of the game.
 */
export interface ChurchillPlace {
  where: 'centre' | 'track' | 'chair' | 'display' | 'removed';
  power?: Power;
  space?: number;
}
export interface WarRoomFields {
  title: 'warroom';
  /**
   * The number of players.
   */
  players: number;
  /**
   * Whether the seats are the project's own split of the nations (not the rulebook's).
   */
  seats_project_option: boolean;
  round: number;
  /**
   * The phase, 1 to 7 (the platform phase field is its line in words).
   */
  phase_number: number;
  pass: number;
  /**
   * The step's id ("write-sheets").
   */
  step: string;
  /**
   * The step's rulebook heading.
   */
  rule: string;
  /**
   * The nations in play: resources, Stress, Medals, and each one's Orders & Purchases Chart as far as this seat may see it.
   */
  nations: WarRoomNation[];
  turn_order: string[];
  /**
   * The territories in play.
   */
  regions: {
    id: string;
    controller: string | null;
    bombs: number;
    embattled: boolean;
    active: boolean;
  }[];
  /**
   * Every Command stack on the map.
   */
  commands: {
    nation: string;
    number: number;
    category: string;
    region: string;
    units: {
      [k: string]: number;
    };
    landing_tag: boolean;
  }[];
  construction: {
    region: string;
    units: {
      [k: string]: number;
    };
    plan: {
      hold: {
        [k: string]: number;
      };
      to_sea: {
        unit: string;
        sea: string;
        count: number;
      }[];
    } | null;
  }[];
  /**
   * The sea regions in play.
   */
  seas: string[];
  hotspots: string[];
  carrier_fighters: {
    nation: string;
    region: string;
    count: number;
  }[];
  /**
   * Phase 4: the Active region being resolved and its Battle Status Board.
   */
  battle: {
    region: string;
    commanders: (string | null)[];
    kind: 'battle' | 'convoy-raid';
    stage: 'air' | 'surface';
    sides: WarRoomBoardSide[];
    legend: WarRoomLegendColour[];
    pact_left_out: string | null;
    waiting_for?: string;
    waiting_for_message?: Message;
    assigning?: string;
  } | null;
  /**
   * Between Active regions: the last one resolved, as the Battle Debrief left it.
   */
  last_battle: {
    region: string;
    kind: 'battle' | 'convoy-raid';
    sides: WarRoomBoardSide[];
    legend: WarRoomLegendColour[];
    over: boolean;
  } | null;
  /**
   * What an action does, by its command.
   */
  action_notes: {
    [k: string]: string;
  };
  /**
   * Phase 2: the destinations the selected Command's order would not reach, by its command.
   */
  destinations: {
    [k: string]: WarRoomOutlook;
  };
  /**
   * The "done" commands that leave a sheet blank, and what they leave blank.
   */
  action_confirm: {
    [k: string]: {
      parts: string[];
      message: Message;
    };
  };
  options_why: {
    text: string;
  } | null;
  options_why_message: Message | null;
  winner: ('allied' | 'axis' | 'both-lose') | null;
  /**
   * The scenario's victory conditions, who holds their regions, and who would win if the war ended now ("both": both qualify, the war goes on).
   */
  victory: {
    alliances: {
      alliance: 'allied' | 'axis';
      terms: {
        at_least: number;
        regions: {
          id: string;
          name: string;
          controller: string | null;
          capital_of: string | null;
        }[];
      }[];
      met: boolean;
    }[];
    if_ended_now: 'allied' | 'axis' | 'both' | 'both-lose' | 'none';
  };
  map_notice: string;
  carry_out: WarRoomCarryOut | null;
  /**
   * A finished game's chronicle, by round and nation.
   */
  chronicle?: {
    end: {
      kind: 'victory' | 'both-lose' | 'stopped';
      alliance?: 'allied' | 'axis';
      round: number;
    } | null;
    rounds: {
      round: number;
      battles: string[];
      captured: {
        nation: string;
        region: string;
        from: string | null;
      }[];
      units_captured: {
        nation: string;
        region: string;
        units: number;
        from: string;
      }[];
      collapsed: string[];
      nations: {
        [k: string]: WarRoomTally;
      };
    }[];
    totals: {
      [k: string]: WarRoomTally;
    };
    casualty_points_provenance: string;
  };
}
export interface WarRoomNation {
  id: string;
  seat: string;
  alliance: 'allied' | 'axis';
  oil: number;
  iron: number;
  osr: number;
  stress: number;
  threshold: number;
  /**
   * Whether the Stress Threshold is printed in the rulebook for the scenario's side of the Morale Board or is the project's (data/warroom/morale.json).
   */
  threshold_provenance: 'rulebook' | 'reconstructed';
  medals: number;
  goods: number;
  zone: string;
  slot: number;
  collapsed: boolean;
  casualties: {
    [k: string]: number;
  };
  sheet: WarRoomSheet;
}
export interface WarRoomSheet {
  status: string;
  orders:
    | ({
        command: number;
        to: string;
        status: 'written' | 'executed' | 'cancelled';
        /**
         * Carried out short of `to` (issue 33's play-test, finding 3): the region it stopped in, and why (rail: by rail no nearer, ruling 29, with its reason; short: any other stop).
         */
        stopped?: {
          in: string;
          why: 'rail' | 'short';
          /**
           * Why by rail no nearer (ruling 29), as the map showed it when the order was carried out: an invasion (rail_stops_short), enemy land units in the friendly destination (rail_stops_short_enemy), a Bomb Token or its controller's Yellow Zone closing its rails (rail_stops_short_closed, ruling 30), or no friendly rail path reaching it (rail_stops_short_path). The same ids as the plotting outlook's `reason`.
           */
          reason?: 'rail_stops_short' | 'rail_stops_short_enemy' | 'rail_stops_short_closed' | 'rail_stops_short_path';
        };
        /**
         * Why a cancelled order was cancelled (Phase 3 › Canceling Orders and Resolving Mistakes; issue 34's play-test, finding 3): by its owner while it could move (owner, ruling 22), or the rule that left it no move (pinned, ruling 24; transport_pinned, ruling 26; no_command_token, ruling 104; a mistake the map shows only at execution, ruling 21; pact_refused, ruling 66). The same ids as the log's order_cancelled `why` and, for a rule, as the destinations' `reason`.
         */
        cancelled?:
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
        outlook?: WarRoomOutlook;
      } | null)[]
    | null;
  bid: number | null;
  purchases: {
    [k: string]:
      | number
      | {
          count: number;
          oil: number;
          iron: number;
          osr: number;
        };
  } | null;
  purchase: WarRoomPurchase | null;
  selected: number | null;
}
/**
 * An order that would not reach its destination on the map as it stands (warroom/movement.cpp order_outlook, the plan that executes orders): stops_short (by rail, at one of `stops`, ruling 29) or cancelled, the rules' reason id (worded by the catalogues where they have it) and the engine's text of it. By its `to` command in the destinations; on a written order of the chart, the warning when it is written (issue 34's play-test, finding 3).
 */
export interface WarRoomOutlook {
  outcome: 'stops_short' | 'cancelled';
  reason: string;
  why: string;
  stops: string[];
}
export interface WarRoomPurchase {
  units: {
    unit: string;
    category: string;
    cost: Resources;
    provenance: string;
    bought: number;
  }[];
  goods: {
    cost_any: number;
    provenance: string;
    count: number;
    oil_allowed: boolean;
    paid: Resources;
  };
  held: Resources;
  spent: Resources;
  left: Resources;
  industries: {
    region: string;
    sv: number;
    bombs: number;
    room: number;
    port: boolean;
  }[];
  room: {
    units: number;
    naval: number;
    mobilization: number;
  };
  placing: {
    naval: number;
    other: number;
    inf: number;
  };
}
/**
 * Oil, iron and OSR (War Room).
 */
export interface Resources {
  oil: number;
  iron: number;
  osr: number;
}
export interface WarRoomBoardSide {
  alliance: 'allied' | 'axis';
  commander: string | null;
  dice_left: number;
  rows: WarRoomBoardRow[];
}
export interface WarRoomBoardRow {
  unit: string;
  stance: string | null;
  dice?: WarRoomStanceDice;
  stances?: WarRoomStanceDice[];
  nations: {
    [k: string]: WarRoomBoardCounts;
  };
}
export interface WarRoomStanceDice {
  stance: string;
  air: number;
  surface: number;
  steps: number;
  raid: number;
  provenance: string;
}
export interface WarRoomBoardCounts {
  fresh: number;
  light: number;
  damaged: number;
  eliminated: number;
  escaped: number;
  hit?: {
    [k: string]: string;
  };
}
export interface WarRoomLegendColour {
  colour: string;
  twelfths: number;
  hits: string[];
  special: ('wild' | 'damaged') | null;
}
/**
 * Phase 3 › Step 2: the seat's nation's next order as the rules would carry it out ("next", its action), or why its owner must choose first (a pin, a choice of routes); how many written orders are left.
 */
export interface WarRoomCarryOut {
  nation: string;
  stop: 'next' | 'pin' | 'route';
  box: number;
  left: number;
  action: string | null;
  message: Message;
}
export interface WarRoomTally {
  units_lost: number;
  casualty_points: number;
  stress: number;
  medals: number;
  captured_units: number;
}
export interface HillsFields {
  title: 'hills';
  /**
   * R1: the round, 1 to 3.
   */
  round: number;
  /**
   * R2: the hills A, B and C and what each is worth.
   */
  hills: {
    id: string;
    worth: number;
  }[];
  /**
   * Each seat's sheet: writing or done, and its troops by hill where this seat may see them (its own; every sheet once shown, R3).
   */
  sheets: {
    [k: string]: {
      status: 'writing' | 'done';
      orders: {
        [k: string]: number;
      } | null;
    };
  };
  /**
   * Each seat's points.
   */
  scores: {
    [k: string]: number;
  };
  /**
   * R5: the seats that won, once the game is over.
   */
  winners: string[];
}
