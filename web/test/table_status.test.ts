// The page's side of pacing, the hand so far after a reload, the countdown between hands and the
// watchers (src/table_status.ts, src/history.ts, src/between_hands.ts).
import { describe, expect, it } from 'vitest';
import { HandLog, eventLine } from '../src/history';
import { NextHandCountdown, nextHandText, showNextHand, waitingNames } from '../src/between_hands';
import { thinkingText, watchingText } from '../src/table_status';
import type { EventMsg, HistoryMsg, LegalAction, StateMsg } from '../src/protocol';
import { renderTable, TableModel } from '../src/tableView';
import { exampleState } from './fixtures';
import { listed } from './moves';

const ev = (seq: number, actor: number, move: LegalAction | null, fields: Partial<EventMsg> = {}): EventMsg => ({
  type: 'event', table: 'K7QX2M', hand: 1, seq, actor, action: move?.id ?? null, move, drawn: null, auto: false, text: `text ${seq}`, ...fields,
});

function model(s: StateMsg): TableModel {
  return { state: s, selected: new Set(), grouping: 'suit', log: [], hint: null, error: null, handOver: null, verify: null,
    showLedger: false, confirmDrop: false, link: '', commitment: null, flash: null, secondsLeft: null, connected: true };
}

const noop = () => {};
const handlers = { select: noop, act: noop, confirmDrop: noop, hint: noop, grouping: noop, ledger: noop, ready: noop, verify: noop,
  back: noop, leave: noop, end: noop, copyLink: noop, home: noop };

describe('the thinking seat and the watchers', () => {
  it('names the bot whose move is pending, on its seat and in the turn line', () => {
    const s = { ...exampleState(), to_move: 1, legal: [], thinking: 1, watching: 2 };
    expect(thinkingText(s)).toBe('greedy is thinking…');
    expect(watchingText(s)).toBe('2 watching');
    const root = document.createElement('div');
    root.append(renderTable(model(s), handlers));
    expect(root.querySelector('.seat[data-seat="1"] .thinking')?.textContent).toBe('greedy is thinking…');
    expect(root.querySelector('.turn-line .turn-text')?.textContent).toBe('greedy is thinking…');
    expect(root.querySelector('.table-head .meta')?.textContent).toMatch(/ · 2 watching$/);
  });
  it('says nothing when no bot thinks and nobody watches (or the server is older)', () => {
    const s = exampleState();
    expect(thinkingText(s)).toBeNull();
    expect(thinkingText({ ...s, thinking: null, watching: 0 })).toBeNull();
    expect(watchingText({ ...s, watching: 0 })).toBeNull();
    const root = document.createElement('div');
    root.append(renderTable(model(s), handlers));
    expect(root.querySelector('.thinking')).toBeNull();
    expect(root.querySelector('.table-head .meta')?.textContent).not.toMatch(/watching/);
  });
});

describe('the log after a reload', () => {
  const state = (): StateMsg => ({ ...exampleState(), seq: 3 });
  const history = (): HistoryMsg => ({ type: 'history', table: 'K7QX2M', hand: 1, seq: 3, events: [
    ev(0, 1, null, { text: 'Hand 1 is dealt by greedy.' }),
    ev(1, 0, listed('stock'), { drawn: '7c' }),
    ev(2, 0, listed('discard', { cards: ['7h'] })),
    ev(3, 1, listed('take'), { taken: '7h' }),
  ] });

  it('rebuilds every line of the hand in place of "earlier moves are not in this log"', () => {
    const log = ['You are at table K7QX2M, seat 1.', 'STARTS HERE'];
    new HandLog().rebuild(log, state(), history(), 'STARTS HERE');
    expect(log).toEqual([
      'You are at table K7QX2M, seat 1.',
      'Hand 1 is dealt by greedy.',
      'You drew 7♣ from the stock.',
      'You discarded 7♥.',
      'greedy took 7♥ from the discard pile.',
    ]);
  });
  it('adds only what a dropped connection missed, and the same lines as live', () => {
    const live = new HandLog();
    const log: string[] = [];
    for (const e of history().events.slice(0, 3)) log.push(live.live(state(), e));
    live.rebuild(log, state(), history(), 'STARTS HERE');
    expect(log).toHaveLength(4);
    expect(log[3]).toBe(eventLine({ ...state(), view: null }, history().events[3]));
    live.rebuild(log, state(), history(), 'STARTS HERE');
    expect(log).toHaveLength(4);   // nothing twice
  });
  it('says a later hand started before the page, and ends a finished hand with its result', () => {
    const s: StateMsg = { ...state(), hand: 3, status: 'between' };
    s.view = { ...s.view!, outcome: { reason: 'drop', player: 1, winners: [1], payouts: [-1, 1], counts: [30, 4], points: [0, 0], hands: [[], []] } };
    const h = { ...history(), hand: 3, events: history().events.map((e) => ({ ...e, hand: 3 })) };
    const log = ['STARTS HERE'];
    new HandLog().rebuild(log, s, h, 'STARTS HERE');
    expect(log[0]).toBe('Earlier hands are not in this log; hand 3 so far:');
    expect(log[log.length - 1]).toMatch(/^Hand 3 is over: greedy /);
  });
});

describe('between hands', () => {
  const between = (fields: Partial<StateMsg>): StateMsg => ({ ...exampleState(), status: 'between', to_move: -1, legal: [],
    seats: [...exampleState().seats, { seat: 2, name: 'Bo', kind: 'person', connected: true, auto: false }], ...fields });

  it('counts down to the next hand and names who the table waits on', () => {
    const s = between({ next_hand_ms: 22500, waiting_for: [2] });
    const clock = new NextHandCountdown();
    clock.update(s, 1000);
    expect(clock.secondsLeft(1000)).toBe(23);
    expect(clock.secondsLeft(30000)).toBe(0);
    expect(nextHandText(s, 23)).toBe('Next hand in 23 s · waiting for Bo');
    expect(waitingNames(between({ waiting_for: [0, 2] }))).toBe('you and Bo');
    expect(nextHandText(between({ next_hand_ms: null, waiting_for: [0] }), null)).toBe('Waiting for you');
    expect(nextHandText({ ...s, status: 'playing' }, 5)).toBeNull();
    clock.update({ ...s, status: 'playing', next_hand_ms: null });
    expect(clock.secondsLeft()).toBeNull();
  });
  it('shows the line in the result panel and updates it in place', () => {
    const s = between({ next_hand_ms: 9000, waiting_for: [2] });
    const m = model(s);
    m.handOver = { type: 'hand_over', table: s.table, hand: 1, reason: 'drop', player: 1, winners: [1], hands: [[], [], []],
      counts: [1, 2, 3], payouts: [-1, 2, -1], points: [0, 0, 0], ledger: null, fair: null };
    const root = document.createElement('div');
    root.append(renderTable(m, handlers));
    showNextHand(root, s, 9);
    const line = root.querySelector('.hand-end .next-hand');
    expect(line?.textContent).toBe('Next hand in 9 s · waiting for Bo');
    showNextHand(root, s, 8);
    expect(root.querySelectorAll('.next-hand')).toHaveLength(1);
    expect(root.querySelector('.next-hand')).toBe(line);
    expect(line?.textContent).toBe('Next hand in 8 s · waiting for Bo');
    showNextHand(root, { ...s, status: 'playing' }, null);
    expect(root.querySelector('.next-hand')?.textContent).toBe('');   // empty, so not drawn (.countdown:empty)
  });
});
