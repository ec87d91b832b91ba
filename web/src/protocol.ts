// Messages of docs/PROTOCOL.md (version 1) and one WebSocket connection that reconnects by itself.
import type { View } from './view';
import type { FairReveal } from './fair';
import type { SpreadForm } from './spreads';
import type { ChatLogMsg, ChatMsg, ChatPhrase } from './chat';
import type { LeaderboardMsg, PlayerMsg } from './meView';

export const kProtocol = 1;

export interface LegalAction {
  id: string;
  kind: string;
  cards: string[];
  target: number | null;
  shape: string | null;  // the id's shape notation (V13a); the page reads `form`
  form?: SpreadForm | null;  // a spread's form; a hit's when its shape is named (V13a)
  stands_for?: Record<string, string>;  // a wild spread's: what each wild card stands for (V13a)
}

/** One of a hint's best moves: the action as `legal` lists it, with its value (stakes a hand). */
export interface HintAction extends LegalAction { value: number }

export interface SeatState {
  seat: number;
  name: string | null;
  kind: 'person' | 'bot' | 'open';
  bot?: string;
  connected: boolean;
  auto: boolean;
}

export interface Ledger {
  hands: number;
  net: number[];
  hand_net: number[];
  side_net: number[];
  pot: number;
  points: number[];
  leaders: number[];
  stake_next: number;
  over: boolean;
}

export interface StateMsg {
  type: 'state';
  table: string;
  seat: number | null;
  hand: number;
  seq: number;
  status: 'waiting' | 'playing' | 'between' | 'over';
  view: View | null;
  legal: LegalAction[];
  to_move: number;
  deadline_ms: number | null;
  seats: SeatState[];
  /** The table's host (docs/PROTOCOL.md `remove`): the seat that may remove a person away too long. */
  host?: number;
  ledger: Ledger | null;
  rules: string;
  preset: string;
  /** The next deal's commitment; `current`: the hand in play's, as published before its deal
   *  (null between hands; absent from servers before it was added, docs/PROTOCOL.md "state"). */
  fair: { hand: number; commitment: string; contributed: boolean; current?: { hand: number; commitment: string } | null } | null;
  // Added within version 1 (absent from older servers, hence optional):
  /** The seat whose bot's move is being chosen or waits for the table's pace; null otherwise. */
  thinking?: number | null;
  /** Between hands: ms until the next hand deals itself; null when nothing counts down. */
  next_hand_ms?: number | null;
  /** Between hands: the seats the next deal waits on (not ready, away, or played by the timer's bot). */
  waiting_for?: number[];
  /** Connections watching the table. */
  watching?: number;
  /** A public (quick play) table waiting for people: ms until bots take its open seats; null when
   *  not waiting; absent at a private table. */
  bots_in_ms?: number | null;
  /** What the table's chat takes (docs/PROTOCOL.md "Chat"): free text, spectators' lines. */
  chat?: { text: boolean; spectators: boolean };
}

/** A public table waiting for people (`tables`, GET /tables/public). */
export interface PublicTable {
  table: string;
  preset: string;
  seats: number;
  people: number;
  open: number;
  waited_ms: number;
  bots_in_ms: number | null;
  level: string;
  rated: boolean;
  /** The server of the cluster hosting it (its advertised URL); null when it is the page's own. */
  host?: string | null;
}

export interface EventMsg {
  type: 'event';
  table: string;
  hand: number;
  seq: number;
  actor: number;
  action: string | null;
  /** The action's parts, as `legal` lists an action; null for the deal. */
  move: LegalAction | null;
  drawn: string | null;
  auto: boolean;
  text: string;
  /** The card a `take` took from the pile (public); null otherwise. Absent from older servers. */
  taken?: string | null;
}

/** The hand so far, sent after `state` to a seat that resumes or a spectator that arrives. */
export interface HistoryMsg { type: 'history'; table: string; hand: number; seq: number; events: EventMsg[] }

export interface HandOverMsg {
  type: 'hand_over';
  table: string;
  hand: number;
  reason: string;
  player: number | null;
  winners: number[];
  hands: string[][];
  counts: number[];
  payouts: number[];
  points: number[];
  ledger: Ledger | null;
  fair: FairReveal | null;
}

/** A preset of the server's list: `options` are those it changes; `rules` its full rule line (absent from older servers). */
export interface PresetInfo { name: string; description: string; rule_ids: string[]; max_players: number; options: string[]; rules?: string }
export interface PresetsMsg { type: 'presets'; presets: PresetInfo[]; bots: string[]; chat?: ChatPhrase[] }
export interface ErrorMsg { type: 'error'; re?: number; code: string; rule_id?: string; message: string }

export type ServerMsg =
  | { type: 'welcome'; protocol: number; server: string }
  | StateMsg | EventMsg | HandOverMsg | PresetsMsg | ErrorMsg | HistoryMsg | ChatMsg | ChatLogMsg
  | { type: 'audience'; table: string; watching: number }
  | { type: 'created'; re: number; table: string; link: string }
  | { type: 'joined'; re: number; table: string; seat: number; token: string }
  | { type: 'watching'; re: number; table: string }
  | { type: 'hint'; re: number; seq: number; actions: HintAction[] }
  | { type: 'contributed'; re: number; hand: number }
  | { type: 'record'; re: number; hand: number; text: string }
  | { type: 'left'; re: number }
  | { type: 'table_over'; table: string; ledger: Ledger }
  | { type: 'acted'; re: number; hand: number; seq: number }
  | { type: 'pong'; re: number }
  | { type: 'tables'; re?: number; tables: PublicTable[]; total: number }
  | { type: 'elsewhere'; re?: number; table: string; host: string }
  | PlayerMsg | LeaderboardMsg
  | { type: 'forgotten'; re?: number; known: boolean }
  | RematchOfferMsg;

/** The seats of ended table `table` are offered table `rematch` until `until_ms` (docs/PROTOCOL.md "Play again"). */
export interface RematchOfferMsg {
  type: 'rematch_offer';
  table: string;
  rematch: string;
  until_ms: number;
  seats: { seat: number; name: string; answer: 'accepted' | 'declined' | 'waiting' }[];
}

/** The page of table `code` on another server `host` (an advertised http(s) URL, as `elsewhere` and
 *  the public tables name it), or null when `host` is not one (a page never follows other links). */
export function tableOn(host: string | null | undefined, code: string): string | null {
  if (!host || !/^[A-Z0-9-]{1,64}$/i.test(code)) return null;
  try {
    const u = new URL(host);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}/#/t/${code}`;
  } catch {
    return null;
  }
}

/** The server's address for the page: ws(s)://the same host/ws. */
export function socketUrl(loc: Location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws`;
}

/**
 * One WebSocket to the server. Messages are handed to `onMessage`; when the socket closes it is
 * reopened after a growing pause (0.5 s doubling to 8 s) and `onOpen` runs again (the app resumes
 * its seat there with its token).
 */
export class Connection {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private retryMs = 500;
  private closedByUs = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private queue: string[] = [];
  onMessage: (m: ServerMsg) => void = () => {};
  onOpen: () => void = () => {};
  onStatus: (connected: boolean) => void = () => {};

  constructor(private readonly url: string) {}

  open(): void {
    this.closedByUs = false;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.retryMs = 500;
      this.onStatus(true);
      this.onOpen();
      for (const q of this.queue.splice(0)) ws.send(q);
    };
    ws.onmessage = (e) => {
      let m: ServerMsg;
      try { m = JSON.parse(String(e.data)) as ServerMsg; } catch { return; }
      this.onMessage(m);
    };
    ws.onclose = () => {
      // A socket the page closed (it went to an offline table) or replaced reports nothing: the page
      // is not waiting for it, and its late "closed" must not mark the page's connection lost.
      if (this.ws !== ws || this.closedByUs) return;
      this.onStatus(false);
      this.retry = setTimeout(() => { this.retry = null; this.open(); }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 8000);
    };
  }

  /** Drops the socket as a network failure would (tests of reconnecting use it). */
  drop(): void { this.ws?.close(); }

  /** Closes the socket for good: no reconnecting (a retry already waiting is cancelled), no status. */
  close(): void {
    this.closedByUs = true;
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    this.ws?.close();
  }

  get connected(): boolean { return this.ws?.readyState === WebSocket.OPEN; }

  /** Sends a message with a fresh `id`, which is returned. Sent on open when not connected yet. */
  send(msg: Record<string, unknown>): number {
    const id = this.nextId++;
    const text = JSON.stringify({ ...msg, id });
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
    return id;
  }
}
