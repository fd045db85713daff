import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { launchPanel, type LaunchView } from './warroom-launch';

afterEach(() => {
  setLanguage('en');
  vi.useRealTimers();
});

// The British Commonwealth's two carriers (Commands 1 and 3) at Phase 3 › Step 3, as the view gives
// them (warroom/view.cpp: legal_actions, action_fields, commands); the play-test of 5 December
// (docs/warroom/playtest.md, finding 10) was asked about each in every Phase 3.
const asked = (command: number, version: number, step = 'carrier-launch', nation = 'BC'): LaunchView => {
  const aboard = `launch ${nation} ${command} aboard`,
    launch = `launch ${nation} ${command} A-6`;
  return {
    id: 'g1',
    version,
    step,
    legal_actions: [aboard, launch],
    action_fields: {
      [aboard]: { kind: 'launch', nation, command, region: null },
      [launch]: { kind: 'launch', nation, command, region: 'A-6' },
    },
    commands: [
      { nation: 'BC', units: { cv: 1, bb: 1 } },
      { nation: 'BC', units: { cv: 1 } },
      { nation: 'US', units: { cv: 1 } },
    ],
  };
};

describe('keep all aboard', () => {
  it("keeps each carrier's fighter aboard as the view asks, until the nation's carriers are done", async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const act = async (a: string) => void sent.push(a);
    const first = launchPanel(asked(1, 10), act)!;
    expect(first.querySelector('.launch-message')!.textContent).toMatch(/^British Commonwealth decides for each of its 2 carriers/);
    first.querySelector<HTMLButtonElement>('button.launch-all-aboard')!.click();
    expect(sent).toEqual(['launch BC 1 aboard']);
    // The next carrier: its own "aboard" after a pause, once however often the page is drawn.
    launchPanel(asked(3, 11), act);
    launchPanel(asked(3, 11), act);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['launch BC 1 aboard', 'launch BC 3 aboard']);
    // Another nation's carrier: nothing more is sent, and a nation with one carrier gets no panel.
    expect(launchPanel(asked(1, 12, 'carrier-launch', 'US'), act)).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    expect(launchPanel(asked(1, 13, 'movement-turn'), act)).toBeNull();
  });

  it("is worded in the reader's language", () => {
    setLanguage('ru');
    const panel = launchPanel(asked(1, 20), async () => undefined)!;
    expect(panel.querySelector('button.launch-all-aboard')!.textContent).toBe('Оставить все на борту');
  });
});
