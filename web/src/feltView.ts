// The opponents' seats and the felt (stock, discard pile, spreads). The stock and the pile are
// buttons when the server lists drawing or taking; the pile, each spread and the felt are drop
// targets for dragged cards (data-drop); data-zone names where cards fly from and to (motion.ts).
import { cardName, cardText } from './cards';
import { cardElement, cardBack, seatName, signed, TableModel } from './tableParts';
import { h } from './dom';
import { describeSpread } from './spreads';
import { thinking, thinkingText } from './table_status';
import { botWords } from './words';

export function opponents(m: TableModel, remove?: (seat: number) => void): HTMLElement {
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
    // The host may remove a person who went away (the server says when it is too soon).
    const removable = !!remove && state.seat !== null && state.host === state.seat && s.kind === 'person' && !s.connected && state.status !== 'over';
    const tags = [
      s.kind === 'bot' ? `${botWords(s.bot ?? '')} bot` : s.kind === 'open' ? 'open seat' : '',
      v && v.dealer === i ? 'dealer' : '',
      s.auto ? 'played by a bot (timer)' : '',
      s.kind === 'person' && !s.connected ? 'disconnected' : '',
      state.ledger ? `net ${signed(state.ledger.net[i] ?? 0)}` : '',   // on the same line: a seat stays low
    ].filter(Boolean);
    return h('div', { class: `seat${toMove ? ' to-move' : ''}${flash}`, 'data-seat': i, 'data-zone': `seat${i}`, role: 'group',
      'aria-label': `${seatName(state, i)}: ${info ? `${info.hand_size} cards` : 'no hand'}${toMove ? ', to move' : ''}` },
      // Who the seat is and what it does, beside its cards (under them when the box is narrow).
      h('div', { class: 'seat-info' },
        h('div', { class: 'seat-name', title: seatName(state, i) || 'Open seat' }, toMove ? h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, '▶ ') : null,
          seatName(state, i) || 'Open seat'),
        tags.length ? h('div', { class: 'seat-tags' }, tags.join(' · ')) : null,
        // What the seat is doing now ("to move"; a paced bot's "thinking…" goes here too).
        thinking(state, i)
          ? h('div', { class: 'seat-status thinking', 'data-slot': 'seat-status', role: 'status' }, thinkingText(state))
          : h('div', { class: 'seat-status', 'data-slot': 'seat-status', 'aria-live': 'polite' }, toMove ? 'to move' : ''),
        removable ? h('button', { type: 'button', class: 'seat-remove', 'data-focus': `remove-${i}`,
          'aria-label': `Remove ${seatName(state, i)}, who is away`, onclick: () => remove!(i) }, 'Remove') : null),
      info ? h('div', { class: 'seat-cards' },
        h('span', { class: 'seat-count' }, `${info.hand_size} card${info.hand_size === 1 ? '' : 's'}`),
        h('span', { class: 'backs', 'aria-hidden': 'true' }, Array.from({ length: Math.min(hidden, 8) }, () => cardBack('hidden card'))),
        known.length ? h('span', { class: 'known', 'aria-label': `${shown ? 'shown' : 'known'}: ${known.map(cardName).join(', ')}` },
          known.map((c) => cardElement(c, { small: true, extraLabel: shown ? 'shown' : 'known', cls: shown ? 'shown' : '' }))) : null) : null);
  }));
}

export interface FeltActions { stock: string | null; take: string | null; tap(move: string): void }

export function centre(m: TableModel, hitTargets: number[], acts: FeltActions): HTMLElement {
  const v = m.state.view!;
  const spreads = v.spreads.map((sp, i) => {
    const info = describeSpread(sp.cards, sp.form, sp.stands_for ?? null);
    const target = hitTargets.includes(i);
    return h('li', { class: `spread${target ? ' target' : ''}${m.flash?.zone === `spread${i}` ? ' flash' : ''}`, 'data-spread': i,
      'data-zone': `spread${i}`, 'data-drop': `spread:${i}` },
      h('div', { class: 'spread-title' }, `${i + 1}. ${info.title} · ${seatName(m.state, sp.owner)}`, target ? h('strong', { class: 'target-mark' }, ' ← your cards hit this') : null),
      h('div', { class: 'spread-cards' }, sp.cards.map((c) => cardElement(c, { small: true }))),
      info.wild.length ? h('div', { class: 'wild' }, info.wild.map((w) => `${cardText(w.card)} = ${w.standsFor}`).join(', ')) : null);
  });
  const stockLabel = `Stock: ${v.stock_size} cards`;
  const stockFace = [v.stock_size > 0 ? cardBack('stock') : h('span', { class: 'card empty small' }), h('div', { class: 'pile-label' }, `Stock ${v.stock_size}`)];
  const pileLabel = `Discard pile: ${v.discard_size} cards${v.top_discard ? `, top ${cardName(v.top_discard)}` : ''}`;
  const pileFace = [v.top_discard ? cardElement(v.top_discard, { small: true, extraLabel: 'top of the discard pile' }) : h('span', { class: 'card empty small' }),
    h('div', { class: 'pile-label' }, `Discard ${v.discard_size}`)];
  const flash = (z: string) => (m.flash?.zone === z ? ' flash' : '');
  return h('section', { class: 'centre', 'aria-label': 'Table', 'data-drop': 'felt', 'data-zone': 'felt' },
    h('div', { class: 'piles' },
      acts.stock
        ? h('button', { type: 'button', class: `pile stock tap${flash('stock')}`, 'data-zone': 'stock', 'data-focus': 'pile-stock',
          'aria-label': `${stockLabel}. Draw a card`, onclick: () => acts.tap(acts.stock!) }, stockFace)
        : h('div', { class: `pile stock${flash('stock')}`, role: 'group', 'data-zone': 'stock', 'aria-label': stockLabel }, stockFace),
      acts.take
        ? h('button', { type: 'button', class: `pile discard tap${flash('discard')}`, 'data-zone': 'discard', 'data-drop': 'discard',
          'data-focus': 'pile-take', 'aria-label': `${pileLabel}. Take it`, onclick: () => acts.tap(acts.take!) }, pileFace)
        : h('div', { class: `pile discard${flash('discard')}`, role: 'group', 'data-zone': 'discard', 'data-drop': 'discard', 'aria-label': pileLabel }, pileFace)),
    h('div', { class: 'spreads-box' },
      h('h2', {}, 'Spreads'),
      spreads.length ? h('ol', { class: 'spreads' }, spreads)
        : h('p', { class: 'on-felt' }, m.state.seat === null ? 'No spreads yet.' : 'No spreads yet. Drag three or more cards here to lay one.')));
}
