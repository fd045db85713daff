import { describe, expect, it } from 'vitest';
import { messageLine } from './chat';
import { row } from './account';
import type { MyGame } from './api';

describe('table talk is plain text', () => {
  it('shows markup as the characters it is, never as elements', () => {
    const li = messageLine({ id: 1, at: 0, step: 0, seat: 'UK', channel: 'table', text: '<img src=x onerror=alert(1)>' });
    expect(li.querySelector('img')).toBeNull();
    expect(li.textContent).toContain('<img src=x onerror=alert(1)>');
  });
  it('says to whom a private message went', () => {
    const li = messageLine({ id: 2, at: 0, step: 0, seat: 'UK', channel: 'private', to: 'USSR', text: 'a deal' });
    expect(li.className).toBe('chat-private');
    expect(li.textContent).toContain('USSR');
  });
});

describe('My games', () => {
  it('marks the games waiting for you and escapes what the server sends', () => {
    const g = {
      id: 'abc',
      title: 'churchill',
      scenario: '<b>x</b>',
      seats: {},
      seat_order: [],
      open: false,
      phase: 'p',
      terminal: false,
      winners: [],
      seat: 'UK',
      token: 't',
      your_turn: true,
      updated: 0,
    } as MyGame;
    const html = row(g, 'Churchill');
    expect(html).toContain('your-turn');
    expect(html).not.toContain('<b>x</b>');
  });
});
