// Why the hint's move is good, said from the player's own hand: the hint's numbers (the Monte Carlo
// bot's mean result of each move) say which move is best, not why; a player wants the why ("7♥ goes
// with your 8♥ 9♥", "your highest card that fits no spread"). This only reads the seat's view: which
// moves are legal is the server's list, never decided here.
import type { ParsedAction } from './actions';
import { cardText, parseCard } from './cards';
import type { View } from './view';

/** A card's count (S3): ace 1, 2–10 their number, J Q K 10, a joker 0 (V16). */
export function cardValue(code: string): number {
  const c = parseCard(code);
  return c.joker ? 0 : Math.min(c.rank, 10);
}

/** The cards of `hand` that `card` could make a spread with: the same rank, or its suit within two places. */
export function partners(card: string, hand: string[]): string[] {
  const c = parseCard(card);
  if (c.joker) return [];
  return hand.filter((x) => {
    if (x === card) return false;
    const o = parseCard(x);
    return !o.joker && (o.rank === c.rank || (o.suit === c.suit && Math.abs(o.rank - c.rank) <= 2));
  });
}

function sum(cards: string[]): number { return cards.reduce((a, c) => a + cardValue(c), 0); }
function list(cards: string[]): string { return cards.map(cardText).join(' '); }

/** Why `best` is the move to make, in words from `v` (the seat's view); null when there is nothing to say. */
export function whyMove(best: ParsedAction, v: View | null, others: ParsedAction[]): string | null {
  if (!v) return null;
  const hand = v.hand;
  switch (best.kind) {
    case 'drop':
      return `your count of ${v.count} is likely the lowest at the table`;
    case 'stock': {
      const top = v.top_discard;
      const dropping = others.some((a) => a.kind === 'drop');
      const pile = top && others.some((a) => a.kind === 'take') && partners(top, hand).length === 0
        ? `${cardText(top)} on the pile fits nothing in your hand` : null;
      const drop = dropping ? `your count of ${v.count} is too high to drop safely` : null;
      return drop ?? pile ?? 'a fresh card is worth more than the top of the pile';   // one reason: the line stays short
    }
    case 'take': {
      const top = v.top_discard;
      if (!top) return null;
      const with_ = partners(top, hand);
      return with_.length ? `${cardText(top)} goes with your ${list(with_)}` : cardValue(top) <= 5 ? `${cardText(top)} is low (${cardValue(top)})` : 'a known card is better here than a blind draw';
    }
    case 'spread':
      return `laying it takes ${sum(best.cards)} off your count`;
    case 'hit':
      return `it takes ${sum(best.cards)} off your count`;
    case 'discard': {
      const card = best.cards[0];
      const rest = hand.filter((c) => c !== card);
      if (rest.length === 0) return 'it is your last card: you go out';
      if (partners(card, rest).length === 0) {
        const loose = rest.filter((c) => partners(c, rest).length === 0);
        return loose.every((c) => cardValue(c) <= cardValue(card)) ? `it is your highest card that fits no spread` : 'it fits no spread';
      }
      return 'it is the card your hand needs least';
    }
    case 'claim':
      return 'your dealt hand wins at once';
    default:
      return null;
  }
}
