import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { escape } from './api';
import { botName, chooseLanguage, merge, nameOf, render, renderEnglish, scenarioName, seatName, seatNameIn, setLanguage, t } from './i18n';

afterEach(() => setLanguage('en'));

describe('the language the page starts in', () => {
  it('is the one chosen before, else the browser’s first with a catalogue, else English', () => {
    expect(chooseLanguage('ru', ['it-IT'])).toBe('ru');
    expect(chooseLanguage('xx', ['de-DE', 'it-IT', 'ru'])).toBe('it');
    expect(chooseLanguage(null, ['RU-ru'])).toBe('ru');
    expect(chooseLanguage(null, ['de', 'fr'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });
});

describe('the catalogues', () => {
  it('merge nested objects, a later leaf replacing an earlier one', () => {
    expect(merge({ warroom: { a: 'A', b: 'B' }, x: 'X' }, { warroom: { b: 'B2', c: 'C' } })).toEqual({
      warroom: { a: 'A', b: 'B2', c: 'C' },
      x: 'X',
    });
  });

  it('word a message from the server: its arguments first, plurals by count, in the chosen language', () => {
    expect(render(undefined)).toBe('');
    expect(render(null)).toBe('');
    expect(render('plain text')).toBe('plain text');
    const message = { key: 'ui.web.summary_title', args: { number: { key: 'board.conference', args: { number: '8' } } } };
    expect(render(message)).toBe('Conference Conference 8: what happened');
    expect(render({ key: 'ui.web.log', count: 1 })).toBe('Log (1 line)');
    expect(render({ key: 'ui.web.log', count: 5 })).toBe('Log (5 lines)');
    setLanguage('ru');
    expect(render({ key: 'ui.web.log', count: 2 })).toBe('Журнал (2 строки)');
    expect(render({ key: 'ui.web.log', count: 5 })).toBe('Журнал (5 строк)');
    expect(renderEnglish({ key: 'ui.web.log', count: 5 }, () => undefined)).toBe('Log (5 lines)');
  });

  it('let the War Room panels replace some arguments while wording in English', () => {
    const m = { key: 'board.conference', args: { number: { key: 'issue.second-front.name' } } };
    expect(renderEnglish(m, (x) => (typeof x === 'object' && x.key === 'issue.second-front.name' ? 'SF' : undefined))).toBe(
      'Conference SF',
    );
  });

  it('fall back to English for a message the language lacks', () => {
    i18next.addResource('en', 'translation', 'test.only_in_english', 'Only in English');
    setLanguage('it');
    expect(t('test.only_in_english')).toBe('Only in English');
    expect(t('ui.web.summary_title', { number: 3 })).toBe('Conferenza 3: cosa è successo');
  });

  it('name things in the reader’s language where they can, else as the server names them', () => {
    setLanguage('ru');
    expect(seatName('USSR')).toBe('СССР');
    expect(seatName('GER+ITA')).toBe('GER+ITA');
    expect(nameOf('issue.second-front', 'Second Front')).toBe('Второй фронт');
    expect(nameOf('issue.no-such-issue', 'As sent')).toBe('As sent');
    expect(scenarioName('training')).toBe('Тренировочный сценарий');
    expect(scenarioName('no-such', 'Sent name')).toBe('Sent name');
    expect(botName('ai:hard')).toBe('бот ИИ: сложный');
    expect(botName('mystery')).toBe('бот mystery');
  });

  it('escape server text put into HTML', () => {
    expect(escape(`<b class="x">Tom & 'Jerry'</b>`)).toBe('&#60;b class=&#34;x&#34;&#62;Tom &#38; &#39;Jerry&#39;&#60;/b&#62;');
    expect(escape(42)).toBe('42');
  });
});

// The play-test of 5 December (docs/warroom/playtest.md, finding 10): the lobby named War Room's seats
// by their ids ("BC", "GER+ITA"); a title whose seats are nations names them from its catalogue.
describe("a seat's name in its title", () => {
  it("names War Room's seats by their nations, and leaves Churchill's powers as they were", () => {
    setLanguage('en');
    expect(seatNameIn('warroom', 'BC')).toBe('British Commonwealth');
    expect(seatNameIn('warroom', 'GER+ITA')).toBe('Germany + Italy');
    expect(seatNameIn('warroom', 'USSR')).toBe('Soviet Union');
    expect(seatNameIn('churchill', 'USSR')).toBe(seatName('USSR'));
    expect(seatNameIn('warroom', 'nobody')).toBe('nobody');
    setLanguage('ru');
    expect(seatNameIn('warroom', 'GER+ITA')).toBe('Германия + Италия');
    setLanguage('en');
  });
});
