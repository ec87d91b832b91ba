import type { StateMsg } from '../src/protocol';
import type { View } from '../src/view';

/** The hand-built view of docs/VIEW_JSON.md: seat 0 of two, after drawing. */
export function exampleView(): View {
  return {
    schema: 'tonk.view/1', player: 0, players: 2, dealer: 1, to_move: 0, phase: 'after_draw', turn: 3,
    hand: ['Ac', '2c', '3c', '9d', 'Kd', '5h'], count: 30, taken_discard: null,
    seats: [
      { seat: 0, hand_size: 6, known: [], turns: 2, empty_stock_takes: 0 },
      { seat: 1, hand_size: 2, known: ['7h'], turns: 1, empty_stock_takes: 0 },
    ],
    spreads: [{ owner: 1, cards: ['4s', '5s', '6s'], shape: null }],
    top_discard: '8c', discard_size: 2, discard_pile: ['8c', 'Qh'], stock_size: 39,
    history: [
      { player: 0, action: 'stock' }, { player: 0, action: 'discard 7h' }, { player: 1, action: 'take' },
      { player: 1, action: 'spread 4s5s6s' }, { player: 1, action: 'discard 8c' }, { player: 0, action: 'stock' },
    ],
    outcome: null,
  };
}

const la = (id: string, kind: string, cards: string[], target: number | null = null) => ({ id, kind, cards, target, shape: null });

export function exampleState(): StateMsg {
  return {
    type: 'state', table: 'K7QX2M', seat: 0, hand: 1, seq: 6, status: 'playing', view: exampleView(),
    legal: [
      la('spread Ac2c3c', 'spread', ['Ac', '2c', '3c']),
      la('discard Ac', 'discard', ['Ac']), la('discard 2c', 'discard', ['2c']), la('discard 3c', 'discard', ['3c']),
      la('discard 9d', 'discard', ['9d']), la('discard Kd', 'discard', ['Kd']), la('discard 5h', 'discard', ['5h']),
    ],
    to_move: 0, deadline_ms: 24100,
    seats: [
      { seat: 0, name: 'Ann', kind: 'person', connected: true, auto: false },
      { seat: 1, name: 'greedy', kind: 'bot', bot: 'greedy', connected: true, auto: false },
    ],
    ledger: { hands: 0, net: [0, 0], hand_net: [0, 0], side_net: [0, 0], pot: 0, points: [0, 0], leaders: [], stake_next: 1, over: false },
    rules: 'players=2 hand_size=5 deck=full52', preset: 'P-STD', fair: { hand: 2, commitment: 'ab'.repeat(32), contributed: false },
  };
}
