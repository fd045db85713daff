import { describe, expect, it } from 'vitest';
import type { OptionInfo } from './api';
import { offeredOptions } from './lobby';

// War Room's options as the server lists them (warroom/title.cpp, server/lobby.cpp's title_json).
const warroom: OptionInfo[] = [
  { id: 'round-limit-40', description: 'stop after round 40', harness: true },
  { id: 'round-limit-10', description: 'stop after round 10', harness: true },
  { id: 'ussr-with-seat-2', description: '3-player War in Europe', harness: false, scenario: 'war-in-europe', players: 3 },
  { id: 'rapid-resolution', description: 'Optional Rules > Rapid Resolution', harness: false },
];
const ids = (scenario: string, players: number) => offeredOptions(warroom, scenario, players).map((o) => o.id);

describe('the lobby offers only the options a player may choose', () => {
  it("never offers the test harness's round caps", () => {
    for (const [scenario, players] of [
      ['war-in-europe', 3],
      ['global-war', 5],
      ['eastern-front', 2],
    ] as const)
      expect(ids(scenario, players)).not.toContain('round-limit-40');
    expect(ids('war-in-europe', 3)).not.toContain('round-limit-10');
  });
  it('offers an option only for the scenario and seat count it applies to', () => {
    expect(ids('war-in-europe', 3)).toEqual(['ussr-with-seat-2', 'rapid-resolution']);
    expect(ids('war-in-europe', 2)).toEqual(['rapid-resolution']);
    expect(ids('global-war', 3)).toEqual(['rapid-resolution']);
  });
  it("keeps another title's options, which name no scenario", () => {
    const churchill: OptionInfo[] = [{ id: 'secret-agenda', description: 'The Secret Agenda variant (10)' }];
    expect(offeredOptions(churchill, 'standard', 3)).toEqual(churchill);
  });
});
