import { describe, expect, it, vi } from 'vitest';
import { hadPlay, logScrollTop, parseRoute, ruleValue } from '../src/app';
import { defaultSeatKinds, renderFull, seatsFull } from '../src/lobbyView';
import { handCommitment } from '../src/fair';
import { codeOfInput, shownCode } from '../src/tableCode';
import { exampleState } from './fixtures';

describe('routes and rules', () => {
  it('reads a table link, a watch link and anything else as the lobby', () => {
    expect(parseRoute('#/t/K7QX2M')).toEqual({ page: 'table', code: 'K7QX2M', watch: false });
    expect(parseRoute('#/t/k7qx2m/watch')).toEqual({ page: 'table', code: 'K7QX2M', watch: true });
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/t/<script>')).toEqual({ page: 'bad', link: '#/t/<script>' });
    expect(parseRoute('#/elsewhere')).toEqual({ page: 'home' });
    // An invite link's code: six characters to read out and the secret.
    const code = 'K7QX2M-ABCDEFGHJKLMNPQRSTUV';
    expect(parseRoute(`#/t/${code}`)).toEqual({ page: 'table', code, watch: false });
    expect(parseRoute(`#/t/${code}/watch`)).toEqual({ page: 'table', code, watch: true });
    expect(parseRoute('#/t/K7QX2M-ABC')).toEqual({ page: 'bad', link: '#/t/K7QX2M-ABC' });
  });

  it('shows a code without its secret and reads a pasted invite link', () => {
    expect(shownCode('K7QX2M-ABCDEFGHJKLMNPQRSTUV')).toBe('K7QX2M');
    expect(shownCode('K7QX2M')).toBe('K7QX2M');
    expect(codeOfInput(' https://tonk.example/#/t/K7QX2M-ABCDEFGHJKLMNPQRSTUV ')).toBe('K7QX2M-ABCDEFGHJKLMNPQRSTUV');
    expect(codeOfInput('k7qx2m-abcdefghjklmnpqrstuv')).toBe('K7QX2M-ABCDEFGHJKLMNPQRSTUV');
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

// A WebSocket that records what the page sends and lets the test deliver the server's messages.
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readyState = 1;
  constructor(readonly url: string) { FakeSocket.last = this; }
  send(text: string): void { this.sent.push(JSON.parse(text) as Record<string, unknown>); }
  close(): void { /* the test ends the page */ }
  deliver(m: unknown): void { this.onmessage?.({ data: JSON.stringify(m) }); }
}

describe('the page reloaded mid-hand', () => {
  it('shows the hand in play\'s commitment from state.fair.current (docs/PROTOCOL.md "state")', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    localStorage.clear();
    // The seat's token survives a reload; the commitments the old page had seen are gone.
    localStorage.setItem('tonk.seat.K7QX2M', JSON.stringify({ token: '5f'.repeat(16), seat: 0 }));
    location.hash = '#/t/K7QX2M';
    const { App } = await import('../src/app');
    const root = document.createElement('div');
    document.body.appendChild(root);
    new App(root).start();
    const ws = FakeSocket.last!;
    ws.onopen!();
    expect(ws.sent.some((m) => m.type === 'resume')).toBe(true);
    ws.deliver({ type: 'welcome', protocol: 1, server: 'tonk 0.1.0' });
    const current = 'cd'.repeat(32);
    const state = { ...exampleState(), fair: { hand: 2, commitment: 'ab'.repeat(32), contributed: true, current: { hand: 1, commitment: current } } };
    ws.deliver(state);
    const line = root.querySelector('.fair-line');
    expect(line?.textContent).toContain(current.slice(0, 16));
    // Between hands there is no hand in play, and no commitment shown for one.
    ws.deliver({ ...state, status: 'between', to_move: -1, legal: [], fair: { hand: 2, commitment: 'ab'.repeat(32), contributed: true, current: null } });
    expect(root.querySelector('.fair-line')).toBeNull();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});

describe('handCommitment', () => {
  it('prefers the commitment seen before the deal, else the server\'s fair.current for this hand', () => {
    const s = { hand: 3, status: 'playing', fair: { current: { hand: 3, commitment: 'aa' } } };
    expect(handCommitment(s, null)).toBe('aa');
    expect(handCommitment(s, 'bb')).toBe('bb');
    expect(handCommitment({ ...s, fair: { current: { hand: 2, commitment: 'aa' } } }, null)).toBeNull();
    expect(handCommitment({ ...s, fair: { current: null } }, null)).toBeNull();
    expect(handCommitment({ ...s, fair: null }, null)).toBeNull();
    expect(handCommitment({ ...s, status: 'between' }, 'bb')).toBeNull();
  });
});
