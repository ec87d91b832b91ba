// What a spread on the table is and what each wild card in it stands for (V13a). The engine writes a
// spread's shape only when it holds a wild card ("book:9", "run:3h", docs/VIEW_JSON.md); without a
// shape every card stands for itself.
import { kSuitSymbol, parseCard, rankLabel, rankPlural, Suit } from './cards';

export interface SpreadInfo {
  kind: 'book' | 'run';
  title: string;                        // in players' words: "Three Kings", "4♥ 5♥ 6♥ run", "3♥ to 7♥ run"
  wild: { card: string; standsFor: string }[];  // each wild card and the card it stands for ("X1" -> "5♥")
}

function rankOf(code: string): number { return parseCard(code).rank; }

const kCountWords = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'];

/** A book as players say it: "Three Kings", "Four 9s" is "Four Nines". */
export function bookTitle(rank: number, size: number): string {
  return `${kCountWords[size] ?? size} ${rankPlural(rank)}`;
}

/** A run as players say it, from its lowest to its highest place: "4♥ 5♥ 6♥ run", longer ones "3♥ to 8♥ run". */
export function runTitle(places: number[], suit: Suit): string {
  const card = (r: number) => rankLabel(r) + kSuitSymbol[suit];
  return places.length <= 3 ? `${places.map(card).join(' ')} run` : `${card(places[0])} to ${card(places[places.length - 1])} run`;
}

/** The rank after `rank` in a run: with the forty-card deck (V11) 7 is next to J. */
export function nextRank(rank: number, forty = false): number {
  return forty && rank === 7 ? 11 : rank + 1;
}

/** Describes a spread from its cards and shape (null when no wild card is in it). */
export function describeSpread(cards: string[], shape: string | null, forty = false): SpreadInfo {
  if (shape && shape.startsWith('book:')) {
    const rank = parseCard(shape.slice(5) + 'c').rank;
    const wild = cards.filter((c) => parseCard(c).joker || parseCard(c).rank !== rank)
      .map((card) => ({ card, standsFor: `a ${rankLabel(rank)}` }));
    return { kind: 'book', title: bookTitle(rank, cards.length), wild };
  }
  if (shape && shape.startsWith('run:')) {
    const low = parseCard(shape.slice(4));
    const suit = low.suit as Suit;
    const places: number[] = [low.rank];
    while (places.length < cards.length) places.push(nextRank(places[places.length - 1], forty));
    // Natural cards fill their own places (a deuce of the run's suit in its own place stands for
    // itself, V13a); the wild cards fill the places left, in order.
    const filled = new Set<number>();
    const wildCards: string[] = [];
    for (const code of cards) {
      const c = parseCard(code);
      if (!c.joker && c.suit === suit && places.includes(c.rank) && !filled.has(c.rank)) {
        filled.add(c.rank);
      } else {
        wildCards.push(code);
      }
    }
    const open: number[] = [];
    for (const r of places) if (!filled.has(r)) open.push(r);
    const wild = wildCards.map((card, i) => ({
      card, standsFor: open[i] !== undefined ? rankLabel(open[i]) + kSuitSymbol[suit] : '?' }));
    return { kind: 'run', title: runTitle(places, suit), wild };
  }
  // No wild card: all one rank is a book, else a run of one suit.
  const ranks = new Set(cards.map(rankOf));
  if (ranks.size === 1) return { kind: 'book', title: bookTitle(rankOf(cards[0]), cards.length), wild: [] };
  const places = cards.map(rankOf).sort((a, b) => a - b);
  return { kind: 'run', title: runTitle(places, parseCard(cards[0]).suit ?? 'c'), wild: [] };
}
