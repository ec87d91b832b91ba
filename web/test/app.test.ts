import { describe, expect, it, vi } from 'vitest';
import { parseRoute, ruleValue } from '../src/app';
import { defaultSeatKinds } from '../src/lobbyView';
import { handCommitment } from '../src/fair';
import { exampleState } from './fixtures';

describe('routes and rules', () => {
  it('reads a table link, a watch link and anything else as the lobby', () => {
    expect(parseRoute('#/t/K7QX2M')).toEqual({ page: 'table', code: 'K7QX2M', watch: false });
    expect(parseRoute('#/t/k7qx2m/watch')).toEqual({ page: 'table', code: 'K7QX2M', watch: true });
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/t/<script>')).toEqual({ page: 'bad', link: '#/t/<script>' });
    expect(parseRoute('#/elsewhere')).toEqual({ page: 'home' });
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
