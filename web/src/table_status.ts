// Who is doing what at the table beyond the cards (docs/PROTOCOL.md `state.thinking`,
// `state.watching`, `audience`): "Bo is thinking…" on the seat whose bot's move is pending (the
// server paces bots so a person sees each move), and "2 watching" by the table's title.
import { h } from './dom';
import type { StateMsg } from './protocol';

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

/** Marks the drawn table: the thinking seat's box and the turn line, and the watchers by the title. */
export function showTableStatus(root: HTMLElement, state: StateMsg): void {
  const thinking = thinkingText(state);
  if (thinking && state.thinking !== null && state.thinking !== undefined) {
    const seat = root.querySelector(`.seat[data-seat="${state.thinking}"]`);
    if (seat && !seat.querySelector('.thinking')) seat.append(h('div', { class: 'thinking', role: 'status' }, thinking));
    const turn = root.querySelector('.turn-line .turn-text');
    if (turn) turn.textContent = thinking;
  }
  const watching = watchingText(state);
  const title = root.querySelector('.table-head h1');
  root.querySelector('.watching')?.remove();
  if (watching && title) title.after(h('span', { class: 'watching', title: 'People watching this table' }, watching));
}
