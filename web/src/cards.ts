// Cards in the record notation of docs/RECORDS.md / docs/VIEW_JSON.md: rank `A 2..9 T J Q K` then
// suit `c d h s` ("Th"); jokers "X1".."X4" (V16). This module only reads and names cards: which cards
// may be played is the server's (the engine's) decision, never the client's.

export type Suit = 'c' | 'd' | 'h' | 's';

export interface Card {
  code: string;      // as written by the engine: "Th", "X1"
  joker: boolean;
  rank: number;      // 1 (ace) .. 13 (king); 0 for a joker
  suit: Suit | null; // null for a joker
}

const kRanks = 'A23456789TJQK';
export const kSuitOrder: Suit[] = ['c', 'd', 'h', 's'];
export const kSuitSymbol: Record<Suit, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
export const kSuitName: Record<Suit, string> = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const kRankName = ['joker', 'ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'jack', 'queen', 'king'];

/** Parses one card code; throws Error naming the code when it is not a card. */
export function parseCard(code: string): Card {
  if (/^X[1-4]$/.test(code)) return { code, joker: true, rank: 0, suit: null };
  const r = kRanks.indexOf(code[0] ?? '');
  const s = code[1] as Suit;
  if (code.length !== 2 || r < 0 || !kSuitOrder.includes(s)) throw new Error(`not a card: '${code}'`);
  return { code, joker: false, rank: r + 1, suit: s };
}

/** Parses a rank as the engine writes it alone ("9", "T", "A"): 1 (ace) .. 13 (king); throws Error naming it. */
export function parseRank(text: string): number {
  const r = text.length === 1 ? kRanks.indexOf(text) : -1;
  if (r < 0) throw new Error(`not a rank: '${text}'`);
  return r + 1;
}

/** Splits a compact run of cards ("4h5hX1", "4h 5h,X1") into codes. */
export function splitCards(text: string): string[] {
  const compact = text.replace(/[\s,]/g, '');
  const out: string[] = [];
  for (let i = 0; i < compact.length; i += 2) out.push(compact.slice(i, i + 2));
  out.forEach(parseCard);
  return out;
}

const kRankPlural = ['Jokers', 'Aces', 'Twos', 'Threes', 'Fours', 'Fives', 'Sixes', 'Sevens', 'Eights', 'Nines', 'Tens',
  'Jacks', 'Queens', 'Kings'];

/** A rank in the plural, as players say it: 1 → "Aces", 10 → "Tens", 0 (jokers) → "Jokers". */
export function rankPlural(rank: number): string { return kRankPlural[rank] ?? String(rank); }

/** The rank as printed on the card: A, 2..10, J, Q, K. */
export function rankLabel(rank: number): string {
  return rank === 10 ? '10' : kRanks[rank - 1] ?? '?';
}

/** The short text shown for a card: "7♥", "10♠", "Joker". */
export function cardText(code: string): string {
  const c = parseCard(code);
  return c.joker ? 'Joker' : rankLabel(c.rank) + kSuitSymbol[c.suit!];
}

/** The card's accessible name: "seven of hearts", "joker 1". */
export function cardName(code: string): string {
  const c = parseCard(code);
  if (c.joker) return `joker ${code[1]}`;
  return `${kRankName[c.rank]} of ${kSuitName[c.suit!]}`;
}

/** Red suits are drawn red, but every card also shows its suit's symbol (colour is never the only signal). */
export function isRed(code: string): boolean {
  const c = parseCard(code);
  return c.suit === 'h' || c.suit === 'd';
}

/** Card order of the engine: clubs, diamonds, hearts, spades, each ace to king; jokers last. */
export function bySuitKey(code: string): number {
  const c = parseCard(code);
  return c.joker ? 100 + Number(code[1]) : kSuitOrder.indexOf(c.suit!) * 20 + c.rank;
}

/** Rank order (ace low), suits in card order within a rank; jokers last. */
export function byRankKey(code: string): number {
  const c = parseCard(code);
  return c.joker ? 100 + Number(code[1]) : c.rank * 5 + kSuitOrder.indexOf(c.suit!);
}

export type Grouping = 'suit' | 'rank';

export interface CardGroup {
  label: string;   // "♥ hearts", "7s", "Jokers"
  cards: string[];
}

/** The hand sorted and grouped: by suit (runs side by side) or by rank (books side by side). */
export function groupHand(hand: string[], grouping: Grouping): CardGroup[] {
  const key = grouping === 'suit' ? bySuitKey : byRankKey;
  const sorted = [...hand].sort((a, b) => key(a) - key(b));
  const groups: CardGroup[] = [];
  for (const code of sorted) {
    const c = parseCard(code);
    const label = c.joker ? 'Jokers'
      : grouping === 'suit' ? `${kSuitSymbol[c.suit!]} ${kSuitName[c.suit!]}` : `${rankLabel(c.rank)}s`;
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.cards.push(code);
    else groups.push({ label, cards: [code] });
  }
  return groups;
}
