import { describe, expect, it } from 'vitest';
import type { OptionInfo } from './api';
import { botsAbout, offeredOptions, optionText, scenarioAbout } from './lobby';
import { botName, setLanguage } from './i18n';

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

// Play-test 2026-12-05, finding 17: nothing said what Eastern Front is, and the option read like a
// breadcrumb ("Optional Rules > Rapid Resolution").
describe('the lobby says what a scenario and an option are', () => {
  it('says who plays Eastern Front and how it is won, in the reader’s language', () => {
    expect(scenarioAbout('warroom', 'eastern-front')).toMatch(/^Two players: the Soviet Union against Germany/);
    expect(scenarioAbout('warroom', 'eastern-front')).toContain('G1 Greater Germany');
    // The lean measured between equal search bots (docs/warroom/balance.md), for a player choosing a side.
    expect(scenarioAbout('warroom', 'eastern-front')).toContain('the Soviet Union wins about 9 games in 10');
    expect(scenarioAbout('warroom', 'no-such-scenario')).toBe('');
    // Every scenario, not Eastern Front alone (play-test of 5 December, as a newcomer).
    expect(scenarioAbout('warroom', 'war-in-europe')).toMatch(/^Two to four players.*G1 Greater Germany.*2 of B1 Great Britain/);
    expect(scenarioAbout('warroom', 'global-war')).toContain('G1 Greater Germany and J1 Japan');
    expect(scenarioAbout('warroom', 'war-in-the-pacific')).toContain('U5 Hawaii');
    setLanguage('it');
    expect(scenarioAbout('warroom', 'eastern-front')).toMatch(/^Due giocatori/);
    setLanguage('en');
  });
  it('words Rapid Resolution as an optional rule, not a breadcrumb', () => {
    const text = optionText(warroom[3]);
    expect(text).toMatch(/^Rapid Resolution \(optional rule\): Phases 2-6 twice a round/);
    expect(text).not.toContain('>');
  });
});

// Play-test of 5 December, evening, finding 14: the lobby said "rulebook bot" for Churchill and "rules
// bot" for War Room with nothing to say why. Each title's bot is named as its docs name it, and the
// lobby says what each title's bots are.
describe("the lobby names each title's bots as its docs do", () => {
  it("says Churchill's rulebook 'Bot and War Room's rules bot, and what each is", () => {
    expect(botName('rulebook')).toBe("rulebook 'Bot");
    expect(botName('rules')).toBe('rules bot');
    expect(botName('ai:normal')).toBe('AI, normal bot');
    expect(botsAbout('churchill')).toContain("rulebook 'Bot");
    expect(botsAbout('warroom')).toContain("War Room's rulebook has no bots");
    expect(botsAbout('hills')).toBe('');
    setLanguage('it');
    expect(botName('rulebook')).toBe("'Bot del regolamento");
    setLanguage('en');
  });
});
