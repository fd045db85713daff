import { describe, expect, it } from 'vitest';
import type { ActionFields, LogEvent, View } from './api';
import {
  askingLast,
  fieldWords,
  keepLog,
  keepPage,
  kindIn,
  kinds,
  Legal,
  missingLines,
  narrow,
  offerByKind,
  sameDecision,
  singles,
  toggle,
  wordsOf,
} from './actions';
import type { Message } from './i18n';

// Actions as a view sends them: each command with its fields (`action_fields`).
const fields: Record<string, ActionFields> = {
  'advance bevin global-issue': { kind: 'advance', card: 'bevin', issue: 'global-issue' },
  'advance bevin second-front': { kind: 'advance', card: 'bevin', issue: 'second-front' },
  'advance brooke second-front': { kind: 'advance', card: 'brooke', issue: 'second-front' },
  pass: { kind: 'pass' },
  'discard bevin': { kind: 'discard', card: 'bevin' },
};
const meeting = Object.keys(fields);
const seen = { legal_actions: meeting, action_fields: fields } as unknown as View;
const words = wordsOf(seen);
const kindOf = (a: string) => a.split(' ')[0];

describe('narrowing the actions by what was clicked', () => {
  it('keeps the actions naming every word of the filter', () => {
    expect(narrow(meeting, [], words)).toEqual(meeting);
    expect(narrow(meeting, ['bevin'], words)).toEqual(['advance bevin global-issue', 'advance bevin second-front', 'discard bevin']);
    expect(narrow(meeting, ['bevin', 'second-front'], words)).toEqual(['advance bevin second-front']);
    expect(narrow(meeting, ['nobody'], words)).toEqual([]);
  });

  it('reads an action’s words from its fields, not its command (a debate names the issue it debates)', () => {
    const v = {
      legal_actions: ['debate marshall', 'no-debate'],
      action_fields: { 'debate marshall': { kind: 'debate', card: 'marshall', issue: 'second-front' }, 'no-debate': { kind: 'no-debate' } },
    } as unknown as View;
    expect(narrow(v.legal_actions, ['second-front'], wordsOf(v))).toEqual(['debate marshall']);
    expect(narrow(v.legal_actions, ['no-debate'], wordsOf(v))).toEqual(['no-debate']);
    expect(fieldWords({ kind: 'battle', nation: 'GER', choice: { choice: 'hit', nation: 'USSR', row: { unit: 'inf' } }, box: 2 })).toEqual([
      'battle',
      'GER',
      'hit',
      'USSR',
      'inf',
    ]);
    expect(wordsOf(v)('unknown')).toEqual([]);
  });

  it('finds the action to send by its fields', () => {
    const legal = Legal.of(seen);
    expect(legal.where({ kind: 'advance', card: 'bevin' })).toEqual(['advance bevin global-issue', 'advance bevin second-front']);
    expect(legal.find({ kind: 'discard', card: 'bevin' })).toBe('discard bevin');
    expect(legal.find({ kind: 'discard', card: 'brooke' })).toBeUndefined();
    expect(legal.values({ kind: 'advance', issue: 'second-front' }, 'card')).toEqual(['bevin', 'brooke']);
    expect(legal.names('global-issue')).toBe(true);
    expect(legal.names('bevin global-issue')).toBe(false);
    expect(kindIn(seen)('advance brooke second-front')).toBe('advance');
  });

  it('adds a word the listed actions name, takes out a word clicked again, starts over on any other', () => {
    const listed = narrow(meeting, ['bevin'], words);
    expect(toggle(['bevin'], 'second-front', listed, words)).toEqual(['bevin', 'second-front']);
    expect(toggle(['bevin', 'second-front'], 'bevin', listed, words)).toEqual(['second-front']);
    expect(toggle(['bevin'], 'brooke', listed, words)).toEqual(['brooke']);
  });
});

describe('offering many actions by kind first', () => {
  // War Room's reorganizing window (play-test 2026-12-05, finding 7): "done (1) · shift (105)" took
  // two clicks, the kind and then its one action; the one action is offered itself.
  it('offers a kind with a single action as that action', () => {
    const window = ['done USSR', ...Array.from({ length: 30 }, (_, i) => `shift USSR 50 inf ${i}`)];
    expect(offerByKind(window, [], false, kindOf)).toBe(true);
    expect(singles(window, kindOf)).toEqual(['done USSR']);
    expect(singles(meeting, kindIn(seen))).toEqual(['pass', 'discard bevin']);
    expect(singles(window.slice(1), kindOf)).toEqual([]);
  });

  // The "done" filter of Phase 6 stayed on in Phase 7 (finding 7): a filter belongs to one decision.
  it('tells a view of another decision from a newer view of the same one', () => {
    const at = (round: number, phase: string, step: string) => ({ round, phase, step, legal_actions: [] }) as unknown as View;
    expect(sameDecision(at(3, 'Phase 6', 'morale-cancel'), at(3, 'Phase 6', 'morale-cancel'))).toBe(true);
    expect(sameDecision(at(3, 'Phase 6', 'morale-cancel'), at(3, 'Phase 7', 'purchases'))).toBe(false);
    expect(sameDecision(at(3, 'Phase 6', 'morale-cancel'), at(3, 'Phase 6', 'morale-relieve'))).toBe(false);
    expect(sameDecision(at(3, 'Phase 2', 'write-sheets'), at(4, 'Phase 2', 'write-sheets'))).toBe(false);
    expect(sameDecision({ phase: 'Meeting' } as View, { phase: 'Meeting' } as View)).toBe(true);
  });

  const many = [
    ...Array.from({ length: 20 }, (_, i) => `advance card${i} issue`),
    ...Array.from({ length: 5 }, (_, i) => `leader issue${i}`),
  ];

  it('counts each kind in the order it first appears', () => {
    expect([...kinds(meeting, kindIn(seen))]).toEqual([
      ['advance', 3],
      ['pass', 1],
      ['discard', 1],
    ]);
  });

  it('offers kinds only for more than 24 actions of several kinds, nothing narrowed, all not asked for', () => {
    expect(many).toHaveLength(25);
    expect(offerByKind(many, [], false, kindOf)).toBe(true);
    expect(offerByKind(many.slice(1), [], false, kindOf)).toBe(false);
    expect(offerByKind(many, ['card1'], false, kindOf)).toBe(false);
    expect(offerByKind(many, [], true, kindOf)).toBe(false);
    expect(
      offerByKind(
        Array.from({ length: 30 }, (_, i) => `advance c${i}`),
        [],
        false,
        kindOf,
      ),
    ).toBe(false);
  });
});

describe('the log the page keeps from the views', () => {
  const view = (log: string[], size: number, messages?: Message[]) => ({ log, log_size: size, log_messages: messages }) as unknown as View;

  it('puts each view’s last lines in place, leaves lines never sent undefined, and an undo cuts the end', () => {
    const log: (string | undefined)[] = [];
    const messages: (Message | undefined)[] = [];
    keepLog(log, messages, view(['c', 'd'], 4, [{ key: 'k.c' }, 'd']));
    expect(log).toEqual([undefined, undefined, 'c', 'd']);
    expect(messages).toEqual([undefined, undefined, { key: 'k.c' }, 'd']);
    keepLog(log, messages, view(['d', 'e', 'f'], 6));
    expect(log).toEqual([undefined, undefined, 'c', 'd', 'e', 'f']);
    expect(messages).toHaveLength(6);
    keepLog(log, messages, view(['d', 'e2'], 5));
    expect(log).toEqual([undefined, undefined, 'c', 'd', 'e2']);
    expect(messages).toHaveLength(5);
  });

  it('keeps each entry’s structure beside its line', () => {
    const log: (string | undefined)[] = [];
    const events: (LogEvent | undefined)[] = [];
    const played = { rule: '5.21', event: 'played', power: 'UK', card: 'leader' };
    keepLog(log, [], { ...view(['a', 'b'], 3), log_events: [{ rule: '5.11', event: 'conference_card' }, played] } as View, events);
    expect(events).toEqual([undefined, { rule: '5.11', event: 'conference_card' }, played]);
    keepLog(log, [], view(['a'], 2), events);
    expect(events).toHaveLength(2);
  });

  it('asks for the lines never sent, the latest gap first, a page at a time', () => {
    const u = undefined;
    expect(missingLines(['a', 'b'], 500)).toBeNull();
    expect(missingLines([], 500)).toBeNull();
    expect(missingLines([u, u, 'c', u, u, u, 'g', 'h'], 500)).toEqual({ from: 3, to: 6 });
    expect(missingLines([u, u, 'c', 'd'], 500)).toEqual({ from: 0, to: 2 });
    expect(missingLines([u, u, u, u, u, 'f'], 2)).toEqual({ from: 3, to: 5 });
  });

  it('puts a page of the log where the page holds no line, never over a line a view sent', () => {
    const log: (string | undefined)[] = [undefined, undefined, 'c', undefined];
    const messages: (Message | undefined)[] = [];
    const events: (LogEvent | undefined)[] = [];
    const page = { from: 1, log: ['b', 'c-old', 'd', 'e'], log_messages: ['mb', 'mc', 'md', 'me'], log_size: 5 };
    keepPage(log, messages, events, { ...page, log_events: [{ rule: '1', event: 'x' }, null, null, null] as unknown as LogEvent[] });
    expect(log).toEqual([undefined, 'b', 'c', 'd']);
    expect(messages).toEqual([undefined, 'mb', undefined, 'md']);
    expect(events[1]).toEqual({ rule: '1', event: 'x' });
    expect(missingLines(log, 500)).toEqual({ from: 0, to: 1 });
  });

  it('takes the log’s length from its lines when the view does not say it', () => {
    const log: (string | undefined)[] = ['old', 'older', 'oldest'];
    keepLog(log, [], { log: ['a'] } as unknown as View);
    expect(log).toEqual(['a']);
  });
});

// Play-test of 5 December (afternoon), finding 7: in Phase 6 "done" came first, before "give a Medal",
// while Medals could still cancel Stress; its question asks before it is taken, and it comes last.
describe('the actions that ask first', () => {
  it('come after the others, each group in its own order', () => {
    const list = ['done GER', 'medal GER 1', 'medal GER 2', 'goods GER 1'];
    expect(askingLast(list, (a) => a === 'done GER')).toEqual(['medal GER 1', 'medal GER 2', 'goods GER 1', 'done GER']);
    expect(askingLast(list, () => false)).toEqual(list);
  });
});
