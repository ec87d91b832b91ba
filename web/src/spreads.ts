// What a spread on the table is and what each wild card in it stands for (V13a), in players' words.
// The engine says what each spread is (`form`: a book's rank, a run's suit and places, in the deck's
// run order, V11) and what each wild card stands for (`stands_for`, docs/VIEW_JSON.md): this module
// only puts them into words. It reads no notation and decides no rule.
import { kSuitSymbol, parseCard, parseRank, rankLabel, rankPlural, Suit } from './cards';

/** A spread's form as the engine writes it (docs/VIEW_JSON.md "form"): a book of one rank, or a
 *  run of one suit with the ranks of its places low to high as the cards stand ("places" absent for a hit's). */
export interface SpreadForm { kind: 'book' | 'run'; rank?: string; suit?: Suit; places?: string[] }

export interface SpreadInfo {
  kind: 'book' | 'run';
  title: string;                        // in players' words: "Three Kings", "4♥ 5♥ 6♥ run", "3♥ to 7♥ run"
  wild: { card: string; standsFor: string }[];  // each wild card and the card it stands for ("X1" -> "5♥")
}

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
 * Describes a spread from its cards, the engine's form of it and its reading of the wild cards
 * (null when none is wild). A form without places (a hit's) gives the run's suit alone.
 */
export function describeSpread(cards: string[], form: SpreadForm, standsFor: StandsFor | null = null): SpreadInfo {
  const read = Object.entries(standsFor ?? {});
  if (form.kind === 'book') {
    const rank = parseRank(form.rank ?? '');
    const wild = read.map(([card]) => ({ card, standsFor: `a ${rankLabel(rank)}` }));
    return { kind: 'book', title: bookTitle(rank, cards.length), wild };
  }
  const suit = form.suit ?? 'c';
  const wild = read.map(([card, stood]) => ({ card, standsFor: rankLabel(parseCard(stood).rank) + kSuitSymbol[suit] }));
  const places = (form.places ?? []).map(parseRank);
  if (!places.length) return { kind: 'run', title: `${kSuitSymbol[suit]} run`, wild };
  return { kind: 'run', title: runTitle(places, suit), wild };
}
