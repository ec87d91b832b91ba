import type { StateMsg } from '../src/protocol';
import type { View } from '../src/view';

/** The standard game's full rule line as the engine writes it (`tonk sim --record`'s [Rules] tag, `state.rules`). */
export const kStandardRules =
  'players=2 hand_size=5 deck=full52 jokers=0 wild_cards=none face_values=ten upcard=true ' +
  'dealt_tonk_min=49 dealt_tonk_max=50 dealt_tonk_pays=2 dealt_tonk_below_max_pays=2 dealt_low_max=0 ' +
  'dealt_low_pays=2 dealt_five_faces_pays=0 multiple_dealt_tonks=void dealt_priority=high_first ' +
  'dealt_claim_total=0 dealt_claim_pays=1 tonk_out_pays=2 hit_out_pays=2 out_by_discard_pays=1 ' +
  'first_turn_out_pays=0 double_spread_out_pays=0 hit_breaks_double=false drop_pays=1 ' +
  'caught_payout=standard caught_pays=2 caught_lowest_pays=1 caught_pays_per_player=false ' +
  'caught_for_dropper_too=true stock_end=lowest_wins stock_end_pays=1 max_turns=200 empty_stock_takes=3 ' +
  'boobed_deck=false spread_wait=0 hit_wait=0 own_hit_wait=0 waits_add=false round_hits_one_wait=false ' +
  'hit_blocks_going_out=false must_lay_spreads=false may_hold_three_aces=false book_max=4 ' +
  'hit_cards_per_turn=0 hit_skips_discard=false taken_discard_must_spread=false ' +
  'rediscard_taken_card=false drop_on_first_turn=true held_spreads_count=true cut_ace_high=false ' +
  'slapping=off scoring=stakes drop_called_tonk=false pushup_limit=0 big_one_hands=0 suit_bet=0 ' +
  'naturals_bet=0';

/** The standard game's `card_values` (docs/VIEW_JSON.md): ace 1, 2 to 10 their number, J Q K 10. */
export const kStandardValues: Record<string, number> = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10, J: 10, Q: 10, K: 10 };

/** The hand-built view of docs/VIEW_JSON.md: seat 0 of two, after drawing. */
export function exampleView(): View {
  return {
    schema: 'tonk.view/1', player: 0, players: 2, dealer: 1, to_move: 0, phase: 'after_draw', turn: 3,
    hand: ['Ac', '2c', '3c', '9d', 'Kd', '5h'], count: 30, card_values: { ...kStandardValues }, taken_discard: null,
    seats: [
      { seat: 0, hand_size: 6, known: [], turns: 2, empty_stock_takes: 0 },
      { seat: 1, hand_size: 2, known: ['7h'], turns: 1, empty_stock_takes: 0 },
    ],
    spreads: [{ owner: 1, cards: ['4s', '5s', '6s'], shape: null, form: { kind: 'run', suit: 's', places: ['4', '5', '6'] } }],
    top_discard: '8c', discard_size: 2, discard_pile: ['8c', 'Qh'], stock_size: 39,
    history: [
      { player: 0, action: 'stock' }, { player: 0, action: 'discard 7h' }, { player: 1, action: 'take' },
      { player: 1, action: 'spread 4s5s6s' }, { player: 1, action: 'discard 8c' }, { player: 0, action: 'stock' },
    ],
    outcome: null,
  };
}

const la = (id: string, kind: string, cards: string[], target: number | null = null) => ({ id, kind, cards, target, shape: null });

export function exampleState(): StateMsg {
  return {
    type: 'state', table: 'K7QX2M', seat: 0, hand: 1, seq: 6, status: 'playing', view: exampleView(),
    legal: [
      la('spread Ac2c3c', 'spread', ['Ac', '2c', '3c']),
      la('discard Ac', 'discard', ['Ac']), la('discard 2c', 'discard', ['2c']), la('discard 3c', 'discard', ['3c']),
      la('discard 9d', 'discard', ['9d']), la('discard Kd', 'discard', ['Kd']), la('discard 5h', 'discard', ['5h']),
    ],
    to_move: 0, deadline_ms: 24100,
    seats: [
      { seat: 0, name: 'Ann', kind: 'person', connected: true, auto: false },
      { seat: 1, name: 'greedy', kind: 'bot', bot: 'greedy', connected: true, auto: false },
    ],
    ledger: { hands: 0, net: [0, 0], hand_net: [0, 0], side_net: [0, 0], pot: 0, points: [0, 0], leaders: [], stake_next: 1, over: false },
    rules: kStandardRules, preset: 'P-STD', fair: { hand: 2, commitment: 'ab'.repeat(32), contributed: false },
  };
}
