// Between hands (docs/PROTOCOL.md `state.next_hand_ms`, `state.waiting_for`): the countdown to the
// next hand dealing itself and who the table waits on, in the result panel ("Next hand in 23 s ·
// waiting for Bo"). The panel stays until the next hand is dealt: every seat pressed *Next hand*
// or the countdown ran out.
import { h } from './dom';
import type { StateMsg } from './protocol';

/** When the next hand deals itself (Date.now() ms), from the latest state. */
export class NextHandCountdown {
  private at: number | null = null;

  update(s: StateMsg, now = Date.now()): void {
    this.at = s.status === 'between' && typeof s.next_hand_ms === 'number' ? now + s.next_hand_ms : null;
  }

  secondsLeft(now = Date.now()): number | null {
    return this.at === null ? null : Math.max(0, Math.ceil((this.at - now) / 1000));
  }
}

/** The names of the seats `state` waits on, "you" for the page's own seat; "Bo", "you and Bo", "Bo, Cy and Dee". */
export function waitingNames(state: StateMsg): string | null {
  const seats = state.waiting_for ?? [];
  if (!seats.length) return null;
  const names = seats.map((i) => (i === state.seat ? 'you' : state.seats[i]?.name ?? `Seat ${i + 1}`));
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Next hand in 23 s · waiting for Bo", or null when nothing is awaited between hands. */
export function nextHandText(state: StateMsg, secondsLeft: number | null): string | null {
  if (state.status !== 'between') return null;
  const waiting = waitingNames(state);
  const parts = [secondsLeft !== null ? `Next hand in ${secondsLeft} s` : '', waiting ? `waiting for ${waiting}` : ''].filter(Boolean);
  if (!parts.length) return null;
  const text = parts.join(' · ');
  return text[0].toUpperCase() + text.slice(1);
}

/**
 * Writes the line into the result panel's countdown slot (handEndView.ts), hidden when there is
 * nothing to say. Called after each redraw and each second.
 */
export function showNextHand(root: HTMLElement, state: StateMsg, secondsLeft: number | null): void {
  const slot = root.querySelector<HTMLElement>('.hand-end [data-slot="countdown"]');
  if (!slot) return;
  const text = nextHandText(state, secondsLeft) ?? '';
  if (slot.textContent !== text) slot.textContent = text;
  slot.hidden = !text;
}

/** Whether this page's seat has said it is ready for the next hand: pressed here, or no longer awaited by the server. */
export function isReady(state: StateMsg, pressedForHand: number | null | undefined): boolean {
  if (state.status !== 'between' || state.seat === null) return false;
  if (pressedForHand === state.hand) return true;
  return state.waiting_for !== undefined && !state.waiting_for.includes(state.seat);
}

/**
 * The Next hand button, or once pressed what it did: "Ready ✓ · waiting for Bo" (the others the
 * table still waits on), kept as a button that does nothing more so that it keeps its place.
 */
export function readyButton(state: StateMsg, ready: boolean, focus: string, onReady: () => void): HTMLElement {
  if (!ready) return h('button', { type: 'button', class: 'primary', 'data-focus': focus, onclick: () => onReady() }, 'Next hand');
  const others = (state.waiting_for ?? []).filter((i) => i !== state.seat);
  const names = waitingNames({ ...state, waiting_for: others });
  return h('button', { type: 'button', class: 'ready-done', 'aria-disabled': 'true', 'data-focus': focus },
    `Ready ✓${names ? ` · waiting for ${names}` : ''}`);
}
