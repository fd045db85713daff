import { afterEach, describe, expect, it } from 'vitest';
import type { LogEvent } from '../api';
import { setLanguage } from '../i18n';
import { churchill } from './churchill';
import { hillsLine } from './hills';

afterEach(() => setLanguage('en'));

// Entries as the view sends them (`log_events`, churchill/log_json.cpp), each with its line as shown.
const e = (rule: string, event: string, args: Record<string, unknown> = {}): LogEvent => ({ rule, event, ...args });

describe('a conference’s summary, from the log’s structure', () => {
  const events = [
    e('5.11', 'conference_card', { card: 'tehran-a' }),
    e('5.21', 'played', { power: 'UK', card: 'leader', issue: 'second-front', value: 5 }),
    e('5.27', 'issue_won', { power: 'UK', issue: 'second-front' }),
    e('5.3', 'conference_winner', { power: 'UK', issues: 2 }),
    e('6.21', 'directed_placed', { power: 'US', issue: 'x', front: 'western' }),
    e('6.3', 'production_total', { power: 'US', count: 7 }),
    e('5.11', 'heart_attack', { power: 'UK' }),
    e('5.11', 'paranoia', { roll: 2, failed: false }),
    e('7.7', 'front_rolled', { front: 'western', roll: 4, strength: 6, advanced: true }),
    e('4.4', 'game_won', { power: 'UK' }),
    e('8.0', 'end_of_conference', { conference: 3 }),
    e('5.11', 'conference_card', { card: 'yalta-a' }),
  ];
  const shown = events.map((x) => `${x.event} (shown)`);

  it('ends at 8.0 and sorts the entries by their rule and event, whatever their words', () => {
    const [s, ...more] = churchill.summaries!(events, shown);
    expect(more).toEqual([]);
    expect(s.key).toBe('Conference 3');
    const section = (title: string) => s.sections.find((x) => x.title === title)?.lines;
    expect(section('Important')).toEqual(['heart_attack (shown)']);
    expect(section('Meeting: issues won')).toEqual(['issue_won (shown)', 'conference_winner (shown)', 'directed_placed (shown)']);
    expect(section('Decision Segment')).toEqual(['production_total (shown)']);
    expect(section('War Phase: placements, reserves, Front rolls, surrenders')).toEqual(['front_rolled (shown)', 'game_won (shown)']);
  });

  it('leaves out entries the page was not sent', () => {
    const [s] = churchill.summaries!([undefined, undefined, ...events.slice(2)], shown);
    expect(s.sections.flatMap((x) => x.lines)).not.toContain('played (shown)');
    expect(s.sections.flatMap((x) => x.lines)).toContain('issue_won (shown)');
  });
});

describe('Three Hills’ log lines, worded from their structure', () => {
  it('words each event in the reader’s language', () => {
    expect(hillsLine(e('R4', 'hill_taken', { seat: 'red', hill: 'C', troops: 3, points: 3 }))).toBe(
      'R4: red takes hill C with 3 troops (+3)',
    );
    expect(hillsLine(e('R3', 'sheet_shown', { seat: 'blue', orders: { A: 1, B: 0, C: 4 } }))).toBe('R3: blue sends A 1, B 0, C 4');
    expect(hillsLine(e('R5', 'game_over', { winners: ['red', 'blue'] }))).toBe('R5: the game is over; red and blue share the win');
    setLanguage('it');
    expect(hillsLine(e('R4', 'hill_empty', { hill: 'A' }))).toBe('R4: nessuno ha mandato truppe alla collina A');
    expect(hillsLine(e('R4', 'unknown'))).toBeUndefined();
  });
});

describe('a card named beside an action', () => {
  // 5.21: playing Menzies, Morgenthau or Churchill for an issue; the layout's cards as the server
  // sends them (churchill/view.cpp, cards_json), the view's fields of each action.
  const card = (id: string, kind: 'staff' | 'leader', name: string, surname: string, value: string) => ({
    id,
    key: `${kind}.${id}`,
    name,
    surname,
    office: '',
    power: 'UK',
    kind,
    value,
    text: '',
    origin: { provenance: 'reconstructed', source: '' },
  });
  const layout = {
    fronts: [],
    locations: [],
    issues: [],
    a_bomb: [],
    cards: {
      menzies: card('menzies', 'staff', "Sir Stewart Menzies ('C')", 'Menzies', '2'),
      morgenthau: card('morgenthau', 'staff', 'Henry Morgenthau Jr.', 'Morgenthau', '3'),
      churchill: card('churchill', 'leader', 'Sir Winston Churchill', 'Churchill', '7'),
    },
  };
  const view = {
    action_fields: Object.fromEntries(['menzies', 'morgenthau', 'churchill'].map((c) => [`play ${c}`, { kind: 'play', card: c }])),
    action_note_messages: {},
    action_notes: {},
  };
  const note = (action: string) => churchill.note!(view as never, layout as never, action);

  it('by its surname in the reader’s language, never a title, "Jr." or a code name', () => {
    expect(['play menzies', 'play morgenthau', 'play churchill'].map(note)).toEqual(['Menzies (2)', 'Morgenthau (3)', 'Churchill (7)']);
    setLanguage('ru');
    expect(['play menzies', 'play morgenthau', 'play churchill'].map(note)).toEqual(['Мензис (2)', 'Моргентау (3)', 'Черчилль (7)']);
  });
});
