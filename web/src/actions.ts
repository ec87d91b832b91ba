// Actions as the engine lists them (docs/PROTOCOL.md `legal`; the same structured form in events'
// `move`, hints and reviews): an `id` in the notation of docs/RECORDS.md, sent back unchanged to
// play it, and its parts (kind, cards, target, the spread's form, what each wild card stands for),
// which are all this module reads. The client never builds an action of its own, nor reads the
// notation, so it can never send an illegal action by construction.
import { cardText, kSuitSymbol, parseRank, rankPlural } from './cards';
import type { LegalAction } from './protocol';
import { describeSpread, SpreadForm, StandsFor } from './spreads';

export type ActionKind = 'drop' | 'stock' | 'take' | 'spread' | 'hit' | 'discard' | 'claim' | 'end' | 'slap' | 'pass';

export interface ParsedAction {
  text: string;         // the action exactly as listed by the server (sent back unchanged)
  kind: ActionKind;
  cards: string[];      // spread, hit, discard
  target: number;       // hit, slap: the spread's index; -1 otherwise
  form: SpreadForm | null;      // a spread's form; a hit's when its shape is named (V13a)
  standsFor: StandsFor | null;  // a wild spread's: what each wild card stands for (from the engine)
}

const kKinds: ActionKind[] = ['drop', 'stock', 'take', 'spread', 'hit', 'discard', 'claim', 'end', 'slap', 'pass'];

/** An action as the server lists it (docs/PROTOCOL.md `legal`, `event.move`, `hint`); throws Error
 *  naming the id when its kind is not one this page knows. */
export function parseLegal(entry: LegalAction): ParsedAction {
  const kind = entry.kind as ActionKind;
  if (!kKinds.includes(kind)) throw new Error(`unknown action '${entry.id}'`);
  return { text: entry.id, kind, cards: entry.cards ?? [], target: entry.target ?? -1, form: entry.form ?? null,
    standsFor: entry.stands_for ?? null };
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

/** What a wild spread makes, from the engine's form: " (3♥ 4♥ 5♥ run)", " (three nines)". */
function formText(form: SpreadForm, cards: string[], standsFor: StandsFor | null): string {
  const info = describeSpread(cards, form, standsFor);
  return ` (${info.kind === 'book' ? info.title.toLowerCase() : info.title})`;   // a run's title names cards: "J♦" stays
}

/** What a wild hit's cards make of the spread: " (as Nines)", " (in a ♥ run)". */
function hitFormText(form: SpreadForm): string {
  return form.kind === 'book' ? ` (as ${rankPlural(parseRank(form.rank ?? ''))})` : ` (in a ${kSuitSymbol[form.suit ?? 'c']} run)`;
}

/** A button's label for a legal action. `spreads` gives the cards on the table, to name a hit's spread. */
export function actionLabel(a: ParsedAction): string {
  switch (a.kind) {
    case 'drop': return 'Drop';
    case 'stock': return 'Draw from stock';
    case 'take': return 'Take discard';
    case 'spread': return `Spread ${cardsText(a.cards)}${a.standsFor && a.form ? formText(a.form, a.cards, a.standsFor) : ''}`;
    case 'hit': return `Hit spread ${a.target + 1} with ${cardsText(a.cards)}${a.form ? hitFormText(a.form) : ''}`;
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
export function narrate(actor: string, a: ParsedAction, takenCard: string | null = null, drawn: string | null = null): string {
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
