// When Drop asks first: only above a count the player chose (kept per browser), and never for a
// count that cannot be caught. "Cannot be caught" is read from what this seat sees (S15b: caught
// when anyone's count is equal or lower): each opponent holds at least the value of the cards known
// to be in their hand plus the lowest values of the cards this seat has not seen.
import { cardValue, countOf, deckCards } from './counts';
import { ruleOptions } from './rulesText';
import type { View } from './view';

export const kDropAskDefault = 10;
export const kDropAskChoices = [0, 5, 10, 15, 20, 30];

/**
 * Whether a drop now cannot be caught: every opponent's lowest possible count is above ours. False
 * when the view does not give the cards' counts (`card_values`): then Drop asks as for any count.
 */
export function dropCannotBeCaught(v: View, rules: string): boolean {
  const values = v.card_values;
  if (!values) return false;
  const seen = new Set([...v.hand, ...v.discard_pile, ...v.spreads.flatMap((s) => s.cards)]);
  for (const s of v.seats) for (const c of s.known) seen.add(c);
  const unseen = deckCards(values, Number(ruleOptions(rules).jokers ?? 0)).filter((c) => !seen.has(c)).map((c) => cardValue(values, c) ?? 0).sort((a, b) => a - b);
  return v.seats.every((s) => {
    if (s.seat === v.player) return true;
    const known = countOf(values, s.known) ?? 0;
    const hidden = Math.max(0, s.hand_size - s.known.length);
    const least = known + unseen.slice(0, hidden).reduce((a, x) => a + x, 0);
    return least > v.count;
  });
}

/** Whether Drop asks for confirmation: the count is above `askAbove` and the drop could be caught. */
export function dropAsks(v: View, rules: string, askAbove: number): boolean {
  return v.count > askAbove && !dropCannotBeCaught(v, rules);
}
