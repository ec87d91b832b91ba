// What every part of the table view shares: the model app.ts keeps, the handlers it passes, and the
// small pieces (a card, a seat's name, a signed number, the table's unit).
import type { Grouping } from './cards';
import { cardName, cardText } from './cards';
import { cardBackSvg, cardFaceSvg } from './cardSvg';
import { h, svg } from './dom';
import type { VerifyResult } from './fair';
import type { ChatBook, ChatPhrase, LogLine } from './chat';
import type { ChatHandlers } from './chatView';
import type { HandOverMsg, HintAction, RematchOfferMsg, StateMsg } from './protocol';
import type { ReviewState } from './review';
import type { RulesSection } from './rulesText';

export interface TableModel {
  state: StateMsg;
  selected: Set<string>;
  grouping: Grouping;
  log: LogLine[];                   // the page's own lines and the chat's
  hint: HintAction[] | null;
  error: string | null;
  handOver: HandOverMsg | null;     // the last hand's end, shown until the player closes it
  verify: VerifyResult | 'running' | string | null;  // a string: why it could not run
  showLedger: boolean;
  confirmDrop: boolean;
  link: string;                     // the invite link, absolute
  commitment: string | null;        // the commitment of the hand in play, as published before its deal
  flash: { seat: number; zone: string } | null;  // the last opponent move, marked briefly
  secondsLeft: number | null;
  /** A public table waiting for people: seconds until bots take the open seats (quickView.ts). */
  botsIn?: number | null;
  connected: boolean;
  drawn?: string | null;            // the card this seat just drew or took: marked until its next move
  resultOpen?: boolean;             // the hand's result stays until Next hand (or Close) is pressed
  dropAskAbove?: number;            // Drop asks first only above this count
  muted?: boolean;
  rules?: RulesSection[] | 'loading' | 'closed';   // the in-page rules of the table's preset
  walkthrough?: number | null;      // the first-hand walkthrough's step, null when not shown
  menuOpen?: boolean;               // the header's menu stays open across redraws until used or closed
  readyHand?: number | null;        // the hand after which this page pressed Next hand
  /** The table is over: this seat's Play again (`asked`: accepted, waiting for its new table), and the offer. */
  rematch?: { asked: boolean; declined: boolean; offer: RematchOfferMsg | null; error?: string };
  /** A rematch's table waiting for the other seats' answers. */
  rematchTable?: boolean;
  review?: ReviewState | null;      // the review of the last hand: asked for, shown, or why not
  movesOpen?: boolean;              // the list of all legal moves stays open across redraws (selecting a card)
  chat?: ChatBook;                  // the chat's lines seen, bubbles and muted seats (chat.ts)
  chatOpen?: boolean;               // the chat panel is open
  chatDraft?: string;               // the free text being typed
  chatError?: string | null;        // why the last line was refused
  chatPhrases?: ChatPhrase[];       // the server's quick phrases
  chatUnread?: boolean;             // lines came while the panel was closed
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
  /** Absent for a watcher: a review is of the reader's own seat. */
  review?(): void;
  back(): void;
  leave(): void;
  /** The host removes the person in `seat`, away too long (absent at an offline table). */
  remove?(seat: number): void;
  end(): void;
  /** Absent at an offline table: nobody can be invited to a game in this page. */
  copyLink?(): void;
  home(): void;
  /** Play again at the end of the table (true), or No thanks (false); absent for a watcher. */
  playAgain?(accept: boolean): void;
  closeResult?(): void;
  mute?(muted: boolean): void;
  dropAsk?(above: number): void;
  rules?(show: boolean): void;
  walkthrough?(step: number | null): void;
  menu?(open: boolean): void;
  movesList?(open: boolean): void;
  /** Absent at an offline table: nobody to talk to. */
  chat?: ChatHandlers;
}

export function seatName(state: StateMsg, seat: number | null | undefined): string {
  if (seat === null || seat === undefined || seat < 0) return '';
  const s = state.seats[seat];
  const name = s?.name ?? `Seat ${seat + 1}`;
  return seat === state.seat ? `${name} (you)` : name;
}

/** A card face; a button when `onClick` is given. `key` keeps keyboard focus across redraws. */
export function cardElement(code: string, opts: { onClick?: () => void; pressed?: boolean; key?: string; extraLabel?: string; small?: boolean; cls?: string } = {}): HTMLElement {
  const label = cardName(code) + (opts.extraLabel ? `, ${opts.extraLabel}` : '');
  const cls = `card${opts.small ? ' small' : ''}${opts.pressed ? ' selected' : ''}${opts.cls ? ` ${opts.cls}` : ''}`;
  const el = opts.onClick
    ? h('button', { type: 'button', class: cls, 'aria-label': label, 'aria-pressed': opts.pressed ? 'true' : 'false',
      'data-card': code, 'data-focus': opts.key ?? `card-${code}`, title: cardText(code), onclick: () => opts.onClick!() })
    : h('span', { class: cls, role: 'img', 'aria-label': label, 'data-card': code, title: cardText(code) });
  el.append(svg(cardFaceSvg(code)));
  return el;
}

export function cardBack(label: string, small = true): HTMLElement {
  const el = h('span', { class: `card back${small ? ' small' : ''}`, role: 'img', 'aria-label': label });
  el.append(svg(cardBackSvg()));
  return el;
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
