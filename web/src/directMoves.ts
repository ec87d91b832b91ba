// Moves made on the table itself: a tap on the stock or the pile, cards dropped on the pile, on a
// spread or on the felt. Each is looked up in the server's `legal` list; nothing else is ever sent.
// When the list has no such move the player is told why, in the reason the list implies.
import { ParsedAction } from './actions';
import { cardText } from './cards';

/** Where cards can be dropped: the discard pile, a spread on the table (its index), the felt. */
export type DropTarget = { zone: 'discard' } | { zone: 'spread'; index: number } | { zone: 'felt' };

export type DropResult = { move: string } | { reason: string };

function same(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function cardsText(cards: string[]): string { return cards.map(cardText).join(' '); }

/**
 * The listed move that `cards` dropped on `target` make, or why there is none. `phase` is the view's
 * phase and `myTurn` whether this seat is to move (the list is empty otherwise).
 */
export function resolveDrop(legal: ParsedAction[], cards: string[], target: DropTarget, myTurn: boolean, phase: string): DropResult {
  if (!myTurn) return { reason: 'It is not your turn (S8).' };
  if (phase === 'start_of_turn') return { reason: 'First draw from the stock or take the top of the pile (S9).' };
  if (target.zone === 'discard') {
    const m = legal.find((a) => a.kind === 'discard' && same(a.cards, cards));
    if (m) return { move: m.text };
    if (cards.length !== 1) return { reason: 'You discard one card at a time (S9).' };
    if (!legal.some((a) => a.kind === 'discard')) return { reason: 'No discard is allowed now.' };
    return { reason: `${cardsText(cards)} cannot be discarded now (the card taken from the pile stays, I1).` };
  }
  if (target.zone === 'spread') {
    const m = legal.find((a) => a.kind === 'hit' && a.target === target.index && same(a.cards, cards));
    if (m) return { move: m.text };
    return { reason: `${cardsText(cards)} ${cards.length === 1 ? 'does' : 'do'} not fit spread ${target.index + 1} (S12).` };
  }
  const m = legal.find((a) => a.kind === 'spread' && same(a.cards, cards));
  if (m) return { move: m.text };
  if (cards.length < 3) return { reason: 'A spread needs three or more cards: select them, then drag them to the table (S11).' };
  return { reason: `${cardsText(cards)} make no book or run (S11).` };
}

/** The move a tap on the stock or the pile makes, when it is listed. */
export function tapMove(legal: ParsedAction[], pile: 'stock' | 'discard'): string | null {
  const kind = pile === 'stock' ? 'stock' : 'take';
  return legal.find((a) => a.kind === kind)?.text ?? null;
}
