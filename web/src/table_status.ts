// Who is doing what at the table beyond the cards (docs/PROTOCOL.md `state.thinking`,
// `state.watching`, `audience`): "Bo is thinking…" on the seat whose bot's move is pending (the
// server paces bots so a person sees each move; feltView.ts and the turn line show it), and
// "2 watching" in the table's header.
import type { StateMsg } from './protocol';

/** Whether seat `i`'s bot move is pending (the server holds it back for the table's pace). */
export function thinking(state: StateMsg, i: number): boolean {
  return state.status === 'playing' && state.thinking === i;
}

/** "Bo is thinking…" while the seat's bot's move is pending, else null. */
export function thinkingText(state: StateMsg): string | null {
  const seat = state.thinking;
  if (seat === null || seat === undefined || state.status !== 'playing') return null;
  const name = state.seats[seat]?.name ?? `Seat ${seat + 1}`;
  return seat === state.seat ? "The timer's bot is thinking for you…" : `${name} is thinking…`;
}

/** "2 watching", or null when nobody watches. */
export function watchingText(state: StateMsg): string | null {
  const n = state.watching ?? 0;
  return n > 0 ? `${n} watching` : null;
}
