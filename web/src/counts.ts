// Card counts and the table's deck, as the engine says them in the view's `card_values` (one entry
// per rank of this table's deck with its count, "X" when it has jokers: docs/VIEW_JSON.md). The
// client keeps no copy of the rules that set them (S2, S3, V11, V16, V17): a view without the
// field (an older server) gives no counts, and what needs them says nothing rather than guess.
import { kSuitOrder } from './cards';

/** Rank letter ("A", "7", "K", "X" for a joker) → its count under the table's rules. */
export type CardValues = Record<string, number>;

const kRankOrder = 'A23456789TJQK';

/** A card's count ("Kd", "X1"), or null when `values` are not known or do not hold its rank. */
export function cardValue(values: CardValues | undefined, code: string): number | null {
  if (!values) return null;
  return values[code.startsWith('X') ? 'X' : code[0]] ?? null;
}

/** The count of `cards`, or null when any card's count is not known. */
export function countOf(values: CardValues | undefined, cards: string[]): number | null {
  let total = 0;
  for (const c of cards) {
    const v = cardValue(values, c);
    if (v === null) return null;
    total += v;
  }
  return total;
}

/** The ranks of the table's deck in run order, ace low: without 8, 9 and 10 the 7 is next to the jack. */
export function deckRanks(values: CardValues): string[] {
  return [...kRankOrder].filter((r) => r in values);
}

/** Every card of the table's deck: each of its ranks in each suit, and `jokers` jokers "X1".. */
export function deckCards(values: CardValues, jokers: number): string[] {
  const out: string[] = [];
  for (const s of kSuitOrder) for (const r of deckRanks(values)) out.push(r + s);
  for (let j = 1; j <= jokers; ++j) out.push(`X${j}`);
  return out;
}
