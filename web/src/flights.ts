// Which cards fly where for a move or a deal, and which sound it makes: read from the move as the
// server announced it (`event`) and the view before it. Pure; motion.ts flies them, sound.ts plays.
import type { ParsedAction } from './actions';
import type { Flight } from './motion';
import type { Sound } from './sound';
import type { View } from './view';

export interface MoveEffect { flights: Flight[]; sound: Sound | null; drawn: string | null }

/**
 * A move by `actor` (`seat` is this page's seat, null for a spectator); `view` is the view before
 * it; `drawn` the card drawn from the stock when this seat drew it. `drawn` in the result is the card
 * this seat now holds from its draw or take, to be marked.
 */
export function moveEffect(view: View | null, seat: number | null, actor: number, a: ParsedAction, drawn: string | null): MoveEffect {
  const me = actor === seat;
  const who = me ? 'hand' : `seat${actor}`;
  const top = view?.top_discard ?? null;
  const spreads = view?.spreads.length ?? 0;
  switch (a.kind) {
    case 'stock':
      return { flights: [me ? { card: drawn, from: 'stock', to: 'hand', faceDown: true } : { card: null, from: 'stock', to: who }], sound: 'draw', drawn: me ? drawn : null };
    case 'take':
      return { flights: [{ card: top, from: 'discard', to: who }], sound: 'draw', drawn: me ? top : null };
    case 'discard':
      return { flights: a.cards.map((c) => ({ card: c, from: who, to: 'discard' })), sound: 'discard', drawn: null };
    case 'spread': case 'hit': {
      const to = `spread${a.kind === 'hit' ? a.target : spreads}`;
      return { flights: a.cards.map((c, i) => ({ card: c, from: who, to, delay: i * 60 })), sound: 'spread', drawn: null };
    }
    case 'slap':
      return { flights: [{ card: top, from: 'discard', to: `spread${a.target}` }], sound: 'spread', drawn: null };
    default:
      return { flights: [], sound: null, drawn: null };
  }
}

/** A new hand dealt one card at a time from the dealer's left, then the upcard. */
export function dealFlights(v: View, seat: number | null, gapMs = 50): Flight[] {
  const out: Flight[] = [];
  const seats = v.seats.length;
  const rounds = Math.max(0, ...v.seats.map((x) => x.hand_size));
  let k = 0;
  for (let round = 0; round < rounds; ++round) {
    for (let i = 1; i <= seats; ++i) {
      const s = (v.dealer + i) % seats;
      if (round >= (v.seats[s]?.hand_size ?? 0)) continue;
      const delay = gapMs * k++;
      out.push(s === seat ? { card: v.hand[round] ?? null, from: 'stock', to: 'hand', faceDown: true, delay } : { card: null, from: 'stock', to: `seat${s}`, delay });
    }
  }
  if (v.top_discard) out.push({ card: v.top_discard, from: 'stock', to: 'discard', delay: gapMs * k });
  return out;
}
