// Actions in the notation of docs/RECORDS.md ("stock", "take", "spread 4h5h6h", "hit 0 7h",
// "discard Kc", "drop", "claim", "end", "slap 1", "pass"; a wild spread or hit ends with its shape,
// "spread 4h5hX1 run:3h"). The notation is the engine's (include/tonk/action.h: to_string(Action),
// shape_text / parse_shape; docs/RECORDS.md); this is the client's reader of it. The client only reads the actions the server lists as legal for its
// seat; it never builds one of its own, so it can never send an illegal action by construction.
import { cardText, kSuitSymbol, parseCard, rankPlural, splitCards } from './cards';
import type { LegalAction } from './protocol';
import { describeSpread, StandsFor } from './spreads';

export type ActionKind = 'drop' | 'stock' | 'take' | 'spread' | 'hit' | 'discard' | 'claim' | 'end' | 'slap' | 'pass';

export interface ParsedAction {
  text: string;         // the action exactly as listed by the server (sent back unchanged)
  kind: ActionKind;
  cards: string[];      // spread, hit, discard
  target: number;       // hit, slap: the spread's index; -1 otherwise
  shape: string | null; // "book:9", "run:3h" for a wild spread or hit
  standsFor: StandsFor | null;  // a wild spread's: what each wild card stands for (from the engine)
}

const kKinds: ActionKind[] = ['drop', 'stock', 'take', 'spread', 'hit', 'discard', 'claim', 'end', 'slap', 'pass'];

/** Parses an action as the server lists it; throws Error naming the text when it is not one. */
export function parseAction(text: string): ParsedAction {
  const words = text.trim().split(/\s+/);
  const kind = words[0] as ActionKind;
  if (!kKinds.includes(kind)) throw new Error(`unknown action '${text}'`);
  let rest = words.slice(1);
  let shape: string | null = null;
  if (rest.length && /^(book|run):/.test(rest[rest.length - 1])) { shape = rest[rest.length - 1]; rest = rest.slice(0, -1); }
  let target = -1;
  if (kind === 'hit' || kind === 'slap') { target = Number(rest[0]); rest = rest.slice(1); }
  const cards = kind === 'spread' || kind === 'hit' || kind === 'discard' ? splitCards(rest.join('')) : [];
  return { text, kind, cards, target, shape, standsFor: null };
}

/** A `legal` entry as the server lists it (docs/PROTOCOL.md), with the engine's `stands_for`. */
export function parseLegal(entry: LegalAction): ParsedAction {
  return { ...parseAction(entry.id), standsFor: entry.stands_for ?? null };
}

function sameCards(a: string[], b: Set<string>): boolean {
  return a.length === b.size && a.every((c) => b.has(c));
}

export interface SelectionMatch {
  exact: ParsedAction[];     // legal spreads, hits and discards made of exactly the selected cards
  spreadTargets: number[];   // spreads a legal hit containing every selected card would add to
  partial: boolean;          // some legal spread or hit needs more cards besides the selected ones
}

/** Which listed legal actions the selected cards make: selecting cards highlights the spreads and hits they form. */
export function matchSelection(legal: ParsedAction[], selected: Set<string>): SelectionMatch {
  const exact: ParsedAction[] = [];
  const targets = new Set<number>();
  let partial = false;
  if (selected.size === 0) return { exact, spreadTargets: [], partial };
  for (const a of legal) {
    if (a.kind !== 'spread' && a.kind !== 'hit' && a.kind !== 'discard') continue;
    const containsAll = [...selected].every((c) => a.cards.includes(c));
    if (!containsAll) continue;
    if (a.kind === 'hit') targets.add(a.target);
    if (sameCards(a.cards, selected)) exact.push(a);
    else if (a.kind !== 'discard') partial = true;
  }
  return { exact, spreadTargets: [...targets].sort((x, y) => x - y), partial };
}

function cardsText(cards: string[]): string { return cards.map(cardText).join(' '); }

function shapeText(shape: string | null, cards: string[], standsFor: StandsFor | null): string {
  if (!shape) return '';
  const info = describeSpread(cards, shape, standsFor);
  return ` (${info.title.toLowerCase()})`;
}

/** What a wild hit's cards make of the spread: " (as Nines)", " (in a ♥ run)". */
function hitShapeText(shape: string): string {
  const [kind, at] = shape.split(':');
  const c = parseCard(kind === 'book' ? `${at}c` : at);
  return kind === 'book' ? ` (as ${rankPlural(c.rank)})` : ` (in a ${kSuitSymbol[c.suit ?? 'c']} run)`;
}

/** A button's label for a legal action. `spreads` gives the cards on the table, to name a hit's spread. */
export function actionLabel(a: ParsedAction): string {
  switch (a.kind) {
    case 'drop': return 'Drop';
    case 'stock': return 'Draw from stock';
    case 'take': return 'Take discard';
    case 'spread': return `Spread ${cardsText(a.cards)}${a.shape ? shapeText(a.shape, a.cards, a.standsFor) : ''}`;
    case 'hit': return `Hit spread ${a.target + 1} with ${cardsText(a.cards)}${a.shape ? hitShapeText(a.shape) : ''}`;
    case 'discard': return `Discard ${cardsText(a.cards)}`;
    case 'claim': return 'Claim the dealt win';
    case 'end': return 'End turn';
    case 'slap': return `Slap onto spread ${a.target + 1}`;
    case 'pass': return 'Pass';
  }
}

/**
 * One sentence for the log: `actor` did `action`. `takenCard` is the card taken from the pile (the
 * top of the pile before the action), `drawn` the card drawn from the stock when the reader drew it.
 */
export function narrate(actor: string, action: string, takenCard: string | null = null, drawn: string | null = null): string {
  const a = parseAction(action);
  switch (a.kind) {
    case 'drop': return `${actor} dropped.`;
    case 'stock': return drawn ? `${actor} drew ${cardText(drawn)} from the stock.` : `${actor} drew from the stock.`;
    case 'take': return takenCard ? `${actor} took ${cardText(takenCard)} from the discard pile.` : `${actor} took the top discard.`;
    case 'spread': return `${actor} spread ${cardsText(a.cards)}.`;
    case 'hit': return `${actor} hit spread ${a.target + 1} with ${cardsText(a.cards)}.`;
    case 'discard': return `${actor} discarded ${cardsText(a.cards)}.`;
    case 'claim': return `${actor} claimed the dealt win.`;
    case 'end': return `${actor} ended the turn.`;
    case 'slap': return `${actor} slapped the discard onto spread ${a.target + 1}.`;
    case 'pass': return `${actor} passed.`;
  }
}

const kReasons: Record<string, string> = {
  'drop': 'dropped with the lowest count',
  'caught': 'dropped and was caught',
  'tonk out': 'went out (tonk)',
  'out by discard': 'went out by discarding the last card',
  'stock exhausted': 'the stock ran out: lowest count wins',
  'turn limit': 'the turn limit was reached',
  'dealt tonk': 'a dealt tonk',
  'void deal': 'a void deal',
  'dead hand': 'a dead hand',
};

/** The hand's end in words: "Bob dropped and was caught". */
export function reasonText(reason: string, actor: string | null): string {
  const words = kReasons[reason] ?? reason;
  if (!actor || reason === 'stock exhausted' || reason === 'void deal' || reason === 'turn limit') {
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  return `${actor} ${words.replace(/^a /, 'had a ')}`;
}
