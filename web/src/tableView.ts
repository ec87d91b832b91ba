// The table, drawn from one `state` message and what the page remembers (selection, log, the last
// hand's end). Pure: it returns elements and calls the handlers it is given; app.ts owns the state.
// Layout (style.css): a header, the turn line, the stage (seats and felt, with the result, rules and
// walkthrough over it), the log in its own scrolling box, and the dock (your hand and your moves) at
// a fixed place at the bottom, so nothing that grows above ever moves your hand.
import { shownCode } from './tableCode';
import { actionLabel, matchSelection, parseLegal, ParsedAction } from './actions';
import { isReady, readyButton } from './between_hands';
import { groupHand, rankLabel } from './cards';
import { h, svg } from './dom';
import { kDropAskChoices } from './dropRisk';
import { addBubbles, chatButton, chatPanel, logItems } from './chatView';
import { centre, opponents } from './feltView';
import { handEnd, ledgerTable, tableOver } from './handEndView';
import type { LegalAction } from './protocol';
import { cardElement, scoreUnit, seatName, signed, TableHandlers, TableModel } from './tableParts';
import { thinkingText, watchingText } from './table_status';
import { botsInText } from './quickView';
import { rulesSectionsView } from './rulesView';
import { kWalkthroughSteps } from './walkthrough';
import { hintWords, presetWords, rankGroupLabel } from './words';

export type { TableHandlers, TableModel } from './tableParts';
export { hintUnit, scoreUnit, signed, cardElement } from './tableParts';

function turnLine(m: TableModel): HTMLElement {
  const { state } = m;
  let text = '';
  if (state.status === 'waiting' && m.rematchTable) {
    const open = state.seats.filter((s) => s.kind === 'open').length;
    text = `Waiting for ${open} player${open === 1 ? '' : 's'}…`;
  } else if (state.status === 'waiting') text = 'Waiting for players to join…';
  else if (state.status === 'playing') {
    text = thinkingText(state) ?? (state.to_move === state.seat ? 'Your turn' : `${seatName(state, state.to_move)} to move`);
    if (state.to_move === state.seat && state.view) {
      const ph = state.view.phase;
      text += ph === 'start_of_turn' ? ': draw, take or drop' : ph === 'after_draw' ? ': spread, hit or discard' : ph.startsWith('slap') ? ': slap or pass' : '';
    }
  } else if (state.status === 'between') text = `Hand ${state.hand} is over`;
  else text = 'The table is over';
  return h('div', { class: 'turn-line', role: 'status', 'aria-live': 'polite' },
    h('span', { class: 'turn-text' }, text),
    // A rematch's turn line says whom it waits for (its wait is long: no countdown to crowd it out).
    state.status === 'waiting' && !m.rematchTable && m.botsIn !== null && m.botsIn !== undefined
      ? h('span', { class: 'bots-in', role: 'timer' }, botsInText(m.botsIn)) : null,
    m.secondsLeft !== null && state.status === 'playing'
      ? h('span', { class: `timer${m.secondsLeft <= 5 ? ' low' : ''}`, 'aria-label': `${m.secondsLeft} seconds left` }, `${m.secondsLeft} s left`) : null,
    m.connected ? null : h('span', { class: 'offline' }, ' · reconnecting…'));
}

function myHand(m: TableModel, hd: TableHandlers, selectable: Set<string>): HTMLElement {
  const v = m.state.view!;
  const groups = groupHand(v.hand, m.grouping);
  const label = (g: { label: string; cards: string[] }) => (m.grouping === 'rank' && !/Jokers/.test(g.label)
    ? rankGroupLabel(parseRank(g.cards[0])) : g.label);
  // Over a lone card a label has the card's width only: there it is the suit's symbol (or the rank
  // as printed), never a word cut short ("diam…"); the whole label is the group's accessible name.
  const shown = (g: { label: string; cards: string[] }) => (g.cards.length > 1 ? label(g) : /Jokers/.test(g.label) ? 'Joker'
    : m.grouping === 'rank' ? rankLabel(parseRank(g.cards[0])) : g.label.split(' ')[0]);
  return h('section', { class: 'my-hand', 'aria-label': 'Your hand' },
    h('div', { class: 'hand-head' },
      h('h2', {}, `Your hand · count ${v.count}`),
      h('span', { class: 'me' }, [seatName(m.state, m.state.seat), v.dealer === m.state.seat ? 'dealer' : '',
        m.state.ledger ? `net ${signed(m.state.ledger.net[m.state.seat!] ?? 0)}` : ''].filter(Boolean).join(' · ')),
      h('div', { class: 'group-toggle', role: 'group', 'aria-label': 'Group cards' },
        h('button', { type: 'button', 'aria-pressed': String(m.grouping === 'suit'), 'data-focus': 'group-suit', onclick: () => hd.grouping('suit') }, 'By suit'),
        h('button', { type: 'button', 'aria-pressed': String(m.grouping === 'rank'), 'data-focus': 'group-rank', onclick: () => hd.grouping('rank') }, 'By rank'))),
    h('div', { class: 'hand', 'data-zone': 'hand', style: `--n: ${Math.max(v.hand.length, 5)}; --g: ${groups.length}` },
      groups.map((g) => h('div', { class: 'group', role: 'group', 'aria-label': label(g) },
        h('div', { class: 'group-label', 'aria-hidden': 'true' }, shown(g)),
        h('div', { class: 'group-cards' }, g.cards.map((c) => cardElement(c, {
          pressed: m.selected.has(c),
          onClick: () => hd.select(c),
          cls: m.drawn === c ? 'drawn' : '',
          extraLabel: [m.drawn === c ? 'just drawn' : '', !selectable.has(c) && v.taken_discard === c ? 'taken from the pile' : ''].filter(Boolean).join(', ') || undefined,
        })))))));
}

function parseRank(code: string): number { return 'A23456789TJQK'.indexOf(code[0]) + 1; }

/** The order of the plain moves: drawing first, the red Drop last (never the first thing under a thumb). */
const kOrder = ['stock', 'take', 'claim', 'slap', 'pass', 'end', 'spread', 'hit', 'discard', 'drop'];

function actionsBar(m: TableModel, hd: TableHandlers, legal: ParsedAction[]): HTMLElement {
  const myTurn = m.state.status === 'playing' && legal.length > 0;
  const plain = legal.filter((a) => a.cards.length === 0);
  const match = matchSelection(legal, m.selected);
  const moves = [...plain, ...match.exact].sort((a, b) => kOrder.indexOf(a.kind) - kOrder.indexOf(b.kind));
  const buttons = moves.map((a) => h('button', {
    type: 'button', class: `act act-${a.kind}${a.kind === 'drop' ? ' danger' : ''}`, 'data-action': a.text, 'data-focus': `act-${a.text}`,
    onclick: () => hd.act(a.text) }, actionLabel(a)));
  const cardActions = legal.filter((a) => a.cards.length > 0);
  const between = m.state.status === 'between' && m.state.seat !== null;
  return h('section', { class: 'actions', 'aria-label': 'Your moves' },
    between ? h('div', { class: 'act-buttons' }, readyButton(m.state, isReady(m.state, m.readyHand), 'ready-dock', () => hd.ready())) : null,
    myTurn ? h('div', { class: 'act-buttons' }, buttons,
      h('button', { type: 'button', class: 'act-hint', 'data-focus': 'hint', onclick: () => hd.hint() }, 'Hint')) : null,
    myTurn && cardActions.length ? h('details', { class: 'all-moves', open: !!m.movesOpen, ontoggle: (e: Event) => hd.movesList?.((e.target as HTMLDetailsElement).open) },
      h('summary', { 'data-focus': 'all-moves' }, `All legal moves (${legal.length})`),
      h('ul', {}, legal.map((a) => h('li', {}, h('button', { type: 'button', class: 'act-list', 'data-action': a.text,
        'data-focus': `list-${a.text}`, onclick: () => hd.act(a.text) }, actionLabel(a)))))) : null);
}

/** One line above the hand: a refusal, the hint in words, or what to do with the selection. */
function dockStatus(m: TableModel, legal: ParsedAction[]): HTMLElement {
  const myTurn = m.state.status === 'playing' && legal.length > 0;
  const match = matchSelection(legal, m.selected);
  let help = '';
  if (myTurn && legal.some((a) => a.cards.length > 0)) {
    const spreads = legal.filter((a) => a.kind === 'spread' || a.kind === 'hit').length;
    if (m.selected.size === 0) help = spreads ? `You can lay or hit a spread (${spreads} way${spreads === 1 ? '' : 's'}): select its cards, then drag them to the table or use the button.`
      : 'Select cards to spread, hit or discard, or drag a card to the pile.';
    else if (match.exact.length === 0) help = match.partial ? 'Select more cards: these are part of a spread or hit.' : 'No legal move uses exactly these cards.';
  } else if (myTurn && legal.some((a) => a.kind === 'stock')) help = 'Tap the stock to draw, or the pile to take its top card.';
  const hint = m.hint && m.hint.length ? `Hint: ${hintWords(m.hint, m.state.view)}` : null;
  return h('div', { class: 'dock-status' },
    m.error ? h('p', { class: 'error', role: 'alert' }, m.error) : null,
    hint ? h('p', { class: 'hint', role: 'status', title: m.hint!.map((x) => `${actionLabel(parseLegal(x))} ${signed(Math.round(x.value * 100) / 100)}`).join('; ') }, hint) : null,
    !m.error && !hint && help ? h('p', { class: 'help' }, help) : null);
}

function header(m: TableModel, hd: TableHandlers): HTMLElement {
  const { state } = m;
  const me = state.seat !== null ? state.seats[state.seat] : null;
  const words = presetWords(state.preset);
  const watching = watchingText(state);
  const seated = state.seat !== null && state.status !== 'over';
  return h('header', { class: 'table-head' },
    h('h1', { title: words.about }, words.name),
    h('span', { class: 'meta', title: `Table ${shownCode(state.table)}` }, `${state.seat === null ? 'watching · ' : ''}${state.hand ? `hand ${state.hand} · ` : ''}${shownCode(state.table)}`
      + (watching ? ` · ${watching}` : '')),
    h('div', { class: 'head-tools' },
      me?.auto ? h('button', { type: 'button', class: 'primary', 'data-focus': 'back', onclick: () => hd.back() }, "I'm back") : null,
      hd.chat ? chatButton(m, hd.chat, !!m.chatUnread && !m.chatOpen) : null,
      h('button', { type: 'button', class: 'icon sound', 'data-focus': 'mute', 'aria-pressed': String(!m.muted),
        'aria-label': m.muted ? 'Sound off' : 'Sound on', title: m.muted ? 'Sound off' : 'Sound on', onclick: () => hd.mute?.(!m.muted) }, svg(speakerSvg(!m.muted))),
      state.status === 'over' ? h('button', { type: 'button', class: 'primary', 'data-focus': 'home', onclick: () => hd.home() }, 'Back to the lobby')
        : h('details', { class: 'menu', open: !!m.menuOpen, ontoggle: (e: Event) => hd.menu?.((e.target as HTMLDetailsElement).open) },
          h('summary', { 'data-focus': 'menu' }, 'Menu'),
          h('div', { class: 'head-buttons' },
            h('button', { type: 'button', 'data-focus': 'rules', 'aria-expanded': String(Array.isArray(m.rules) || m.rules === 'loading'),
              onclick: () => hd.rules?.(!(Array.isArray(m.rules) || m.rules === 'loading')) }, 'Rules of this table'),
            hd.copyLink ? h('button', { type: 'button', 'data-focus': 'copy', onclick: () => hd.copyLink?.() }, 'Copy invite link') : null,
            h('button', { type: 'button', 'data-focus': 'ledger', 'aria-expanded': String(m.showLedger), onclick: () => hd.ledger(!m.showLedger) }, 'Ledger'),
            seated ? h('label', { class: 'drop-ask' }, 'Ask before dropping above count ',
              h('select', { name: 'drop-ask', onchange: (e: Event) => hd.dropAsk?.(Number((e.target as HTMLSelectElement).value)) },
                kDropAskChoices.map((n) => h('option', { value: n, selected: n === (m.dropAskAbove ?? 10) }, String(n))),
                h('option', { value: 99, selected: (m.dropAskAbove ?? 10) >= 99 }, 'never ask'))) : null,
            seated ? h('button', { type: 'button', 'data-focus': 'end', onclick: () => hd.end() }, 'End table') : null,
            seated ? h('button', { type: 'button', 'data-focus': 'leave', onclick: () => hd.leave() }, 'Leave') : null))));
}

/** A speaker, with sound waves when on and a cross when off (drawn here: no emoji font needed). */
function speakerSvg(on: boolean): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">'
    + '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>'
    + (on ? '<path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11"/>' : '<path d="M16 9l6 6M22 9l-6 6"/>') + '</svg>';
}

function rulesPanel(m: TableModel, hd: TableHandlers): HTMLElement | null {
  if (!m.rules || m.rules === 'closed') return null;
  const words = presetWords(m.state.preset);
  return h('section', { class: 'overlay rules-panel', 'aria-label': 'Rules' },
    h('div', { class: 'overlay-head' }, h('h2', {}, `Rules: ${words.name}`),
      h('button', { type: 'button', 'data-focus': 'rules-close', onclick: () => hd.rules?.(false) }, 'Close')),
    words.about ? h('p', {}, words.about) : null,
    m.rules === 'loading' ? h('p', { role: 'status' }, 'Loading the rules…') : rulesSectionsView(m.rules));
}

function walkthroughCard(m: TableModel, hd: TableHandlers): HTMLElement | null {
  const step = m.walkthrough;
  if (step === null || step === undefined || m.state.seat === null || m.state.status !== 'playing') return null;
  const last = step >= kWalkthroughSteps.length - 1;
  return h('aside', { class: 'walkthrough', 'aria-label': 'How to play' },
    h('p', {}, h('strong', {}, `How to play (${step + 1}/${kWalkthroughSteps.length}): `), kWalkthroughSteps[step]),
    h('div', { class: 'end-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-focus': 'walk-next', onclick: () => hd.walkthrough?.(last ? null : step + 1) }, last ? 'Got it' : 'Next'),
      last ? null : h('button', { type: 'button', 'data-focus': 'walk-skip', onclick: () => hd.walkthrough?.(null) }, 'Skip')));
}

/** The whole table view. */
export function renderTable(m: TableModel, hd: TableHandlers): HTMLElement {
  const { state } = m;
  const legal = state.legal.map((a: LegalAction) => parseLegal(a));
  const match = matchSelection(legal, m.selected);
  const selectable = new Set(legal.flatMap((a) => a.cards));
  const seated = state.seat !== null;
  const tap = (kind: string) => legal.find((a) => a.kind === kind)?.text ?? null;
  // The hand's result lies over the stage and the log (not over your hand), until it is closed; the
  // ledger, when asked for, shows above it there rather than hidden under it on the board.
  const result = state.status === 'over' ? tableOver(m, hd) : handEnd(m, hd);
  const ledger = m.showLedger && state.status !== 'over'
    ? h('section', { class: 'ledger-box', 'aria-label': 'Ledger' }, ledgerTable(state, state.ledger)) : null;
  // Asked for in a hand, the ledger takes the log's box (the log comes back when it is closed): the
  // felt, the stock and the pile stay where they are.
  const ledgerInLog = !!ledger && !result;
  const root = h('main', { class: `table-page${seated && state.view ? ' has-dock' : ''}`, 'data-seq': state.seq, 'data-status': state.status, 'data-hand': state.hand },
    header(m, hd),
    turnLine(m),
    h('div', { class: 'stage' },
      h('div', { class: 'board' },
        state.status === 'waiting' && !m.rematchTable ? h('section', { class: 'invite' },
          h('p', {}, 'Share this link; the hand is dealt when every seat is taken:'),
          h('input', { class: 'link', readonly: true, value: m.link, 'aria-label': 'Invite link' })) : null,
        opponents(m, hd.remove),
        state.view ? centre(m, match.spreadTargets, { stock: tap('stock'), take: tap('take'), tap: (id) => hd.act(id) }) : null,
        // The deal's commitment (docs/PROTOCOL.md, "Provably fair deals") in plain words; its start
        // after them (cut first when the line is short of room), the whole in the title.
        m.commitment ? h('p', { class: 'fair-line', title: `SHA-256 of the server's seed, published before the deal: ${m.commitment}` },
          h('span', { class: 'fair-words' }, 'Deck sealed before the deal; check it after the hand'), ' ',
          h('code', {}, m.commitment.slice(0, 16) + '…')) : null),
      rulesPanel(m, hd),
      hd.chat ? chatPanel(m, hd.chat) : null),
    // Over the log's box, grown upwards from its foot: never over a seat, the stock or the pile.
    walkthroughCard(m, hd),
    result ? h('div', { class: 'overlay result-layer' }, ledger, result) : null,
    ledgerInLog
      ? h('section', { class: 'log-box ledger-in-log', 'aria-label': 'Ledger' },
        h('div', { class: 'log-head' }, h('h2', {}, 'Ledger'),
          h('button', { type: 'button', class: 'link-button', 'data-focus': 'ledger-close', onclick: () => hd.ledger(false) }, 'Back to the log')),
        h('div', { class: 'log-scroll' }, ledger))
      : h('section', { class: 'log-box', 'aria-label': 'Game log' },
        h('h2', {}, 'Log'),
        h('ol', { class: 'log', role: 'log', 'aria-live': 'polite' }, logItems(m))),
    seated && state.view ? h('div', { class: 'dock' },
      dockStatus(m, legal),
      myHand(m, hd, selectable),
      actionsBar(m, hd, legal)) : null,
    m.confirmDrop ? h('div', { class: 'modal-back' },
      h('div', { class: 'modal', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'drop-q' },
        h('p', { id: 'drop-q' }, `Drop with ${state.view?.count ?? '?'} points? If anyone has as low a count or lower, you are caught and pay.`),
        h('button', { type: 'button', 'data-focus': 'drop-no', onclick: () => hd.confirmDrop(false) }, 'Cancel'),
        h('button', { type: 'button', class: 'danger', 'data-focus': 'drop-yes', onclick: () => hd.confirmDrop(true) }, 'Yes, drop'))) : null);
  addBubbles(root, m, Date.now());
  return root;
}
