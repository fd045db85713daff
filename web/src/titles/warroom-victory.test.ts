import { afterEach, describe, expect, it } from 'vitest';
import { ask, askAgain } from '../confirm';
import { setLanguage } from '../i18n';
import { confirmDone } from './warroom-sheet';
import { conditions, holders, progress, verdict, victoryPanel, type Victory } from './warroom-victory';

afterEach(() => setLanguage('en'));

// War in Europe's conditions as the view gives them (warroom/view.cpp, "victory").
const europe = (now: Victory['if_ended_now'], moscow = 'USSR'): Victory => ({
  alliances: [
    {
      alliance: 'allied',
      met: false,
      terms: [{ at_least: 1, regions: [{ id: 'G1', name: 'Greater Germany', controller: 'GER', capital_of: 'GER' }] }],
    },
    {
      alliance: 'axis',
      met: now === 'axis',
      terms: [
        {
          at_least: 2,
          regions: [
            { id: 'B1', name: 'Great Britain', controller: 'BC', capital_of: 'BC' },
            { id: 'R1', name: 'Moscow', controller: moscow, capital_of: 'USSR' },
            { id: 'U1', name: 'Eastern United States', controller: 'US', capital_of: 'US' },
          ],
        },
      ],
    },
  ],
  if_ended_now: now,
});

describe('the War Room Victory panel', () => {
  it("states each alliance's condition, with the number of regions a term needs", () => {
    expect(conditions(europe('none')).map((c) => c.text)).toEqual([
      'Allied Forces win by controlling G1 Greater Germany.',
      'Axis win by controlling 2 of B1 Great Britain, R1 Moscow, and U1 Eastern United States.',
    ]);
  });

  it('lists each region of the conditions once, with who holds it now', () => {
    expect(holders(europe('none', 'GER')).map((r) => `${r.id}:${r.controller}`)).toEqual(['G1:GER', 'B1:BC', 'R1:GER', 'U1:US']);
    const panel = victoryPanel(europe('none', 'GER'));
    expect(panel.querySelector('h2')!.textContent).toBe('Victory');
    expect(panel.querySelector('ul.holders')!.textContent).toContain('R1 Moscow (capital of Soviet Union): held by Germany');
  });

  it('says how many of the regions an "N of" condition needs its alliance holds now', () => {
    const alliance = (n: string) => (['GER', 'ITA'].includes(n) ? 'axis' : 'allied');
    expect(progress(europe('none'), 'axis', alliance)).toBe('objective not held: 0 of the 2 held now');
    expect(progress(europe('none', 'GER'), 'axis', alliance)).toBe('objective not held: 1 of the 2 held now');
    expect(progress(europe('none', 'GER'), 'allied', alliance)).toBeNull(); // one region: "objective not held"
    expect(progress(europe('axis', 'GER'), 'axis', alliance)).toBeNull(); // met
    const panel = victoryPanel(europe('none', 'GER'), alliance);
    expect(panel.querySelector('.alliance-axis .not-met')!.textContent).toBe('objective not held: 1 of the 2 held now');
    expect(panel.querySelector('.alliance-allied .not-met')!.textContent).toBe('objective not held');
    setLanguage('ru');
    expect(progress(europe('none', 'GER'), 'axis', alliance)).toBe('цель не достигнута: сейчас 1 из 2');
  });

  it('says what the Victory Check would find if the war ended now, in the reader’s language', () => {
    expect(verdict(europe('none'))).toBe('If the war ended now, nobody would win.');
    expect(verdict(europe('axis'))).toBe('If the war ended now, the Axis would win.');
    expect(verdict(europe('both'))).toMatch(/the war would go on/);
    setLanguage('it');
    expect(verdict(europe('allied'))).toBe('Se la guerra finisse ora, vincerebbero le Forze Alleate.');
    setLanguage('ru');
    expect(victoryPanel(europe('axis')).querySelector('.verdict')!.textContent).toBe('Если бы война закончилась сейчас, победила бы Ось.');
  });
});

describe('a sheet finished blank', () => {
  const view = {
    action_confirm: {
      'done USSR': {
        parts: ['orders', 'bid'],
        message: {
          key: 'warroom.confirm.done',
          args: {
            nation: { key: 'warroom.nation.USSR' },
            blank: {
              key: 'warroom.phase.list',
              args: { first: { key: 'warroom.confirm.no_orders' }, rest: { key: 'warroom.confirm.no_bid' } },
            },
          },
        },
      },
    },
  };

  it('is asked about only where the view marks the done', () => {
    expect(confirmDone(view, 'bid USSR 1')).toBeNull();
    expect(confirmDone({}, 'done USSR')).toBeNull();
    const q = confirmDone(view, 'done USSR')!;
    expect(q.text).toMatch(/^Soviet Union's sheet has no orders, no bid\./);
    expect(q.yes).toBe('Submit anyway');
    expect(q.no).toBe('Back to the sheet');
  });

  // Play-test 2026-12-05 (afternoon), finding 7: Phase 6's "done" listed before "give a Medal".
  it('asks about a Phase 6 done that gives up cancelling Stress, worded for the step, in every language', () => {
    const phase6 = {
      action_confirm: {
        'done GER': { parts: ['stress'], message: { key: 'warroom.confirm.stress', args: { nation: { key: 'warroom.nation.GER' } } } },
      },
    };
    const q = confirmDone(phase6, 'done GER')!;
    expect(q.title).toBe('Finish this step?');
    expect(q.text).toMatch(/^Germany holds Stress Points and Medals/);
    expect(q.yes).toBe('Finish anyway');
    expect(q.no).toBe('Back to the choices');
    for (const language of ['it', 'ru'] as const) {
      setLanguage(language);
      const there = confirmDone(phase6, 'done GER')!;
      expect(there.title).not.toBe(q.title);
      expect(there.text).not.toBe(q.text);
      expect(there.text).toMatch(/^Germania|^Германия/);
      expect(there.yes).not.toBe(q.yes);
    }
  });

  it('asks in an alert dialog the keyboard answers: the safe answer focused, Tab between the two, Escape goes back', async () => {
    const q = confirmDone(view, 'done USSR')!;
    const first = ask(q);
    const box = document.querySelector('[role=alertdialog]') as HTMLElement;
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(q.text);
    expect(document.activeElement?.textContent).toBe('Back to the sheet');
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(document.activeElement?.textContent).toBe('Submit anyway');
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(await first).toBe(false);
    expect(document.querySelector('[role=alertdialog]')).toBeNull();

    const second = ask(q);
    (document.querySelector('button.confirm-yes') as HTMLButtonElement).click();
    expect(await second).toBe(true);
  });

  // Play-test 2026-12-05, finding 1: the question stayed open saying "no purchases" while a typed
  // count kept noting Infantry behind it. Asked again from a newer view, it says what that view says,
  // and closes as "back" (nothing sent) once the action needs no asking.
  it('is asked again from a newer view: worded anew, or closed without sending when no longer needed', async () => {
    const q = confirmDone(view, 'done USSR')!;
    const first = ask(q);
    askAgain({ ...q, text: "Soviet Union's sheet has no orders." });
    expect(document.getElementById('confirm-text')!.textContent).toBe("Soviet Union's sheet has no orders.");
    askAgain(confirmDone({}, 'done USSR'));
    expect(await first).toBe(false);
    expect(document.querySelector('[role=alertdialog]')).toBeNull();
    askAgain(q); // nothing open: nothing asked
    expect(document.querySelector('[role=alertdialog]')).toBeNull();
  });
});
