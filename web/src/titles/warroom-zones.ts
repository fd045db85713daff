// The Homeland Status Track's zones as a player needs them where Stress bites (Phase 6: Morale ›
// Stress Zone Penalties): what each zone costs, and at what Stress a nation moves up to the next one.
// The zones, their order and penalties, the Blue Zone's payment and the cost to slide back are
// data/warroom/morale.json's; a nation's Stress, Stress Threshold and the threshold's provenance are
// the view's. The words are the catalogues' (warroom.zone_penalty, warroom.zone_note).
import { escape } from '../api';
import { t } from '../i18n';
import { reconstructedMark } from '../provenance';
import morale from '../../../data/warroom/morale.json';

interface Zone {
  id: string;
  penalty?: string;
  provenance: string;
}
const zones: Zone[] = morale.zones;

// Each penalty of the data (its `penalty` id), worded.
const PENALTIES: Record<string, string> = {
  'pay-3': 'warroom.zone_penalty.pay',
  'rails-ports': 'warroom.zone_penalty.rails_ports',
  'black-misses': 'warroom.zone_penalty.black_misses',
  'no-gains': 'warroom.zone_penalty.no_gains',
  desertion: 'warroom.zone_penalty.desertion',
};

// The zones' ids, the White (start) Zone first.
export const ZONE_IDS: string[] = zones.map((z) => z.id);

export interface ZoneNation {
  id: string;
  zone: string;
  stress: number;
  threshold: number;
  threshold_provenance?: string;
}

const zoneName = (id: string) => t(`warroom.zone.${id}`);

// Phase 6's decisions that pay a zone's penalty (the engine's step names), by the penalty they pay.
const PENALTY_STEPS: Record<string, string> = { 'blue-pay': 'pay-3', desert: 'desertion' };

// A penalty step's decision names its own zone (Phase 6 › Stress Zone Penalties › Blue Zone) while
// the nation paying it may be further up the track: the rulebook's penalties "are cumulative and recur
// each round (i.e. if a Nation is at that level or worse)". The note says so ("Blue Zone's penalty
// (cumulative: Germany is in the Yellow Zone)"), else it is empty (the nation is in that zone).
export function penaltyStepNote(step: string | undefined, n: ZoneNation | undefined): string {
  const penalty = step ? PENALTY_STEPS[step] : undefined;
  const zone = penalty ? zones.find((z) => z.penalty === penalty)?.id : undefined;
  if (!zone || !n || ZONE_IDS.indexOf(n.zone) <= ZONE_IDS.indexOf(zone)) return '';
  return t('warroom.zone_note.cumulative_step', { zone: zoneName(zone), nation: t(`warroom.nation.${n.id}`), at: zoneName(n.zone) });
}

// What a zone costs, in a phrase ("no penalty" for the White Zone).
export function zonePenalty(id: string): string {
  const penalty = zones.find((z) => z.id === id)?.penalty;
  return t(penalty && PENALTIES[penalty] ? PENALTIES[penalty] : 'warroom.zone_penalty.none', { resources: morale.rules.blue_payment });
}

// A zone and its penalty: "Blue Zone: ...".
export const zoneTitle = (id: string): string => t('warroom.zone_note.zone', { zone: zoneName(id), penalty: zonePenalty(id) });

// Where the nation is and what comes next: its zone's penalty, and the Stress at which it moves up
// to the next zone with that zone's penalty (or that it is in the last).
export function zoneNote(n: ZoneNation): string {
  return zoneWords(n, 'warroom.zone_note.next');
}

// While the orders are written (Phase 2): the same, counted as the Stress Points still to go, and
// what a territory lost costs (play-test 2026-12-06, finding 1: Stress, not battles, lost the games).
export const zoneAhead = (n: ZoneNation): string => `${zoneWords(n, 'warroom.zone_note.to_go')} ${t('warroom.zone_note.lost')}`;

function zoneWords(n: ZoneNation, nextKey: string): string {
  const next = ZONE_IDS[ZONE_IDS.indexOf(n.zone) + 1];
  const here = t('warroom.zone_note.here', { nation: t(`warroom.nation.${n.id}`), zone: zoneName(n.zone), penalty: zonePenalty(n.zone) });
  const ahead = next
    ? t(nextKey, {
        threshold: n.threshold,
        stress: n.stress,
        more: Math.max(0, n.threshold - n.stress),
        zone: zoneName(next),
        penalty: zonePenalty(next),
      })
    : t('warroom.zone_note.last');
  return `${here} ${ahead}`;
}

// The penalties add up and recur; Medals and Civilian Goods slide a nation back.
export const zonesRule = (): string => t('warroom.zone_note.cumulative', { cost: morale.rules.relieve_cost });

// The note as an SVG title's plain text, the threshold marked where the project reconstructed it.
export const zoneNoteText = (n: ZoneNation): string =>
  zoneNote(n) +
  (n.threshold_provenance === 'reconstructed' ? ` (${t('warroom.zone_note.threshold')}: ${t('ui.web.reconstructed_title')})` : '');

// The Phase guide's section in Phase 6: the seat's nations where they are, then every zone's penalty.
export function zonesSection(nations: ZoneNation[]): string {
  const mine = nations.map((n) => `<p class="zone-now">${escape(zoneNote(n))} ${reconstructedMark(n.threshold_provenance)}</p>`);
  const list = zones.map((z) => `<li class="zone zone-${escape(z.id)}">${escape(zoneTitle(z.id))}</li>`).join('');
  return `<h3>${escape(t('warroom.zone_note.title'))}</h3>${mine.join('')}<ol class="zones">${list}</ol><p class="hint">${escape(zonesRule())}</p>`;
}
