// The table chat on the page (docs/WEB.md "Chat"): the Chat button in the header, its panel of
// quick phrases (and a text box where the table takes free text) with a mute switch per seat, the
// chat lines in the log, and the bubble a line shows on its speaker's seat for a few seconds. Every
// text a player wrote is put in the page as text (a text node), never as HTML, and nothing in it is
// made a link.
import { h, svg } from './dom';
import { ChatBook, ChatLine, ChatPhrase, chatTextProblem, isEmote, kMaxChatChars, kSpectators, LogLine } from './chat';
import type { StateMsg } from './protocol';

/** What the chat panel reads of the page's table model. */
export interface ChatModel {
  state: StateMsg;
  log: LogLine[];
  chat?: ChatBook;
  chatOpen?: boolean;
  chatDraft?: string;
  chatError?: string | null;
  chatPhrases?: ChatPhrase[];
}

export interface ChatHandlers {
  open(open: boolean): void;
  /** Says a phrase (its id) or a free-text line. */
  say(line: { phrase: string } | { text: string }): void;
  draft(text: string): void;
  mute(seat: number, muted: boolean): void;
}

/** Whether this page may write at the table: a seat, or a spectator where the table allows it. */
export function canWrite(state: StateMsg): boolean {
  return state.status !== 'over' && (state.seat !== null || state.chat?.spectators === true);
}

/** Who said a line, as the page shows it. */
export function speaker(state: StateMsg, l: ChatLine): string {
  if (l.seat === null) return 'Spectator';
  // The name the seat had when the line was said: a seat opened before the first deal may have
  // another person in it now.
  const now = state.seats[l.seat]?.name ?? null;
  if (l.seat === state.seat && (l.name === null || l.name === now)) return 'You';
  return l.name ?? now ?? `Seat ${l.seat + 1}`;
}

function bubbleIcon(): SVGElement {
  return svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round">'
    + '<path d="M4 5h16v11H10l-5 4v-4H4z" fill="currentColor" fill-opacity="0.15"/><path d="M8 9.5h8M8 12.5h5" stroke-linecap="round"/></svg>');
}

/** The header's Chat button; a dot marks lines that came while the panel was closed. */
export function chatButton(m: ChatModel, hd: ChatHandlers, unread: boolean): HTMLElement {
  return h('button', { type: 'button', class: `icon chat-toggle${unread ? ' unread' : ''}`, 'data-focus': 'chat', 'aria-expanded': String(!!m.chatOpen),
    'aria-label': unread ? 'Chat (new lines)' : 'Chat', title: 'Chat', onclick: () => hd.open(!m.chatOpen) }, bubbleIcon());
}

/** The chat panel: phrases and emotes, the text box where allowed, and who is muted. */
export function chatPanel(m: ChatModel, hd: ChatHandlers): HTMLElement | null {
  if (!m.chatOpen) return null;
  const { state } = m;
  const phrases = m.chatPhrases ?? [];
  const writer = canWrite(state);
  const emotes = phrases.filter((p) => !/\p{L}/u.test(p.text));
  const words = phrases.filter((p) => /\p{L}/u.test(p.text));
  const phraseButton = (p: ChatPhrase, cls: string) => h('button', { type: 'button', class: cls, 'data-phrase': p.id, 'data-focus': `phrase-${p.id}`,
    disabled: !writer, onclick: () => hd.say({ phrase: p.id }) }, p.text);
  const others = state.seats.filter((s) => s.seat !== state.seat && s.kind === 'person');
  const draft = m.chatDraft ?? '';
  const send = () => {
    const text = m.chatDraft ?? '';   // as typed since this panel was drawn
    if (chatTextProblem(text)) { hd.draft(text); return; }
    hd.say({ text });
  };
  return h('section', { class: 'chat-panel', role: 'dialog', 'aria-label': 'Chat' },
    h('div', { class: 'chat-head' }, h('h2', {}, 'Chat'),
      h('button', { type: 'button', class: 'link-button', 'data-focus': 'chat-close', onclick: () => hd.open(false) }, 'Close')),
    writer ? null : h('p', { class: 'chat-note' }, state.status === 'over' ? 'The table is over.' : 'Spectators read this table’s chat; only players write.'),
    emotes.length ? h('div', { class: 'chat-emotes', role: 'group', 'aria-label': 'Emotes' }, emotes.map((p) => phraseButton(p, 'emote'))) : null,
    words.length ? h('div', { class: 'chat-phrases', role: 'group', 'aria-label': 'Quick phrases' }, words.map((p) => phraseButton(p, 'phrase'))) : null,
    writer && state.chat?.text ? h('form', { class: 'chat-form', onsubmit: (e: Event) => { e.preventDefault(); send(); } },
      h('input', { type: 'text', class: 'chat-text', name: 'chat', 'data-focus': 'chat-text', maxlength: kMaxChatChars, autocomplete: 'off',
        placeholder: 'Say something…', 'aria-label': 'Chat message', value: draft,
        oninput: (e: Event) => { m.chatDraft = (e.target as HTMLInputElement).value; } }),
      h('button', { type: 'submit', class: 'primary' }, 'Send')) : null,
    m.chatError ? h('p', { class: 'error chat-error', role: 'alert' }, m.chatError) : null,
    others.length || state.chat?.spectators ? h('div', { class: 'chat-mute', role: 'group', 'aria-label': 'Mute' },
      h('span', { class: 'chat-mute-label' }, 'Mute:'),
      others.map((s) => muteButton(m, hd, s.seat, s.name ?? `Seat ${s.seat + 1}`)),
      state.chat?.spectators ? muteButton(m, hd, kSpectators, 'Spectators') : null) : null);
}

function muteButton(m: ChatModel, hd: ChatHandlers, seat: number, name: string): HTMLElement {
  const muted = m.chat?.muted.has(seat) ?? false;
  return h('button', { type: 'button', class: 'mute-seat', 'aria-pressed': String(muted), 'data-focus': `mute-${seat}`, 'data-mute': seat,
    title: muted ? `${name}'s lines are hidden from you` : `Hide ${name}'s lines from you`, onclick: () => hd.mute(seat, !muted) },
  muted ? `🔇 ${name}` : name);
}

/** The log's items, the chat's lines among the page's own (a muted seat's lines left out). */
export function logItems(m: ChatModel): HTMLElement[] {
  const shown = m.log.filter((line) => typeof line === 'string' || !m.chat?.isMuted(line.chat));
  return shown.slice(-60).map((line) => (typeof line === 'string' ? h('li', {}, line)
    : h('li', { class: `chat-line${line.chat.seat === null ? ' from-spectator' : ''}` },
      h('span', { class: 'chat-who' }, `${speaker(m.state, line.chat)}:`), ' ', h('span', { class: 'chat-said' }, line.chat.text))));
}

/**
 * Puts each seat's live bubble on it: on an opponent's seat (`.seat[data-seat]`), and on this
 * page's own hand (`.my-hand`) for its own lines.
 */
export function addBubbles(root: HTMLElement, m: ChatModel, now: number): void {
  const book = m.chat;
  if (!book) return;
  for (const s of m.state.seats) {
    const line = book.bubble(s.seat, now);
    if (!line) continue;
    const host = s.seat === m.state.seat ? root.querySelector('.my-hand') : root.querySelector(`.seat[data-seat="${s.seat}"]`);
    if (!host) continue;
    host.classList.add('has-bubble');
    host.append(h('div', { class: `chat-bubble${isEmote(line) ? ' emote' : ''}`, 'data-bubble': s.seat, 'aria-hidden': 'true' }, line.text));
  }
}
