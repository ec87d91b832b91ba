// The log's lines for the server's events, live and after a reload. A live `event` becomes one line;
// a `history` (docs/PROTOCOL.md: the hand so far, sent after `state` to a seat that resumes or a
// spectator that arrives) rebuilds the lines the page missed, so a reload keeps the hand's log.
import { narrate, parseLegal, reasonText } from './actions';
import type { LogLine } from './chat';
import type { EventMsg, HistoryMsg, StateMsg } from './protocol';

/** The most lines a table page keeps in its log (it shows the last 60): a long session does not grow the page. */
export const kLogKept = 400;

/** Drops the oldest lines of `log` beyond kLogKept. */
export function trimLog(log: LogLine[]): void {
  if (log.length > kLogKept) log.splice(0, log.length - kLogKept);
}

/** The server's own sentence with each bot named as the page names it ("dealt by greedy" → "dealt by Otis", words.ts nameBots). */
function botsByName(state: StateMsg, text: string): string {
  let out = text;
  for (const s of state.seats) {
    if (s.kind !== 'bot' || !s.bot || !s.name || s.name === s.bot) continue;
    out = out.replace(new RegExp(`(^|[\\s(])${s.bot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s.,;:)]|$)`, 'g'), `$1${s.name}`);
  }
  return out;
}

/** The log line of one event, as `state`'s seat reads it ("You drew 7♣ from the stock."). */
export function eventLine(state: StateMsg, e: EventMsg): string {
  if (!e.move) return botsByName(state, e.text);
  const name = state.seats[e.actor]?.name ?? `Seat ${e.actor + 1}`;
  const who = e.actor === state.seat ? 'You' : name;
  // The card taken from the pile: the event says (servers since `taken`), else it is the top
  // discard of the state before the event (live, the state on screen).
  const taken = e.taken !== undefined ? e.taken : state.view?.top_discard ?? null;
  try {
    return narrate(who, parseLegal(e.move), taken, e.drawn) + (e.auto ? ' (timer: played by a bot)' : '');
  } catch {
    return e.text;   // an action this page does not know: the server's sentence
  }
}

/** The log of one table page and the last event it shows, so that a history adds only what is missing. */
export class HandLog {
  private hand = 0;
  private seq = -1;

  /** The line of a live event, noting that the log now reaches it. */
  live(state: StateMsg, e: EventMsg): string {
    this.hand = e.hand;
    this.seq = e.seq;
    return eventLine(state, e);
  }

  /**
   * Adds to `log` the events of `h` it does not have yet: after a reload every event of the hand
   * (and `startsHere`, the line saying earlier moves are missing, is dropped); after a dropped
   * connection only those missed meanwhile. A hand already over gets its result line too.
   */
  rebuild(log: LogLine[], state: StateMsg, h: HistoryMsg, startsHere: string): void {
    if (h.table !== state.table) return;
    const from = h.hand === this.hand ? this.seq + 1 : 0;
    if (from === 0) {
      const at = log.indexOf(startsHere);
      if (at >= 0) log.splice(at, 1, ...(h.hand > 1 ? [`Earlier hands are not in this log; hand ${h.hand} so far:`] : []));
    }
    const missed = h.events.filter((e) => e.seq >= from);
    for (const e of missed) log.push(eventLine({ ...state, view: null }, e));
    if (missed.length) { this.hand = h.hand; this.seq = h.seq; }
    const o = state.view?.outcome;
    if (from === 0 && o && state.hand === h.hand && state.status !== 'playing') {
      const actor = o.player === null ? null : o.player === state.seat ? 'You' : state.seats[o.player]?.name ?? `Seat ${o.player + 1}`;
      log.push(`Hand ${h.hand} is over: ${reasonText(o.reason, actor)}.`);
    }
  }
}
