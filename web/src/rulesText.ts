// The rules shown in the page, written for a player: built from the table's rule line, the options
// the server sends in `state.rules` ("players=3 hand_size=5 deck=full52 ..."), so they are this
// table's rules and never a second copy of the rulebook. Every number and choice comes from the line,
// which the engine writes whole (every option, to_string(Rules)); the page keeps no default values
// of its own. The rule IDs of docs/RULES.md each part rests on are kept beside it, small, for
// whoever wants to look them up; the prose never names them.

export interface RulesSection { title: string; paragraphs: string[]; ids: string[] }

/** The options the text reads (their values always come from the line: docs/OPTIONS.md). */
const kRead = ['players', 'hand_size', 'deck', 'jokers', 'wild_cards', 'face_values', 'upcard', 'dealt_tonk_min',
  'dealt_tonk_max', 'dealt_tonk_pays', 'dealt_low_max', 'dealt_low_pays', 'dealt_five_faces_pays', 'multiple_dealt_tonks',
  'dealt_claim_total', 'dealt_claim_pays', 'tonk_out_pays', 'hit_out_pays', 'out_by_discard_pays', 'first_turn_out_pays',
  'drop_pays', 'caught_payout', 'caught_pays', 'caught_lowest_pays', 'stock_end', 'stock_end_pays', 'book_max',
  'must_lay_spreads', 'drop_on_first_turn', 'scoring', 'drop_called_tonk', 'slapping'];

/** The rule line as options: "a=1 b=x" → { a: '1', b: 'x' }; a later value of an option wins. */
export function ruleOptions(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of line.trim().split(/\s+/)) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

/** The options of kRead that `line` does not give (an incomplete line: an older server's preset list). */
export function missingOptions(line: string): string[] {
  const o = ruleOptions(line);
  return kRead.filter((k) => !(k in o));
}

const kNumberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
function num(n: number): string { return kNumberWords[n] ?? String(n); }

/** A payment in the table's unit: "1 stake", "2 stakes", "2 units", "1 point". */
function pays(n: number, scoring: string): string {
  const unit = scoring === 'units' ? 'unit' : scoring === 'points' || scoring === 'pushups' ? 'point' : 'stake';
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * The rules of the table whose rule line is `line`, for a player, in the order a new player needs
 * them. `line` is a full rule line as the engine writes it (`state.rules`, a preset's `rules`);
 * one that lacks an option the text reads gives no sections: the page says nothing rather than guess.
 * `maxPlayers` is the most players the table's rules allow (the server's preset list).
 */
export function playerRules(line: string, maxPlayers: number | null = null): RulesSection[] {
  if (missingOptions(line).length) return [];
  const o = ruleOptions(line);
  const n = (k: string) => Number(o[k]);
  const yes = (k: string) => o[k] === 'true';
  const sc = o.scoring;
  const p = (k: string) => pays(n(k), sc);
  const out: RulesSection[] = [];
  const add = (title: string, ids: string[], ...paragraphs: (string | false | null)[]) =>
    out.push({ title, ids, paragraphs: paragraphs.filter((x): x is string => !!x) });

  const faces = o.face_values === 'ranked' ? 'the jack 11, the queen 12 and the king 13' : 'the jack, queen and king 10 each';
  add('The aim', ['S3', 'S13', 'S15'],
    'Get rid of your cards, or have the lowest count when the hand ends. Your count is what the cards in your hand add up to: '
      + `an ace is 1, the 2 to the 10 their number, ${faces}${n('jokers') ? ', a joker 0' : ''}.`);

  const deck = o.deck === 'forty' ? 'a 40-card deck (no 8s, 9s or 10s)' : 'one 52-card deck';
  const jokers = n('jokers') ? ` with ${num(n('jokers'))} joker${n('jokers') === 1 ? '' : 's'}` : '';
  add('The deal', ['S1', 'S2', 'S6', o.deck === 'forty' ? 'V11' : '', n('jokers') ? 'V16' : '', yes('upcard') ? '' : 'V1'].filter(Boolean),
    `This table has ${num(n('players'))} players${maxPlayers ? ` (these rules allow 2 to ${maxPlayers})` : ''}. `
      + `Everyone gets ${num(n('hand_size'))} cards from ${deck}${jokers}.`,
    yes('upcard') ? 'The next card is turned face up to start the discard pile; the rest, face down, is the stock.'
      : 'No card is turned up: the discard pile starts empty and the rest is the stock.',
    'The deal moves one seat to the left after every hand.');

  const dealt: string[] = [];
  if (n('dealt_tonk_min') > 0) {
    const lo = n('dealt_tonk_min'), hi = n('dealt_tonk_max');
    const range = lo === hi ? String(lo) : hi - lo === 1 ? `${lo} or ${hi}` : `${lo} to ${hi}`;
    dealt.push(`If your dealt cards count ${range}, you win at once: everyone pays you ${p('dealt_tonk_pays')}.`);
  }
  if (n('dealt_low_max') > 0) dealt.push(`A dealt count of ${n('dealt_low_max')} or less wins too: everyone pays you ${p('dealt_low_pays')}.`);
  if (n('dealt_five_faces_pays') > 0) dealt.push(`A dealt hand of face cards only (jacks, queens, kings) wins ${p('dealt_five_faces_pays')} from everyone.`);
  if (n('dealt_claim_total') > 0) dealt.push(`With a dealt ${n('dealt_claim_total')} you may claim a win before your first turn, if nobody has spread yet: ${p('dealt_claim_pays')} from everyone.`);
  if (dealt.length) dealt.push(o.multiple_dealt_tonks === 'void' ? 'If two or more players are dealt a win, nobody is paid and the hand is dealt again.'
    : o.multiple_dealt_tonks === 'all' ? 'If several players are dealt a win, each is paid.' : 'If several players are dealt a win, only the best is paid.');
  add('Winning at the deal', ['S7', 'S18', n('dealt_low_max') ? 'V8' : '', n('dealt_five_faces_pays') ? 'V12b' : '', n('dealt_claim_total') ? 'V13d' : ''].filter(Boolean),
    ...(dealt.length ? dealt : ['No dealt hand wins by itself here: every hand is played.']),
    dealt.length ? 'Once the first turn has begun, such a count is just a high count.' : null);

  add('Your turn', ['S8', 'S9', 'S10', yes('drop_on_first_turn') ? '' : 'I3'].filter(Boolean),
    'Play goes to the left. On your turn, first draw: tap the stock for its top card, or the discard pile for the card on top of it. '
      + 'Then lay spreads and hit spreads as you like. End your turn by discarding one card onto the pile.',
    `Instead of drawing, you may ${yes('drop_called_tonk') ? 'knock (called “tonk” here)' : 'drop'} at the start of your turn`
      + `${yes('drop_on_first_turn') ? '' : ' (but not on your first turn)'}: see Dropping below.`);

  const wild = o.wild_cards === 'deuces_jokers';
  add('Spreads', ['S11', 'S12', wild ? 'V13a' : '', yes('must_lay_spreads') ? 'V2' : ''].filter(Boolean),
    `A book is ${n('book_max') === 4 ? 'three or four' : 'three'} cards of one rank (7♣ 7♦ 7♥). A run is three or more cards of one suit in order (4♥ 5♥ 6♥); `
      + `the ace is low only: A 2 3 is a run, Q K A is not${o.deck === 'forty' ? '. Without 8s, 9s and 10s the 7 is next to the jack (6 7 J)' : ''}.`,
    'On your turn you may also hit: add your cards to any spread on the table, a run at either end, a book its fourth card. '
      + 'Every card you lay or hit leaves your hand and your count.',
    wild ? 'Deuces and jokers are wild: in a spread they stand for any card you need.' : null,
    yes('must_lay_spreads') ? 'You must lay a spread as soon as you hold one.' : null);

  const hitOut = n('hit_out_pays') !== n('tonk_out_pays') ? ` If you hit a spread during that turn, it pays ${p('hit_out_pays')}.` : '';
  add('Going out', ['S13', 'S14', hitOut ? 'V3a' : '', n('first_turn_out_pays') ? 'V10' : ''].filter(Boolean),
    `Empty your hand by spreading and hitting, with no card left to discard, and you win at once: everyone pays you ${p('tonk_out_pays')}.${hitOut}`,
    `Discard your last card and you win too: everyone pays you ${p('out_by_discard_pays')}.`,
    n('first_turn_out_pays') ? `Going out on your first turn with two spreads pays ${p('first_turn_out_pays')}.` : null);

  const caught = o.caught_payout === 'standard'
    ? `you pay ${p('caught_pays')} to each of them, and the lowest count also gets ${p('caught_lowest_pays')} from everyone else.`
    : o.caught_payout === 'lowest_only' ? `you pay ${p('caught_pays')} to the player with the lowest count.`
    : `you pay the players who caught you (${p('caught_pays')} each).`;
  add(yes('drop_called_tonk') ? 'Dropping (“tonk”)' : 'Dropping', ['S15', yes('drop_called_tonk') ? 'V12a' : '', o.caught_payout === 'standard' ? '' : 'V4'].filter(Boolean),
    'At the start of your turn, before drawing, you may drop when you think your count is the lowest. Everyone shows their hand.',
    `If your count is lower than everyone else's, you win ${p('drop_pays')} from each player.`,
    `If anyone has the same count or lower, you are caught: ${caught}`);

  add('When the stock runs out', ['S16'],
    o.stock_end === 'dead' ? 'When someone would have to draw from an empty stock, the hand is dead: nobody is paid.'
      : `Play goes on while each player takes the discard before them. When someone would have to draw from the empty stock, the hand ends: `
        + `the lowest count wins ${p('stock_end_pays')} from every player with a higher count.`);

  add('Keeping score', ['S4', 'S17', sc === 'units' ? 'V12c' : sc === 'points' ? 'V14' : sc === 'pushups' ? 'V15' : ''].filter(Boolean),
    sc === 'pushups' ? 'Played for points: the winner of a hand scores nothing, every other player scores the count left in their hand (doubled after a win that pays double). The lowest total wins.'
      : `Results are counted in ${pays(2, sc).slice(2)}. What the winners get the losers pay, so every hand adds up to zero. The ledger keeps everyone's total.`);

  if (o.slapping !== 'off') add('Slapping', ['V21'], 'When a discard fits a spread on the table, a player may slap it onto that spread out of turn.');
  return out;
}
