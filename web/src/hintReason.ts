// Why the hint's move is good, said from the player's own hand: the hint's numbers (the Monte Carlo
// bot's mean result of each move) say which move is best, not why; a player wants the why ("7♥ goes
// with your 8♥ 9♥", "your highest card that fits no spread"). This only reads the seat's view: which
// moves are legal is the server's list, never decided here.
import type { ParsedAction } from './actions';
import { cardText, parseCard } from './cards';
import { cardValue, countOf, deckRanks, type CardValues } from './counts';
import type { View } from './view';

/**
 * The cards of `hand` that `card` could make a spread with: the same rank, or its suit within two
 * places in the order of the table's deck (`values`, the view's card_values: a 7 is next to the J
 * in the 40-card deck). Without the deck's ranks, only the same rank.
 */
export function partners(card: string, hand: string[], values?: CardValues): string[] {
  const c = parseCard(card);
  if (c.joker) return [];
  const ranks = values ? deckRanks(values) : [];
  const place = (code: string) => ranks.indexOf(code[0]);
  return hand.filter((x) => {
    if (x === card) return false;
    const o = parseCard(x);
    if (o.joker) return false;
    return o.rank === c.rank || (o.suit === c.suit && place(x) >= 0 && place(card) >= 0 && Math.abs(place(x) - place(card)) <= 2);
  });
}

function list(cards: string[]): string { return cards.map(cardText).join(' '); }

/** Why `best` is the move to make, in words from `v` (the seat's view); null when there is nothing to say. */
export function whyMove(best: ParsedAction, v: View | null, others: ParsedAction[]): string | null {
  if (!v) return null;
  const hand = v.hand;
  const values = v.card_values;
  const value = (card: string) => cardValue(values, card);
  const fits = (card: string, cards: string[]) => partners(card, cards, values);
  switch (best.kind) {
    case 'drop':
      return `your count of ${v.count} is likely the lowest at the table`;
    case 'stock': {
      const top = v.top_discard;
      const dropping = others.some((a) => a.kind === 'drop');
      const pile = top && others.some((a) => a.kind === 'take') && fits(top, hand).length === 0
        ? `${cardText(top)} on the pile fits nothing in your hand` : null;
      const drop = dropping ? `your count of ${v.count} is too high to drop safely` : null;
      return drop ?? pile ?? 'a fresh card is worth more than the top of the pile';   // one reason: the line stays short
    }
    case 'take': {
      const top = v.top_discard;
      if (!top) return null;
      const with_ = fits(top, hand);
      const low = value(top);
      return with_.length ? `${cardText(top)} goes with your ${list(with_)}` : low !== null && low <= 5 ? `${cardText(top)} is low (${low})` : 'a known card is better here than a blind draw';
    }
    case 'spread':
    case 'hit': {
      const off = countOf(values, best.cards);
      if (off === null) return null;
      return best.kind === 'spread' ? `laying it takes ${off} off your count` : `it takes ${off} off your count`;
    }
    case 'discard': {
      const card = best.cards[0];
      const rest = hand.filter((c) => c !== card);
      if (rest.length === 0) return 'it is your last card: you go out';
      if (fits(card, rest).length === 0) {
        const loose = rest.filter((c) => fits(c, rest).length === 0);
        const highest = values && loose.every((c) => (value(c) ?? 0) <= (value(card) ?? 0));
        return highest ? `it is your highest card that fits no spread` : 'it fits no spread';
      }
      return 'it is the card your hand needs least';
    }
    case 'claim':
      return 'your dealt hand wins at once';
    default:
      return null;
  }
}
