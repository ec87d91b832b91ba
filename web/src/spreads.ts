// What a spread on the table is and what each wild card in it stands for (V13a), in players' words.
// The engine writes a spread's shape and `stands_for` only when it holds a wild card ("book:9",
// "run:3h", docs/VIEW_JSON.md); without a shape every card stands for itself.
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

/** What the engine says each wild card of a spread stands for (docs/VIEW_JSON.md `stands_for`):
 * a card in a run ("8s"), a rank in a book ("9"). */
export type StandsFor = Record<string, string>;

/**
 * Describes a spread from its cards, shape (null when no wild card is in it) and the engine's
 * reading of its wild cards. The client decides no rule here: which card a wild card stands for,
 * and so which ranks follow each other in a run (V11), come from the engine.
 */
export function describeSpread(cards: string[], shape: string | null, standsFor: StandsFor | null = null): SpreadInfo {
  const read = Object.entries(standsFor ?? {});
  if (shape && shape.startsWith('book:')) {
    const rank = parseCard(shape.slice(5) + 'c').rank;
    const wild = read.map(([card]) => ({ card, standsFor: `a ${rankLabel(rank)}` }));
    return { kind: 'book', title: bookTitle(rank, cards.length), wild };
  }
  if (shape && shape.startsWith('run:')) {
    const low = parseCard(shape.slice(4));
    const suit = low.suit as Suit;
    const wild = read.map(([card, stood]) => ({ card, standsFor: rankLabel(parseCard(stood).rank) + kSuitSymbol[suit] }));
    if (!standsFor) return { kind: 'run', title: `run from ${rankLabel(low.rank)}${kSuitSymbol[suit]}`, wild };
    // The run's places: the cards standing for themselves and the cards the wild ones stand for.
    const places = cards.filter((c) => standsFor[c] === undefined).map(rankOf)
      .concat(read.map(([, stood]) => rankOf(stood))).sort((a, b) => a - b);
    return { kind: 'run', title: runTitle(places, suit), wild };
  }
  // No wild card: all one rank is a book, else a run of one suit.
  const ranks = new Set(cards.map(rankOf));
  if (ranks.size === 1) return { kind: 'book', title: bookTitle(rankOf(cards[0]), cards.length), wild: [] };
  const places = cards.map(rankOf).sort((a, b) => a - b);
  return { kind: 'run', title: runTitle(places, parseCard(cards[0]).suit ?? 'c'), wild: [] };
}
