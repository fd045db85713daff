import { describe, expect, it } from 'vitest';
import { linesToDraw, LogList, matches } from './log-panel';

describe('which log lines a view draws', () => {
  const key = (lines: string[]) => (i: number) => lines[i];
  it('appends only the entries past those drawn', () => {
    expect(linesToDraw(['a', 'b'], 4, 1, key(['a', 'b', 'c', 'd']))).toEqual([2, 3]);
  });
  it('draws nothing when the view brings nothing new', () => {
    expect(linesToDraw(['a', 'b', 'c'], 3, 0, key(['a', 'b', 'c']))).toEqual([]);
  });
  it('keeps the first lines after an undo and draws those that changed in their place', () => {
    expect(linesToDraw(['a', 'b', 'c', 'd'], 2, 0, key(['a', 'b']))).toEqual([]);
    expect(linesToDraw(['a', 'b', 'c', 'd'], 4, 2, key(['a', 'b', 'x', 'd']))).toEqual([2]);
  });
  it('looks at the lines not received too, when the view starts past those drawn', () => {
    expect(linesToDraw([], 4, 3, (i) => [undefined, undefined, undefined, 'd'][i])).toEqual([3]);
    expect(linesToDraw(['a'], 4, 3, (i) => ['a', undefined, 'c', 'd'][i])).toEqual([2, 3]);
  });
});

describe('the log list', () => {
  const list = (lines: (string | undefined)[]) =>
    new LogList({
      size: () => lines.length,
      key: (i) => lines[i],
      text: (i) => lines[i],
      html: (_, text) => `<b>${text}</b>`,
    });
  const texts = (l: LogList) => Array.from(l.element.children).map((li) => li.textContent);

  it('keeps the lines drawn as the same elements and appends the new ones', () => {
    const lines = ['one', 'two'];
    const l = list(lines);
    expect(l.sync(0)).toBe(true);
    const first = l.element.children[0];
    lines.push('three');
    expect(l.sync(1)).toBe(true);
    expect(texts(l)).toEqual(['one', 'two', 'three']);
    expect(l.element.children[0]).toBe(first);
    expect((l.element.children[2] as HTMLLIElement).value).toBe(3);
    expect(l.sync(0)).toBe(false);
    expect(l.lines).toEqual(['one', 'two', 'three']);
  });

  it('removes exactly the lines an undo took back', () => {
    const lines = ['one', 'two', 'three', 'four'];
    const l = list(lines);
    l.sync(0);
    const kept = Array.from(l.element.children).slice(0, 2);
    lines.length = 2;
    expect(l.sync(0)).toBe(true);
    expect(Array.from(l.element.children)).toEqual(kept);
    lines.push('other');
    l.sync(0);
    expect(texts(l)).toEqual(['one', 'two', 'other']);
  });

  it('hides the lines without the filter and shows them again', () => {
    const lines = ['Battle of Kursk', 'Supply', 'battle won'];
    const l = list(lines);
    l.sync(0);
    l.setFilter('BATTLE');
    expect(Array.from(l.element.children).map((li) => (li as HTMLElement).hidden)).toEqual([false, true, false]);
    lines.push('Income');
    l.sync(3);
    expect((l.element.children[3] as HTMLElement).hidden).toBe(true);
    l.setFilter('');
    expect(Array.from(l.element.children).some((li) => (li as HTMLElement).hidden)).toBe(false);
  });

  it('draws only the lines received, each with its number, and a line received later in its place', () => {
    const lines: (string | undefined)[] = [undefined, undefined, 'three', 'four'];
    const l = list(lines);
    l.sync(2);
    expect(texts(l)).toEqual(['three', 'four']);
    expect(Array.from(l.element.children).map((li) => (li as HTMLLIElement).value)).toEqual([3, 4]);
    const three = l.element.children[0];
    lines[1] = 'two';
    l.sync(1);
    expect(texts(l)).toEqual(['two', 'three', 'four']);
    expect(l.element.children[1]).toBe(three);
    lines[3] = 'four, amended';
    l.sync(1);
    expect(texts(l)).toEqual(['two', 'three', 'four, amended']);
    expect(l.element.children[1]).toBe(three);
  });

  it('matches a filter in any case', () => {
    expect(matches('Battle of Kursk', 'kursk')).toBe(true);
    expect(matches('Supply', 'kursk')).toBe(false);
    expect(matches('Supply', '')).toBe(true);
  });
});
