// When Drop asks first: only above a count the player chose (kept per browser), and never for a
// count that cannot be caught. "Cannot be caught" is read from what this seat sees (S15b: caught
// when anyone's count is equal or lower): each opponent holds at least the value of the cards known
// to be in their hand plus the lowest values of the cards this seat has not seen.
import { parseCard } from './cards';
import type { View } from './view';

export const kDropAskDefault = 10;
export const kDropAskChoices = [0, 5, 10, 15, 20, 30];

function option(rules: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(rules);
  return m ? m[1] : null;
}

/** A card's value for the count (S3; V17 ranked faces; jokers 0). */
export function cardValue(code: string, rules: string): number {
  const c = parseCard(code);
  if (c.joker) return 0;
  if (c.rank >= 11) return option(rules, 'face_values') === 'ranked' ? c.rank : 10;
  return c.rank;
}

/** Every card of the table's deck (S2; V11 forty; V16 jokers). */
export function deckCards(rules: string): string[] {
  const forty = option(rules, 'deck') === 'forty';
  const out: string[] = [];
  for (const s of 'cdhs') for (const r of 'A23456789TJQK') if (!(forty && '89T'.includes(r))) out.push(r + s);
  const jokers = Number(option(rules, 'jokers') ?? 0);
  for (let j = 1; j <= jokers; ++j) out.push(`X${j}`);
  return out;
}

/** Whether a drop now cannot be caught: every opponent's lowest possible count is above ours. */
export function dropCannotBeCaught(v: View, rules: string): boolean {
  const seen = new Set([...v.hand, ...v.discard_pile, ...v.spreads.flatMap((s) => s.cards)]);
  for (const s of v.seats) for (const c of s.known) seen.add(c);
  const unseen = deckCards(rules).filter((c) => !seen.has(c)).map((c) => cardValue(c, rules)).sort((a, b) => a - b);
  return v.seats.every((s) => {
    if (s.seat === v.player) return true;
    const known = s.known.reduce((a, c) => a + cardValue(c, rules), 0);
    const hidden = Math.max(0, s.hand_size - s.known.length);
    const least = known + unseen.slice(0, hidden).reduce((a, x) => a + x, 0);
    return least > v.count;
  });
}

/** Whether Drop asks for confirmation: the count is above `askAbove` and the drop could be caught. */
export function dropAsks(v: View, rules: string, askAbove: number): boolean {
  return v.count > askAbove && !dropCannotBeCaught(v, rules);
}
