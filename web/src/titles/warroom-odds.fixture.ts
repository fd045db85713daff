// Test data of War Room's panels: a nation as the view gives it, and the battle calculator's Monte
// Carlo answer for Smolensk (warroom-odds.test.ts, warroom-hint.test.ts).
import type { Odds } from './warroom-odds';
import type { Nation } from './warroom-sheet';

export const nation = (id: string, alliance: Nation['alliance'], seat: string, orders: Nation['sheet']['orders']): Nation => ({
  id,
  seat,
  alliance,
  oil: 0,
  iron: 0,
  osr: 0,
  stress: 0,
  threshold: 10,
  threshold_provenance: 'reconstructed',
  medals: 0,
  goods: 0,
  zone: 'white',
  slot: 0,
  collapsed: false,
  casualties: {},
  sheet: { status: 'writing', orders, bid: 0, purchases: null, purchase: null, selected: null },
});

export const monteCarlo: Odds = {
  region: 'R12',
  land: true,
  kind: 'battle',
  defender: 'allied',
  first_side: 'axis',
  exact: false,
  samples: 2000,
  plans_compared: 6,
  in_progress: false,
  more_may_come: true,
  later_chance: false,
  moved_in: [
    { nation: 'GER', command: 42 },
    { nation: 'GER', command: 43 },
  ],
  sides: {
    allied: {
      wins: { mean: 0.25, se: 0.0097 },
      units_lost: { mean: 4.5, se: 0.05 },
      casualty_points: { mean: 9, se: 0.1 },
      stress: { mean: 1.2, se: 0.02 },
      medals: { mean: 0, se: 0 },
      resources_lost: { mean: 0, se: 0 },
      stances: [{ type: 'inf', stance: 'defensive' }],
      stance_source: 'searched',
    },
    axis: {
      wins: { mean: 0.75, se: 0.0097 },
      units_lost: { mean: 3.25, se: 0.04 },
      casualty_points: { mean: 7, se: 0.1 },
      stress: { mean: 0.5, se: 0.01 },
      medals: { mean: 0.75, se: 0.01 },
      resources_lost: { mean: 0, se: 0 },
      stances: [
        { type: 'inf', stance: 'assault' },
        { type: 'arm', stance: 'breakthrough' },
      ],
      stance_source: 'searched',
    },
  },
  contested: { mean: 0.1, se: 0.0067 },
  battle_decisions: 'bot:rules',
  milliseconds: 80,
};
