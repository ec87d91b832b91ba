// The hand's result (kept on screen until the player presses Next hand or Close), the session
// ledger, and the table's end. Tables never break a word: their cells wrap between words only.
import { reasonText } from './actions';
import { isReady, readyButton } from './between_hands';
import { h } from './dom';
import { kOfflineCode, offline, recordHref } from './offline';
import { offlineDealNote } from './offlineView';
import { reviewSection } from './review';
import type { Ledger, StateMsg } from './protocol';
import { cardElement, scoreUnit, seatName, signed, TableHandlers, TableModel } from './tableParts';

/**
 * A player's name heading a row of the result or the ledger: cut with an ellipsis to the room the
 * row leaves it (the whole name in its title), the marks ("(you)", "★ winner") always shown, on a
 * line of their own when the name takes the whole width (style.css, `.who`).
 */
function whoCell(state: StateMsg, seat: number, mark: string): HTMLElement {
  const name = state.seats[seat]?.name ?? `Seat ${seat + 1}`;
  const marks = [seat === state.seat ? '(you)' : '', mark].filter(Boolean).join(' ');
  return h('th', { scope: 'row', class: 'who' }, h('div', { class: 'who-box' },
    h('span', { class: 'who-name', title: name }, name), marks ? h('span', { class: 'who-mark' }, ` ${marks}`) : null));
}

export function ledgerTable(state: StateMsg, ledger: Ledger | null): HTMLElement {
  if (!ledger) return h('p', {}, 'No hand has been booked yet.');
  const pushups = ledger.points.some((p) => p !== 0);
  // Side bets (V23) only when there were any: an always-zero column says nothing.
  const side = ledger.pot !== 0 || ledger.side_net.some((x) => x !== 0);
  return h('table', { class: 'ledger' },
    h('caption', {}, `Session ledger after ${ledger.hands} hand${ledger.hands === 1 ? '' : 's'} (${scoreUnit(state.rules)})`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Seat'), h('th', { scope: 'col' }, 'Net'),
      side ? h('th', { scope: 'col' }, 'From hands') : null, side ? h('th', { scope: 'col' }, 'From side bets') : null,
      pushups ? h('th', { scope: 'col' }, 'Points') : null)),
    h('tbody', {}, state.seats.map((s, i) => h('tr', { class: ledger.leaders.includes(i) ? 'leader' : '' },
      whoCell(state, i, ledger.leaders.includes(i) ? '★' : ''),
      h('td', {}, signed(ledger.net[i] ?? 0)), side ? h('td', {}, signed(ledger.hand_net[i] ?? 0)) : null,
      side ? h('td', {}, signed(ledger.side_net[i] ?? 0)) : null, pushups ? h('td', {}, String(ledger.points[i] ?? 0)) : null))),
    ledger.pot ? h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'Pot'), h('td', {}, String(ledger.pot)))) : null);
}

export function handEnd(m: TableModel, hd: TableHandlers): HTMLElement | null {
  const o = m.handOver;
  if (!o) return null;
  const between = m.state.status === 'between' || m.state.status === 'over';
  if (!between && !m.resultOpen) return null;
  const actor = o.player === null ? null : seatName(m.state, o.player);
  let verify: HTMLElement | null = null;
  if (m.verify === 'running') verify = h('p', { role: 'status' }, 'Verifying…');
  else if (typeof m.verify === 'string') verify = h('p', { class: 'error', role: 'status' }, m.verify);
  else if (m.verify) {
    verify = h('div', { class: `verify ${m.verify.ok ? 'ok' : 'bad'}`, role: 'status' },
      h('strong', {}, m.verify.ok ? '✔ The deal verifies: the deck was fixed before the hand.' : '✘ The deal does NOT verify.'),
      h('ul', {}, m.verify.checks.map((c) => h('li', {}, `${c.ok ? '✔' : '✘'} ${c.what}`))),
      h('p', { class: 'muted small' }, `SHA-256 computed in this browser by ${m.verify.sha256}.`));
  }
  const seated = m.state.seat !== null;
  const offlineTable = m.state.table === kOfflineCode;   // dealt in the page: nothing to verify (offlineDealNote)
  if (offlineTable) verify = offlineDealNote(offline.deal, o.hand);
  return h('section', { class: 'hand-end', 'aria-label': `Hand ${o.hand} result` },
    h('h2', {}, `Hand ${o.hand}: ${reasonText(o.reason, actor)}`),
    // "Next hand in 23 s · waiting for Bo" (between_hands.ts fills it each second).
    h('p', { class: 'countdown next-hand', 'data-slot': 'countdown', role: 'status' }),
    h('div', { class: 'end-buttons' },
      m.state.status === 'between' && seated ? readyButton(m.state, isReady(m.state, m.readyHand), 'ready', () => hd.ready())
        : m.state.status === 'playing' ? h('button', { type: 'button', class: 'primary', 'data-focus': 'close-result', onclick: () => hd.closeResult?.() },
          seated ? 'Next hand' : 'Close') : null,
      offlineTable ? null : h('button', { type: 'button', 'data-focus': 'verify', onclick: () => hd.verify() }, 'Verify the deal'),
      hd.review ? h('button', { type: 'button', 'data-focus': 'review', onclick: () => hd.review?.() }, 'Review') : null,
      h('a', { href: recordHref(m.state.table, o.hand), download: `tonk-${m.state.table}-${o.hand}.tonk` }, 'Download record')),
    h('table', { class: 'results' },
      h('caption', {}, `Result: what each player won (+) or paid (−), in ${scoreUnit(m.state.rules)}`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Hand'),
        h('th', { scope: 'col' }, 'Count'), h('th', { scope: 'col' }, 'Result'))),
      h('tbody', {}, o.hands.map((hand, i) => h('tr', { class: o.winners.includes(i) ? 'winner' : '' },
        whoCell(m.state, i, o.winners.includes(i) ? '★\u00a0winner' : ''),
        h('td', {}, hand.length ? h('span', { class: 'cards-inline' }, hand.map((c) => cardElement(c, { small: true }))) : '(empty)'),
        h('td', {}, String(o.counts[i] ?? '')),
        h('td', { class: (o.payouts[i] ?? 0) > 0 ? 'plus' : (o.payouts[i] ?? 0) < 0 ? 'minus' : '' }, signed(o.payouts[i] ?? 0)))))),
    verify,
    reviewSection(m.review, o.hand));
}

/**
 * Play again (docs/WEB.md): the seat's answer to a rematch at the same seats and rules. Before
 * anyone asked, *Play again*; once another seat asked, "Ann wants a rematch" with *Play again* and
 * *No thanks*; after pressing, what it waits for.
 */
function playAgain(m: TableModel, hd: TableHandlers): HTMLElement | null {
  if (!hd.playAgain || m.state.seat === null) return null;
  const r = m.rematch ?? { asked: false, declined: false, offer: null };
  const offer = r.offer;
  const mine = offer?.seats.find((s) => s.seat === m.state.seat);
  if (r.error) return h('p', { class: 'error rematch', role: 'alert' }, `Play again: ${r.error}`);
  if (r.declined || mine?.answer === 'declined') return h('p', { class: 'muted small rematch', role: 'status' }, 'You said no to a rematch.');
  if (r.asked || mine?.answer === 'accepted') return h('p', { class: 'rematch', role: 'status' }, 'Play again: opening the new table…');
  const accepted = (offer?.seats ?? []).filter((s) => s.answer === 'accepted' && s.seat !== m.state.seat).map((s) => s.name || `Seat ${s.seat + 1}`);
  const who = accepted.length === 0 ? null : accepted.length === 1 ? accepted[0] : `${accepted.slice(0, -1).join(', ')} and ${accepted[accepted.length - 1]}`;
  return h('div', { class: 'rematch', role: 'group', 'aria-label': 'Play again' },
    who ? h('p', { role: 'status' }, `${who} ${accepted.length === 1 ? 'wants' : 'want'} a rematch`) : null,
    h('div', { class: 'end-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-focus': 'play-again', onclick: () => hd.playAgain?.(true) }, 'Play again'),
      who ? h('button', { type: 'button', 'data-focus': 'no-thanks', onclick: () => hd.playAgain?.(false) }, 'No thanks') : null));
}

/** The end of the table: what happened, the final ledger, every hand's record and the way back. */
export function tableOver(m: TableModel, hd: TableHandlers): HTMLElement {
  const { state } = m;
  const booked = state.ledger?.hands ?? 0;
  return h('section', { class: 'hand-end table-over', 'aria-label': 'The table is over' },
    h('h2', {}, 'The table is over'),
    playAgain(m, hd),
    h('div', { class: 'end-buttons' },
      h('button', { type: 'button', class: state.seat === null || !hd.playAgain ? 'primary' : '', 'data-focus': 'home-end', onclick: () => hd.home() }, 'Back to the lobby')),
    ledgerTable(state, state.ledger),
    booked ? h('p', { class: 'records' }, 'Records: ', Array.from({ length: booked }, (_, i) => [i ? ', ' : '',
      h('a', { href: recordHref(state.table, i + 1), download: `tonk-${state.table}-${i + 1}.tonk` }, `hand ${i + 1}`)]).flat()) : null,
    handEnd(m, hd));
}
