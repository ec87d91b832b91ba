import { describe, expect, it, vi } from 'vitest';
import { hadPlay, logScrollTop, parseRoute, ruleValue } from '../src/app';
import { exampleState } from './fixtures';
import { defaultSeatKinds, renderFull, seatsFull } from '../src/lobbyView';

describe('routes and rules', () => {
  it('reads a table link, a watch link and anything else as the lobby', () => {
    expect(parseRoute('#/t/K7QX2M')).toEqual({ page: 'table', code: 'K7QX2M', watch: false });
    expect(parseRoute('#/t/k7qx2m/watch')).toEqual({ page: 'table', code: 'K7QX2M', watch: true });
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/t/<script>')).toEqual({ page: 'home' });
  });

  it('reads an option from the rule line', () => {
    expect(ruleValue('players=3 hand_size=7 upcard=false', 'hand_size')).toBe('7');
    expect(ruleValue('players=3 hand_size=7 upcard=false', 'upcard')).toBe('false');
    expect(ruleValue('players=3', 'size')).toBeNull();
  });

  it('seats one bot by default and people elsewhere', () => {
    expect(defaultSeatKinds(2, ['random', 'greedy', 'mc:200'])).toEqual(['greedy']);
    expect(defaultSeatKinds(4, ['random', 'greedy'])).toEqual(['person', 'person', 'greedy']);
    expect(defaultSeatKinds(3, [])).toEqual(['person', 'person']);
  });

  it('keeps the log at its newest line unless the player scrolled up, and keeps their place across redraws', () => {
    expect(logScrollTop(null, 500, 200)).toBe(300);                                  // a new log: the newest line
    expect(logScrollTop({ top: 300, height: 500, client: 200 }, 540, 200)).toBe(340); // was at the end: follows it
    expect(logScrollTop({ top: 0, height: 150, client: 200 }, 260, 200)).toBe(60);    // not scrollable yet: follows
    expect(logScrollTop({ top: 120, height: 500, client: 200 }, 540, 200)).toBe(120); // scrolled up: stays there
    expect(logScrollTop({ top: 0, height: 500, client: 200 }, 500, 200)).toBe(0);
  });

  it('knows when a table was played at before the page opened it (the log then says it starts there)', () => {
    const s = exampleState();
    expect(hadPlay(s)).toBe(true);           // moves in the hand's history
    s.view!.history = [];
    expect(hadPlay(s)).toBe(false);          // a fresh deal
    s.status = 'between';
    expect(hadPlay(s)).toBe(true);
    s.status = 'waiting';
    s.view = null;
    s.hand = 0;
    expect(hadPlay(s)).toBe(false);
  });

  it('says a table whose every seat is taken is full, offering to watch instead of asking a name', () => {
    const s = exampleState();
    expect(seatsFull(s)).toBe(true);                  // Ann and a bot in both seats
    s.seats[0] = { seat: 0, name: null, kind: 'open', connected: false, auto: false };
    expect(seatsFull(s)).toBe(false);
    const watch = vi.fn();
    const home = vi.fn();
    const page = renderFull('K7QX2M', { watch, home });
    expect(page.querySelector('[role="status"]')!.textContent).toBe('Every seat at this table is taken, so you cannot join it. You can watch the game.');
    expect(page.querySelector('input')).toBeNull();
    const buttons = [...page.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Watch', 'Back to the lobby']);
    buttons[0].click();
    expect(watch).toHaveBeenCalledTimes(1);
  });
});
