// Words for people: rule sets, bot levels, by-rank groups and the hint said in a sentence. The
// server names presets by id ("P-RUSH") and bots by kind ("greedy", "mc:200"); this is what a player
// reads instead. Names and descriptions follow docs/RULES.md and presets/*.toml.
import { actionLabel, parseLegal, ParsedAction } from './actions';
import type { HintAction } from './protocol';
import { whyMove } from './hintReason';
import type { View } from './view';
import { cardText, rankPlural } from './cards';

export interface PresetWords { name: string; about: string }

const kPresets: Record<string, PresetWords> = {
  'P-STD': { name: 'Standard', about: 'Five cards each, 52-card deck; drop when you think your count is lowest.' },
  'P-RUSH': { name: 'Rushville (Rush)', about: 'Rushville, Indiana: scored in units; five dealt face cards is the only dealt win.' },
  'P-BATON': { name: 'Baton Rouge', about: 'The 40-card deck: no 8s, 9s or 10s; the 7 runs into the jack.' },
  'P-CHICAGO': { name: 'Chicago', about: 'Chicago cab drivers: deuces and two jokers are wild; no upcard.' },
  'P-DC': { name: 'Washington DC', about: 'A dealt 49, 50, or 11 or less wins; only the best dealt hand is paid.' },
  'P-NEWARK': { name: 'Newark', about: 'A dealt 50, 49 or 13 or less wins double; going out with two spreads on your first turn pays 4x.' },
  'P-PUSHUP': { name: 'Push-ups', about: 'Played for points: each loser scores the count left in hand; lowest total wins.' },
  'P-SEATTLE': { name: 'Seattle (seven cards)', about: 'Seattle longshoremen: seven cards each from the 52-card deck.' },
  'P-VIETNAM': { name: 'Vietnam (seven cards, 40-card deck)', about: 'Seven cards each from the 40-card deck.' },
  'P-WASH': { name: 'Washington state', about: 'Two to six players, scored in points: the winner gets one from each loser.' },
};

/** A preset in words: "Standard", "Rushville (Rush)"; an unknown id keeps the server's description. */
export function presetWords(id: string, serverDescription = ''): PresetWords {
  const known = kPresets[id];
  if (known) return known;
  const d = serverDescription.trim();
  return { name: d ? d.charAt(0).toUpperCase() + d.slice(1) : id, about: '' };
}

/** The difficulty levels the server offers, weakest first. */
export const kBotLevels = ['beginner', 'easy', 'medium', 'hard', 'expert'];

/** The bots a person chooses from: the levels when the server offers them, else every kind it lists. */
export function offeredBots(kinds: string[]): string[] {
  const levels = kinds.filter((k) => kBotLevels.includes(k));
  return levels.length > 0 ? levels : kinds;
}

/** A bot kind in words: a level by its name ("Expert"); the engine's bots by the level that plays
 * as they do ("Medium" for greedy, "Hard" for Monte Carlo), "Random" for random; else as it is. */
export function botWords(kind: string): string {
  if (kBotLevels.includes(kind)) return kind[0].toUpperCase() + kind.slice(1);
  if (kind === 'random') return 'Random';
  if (kind === 'greedy') return 'Medium';
  if (/^mc(:\d+)?$/.test(kind)) return 'Hard';
  return kind;
}

/** The names bots play under at a table, by seat (a name a person there already has is skipped). */
export const kBotNames = ['Ruby', 'Otis', 'Mae', 'Cal', 'June', 'Hank', 'Lou', 'Dot', 'Vern', 'Pearl'];

/**
 * The seats as players read them: a bot the server names by its engine ("greedy", "mc:200") or not
 * at all gets a player's name, the same for its seat in every state of the table.
 */
export function nameBots<T extends { name: string | null; kind: string; bot?: string }>(seats: T[]): T[] {
  const engine = (s: T) => s.kind === 'bot' && (!s.name || s.name === s.bot || /^(random|greedy|mc(:\d+)?)$/.test(s.name));
  const taken = new Set(seats.filter((s) => !engine(s)).map((s) => (s.name ?? '').toLowerCase()));
  const free = kBotNames.filter((n) => !taken.has(n.toLowerCase()));
  return seats.map((s, i) => (engine(s) ? { ...s, name: free[i % free.length] ?? `Bot ${i + 1}` } : s));
}

/** A by-rank group's label: 1 → "Aces", 10 → "Tens", 0 (jokers) → "Jokers". */
export function rankGroupLabel(rank: number): string { return rankPlural(rank); }

/** How much better the best move is, in words (the numbers stay in the hint's tooltip). */
function margin(diff: number): string {
  return diff >= 0.5 ? 'much better' : diff >= 0.1 ? 'better' : 'a little better';
}

/**
 * The hint in one sentence with its reason, from the Monte Carlo bot's values (mean result per hand
 * of each of the best moves, best first) and the seat's view: "Take discard: 7♥ goes with your 8♥
 * 9♥. Much better than drawing from the stock." The reason is read from the hand (hintReason.ts);
 * without a view, what the values say.
 */
export function hintWords(hint: HintAction[], view: View | null = null): string {
  if (!hint.length) return 'No hint for this position.';
  const parse = (x: HintAction) => { try { return parseLegal(x); } catch { return null; } };
  const label = (x: HintAction) => { const a = parse(x); return a ? actionLabel(a) : x.id; };
  const doing = (x: HintAction) => { const a = parse(x); return a ? gerund(a) : x.id; };
  const [best, ...rest] = hint;
  const drop = hint.find((x) => x.kind === 'drop');
  const parsed = parse(best);
  const others = rest.map(parse).filter((a): a is ParsedAction => a !== null);
  const fallback = best.kind === 'drop' ? (best.value > 0 ? 'your count is likely the lowest' : 'every other move is likely worse')
    : drop ? (drop.value < 0 ? "you're likely to be caught if you drop now" : 'dropping now is likely to win less')
    : best.value >= 0 ? 'it is likely to win this hand' : 'it loses the least';
  const why = (parsed && whyMove(parsed, view, others)) ?? fallback;
  const against = best.kind !== 'drop' && drop ? drop : rest[0];
  const m = against ? margin(best.value - against.value) : '';
  const than = against ? ` ${m.charAt(0).toUpperCase()}${m.slice(1)} than ${doing(against)}.` : '';
  return `${label(best)}: ${why}.${than}`;
}

/** What a move is, as "doing it": "drawing from the stock", "discarding K♦". */
export function gerund(a: ParsedAction): string {
  const cards = a.cards.map(cardText).join(' ');
  switch (a.kind) {
    case 'drop': return 'dropping';
    case 'stock': return 'drawing from the stock';
    case 'take': return 'taking the discard';
    case 'spread': return `spreading ${cards}`;
    case 'hit': return `hitting spread ${a.target + 1} with ${cards}`;
    case 'discard': return `discarding ${cards}`;
    case 'claim': return 'claiming the dealt win';
    case 'end': return 'ending the turn';
    case 'slap': return `slapping onto spread ${a.target + 1}`;
    case 'pass': return 'passing';
  }
}
