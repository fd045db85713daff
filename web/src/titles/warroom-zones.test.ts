import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import morale from '../../../data/warroom/morale.json';
import type { WarRoomView } from '../api';
import { warroom } from './warroom';
import { guidePanel, type GuideView } from './warroom-guide';
import { ZONE_IDS, penaltyStepNote, zoneAhead, zoneNote, zoneNoteText, zonePenalty, zoneTitle } from './warroom-zones';

afterEach(() => setLanguage('en'));

// The British Commonwealth in Phase 6 of round 2 of War in Europe, as the play-test of 5 December
// met it (docs/warroom/playtest.md, finding 7): in the Blue Zone with 1 Stress of its 4.
const blue = { id: 'BC', seat: 'BC', zone: 'blue', stress: 1, threshold: 4, threshold_provenance: 'reconstructed' };
const morale6: GuideView = {
  round: 2,
  step: 'blue-pay',
  phase_number: 6,
  rule: 'Phase 6 > Step 4. Apply Stress Zone Penalties',
  seat: 'BC',
  legal_actions: ['pay BC oil'],
  nations: [blue, { ...blue, id: 'GER', seat: 'GER+ITA', zone: 'white' }],
};

describe('the Homeland Status Track explained', () => {
  it("follows the morale data's zones, each with its penalty worded", () => {
    expect(ZONE_IDS).toEqual(morale.zones.map((z) => z.id));
    const phrases = ZONE_IDS.map(zonePenalty);
    expect(new Set(phrases).size).toBe(ZONE_IDS.length); // no penalty of the data falls back to "no penalty"
    expect(zonePenalty('white')).toBe('no penalty');
    expect(zonePenalty('blue')).toContain(`any ${morale.rules.blue_payment} resources`);
    expect(zoneTitle('orange')).toBe('Orange Zone: its black dice are misses instead of wild, in every battle');
  });

  // Play-test 2026-12-06, finding 1: while the orders are written the page did not say how near the
  // next zone was, nor that a territory lost costs Stress.
  it('counts, for the order sheet, the Stress Points still to go and what a lost territory costs', () => {
    expect(zoneAhead(blue)).toBe(
      'British Commonwealth is in the Blue Zone: it pays any 3 resources in each Phase 6, if able. ' +
        'Stress Points still to go before it moves up to the Yellow Zone: 3 (now 1 of 4); that zone adds: its rails serve neither it nor its allies, and its ports neither trade nor give Port Advantage. ' +
        'Each territory it loses adds its Strategic Value to its Stress.',
    );
    expect(zoneAhead({ ...blue, zone: 'gray' })).toMatch(/last zone: it moves no further\. Each territory/);
    setLanguage('it');
    expect(zoneAhead(blue)).toContain('Zona Gialla: 3 (ora 1 su 4)');
  });

  it('says what the zone costs and at what Stress the next one comes, and what it adds', () => {
    expect(zoneNote(blue)).toBe(
      'British Commonwealth is in the Blue Zone: it pays any 3 resources in each Phase 6, if able. ' +
        'At 4 Stress Points (now 1) it moves up to the Yellow Zone, which adds: its rails serve neither it nor its allies, and its ports neither trade nor give Port Advantage.',
    );
    expect(zoneNote({ ...blue, zone: 'gray' })).toMatch(/last zone/);
    expect(zoneNoteText(blue)).toMatch(/\(the Stress Threshold: Not printed/);
    expect(zoneNoteText({ ...blue, threshold_provenance: 'rulebook' })).toBe(zoneNote(blue));
  });

  it("is in the Phase guide in Phase 6, for the seat's own nations, in the reader's language", () => {
    const panel = guidePanel(morale6, () => undefined);
    const now = Array.from(panel.querySelectorAll('.guide-zones .zone-now')).map((p) => p.textContent);
    expect(now).toHaveLength(1);
    expect(now[0]).toMatch(/^British Commonwealth is in the Blue Zone/);
    expect(panel.querySelector('.guide-zones .prov.reconstructed')).not.toBeNull();
    expect(panel.querySelectorAll('.guide-zones ol.zones li')).toHaveLength(ZONE_IDS.length);
    expect(panel.querySelector('.guide-zones')!.textContent).toContain(`Giving ${morale.rules.relieve_cost} Medals`);
    expect(guidePanel({ ...morale6, phase_number: 5 }, () => undefined).querySelector('.guide-zones')).toBeNull();
    setLanguage('it');
    expect(guidePanel(morale6, () => undefined).querySelector('.zone-now')!.textContent).toMatch(/è nella Zona Blu/);
    setLanguage('ru');
    expect(guidePanel(morale6, () => undefined).querySelector('.zone-now')!.textContent).toMatch(/Синяя зона/);
  });
});

// Playtest 2026-12-06 (later), finding 4: Germany in the Yellow Zone was asked the Blue Zone's
// payment, and the decision named only the Blue Zone. The rulebook: "Stress penalties are cumulative
// and recur each round (i.e. if a Nation is at that level or worse)".
describe('a Stress Zone Penalties step paid from further up the track', () => {
  const germany = { id: 'GER', zone: 'yellow', stress: 2, threshold: 8 };

  it('says that the penalty is cumulative, naming the zone the nation is in', () => {
    expect(penaltyStepNote('blue-pay', germany)).toBe("Blue Zone's penalty (cumulative: Germany is in the Yellow Zone)");
    expect(penaltyStepNote('blue-pay', { ...germany, zone: 'red' })).toBe("Blue Zone's penalty (cumulative: Germany is in the Red Zone)");
    setLanguage('it');
    expect(penaltyStepNote('blue-pay', germany)).toBe('Penalità della Zona Blu (cumulativa: Germania è nella Zona Gialla)');
  });

  it("says nothing in the step's own zone, in another step, or without a nation", () => {
    expect(penaltyStepNote('blue-pay', { ...germany, zone: 'blue' })).toBe('');
    expect(penaltyStepNote('desert', { ...germany, zone: 'gray' })).toBe('');
    expect(penaltyStepNote('trade', germany)).toBe('');
    expect(penaltyStepNote('blue-pay', undefined)).toBe('');
  });

  it('is shown under the phase line to the seat whose nation pays', () => {
    const view = (zone: string) =>
      ({
        step: 'blue-pay',
        nations: [{ ...germany, zone }],
        legal_actions: ['pay GER oil'],
        action_fields: { 'pay GER oil': { kind: 'pay', nation: 'GER', resource: 'oil' } },
      }) as unknown as WarRoomView;
    expect(warroom.prompt!(view('yellow'), null)).toBe(
      `<p class="wr-penalty-step">Blue Zone&#39;s penalty (cumulative: Germany is in the Yellow Zone)</p>`,
    );
    expect(warroom.prompt!(view('blue'), null)).toBe('');
  });
});
