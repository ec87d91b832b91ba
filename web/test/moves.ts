// Actions as the server lists them (docs/PROTOCOL.md `legal`), built for tests from their parts.
import { parseLegal, ParsedAction } from '../src/actions';
import type { LegalAction } from '../src/protocol';
import type { SpreadForm } from '../src/spreads';

interface Parts { cards?: string[]; target?: number; form?: SpreadForm; standsFor?: Record<string, string>; shape?: string }

/** The listed entry of an action of `kind` with these parts; its id as the engine writes it. */
export function listed(kind: string, parts: Parts = {}): LegalAction {
  const cards = parts.cards ?? [];
  const id = [kind, parts.target, cards.join(''), parts.shape].filter((x) => x !== undefined && x !== '').join(' ');
  return { id, kind, cards, target: parts.target ?? null, shape: parts.shape ?? null, form: parts.form ?? null,
    ...(parts.standsFor ? { stands_for: parts.standsFor } : {}) };
}

/** The same, read as the page reads it. */
export function move(kind: string, parts: Parts = {}): ParsedAction { return parseLegal(listed(kind, parts)); }

/** Shorthands: a discard of one card, a plain spread (a natural run or book), a hit. */
export const discard = (card: string) => move('discard', { cards: [card] });
export const hit = (target: number, cards: string[], form?: SpreadForm) => move('hit', { target, cards, form });
export const spread = (cards: string[], form: SpreadForm) => move('spread', { cards, form });
