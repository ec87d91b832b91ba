// The table, drawn from one `state` message and what the page remembers (selection, log, the last
// hand's end). Pure: it returns elements and calls the handlers it is given; app.ts owns the state.
import { actionLabel, matchSelection, parseAction, ParsedAction, reasonText } from './actions';
import { cardName, cardText, groupHand, Grouping } from './cards';
import { cardBackSvg, cardFaceSvg } from './cardSvg';
import { h, svg } from './dom';
import type { VerifyResult } from './fair';
import type { HandOverMsg, LegalAction, Ledger, StateMsg } from './protocol';
import { describeSpread } from './spreads';

export interface TableModel {
  state: StateMsg;
  selected: Set<string>;
  grouping: Grouping;
  log: string[];
  hint: { id: string; value: number }[] | null;
  error: string | null;
  handOver: HandOverMsg | null;     // the last hand's end, shown while status is "between"/"over"
  verify: VerifyResult | 'running' | string | null;  // a string: why it could not run
  showLedger: boolean;
  confirmDrop: boolean;
  link: string;                     // the invite link, absolute
  commitment: string | null;        // the commitment of the hand in play, as published before its deal
  flash: { seat: number; zone: string } | null;  // the last opponent move, animated briefly
  secondsLeft: number | null;
  connected: boolean;
}

export interface TableHandlers {
  select(card: string): void;
  act(id: string): void;
  confirmDrop(yes: boolean): void;
  hint(): void;
  grouping(g: Grouping): void;
  ledger(show: boolean): void;
  ready(): void;
  verify(): void;
  back(): void;
  leave(): void;
  end(): void;
  copyLink(): void;
  home(): void;
}

function seatName(state: StateMsg, seat: number | null | undefined): string {
  if (seat === null || seat === undefined || seat < 0) return '';
  const s = state.seats[seat];
  const name = s?.name ?? `Seat ${seat + 1}`;
  return seat === state.seat ? `${name} (you)` : name;
}

/** A card face; a button when `onClick` is given. `key` keeps keyboard focus across redraws. */
export function cardElement(code: string, opts: { onClick?: () => void; pressed?: boolean; key?: string; extraLabel?: string; small?: boolean } = {}): HTMLElement {
  const label = cardName(code) + (opts.extraLabel ? `, ${opts.extraLabel}` : '');
  const cls = `card${opts.small ? ' small' : ''}${opts.pressed ? ' selected' : ''}`;
  const el = opts.onClick
    ? h('button', { type: 'button', class: cls, 'aria-label': label, 'aria-pressed': opts.pressed ? 'true' : 'false',
      'data-card': code, 'data-focus': opts.key ?? `card-${code}`, title: cardText(code), onclick: () => opts.onClick!() })
    : h('span', { class: cls, role: 'img', 'aria-label': label, 'data-card': code, title: cardText(code) });
  el.append(svg(cardFaceSvg(code)));
  return el;
}

function cardBack(label: string, small = true): HTMLElement {
  const el = h('span', { class: `card back${small ? ' small' : ''}`, role: 'img', 'aria-label': label });
  el.append(svg(cardBackSvg()));
  return el;
}

function ledgerTable(state: StateMsg, ledger: Ledger | null): HTMLElement {
  if (!ledger) return h('p', {}, 'No hand has been booked yet.');
  const pushups = ledger.points.some((p) => p !== 0);
  return h('table', { class: 'ledger' },
    h('caption', {}, `Session ledger after ${ledger.hands} hand${ledger.hands === 1 ? '' : 's'} (stakes)`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Seat'), h('th', { scope: 'col' }, 'Net'),
      h('th', { scope: 'col' }, 'From hands'), h('th', { scope: 'col' }, 'From side bets'), pushups ? h('th', { scope: 'col' }, 'Points') : null)),
    h('tbody', {}, state.seats.map((s, i) => h('tr', { class: ledger.leaders.includes(i) ? 'leader' : '' },
      h('th', { scope: 'row' }, seatName(state, i) + (ledger.leaders.includes(i) ? ' ★' : '')),
      h('td', {}, signed(ledger.net[i] ?? 0)), h('td', {}, signed(ledger.hand_net[i] ?? 0)),
      h('td', {}, signed(ledger.side_net[i] ?? 0)), pushups ? h('td', {}, String(ledger.points[i] ?? 0)) : null))),
    ledger.pot ? h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'Pot'), h('td', {}, String(ledger.pot)))) : null);
}

export function signed(n: number): string { return n > 0 ? `+${n}` : String(n); }

/**
 * What the table's results are counted in, from the rule line's `scoring` (S4 stakes, V12c units,
 * V14a points, V15 push-ups), as the terminal's hint says it.
 */
export function scoreUnit(rules: string): string {
  const m = /(?:^|\s)scoring=(\S+)/.exec(rules);
  const scoring = m ? m[1] : 'stakes';
  return scoring === 'units' ? 'units' : scoring === 'points' ? 'points' : scoring === 'pushups' ? 'push-ups' : 'stakes';
}

/** The hint's heading: what its values are (the Monte Carlo bot's mean result per hand for each move). */
export function hintUnit(rules: string): string {
  const unit = scoreUnit(rules);
  return unit === 'push-ups' ? 'push-ups per hand, shown negative so that higher is better' : `${unit} per hand`;
}

function opponents(m: TableModel): HTMLElement {
  const { state } = m;
  const v = state.view;
  return h('section', { class: 'seats', 'aria-label': 'Players' }, state.seats.map((s, i) => {
    if (i === state.seat) return null;
    const info = v?.seats[i];
    const toMove = state.status === 'playing' && state.to_move === i;
    // Once the hand is over its hands are shown (S15, S16): the seat shows its cards face up, not backs.
    const shown = state.status !== 'playing' && m.handOver ? m.handOver.hands[i] ?? null : null;
    const known = shown ?? info?.known ?? [];
    const hidden = shown ? 0 : Math.max(0, (info?.hand_size ?? 0) - known.length);
    const flash = m.flash && m.flash.seat === i ? ' flash' : '';
    const tags = [
      s.kind === 'bot' ? `bot${s.bot ? ` (${s.bot})` : ''}` : s.kind === 'open' ? 'open seat' : '',
      v && v.dealer === i ? 'dealer' : '',
      s.auto ? 'played by a bot (timer)' : '',
      s.kind === 'person' && !s.connected ? 'disconnected' : '',
    ].filter(Boolean);
    return h('div', { class: `seat${toMove ? ' to-move' : ''}${flash}`, 'data-seat': i, role: 'group',
      'aria-label': `${seatName(state, i)}: ${info ? `${info.hand_size} cards` : 'no hand'}${toMove ? ', to move' : ''}` },
      h('div', { class: 'seat-name', title: seatName(state, i) || 'Open seat' }, toMove ? h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, '▶ ') : null,
        seatName(state, i) || 'Open seat'),
      tags.length ? h('div', { class: 'seat-tags' }, tags.join(' · ')) : null,
      info ? h('div', { class: 'seat-cards' },
        h('span', { class: 'seat-count' }, `${info.hand_size} card${info.hand_size === 1 ? '' : 's'}`),
        h('span', { class: 'backs', 'aria-hidden': 'true' }, Array.from({ length: Math.min(hidden, 8) }, () => cardBack('hidden card'))),
        known.length ? h('span', { class: 'known', 'aria-label': `${shown ? 'shown' : 'known'}: ${known.map(cardName).join(', ')}` },
          known.map((c) => cardElement(c, { small: true, extraLabel: shown ? 'shown' : 'known' }))) : null) : null,
      state.ledger ? h('div', { class: 'seat-net' }, `net ${signed(state.ledger.net[i] ?? 0)}`) : null);
  }));
}

function centre(m: TableModel, hitTargets: number[]): HTMLElement {
  const v = m.state.view!;
  const spreads = v.spreads.map((sp, i) => {
    const info = describeSpread(sp.cards, sp.shape, m.state.rules.includes('deck=forty'));
    const target = hitTargets.includes(i);
    return h('li', { class: `spread${target ? ' target' : ''}${m.flash?.zone === `spread${i}` ? ' flash' : ''}`, 'data-spread': i },
      h('div', { class: 'spread-title' }, `${i + 1}. ${info.title} · ${seatName(m.state, sp.owner)}`, target ? h('strong', { class: 'target-mark' }, ' ← your cards hit this') : null),
      h('div', { class: 'spread-cards' }, sp.cards.map((c) => cardElement(c, { small: true }))),
      info.wild.length ? h('div', { class: 'wild' }, info.wild.map((w) => `${cardText(w.card)} = ${w.standsFor}`).join(', ')) : null);
  });
  return h('section', { class: 'centre', 'aria-label': 'Table' },
    h('div', { class: 'piles' },
      h('div', { class: `pile stock${m.flash?.zone === 'stock' ? ' flash' : ''}`, role: 'group', 'aria-label': `Stock: ${v.stock_size} cards` },
        v.stock_size > 0 ? cardBack('stock') : h('span', { class: 'card empty small' }),
        h('div', { class: 'pile-label' }, `Stock ${v.stock_size}`)),
      h('div', { class: `pile discard${m.flash?.zone === 'discard' ? ' flash' : ''}`, role: 'group',
        'aria-label': `Discard pile: ${v.discard_size} cards${v.top_discard ? `, top ${cardName(v.top_discard)}` : ''}` },
        v.top_discard ? cardElement(v.top_discard, { small: true, extraLabel: 'top of the discard pile' }) : h('span', { class: 'card empty small' }),
        h('div', { class: 'pile-label' }, `Discard ${v.discard_size}`))),
    h('div', { class: 'spreads-box' },
      h('h2', {}, 'Spreads'),
      spreads.length ? h('ol', { class: 'spreads' }, spreads) : h('p', { class: 'on-felt' }, 'No spreads yet.')));
}

function turnLine(m: TableModel): HTMLElement {
  const { state } = m;
  let text = '';
  if (state.status === 'waiting') text = 'Waiting for players to join…';
  else if (state.status === 'playing') {
    text = state.to_move === state.seat ? 'Your turn' : `${seatName(state, state.to_move)} to move`;
    if (state.to_move === state.seat && state.view) {
      const ph = state.view.phase;
      text += ph === 'start_of_turn' ? ': draw, take or drop' : ph === 'after_draw' ? ': spread, hit or discard' : ph.startsWith('slap') ? ': slap or pass' : '';
    }
  } else if (state.status === 'between') text = `Hand ${state.hand} is over`;
  else text = 'The table is over';
  return h('div', { class: 'turn-line', role: 'status', 'aria-live': 'polite' },
    h('span', { class: 'turn-text' }, text),
    m.secondsLeft !== null && state.status === 'playing'
      ? h('span', { class: `timer${m.secondsLeft <= 5 ? ' low' : ''}`, 'aria-label': `${m.secondsLeft} seconds left` }, `${m.secondsLeft} s left`) : null,
    m.connected ? null : h('span', { class: 'offline' }, ' · reconnecting…'));
}

function myHand(m: TableModel, hd: TableHandlers, selectable: Set<string>): HTMLElement {
  const v = m.state.view!;
  const groups = groupHand(v.hand, m.grouping);
  return h('section', { class: 'my-hand', 'aria-label': 'Your hand' },
    h('div', { class: 'hand-head' },
      h('h2', {}, `Your hand · count ${v.count}`),
      h('span', { class: 'me' }, [seatName(m.state, m.state.seat), v.dealer === m.state.seat ? 'dealer' : '',
        m.state.ledger ? `net ${signed(m.state.ledger.net[m.state.seat!] ?? 0)}` : ''].filter(Boolean).join(' · ')),
      h('div', { class: 'group-toggle', role: 'group', 'aria-label': 'Group cards' },
        h('button', { type: 'button', 'aria-pressed': String(m.grouping === 'suit'), 'data-focus': 'group-suit', onclick: () => hd.grouping('suit') }, 'By suit'),
        h('button', { type: 'button', 'aria-pressed': String(m.grouping === 'rank'), 'data-focus': 'group-rank', onclick: () => hd.grouping('rank') }, 'By rank'))),
    h('div', { class: 'hand' }, groups.map((g) => h('div', { class: 'group', role: 'group', 'aria-label': g.label },
      h('div', { class: 'group-label', 'aria-hidden': 'true' }, g.label),
      h('div', { class: 'group-cards' }, g.cards.map((c) => cardElement(c, {
        pressed: m.selected.has(c),
        onClick: () => hd.select(c),
        extraLabel: selectable.has(c) ? undefined : (v.taken_discard === c ? 'taken from the pile' : undefined),
      })))))));
}

function actionsBar(m: TableModel, hd: TableHandlers, legal: ParsedAction[]): HTMLElement {
  const myTurn = m.state.status === 'playing' && legal.length > 0;
  const plain = legal.filter((a) => a.cards.length === 0);
  const match = matchSelection(legal, m.selected);
  const buttons = [...plain, ...match.exact].map((a) => h('button', {
    type: 'button', class: `act act-${a.kind}${a.kind === 'drop' ? ' danger' : ''}`, 'data-action': a.text, 'data-focus': `act-${a.text}`,
    onclick: () => hd.act(a.text) }, actionLabel(a)));
  const cardActions = legal.filter((a) => a.cards.length > 0);
  let help = '';
  if (myTurn && cardActions.length) {
    if (m.selected.size === 0) help = 'Select cards to spread, hit or discard.';
    else if (match.exact.length === 0) help = match.partial ? 'Select more cards: these are part of a spread or hit.' : 'No legal move uses exactly these cards.';
  }
  const hintText = m.hint && m.hint.length
    ? `Hint (expected result in ${hintUnit(m.state.rules)}): ${m.hint.map((x) => `${actionLabel(parseAction(x.id))} (${signed(Math.round(x.value * 100) / 100)})`).join('; ')}` : null;
  return h('section', { class: 'actions', 'aria-label': 'Your moves' },
    myTurn ? h('div', { class: 'act-buttons' }, buttons) : null,
    help ? h('p', { class: 'help' }, help) : null,
    myTurn && cardActions.length ? h('details', { class: 'all-moves' },
      h('summary', { 'data-focus': 'all-moves' }, `All legal moves (${legal.length})`),
      h('ul', {}, legal.map((a) => h('li', {}, h('button', { type: 'button', class: 'act-list', 'data-action': a.text,
        'data-focus': `list-${a.text}`, onclick: () => hd.act(a.text) }, actionLabel(a)))))) : null,
    m.error ? h('p', { class: 'error', role: 'alert' }, m.error) : null,
    hintText ? h('p', { class: 'hint', role: 'status' }, hintText) : null);
}

function handEnd(m: TableModel, hd: TableHandlers): HTMLElement | null {
  const o = m.handOver;
  if (!o || (m.state.status !== 'between' && m.state.status !== 'over')) return null;
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
  return h('section', { class: 'hand-end', 'aria-label': `Hand ${o.hand} result` },
    h('h2', {}, `Hand ${o.hand}: ${reasonText(o.reason, actor)}`),
    h('table', { class: 'results' },
      h('caption', {}, `Result: what each player won (+) or paid (−), in ${scoreUnit(m.state.rules)}`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Hand'),
        h('th', { scope: 'col' }, 'Count'), h('th', { scope: 'col' }, 'Result'))),
      h('tbody', {}, o.hands.map((hand, i) => h('tr', { class: o.winners.includes(i) ? 'winner' : '' },
        h('th', { scope: 'row' }, seatName(m.state, i) + (o.winners.includes(i) ? ' ★ winner' : '')),
        h('td', {}, hand.length ? h('span', { class: 'cards-inline' }, hand.map((c) => cardElement(c, { small: true }))) : '(empty)'),
        h('td', {}, String(o.counts[i] ?? '')),
        h('td', { class: (o.payouts[i] ?? 0) > 0 ? 'plus' : (o.payouts[i] ?? 0) < 0 ? 'minus' : '' }, signed(o.payouts[i] ?? 0)))))),
    h('div', { class: 'end-buttons' },
      m.state.status === 'between' && m.state.seat !== null ? h('button', { type: 'button', class: 'primary', 'data-focus': 'ready', onclick: () => hd.ready() }, 'Next hand') : null,
      h('button', { type: 'button', 'data-focus': 'verify', onclick: () => hd.verify() }, 'Verify the deal'),
      h('a', { href: `/records/${m.state.table}/${o.hand}`, download: `tonk-${m.state.table}-${o.hand}.tonk` }, 'Download record')),
    verify);
}

/** The end of the table: what happened, the final ledger, every hand's record and the way back. */
function tableOver(m: TableModel, hd: TableHandlers): HTMLElement {
  const { state } = m;
  const booked = state.ledger?.hands ?? 0;
  return h('section', { class: 'hand-end table-over', 'aria-label': 'The table is over' },
    h('h2', {}, 'The table is over'),
    h('div', { class: 'end-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-focus': 'home-end', onclick: () => hd.home() }, 'Back to the lobby')),
    ledgerTable(state, state.ledger),
    booked ? h('p', { class: 'records' }, 'Records: ', Array.from({ length: booked }, (_, i) => [i ? ', ' : '',
      h('a', { href: `/records/${state.table}/${i + 1}`, download: `tonk-${state.table}-${i + 1}.tonk` }, `hand ${i + 1}`)]).flat()) : null,
    handEnd(m, hd));
}

/** The whole table view. */
export function renderTable(m: TableModel, hd: TableHandlers): HTMLElement {
  const { state } = m;
  const legal = state.legal.map((a: LegalAction) => parseAction(a.id));
  const match = matchSelection(legal, m.selected);
  const selectable = new Set(legal.flatMap((a) => a.cards));
  const me = state.seat !== null ? state.seats[state.seat] : null;
  const root = h('main', { class: 'table-page', 'data-seq': state.seq, 'data-status': state.status, 'data-hand': state.hand },
    h('header', { class: 'table-head' },
      h('h1', {}, `Table ${state.table}`),
      h('span', { class: 'meta' }, `${state.preset}${state.hand ? ` · hand ${state.hand}` : ''}${state.seat === null ? ' · watching' : ''}`),
      h('div', { class: 'head-buttons' },
        h('button', { type: 'button', 'data-focus': 'copy', onclick: () => hd.copyLink() }, 'Copy invite link'),
        h('button', { type: 'button', 'data-focus': 'ledger', 'aria-expanded': String(m.showLedger), onclick: () => hd.ledger(!m.showLedger) }, 'Ledger'),
        state.seat !== null && state.status === 'playing' && state.to_move === state.seat
          ? h('button', { type: 'button', 'data-focus': 'hint', onclick: () => hd.hint() }, 'Hint') : null,
        me?.auto ? h('button', { type: 'button', class: 'primary', 'data-focus': 'back', onclick: () => hd.back() }, "I'm back") : null,
        state.seat !== null && state.status !== 'over' ? h('button', { type: 'button', 'data-focus': 'end', onclick: () => hd.end() }, 'End table') : null,
        state.seat !== null && state.status !== 'over' ? h('button', { type: 'button', 'data-focus': 'leave', onclick: () => hd.leave() }, 'Leave') : null,
        state.status === 'over' ? h('button', { type: 'button', class: 'primary', 'data-focus': 'home', onclick: () => hd.home() }, 'Back to the lobby') : null)),
    m.showLedger ? h('section', { class: 'ledger-box', 'aria-label': 'Ledger' }, ledgerTable(state, state.ledger)) : null,
    turnLine(m),
    state.status === 'waiting' ? h('section', { class: 'invite' },
      h('p', {}, 'Share this link; the hand is dealt when every seat is taken:'),
      h('input', { class: 'link', readonly: true, value: m.link, 'aria-label': 'Invite link' })) : null,
    opponents(m),
    state.view ? centre(m, match.spreadTargets) : null,
    state.status === 'over' ? tableOver(m, hd) : handEnd(m, hd),
    state.view && state.seat !== null ? myHand(m, hd, selectable) : null,
    state.seat !== null ? actionsBar(m, hd, legal) : null,
    m.commitment ? h('p', { class: 'fair-line' }, `Deal commitment (SHA-256 of the server seed): `, h('code', {}, m.commitment.slice(0, 16) + '…'), ' ',
      h('span', { class: 'muted' }, 'revealed and checkable after the hand')) : null,
    h('section', { class: 'log-box', 'aria-label': 'Game log' },
      h('h2', {}, 'Log'),
      h('ol', { class: 'log', role: 'log', 'aria-live': 'polite' }, m.log.slice(-40).map((line) => h('li', {}, line)))),
    m.confirmDrop ? h('div', { class: 'modal-back' },
      h('div', { class: 'modal', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'drop-q' },
        h('p', { id: 'drop-q' }, `Drop with ${state.view?.count ?? '?'} points? If anyone has as low a count or lower, you are caught and pay.`),
        h('button', { type: 'button', class: 'danger', 'data-focus': 'drop-yes', onclick: () => hd.confirmDrop(true) }, 'Yes, drop'),
        h('button', { type: 'button', 'data-focus': 'drop-no', onclick: () => hd.confirmDrop(false) }, 'Cancel'))) : null);
  return root;
}
