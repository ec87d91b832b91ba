// A seat's View as the engine writes it (docs/VIEW_JSON.md, schema "tonk.view/1").
import type { SpreadForm } from './spreads';

export interface SeatInfo {
  seat: number;
  hand_size: number;
  known: string[];
  turns: number;
  empty_stock_takes: number;
}

export interface SpreadJson {
  owner: number;
  cards: string[];
  shape: string | null;
  form: SpreadForm;  // what the spread is: a book's rank, a run's suit and places (the engine's reading)
  stands_for?: Record<string, string>;  // only with a wild card: each one and what it stands for (V13a)
}

export interface Outcome {
  reason: string;
  player: number | null;
  winners: number[];
  payouts: number[];
  counts: number[];
  points: number[];
  hands: string[][];
}

export interface View {
  schema: string;
  player: number;
  players: number;
  dealer: number;
  to_move: number;
  phase: 'start_of_turn' | 'after_draw' | 'slap' | 'slap_discard' | 'over';
  turn: number;
  hand: string[];
  count: number;
  /** Each rank of the table's deck with its count, "X" when it has jokers (S2, S3, V11, V16, V17); absent from older servers. */
  card_values?: Record<string, number>;
  taken_discard: string | null;
  seats: SeatInfo[];
  spreads: SpreadJson[];
  top_discard: string | null;
  discard_size: number;
  discard_pile: string[];
  stock_size: number;
  history: { player: number; action: string }[];
  outcome: Outcome | null;
}

export const kViewSchema = 'tonk.view/1';

/** Checks the parts of a View the client relies on; throws Error saying what is wrong. */
export function checkView(v: unknown): View {
  const o = v as Partial<View>;
  if (!o || typeof o !== 'object') throw new Error('view: not an object');
  if (o.schema !== kViewSchema) throw new Error(`view: schema '${String(o.schema)}', expected '${kViewSchema}'`);
  for (const k of ['player', 'players', 'to_move', 'stock_size', 'discard_size'] as const) {
    if (typeof o[k] !== 'number') throw new Error(`view: '${k}' is not a number`);
  }
  if (!Array.isArray(o.hand) || !Array.isArray(o.seats) || !Array.isArray(o.spreads)) throw new Error('view: missing hand, seats or spreads');
  return o as View;
}
