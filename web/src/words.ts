// Words for people: rule sets, bot levels, by-rank groups and the hint said in a sentence. The
// server names presets by id ("P-RUSH") and bots by kind ("greedy", "mc:200"); this is what a player
// reads instead. Names and descriptions follow docs/RULES.md and presets/*.toml.
import { actionLabel, parseAction, ParsedAction } from './actions';
import { cardText } from './cards';

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

/** A bot kind in words: a level by its name ("Expert"), else "Random", "Medium (greedy)", "Hard (Monte Carlo)". */
export function botWords(kind: string): string {
  if (kBotLevels.includes(kind)) return kind[0].toUpperCase() + kind.slice(1);
  if (kind === 'random') return 'Random';
  if (kind === 'greedy') return 'Medium (greedy)';
  if (/^mc(:\d+)?$/.test(kind)) return 'Hard (Monte Carlo)';
  return kind;
}

const kRankPlural = ['Jokers', 'Aces', 'Twos', 'Threes', 'Fours', 'Fives', 'Sixes', 'Sevens', 'Eights', 'Nines', 'Tens',
  'Jacks', 'Queens', 'Kings'];

/** A by-rank group's label: 1 → "Aces", 10 → "Tens", 0 (jokers) → "Jokers". */
export function rankGroupLabel(rank: number): string { return kRankPlural[rank] ?? String(rank); }

function amount(x: number, unit: string): string {
  const r = Math.round(Math.abs(x) * 100) / 100;
  return `${r} ${r === 1 ? unit.replace(/s$/, '') : unit}`;
}

/**
 * The hint in one sentence, from the Monte Carlo bot's values (mean result per hand of each of the
 * best moves, best first): "Draw from stock: you're likely to be caught if you drop now, 0.4 stakes
 * better than dropping". `unit` is the table's unit ("stakes", "points", ...).
 */
export function hintWords(hint: { id: string; value: number }[], unit: string): string {
  if (!hint.length) return 'No hint for this position.';
  const label = (id: string) => { try { return actionLabel(parseAction(id)); } catch { return id; } };
  const doing = (id: string) => { try { return gerund(parseAction(id)); } catch { return id; } };
  const [best, ...rest] = hint;
  const drop = hint.find((x) => x.id === 'drop');
  const head = label(best.id);
  if (best.id === 'drop') {
    const next = rest[0];
    const why = best.value > 0 ? 'your count is likely the lowest' : 'every other move is likely worse';
    return next ? `${head}: ${why}, ${amount(best.value - next.value, unit)} better than ${doing(next.id)}.`
      : `${head}: ${why}.`;
  }
  if (drop) {
    const why = drop.value < 0 ? "you're likely to be caught if you drop now" : 'dropping now is likely to win less';
    return `${head}: ${why}, ${amount(best.value - drop.value, unit)} better than dropping.`;
  }
  const next = rest[0];
  const expect = `expected ${best.value >= 0 ? 'to win' : 'to lose'} ${amount(best.value, unit)} a hand`;
  return next ? `${head}: ${expect}, ${amount(best.value - next.value, unit)} better than ${doing(next.id)}.`
    : `${head}: ${expect}.`;
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
