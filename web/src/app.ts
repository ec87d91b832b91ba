// The page: routes (#/ the lobby, #/t/CODE a table), the connection, and the state the views draw.
// The server decides every rule; this file only sends what the player picked from the listed moves.
import type { Grouping } from './cards';
import { reasonText } from './actions';
import { ChatBook, ChatLine, ChatPhrase, chatTextProblem } from './chat';
import { isReady, NextHandCountdown, showNextHand } from './between_hands';
import { h } from './dom';
import { handCommitment, verifyDeal, newEntropy, revealFromRecord, SeenDeal } from './fair';
import { defaultSeatKinds, renderBadLink, renderEnded, renderFull, renderJoin, renderLobby, renderMissing, seatsFull, CreateForm } from './lobbyView';
import { HandLog, trimLog } from './history';
import { checkName } from './names';
import { kDefaultBotDelayMs } from './pace';
import { Connection, HandOverMsg, PresetInfo, PublicTable, ServerMsg, socketUrl, StateMsg, tableOn } from './protocol';
import { renderTable, TableModel } from './tableView';
import { codeOfInput, kCodePattern, shownCode } from './tableCode';
import { unencryptedNote } from './transport';
import { clearMoment, Flight, measure, moment, momentWord, Motion } from './motion';
import { Sounds } from './sound';
import { installDrag } from './drag';
import { DropTarget, resolveDrop } from './directMoves';
import { dropAsks, kDropAskDefault } from './dropRisk';
import { playerRules, ruleOptions } from './rulesText';
import { finishWalkthrough, walkthroughDone } from './walkthrough';
import { nameBots } from './words';
import { markScrollCues, watchScrollCues } from './scrollCue';
import { parseLegal, ParsedAction } from './actions';
import { dealFlights, moveEffect } from './flights';
import { kOfflineCode, Link, offline, OfflineLink } from './offline';
import { defaultOfflineForm, noServerNote, OfflineForm, renderOffline } from './offlineView';
import { requestReview } from './review';
import { botsInText, kDefaultQuickForm, QuickForm, QuickHandlers, renderPublicTables, renderQuick } from './quickView';
import { importPlayerKey, playerKey, replacePlayerKey } from './identity';
import { LeaderboardMsg, PlayerMsg, renderLeaderboard, renderMe } from './meView';

type Route = { page: 'home' } | { page: 'table'; code: string; watch: boolean } | { page: 'bad'; link: string }
  | { page: 'me' } | { page: 'leaderboard'; group: string };

/**
 * The page a link opens: `#/t/CODE` a table, `#/t/CODE/watch` watching it; any other `#/t...` is a
 * malformed table link (said so, not silently the lobby); `#/me` the player's page, `#/leaderboard/GROUP`
 * a preset group's leaderboard (P-STD when none is named); everything else is the lobby.
 */
export function parseRoute(hash: string): Route {
  const m = new RegExp(`^#/t/(${kCodePattern})(/watch)?/?$`).exec(hash);
  if (m) return { page: 'table', code: m[1].toUpperCase(), watch: !!m[2] };
  if (/^#\/me\/?$/.test(hash)) return { page: 'me' };
  const board = /^#\/leaderboard(?:\/([A-Za-z0-9-]{1,64}))?\/?$/.exec(hash);
  if (board) return { page: 'leaderboard', group: (board[1] ?? 'P-STD').toUpperCase() };
  return /^#\/?t(\/|$)/.test(hash) ? { page: 'bad', link: hash } : { page: 'home' };
}

/** The position an act or hint was sent for; its reply is only shown while the table is still there. */
interface Position { hand: number; seq: number }

/** What a table link found before any seat is taken: sent as a `watch`, so the name is asked only for a live table. */
interface Peek { code: string; status: 'checking' | 'missing' | 'open' | 'ended'; state: StateMsg | null; refused: boolean }

/** A rule option's value from the rule line ("players=3 hand_size=5 ..."), or null. */
export function ruleValue(rules: string, name: string): string | null {
  return ruleOptions(rules)[name] ?? null;
}

interface SavedSeat { token: string; seat: number }

const store = {
  get<T>(key: string): T | null {
    try { const s = localStorage.getItem(key); return s ? (JSON.parse(s) as T) : null; } catch { return null; }
  },
  set(key: string, value: unknown): void { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage full or off */ } },
  del(key: string): void { try { localStorage.removeItem(key); } catch { /* ignore */ } },
};

export class App {
  private conn: Link;
  private readonly online: Connection;               // the server's; `conn` is an OfflineLink while playing offline
  private offlineForm: OfflineForm = defaultOfflineForm();
  private serverMissed = false;                      // the server's connection failed and has not come back
  private route: Route = { page: 'home' };
  private presets: PresetInfo[] = [];
  private chatPhrases: ChatPhrase[] = [];           // the server's quick phrases (`presets`' `chat`)
  private bubbleTimer: ReturnType<typeof setTimeout> | null = null;
  private bots: string[] = [];
  private form: CreateForm = { name: store.get<string>('tonk.name') ?? '', preset: 'P-STD', seats: 2, seatKinds: ['greedy'], turnSeconds: 0, hands: 0,
    botDelayMs: kDefaultBotDelayMs };
  private lobbyError: string | null = null;
  private model: TableModel | null = null;
  private pending = new Map<number, string>();   // request id -> what it was ("join", "resume", "act", "create", ...)
  private contributed = new Set<string>();
  private deadlineAt: number | null = null;
  private connected = false;
  private creating: CreateForm | null = null;
  private positions = new Map<number, Position>();  // request id of an act or hint -> the position it was for
  private actInFlight: Position | null = null;      // an act sent and not answered: the same position is not sent twice
  private hintFor: Position | null = null;          // a hint asked for this position (shown or in progress)
  private reviewFor: number | null = null;          // the hand whose record was asked for, to review it
  private peek: Peek | null = null;
  private ended: StateMsg | null = null;             // a table that had ended when this page opened it
  private readonly rematchTables = new Set<string>(); // tables this page took a seat at by Play again
  private handLog = new HandLog();                   // how far the log reaches (a history adds what it missed)
  private nextHand = new NextHandCountdown();
  private motion = new Motion();
  private sounds = new Sounds();
  private flights: Flight[] = [];                    // cards to fly once the state they lead to is drawn
  private flightsReady = false;
  private revealPending = false;
  private walkShown = false;                         // the walkthrough was offered on this page
  private quickForm: QuickForm = { ...kDefaultQuickForm, ...(store.get<QuickForm>('tonk.quick') ?? {}) };
  private publicTables: PublicTable[] | null = null;  // the public tables waiting (`tables`), while in the lobby
  private botsAt: number | null = null;              // a public table waiting: when bots fill it (Date.now() ms)
  private mePage: PlayerMsg | null = null;           // the server's `player` answer for #/me
  private shownKey: string | null = null;            // the key, once Export key was pressed
  private meNote: string | null = null;              // what the last key action did
  private board: LeaderboardMsg | null = null;       // the `leaderboard` answer for #/leaderboard/GROUP

  constructor(private readonly root: HTMLElement) {
    this.online = new Connection(socketUrl(location));
    this.conn = this.attach(this.online);
    window.addEventListener('hashchange', () => this.go());
    document.addEventListener('keydown', (e) => this.onKey(e));
    setInterval(() => this.tick(), 250);
    // The lobby's list of public tables, kept fresh while it is shown.
    setInterval(() => { if (this.route.page === 'home' && this.connected && this.conn === this.online) this.send('tables'); }, 5000);
    (window as unknown as { tonkApp: App }).tonkApp = this;   // for the browser tests (drop the socket)
    // Audio may only start after a gesture of the player's.
    const unlock = () => this.sounds.unlock();
    window.addEventListener('pointerdown', unlock, { once: true, capture: true });
    window.addEventListener('keydown', unlock, { once: true, capture: true });
    watchScrollCues(root);
    installDrag(root, {
      cardsFor: (card) => (this.model?.selected.has(card) ? [...this.model.selected] : [card]),
      dropped: (cards, target, at) => this.dropCards(cards, target, at),
    });
  }

  start(): void {
    this.route = parseRoute(location.hash);
    // An offline table lives in the page: after a reload there is none to go back to.
    if (this.route.page === 'table' && this.route.code === kOfflineCode) { this.route = { page: 'home' }; history.replaceState(null, '', '#/'); }
    this.conn.open();
    // The engine's progress redraws its own panel only: the rest of the lobby (a name being typed, a
    // button being pressed) is never replaced under the person's hand.
    offline.onChange = () => this.redrawOfflinePanel();
    // The engine (about 220 KB gzipped) starts loading at once, in its own thread (a worker), while
    // this thread draws the lobby: compiled by the time Play offline is pressed, which then only
    // deals (docs/PERFORMANCE.md).
    offline.prepare();
    this.render();
  }

  /** Makes `link` the page's connection: its messages, opening and status come here. */
  private attach(link: Link): Link {
    link.onMessage = (m) => this.onMessage(m);
    link.onOpen = () => this.onOpen();
    link.onStatus = (c) => {
      this.connected = c;
      if (this.model) { this.model.connected = c; this.render(); }
      if (link === this.online) { this.serverMissed = !c; this.redrawServerNote(); }
    };
    return link;
  }

  /** Changes the connection: the offline table's link, or back to the server's. */
  private switchTo(link: Link): void {
    if (link === this.conn) return;
    this.conn.close();
    this.pending.clear();
    this.positions.clear();
    this.conn = this.attach(link);
    link.open();
  }

  /** The lobby's Play offline panel as the engine's status has it (null when there is no engine). */
  private offlinePanel(): HTMLElement | null {
    return renderOffline(offline.status, offline.presets, this.offlineForm, (f) => this.playOffline(f), () => this.redrawOfflinePanel());
  }

  /** Redraws the lobby's note on a server that does not answer (offlineView.ts), and nothing else. */
  private redrawServerNote(): void {
    const slot = document.querySelector('.server-slot');
    if (this.route.page !== 'home' || !slot) return;
    const note = this.serverMissed ? noServerNote(offline.status !== 'unavailable') : null;
    slot.replaceChildren(...(note ? [note] : []));
  }

  /** Redraws the Play offline panel in its place in the lobby, and nothing else. */
  private redrawOfflinePanel(): void {
    const slot = document.querySelector('.offline-slot');
    if (this.route.page !== 'home' || !slot) return;
    const panel = this.offlinePanel();
    slot.replaceChildren(...(panel ? [panel] : []));
  }

  /** Plays offline (offline.ts): the same table page, with the engine in a worker instead of the server. */
  private playOffline(f: OfflineForm): void {
    this.switchTo(new OfflineLink());
    const name = /^[!-~]([ -~]{0,30}[!-~])?$/.test(this.form.name) ? this.form.name : 'you';   // a record's name (ASCII offline)
    this.creating = { ...this.form, name };
    const bots = Array.from({ length: f.opponents }, (_, i) => ({ seat: i + 1, kind: f.bot }));
    this.send('create', { preset: f.preset, seats: f.opponents + 1, bots, hands: 0, bot_delay_ms: f.botDelayMs, name,
      ...(/^\d{1,20}$/.test(f.seed) ? { seed: f.seed } : {}) });
  }

  /** Drops the WebSocket as a network failure would; the page reconnects and resumes by itself. */
  dropConnection(): void { this.conn.drop(); }

  /**
   * Sends an action the server did not list, bypassing the page's own filter. Only the browser tests
   * call it, to show that the server refuses such an action with its rule and the page says so.
   */
  sendUnlisted(action: string): void {
    if (this.model) this.sendAt('act', { action }, { hand: this.model.state.hand, seq: this.model.state.seq });
  }

  /** Sends an act or hint for `pos`, remembering the position so that its reply can be matched to it. */
  private sendAt(type: 'act' | 'hint', fields: Record<string, unknown>, pos: Position): void {
    const id = this.send(type, type === 'act' ? { ...fields, hand: pos.hand, seq: pos.seq } : fields);
    this.positions.set(id, pos);
    if (type === 'act') this.actInFlight = pos; else this.hintFor = pos;
  }

  private current(): Position | null {
    return this.model ? { hand: this.model.state.hand, seq: this.model.state.seq } : null;
  }

  private send(type: string, fields: Record<string, unknown> = {}): number {
    const id = type === 'probe' && this.route.page === 'table'
      ? this.conn.send({ type: 'watch', table: this.route.code, ...fields })
      : this.conn.send({ type, ...fields });
    this.pending.set(id, type);
    return id;
  }

  private onOpen(): void {
    this.actInFlight = null;   // replies to a dropped socket never come
    this.hintFor = null;
    this.send('presets');
    if (this.route.page === 'home') this.send('tables');
    this.enterRoute();
  }

  private go(): void {
    const r = parseRoute(location.hash);
    // The page's own move to a table it just made (`created`) is no new route: re-entering it
    // would send a `watch` that turns the seat just joined into a spectator.
    if (r.page === 'table' && this.route.page === 'table' && r.code === this.route.code && r.watch === this.route.watch) return;
    if (this.conn !== this.online && !(r.page === 'table' && r.code === kOfflineCode)) this.switchTo(this.online);   // left the offline table
    this.route = r;
    clearMoment();   // a hand's "Drop!" belongs to the table the page left
    this.model = null;
    this.lobbyError = null;
    this.peek = null;
    this.ended = null;
    this.mePage = null;
    this.board = null;
    this.shownKey = null;
    if (this.connected) this.enterRoute();
    if (this.connected && r.page === 'home' && this.conn === this.online) this.send('tables');   // the public tables, fresh
    this.render();
  }

  private enterRoute(): void {
    if (this.route.page === 'me') { this.send('player', { player_key: playerKey() }); return; }
    if (this.route.page === 'leaderboard') { this.send('leaderboard', { group: this.route.group }); return; }
    if (this.route.page !== 'table') return;
    const saved = store.get<SavedSeat>(`tonk.seat.${this.route.code}`);
    if (saved && !this.route.watch) this.send('resume', { token: saved.token });
    else if (this.route.watch) this.send('watch', { table: this.route.code });
    // Not while a join is on its way (the page that created the table joins it as the link opens):
    // watching would take the connection off its seat.
    else if (![...this.pending.values()].includes('join')) this.probe(false);
  }

  /** Looks at the table before asking for a name: missing, ended or open (see Peek). */
  private probe(refused: boolean): void {
    if (this.route.page !== 'table') return;
    this.peek = { code: this.route.code, status: 'checking', state: null, refused };
    this.send('probe', {});
  }

  private onMessage(m: ServerMsg): void {
    const re = 're' in m ? (m as { re?: number }).re : undefined;
    const what = re !== undefined ? this.pending.get(re) : undefined;
    const pos = re !== undefined ? this.positions.get(re) : undefined;
    if (re !== undefined) { this.pending.delete(re); this.positions.delete(re); }
    if (what === 'act' && pos && pos === this.actInFlight) this.actInFlight = null;
    switch (m.type) {
      case 'welcome':
        if (m.protocol !== 1) this.lobbyError = `This page speaks protocol 1; the server speaks ${m.protocol}.`;
        break;
      case 'presets':
        this.presets = m.presets;
        this.bots = m.bots;
        this.chatPhrases = m.chat ?? [];
        if (this.model) this.model.chatPhrases = this.chatPhrases;
        if (!this.presets.some((p) => p.name === this.form.preset) && this.presets.length) this.form.preset = this.presets[0].name;
        if (this.form.seatKinds.some((k) => k !== 'person' && !this.bots.includes(k))) this.form.seatKinds = defaultSeatKinds(this.form.seats, this.bots);
        break;
      case 'created': {
        const f = this.creating;
        this.creating = null;
        location.hash = `#/t/${m.table}`;
        this.route = { page: 'table', code: m.table, watch: false };
        this.peek = null;
        this.send('join', { table: m.table, name: f?.name ?? 'Player', seat: 0, entropy: newEntropy(), player_key: playerKey() });
        break;
      }
      case 'joined':
        store.set(`tonk.seat.${m.table}`, { token: m.token, seat: m.seat });
        this.peek = null;
        if (what === 'rematch') this.rematchTables.add(m.table);
        if (what === 'quick' || what === 'rematch') {   // Play now, Play again: the table page of the seat just taken (its state follows)
          location.hash = `#/t/${m.table}`;
          this.route = { page: 'table', code: m.table, watch: false };
          this.lobbyError = null;
        }
        break;
      case 'player':
        if (this.route.page === 'me') this.mePage = m;
        break;
      case 'leaderboard':
        if (this.route.page === 'leaderboard') this.board = m;
        break;
      case 'forgotten':
        replacePlayerKey();   // the old key names nobody now: play on as someone new
        this.shownKey = null;
        this.meNote = 'Forgotten: the server deleted your name, ratings and history. This browser has a new key.';
        if (this.route.page === 'me') this.send('player', { player_key: playerKey() });
        break;
      case 'elsewhere': {   // the table that fits is on another server of the cluster: its join page there
        const there = tableOn(m.host, m.table);
        if (there) location.assign(there);
        else this.lobbyError = `The table that fits, ${m.table}, is on another server the page cannot open; ask again later.`;
        break;
      }
      case 'tables':
        this.publicTables = m.tables;
        this.redrawPublicTables();
        return;   // only its panel: the lobby is not redrawn under the player's hand
      case 'watching':
        if (what === 'probe' && this.peek && this.peek.status === 'checking' && this.peek.state === null) this.peek.status = 'open';
        break;
      case 'state':
        this.onState(m);
        break;
      case 'event':
        if (this.model && m.table === this.model.state.table) {
          const line = this.handLog.live(this.model.state, m);
          if (m.action) {
            if (m.actor !== this.model.state.seat) {
              const zone = m.action === 'stock' ? 'stock' : m.action === 'take' || m.action.startsWith('discard') ? 'discard'
                : m.action.startsWith('hit') || m.action.startsWith('slap') ? `spread${m.action.split(' ')[1]}` : '';
              this.model.flash = { seat: m.actor, zone };
              const flash = this.model.flash;
              setTimeout(() => { if (this.model?.flash === flash) this.model.flash = null; }, 900);
            }
          }
          if (m.move) this.onMove(m.actor, parseLegal(m.move), m.drawn);
          this.model.log.push(line);
        }
        break;
      case 'history':
        if (this.model) this.handLog.rebuild(this.model.log, this.model.state, m, kLogStartsHere);
        break;
      case 'audience':
        if (this.model && m.table === this.model.state.table) this.model.state.watching = m.watching;
        break;
      case 'hand_over':
        if (this.model) {
          this.model.handOver = m;
          this.model.verify = null;
          this.model.review = null;
          const actor = m.player === null ? null : (m.player === this.model.state.seat ? 'You' : this.model.state.seats[m.player]?.name ?? `Seat ${m.player + 1}`);
          this.model.log.push(`Hand ${m.hand} is over: ${reasonText(m.reason, actor)}.`);
          this.model.selected.clear();
          this.model.resultOpen = true;
          this.motion.finishAll();   // the cards still flying land: the hand's end is the moment now
          this.model.drawn = null;
          this.revealPending = true;
          const seat = this.model.state.seat;
          const word = momentWord(m.reason);
          const mine = seat !== null && m.winners.includes(seat);
          moment(word.text, seat === null ? 'plain' : mine ? 'good' : 'bad');
          if (seat !== null) this.sounds.play(mine ? 'won' : (m.payouts[seat] ?? 0) < 0 ? 'lost' : 'won');
        }
        break;
      case 'hint': {
        // Only the hint for the position on the table now: `hand` when the server sends it, and the
        // position the hint was asked for (a hint of hand N must not show in hand N+1).
        const at = this.current();
        const hand = (m as { hand?: number }).hand;
        const asked = pos ?? this.hintFor;
        if (this.model && at && asked && m.seq === at.seq && (hand === undefined || hand === at.hand) && asked.hand === at.hand && asked.seq === at.seq)
          this.model.hint = m.actions;
        break;
      }
      case 'record':
        if (this.model && this.reviewFor === m.hand) this.reviewRecord(m.hand, m.text);
        // Verify asked for it (a record asked for by Review alone says nothing about the deal).
        if (this.model?.handOver && this.model.handOver.hand === m.hand && !this.model.handOver.fair && this.model.verify === 'running') {
          this.model.handOver.fair = revealFromRecord(m.text);
          if (this.model.handOver.fair) void this.verify();
          else this.model.verify = 'This hand has no fair-deal lines in its record.';
        }
        break;
      case 'table_over':
        if (this.model) this.model.log.push('The table is over.');
        break;
      case 'rematch_offer':
        if (this.model && m.table === this.model.state.table) {
          const r = this.model.rematch ?? (this.model.rematch = { asked: false, declined: false, offer: null });
          r.offer = m;
        }
        break;
      case 'chat':
        if (this.model && m.table === this.model.state.table) this.onChat([m], true);
        break;
      case 'chat_log':
        if (this.model && m.table === this.model.state.table) this.onChat(m.lines, false);
        break;
      case 'error':
        this.onError(m.code, m.message, m.rule_id, what, pos);
        break;
      default:
        break;
    }
    this.render();
  }

  /** Chat lines arrived: live ones (`chat`) also show as bubbles; a `chat_log` adds those not seen yet. */
  private onChat(lines: ChatLine[], live: boolean): void {
    const m = this.model!;
    const book = m.chat ?? (m.chat = new ChatBook(m.state.table, storage()));
    const now = Date.now();
    for (const l of lines) {
      if (!book.add(l, live ? now : undefined)) continue;
      m.log.push({ chat: l });
      if (live && !m.chatOpen && !book.isMuted(l) && l.seat !== m.state.seat) m.chatUnread = true;
    }
    this.armBubbles();
  }

  /** Redraws when the next bubble is due to go. */
  private armBubbles(): void {
    const book = this.model?.chat;
    const next = book?.nextExpiry(Date.now()) ?? null;
    if (this.bubbleTimer !== null) clearTimeout(this.bubbleTimer);
    this.bubbleTimer = next === null ? null : setTimeout(() => { this.bubbleTimer = null; this.render(); this.armBubbles(); }, next - Date.now() + 20);
  }

  private onError(code: string, message: string, ruleId: string | undefined, what: string | undefined, pos: Position | undefined): void {
    if (what === 'rematch' && this.model) {   // Play again refused: say why, and offer it no more
      this.model.rematch = { asked: false, declined: false, offer: this.model.rematch?.offer ?? null, error: message };
      return;
    }
    if (what === 'chat' && this.model) {
      this.model.chatError = code === 'rate_limited' ? `Slow down: ${message}` : message;
      this.model.chatOpen = true;
      return;
    }
    if (what === 'resume' && code === 'unauthorized' && this.route.page === 'table') {
      // The token is refused when the table has ended too: look before saying anything.
      store.del(`tonk.seat.${this.route.code}`);
      this.probe(true);
      return;
    }
    if ((what === 'probe' || what === 'watch') && code === 'not_found' && this.route.page === 'table') {
      this.peek = { code: this.route.code, status: 'missing', state: null, refused: false };
      return;
    }
    if (what === 'forget') { this.meNote = message; return; }   // e.g. still seated: said on the You page
    if (this.model && (what === 'act' || what === 'hint' || what === 'back' || what === 'ready' || what === 'remove')) {
      const at = this.current();
      // A reply about a position the table has already left says nothing the player must act on:
      // the state that superseded it is on screen (a second click, a hint the move made moot).
      if (pos && at && (pos.hand !== at.hand || pos.seq !== at.seq)) return;
      if (what === 'hint' && code === 'rate_limited') return;   // a hint is already on its way
      this.model.error = code === 'illegal' ? `Refused by rule ${ruleId ?? '?'}: ${message}` : code === 'stale' ? 'The table moved on; try again.' : message;
      return;
    }
    if (what === 'join' && code === 'not_found' && this.route.page === 'table') {
      this.peek = { code: this.route.code, status: /is over/.test(message) ? 'ended' : 'missing', state: this.peek?.state ?? null, refused: false };
      return;
    }
    this.lobbyError = message;
  }

  private onState(s: StateMsg): void {
    s.seats = nameBots(s.seats);   // bots play under players' names, not their engines'
    const pk = this.peek;
    if (pk && s.seat === null && s.table === pk.code && (pk.status === 'checking' || pk.status === 'open')) {
      pk.state = s;
      pk.status = s.status === 'over' ? 'ended' : 'open';
      return;
    }
    if (!this.model && s.status === 'over' && s.seat === null) { this.ended = s; return; }   // opened after the end
    const prev = this.model;
    const sameTable = prev && prev.state.table === s.table;
    if (!sameTable) {
      this.handLog = new HandLog();
      this.model = { state: s, selected: new Set(), grouping: (store.get<Grouping>('tonk.grouping') ?? 'suit'), log: [], hint: null,
        error: null, handOver: null, verify: null, showLedger: false, confirmDrop: false, link: `${location.origin}/#/t/${s.table}`,
        commitment: null, flash: null, secondsLeft: null, connected: this.connected, drawn: null, resultOpen: false,
        dropAskAbove: store.get<number>('tonk.dropAskAbove') ?? kDropAskDefault, muted: this.sounds.muted, rules: 'closed', walkthrough: null,
        chat: new ChatBook(s.table, storage()), chatPhrases: this.chatPhrases, rematchTable: this.rematchTables.has(s.table) };
    }
    const m = this.model!;
    const old = prev && sameTable ? prev.state : null;
    const moved = !prev || !sameTable || prev.state.seq !== s.seq || prev.state.hand !== s.hand || prev.state.status !== s.status;
    m.state = s;
    if (moved) { m.hint = null; m.error = null; }
    // Commitments: `fair` names the next deal; keep each so the hand in play shows the one seen
    // before its deal; after a reload (or a first visit mid-hand) the server's `fair.current`.
    if (s.fair) store.set(`tonk.commit.${s.table}.${s.fair.hand}`, s.fair.commitment);
    m.commitment = handCommitment(s, store.get<string>(`tonk.commit.${s.table}.${s.hand}`));
    // What this seat saw at the deal, for the check after the hand.
    if (s.view && s.seat !== null && s.status === 'playing' && s.view.history.length === 0) {
      const seen: SeenDeal = { seat: s.seat, players: s.view.players, dealer: s.view.dealer, handSize: s.view.hand.length,
        hand: s.view.hand, upcard: ruleValue(s.rules, 'upcard') === 'false' ? null : s.view.top_discard,
        commitment: m.commitment };
      store.set(`tonk.deal.${s.table}.${s.hand}`, seen);
    }
    // Our random contribution to the next deal (docs/PROTOCOL.md, "Provably fair deals").
    if (s.seat !== null && s.fair && !s.fair.contributed && s.status !== 'over') {
      const key = `${s.table}.${s.fair.hand}`;
      if (!this.contributed.has(key)) { this.contributed.add(key); this.send('contribute', { hand: s.fair.hand, entropy: newEntropy() }); }
    }
    this.onStateMotion(old, s);
    if (!this.walkShown && s.seat !== null && s.status === 'playing' && !walkthroughDone(storage())) { this.walkShown = true; m.walkthrough = 0; }
    if (s.status === 'playing') { if (!m.resultOpen) m.handOver = null; }   // a result still open stays until closed
    else if (!m.handOver && s.view?.outcome) {
      // A page opened between hands missed `hand_over`: the view's outcome has the same facts but
      // the deal's reveal, which Verify then reads from the hand's record.
      const o = s.view.outcome;
      m.handOver = { type: 'hand_over', table: s.table, hand: s.hand, reason: o.reason, player: o.player, winners: o.winners,
        hands: o.hands, counts: o.counts, payouts: o.payouts, points: o.points, ledger: s.ledger, fair: null };
    }
    const hand = new Set(s.view?.hand ?? []);
    for (const c of [...m.selected]) if (!hand.has(c)) m.selected.delete(c);
    if (!(s.status === 'playing' && s.to_move === s.seat)) m.confirmDrop = false;
    this.deadlineAt = s.deadline_ms === null ? null : Date.now() + s.deadline_ms;
    this.botsAt = s.bots_in_ms === null || s.bots_in_ms === undefined || s.status !== 'waiting' ? null : Date.now() + s.bots_in_ms;
    m.botsIn = this.botsSecondsLeft();
    this.nextHand.update(s);
    m.secondsLeft = this.secondsLeft();
    if (!prev || !sameTable) {
      m.log.push(s.seat === null ? `Watching table ${s.table}.` : `You are at table ${s.table}, seat ${s.seat + 1}.`);
      if (hadPlay(s)) m.log.push(kLogStartsHere);
    }
  }

  private botsSecondsLeft(): number | null {
    return this.botsAt === null ? null : Math.max(0, Math.ceil((this.botsAt - Date.now()) / 1000));
  }

  /** Redraws the lobby's list of public tables in its place, and nothing else. */
  private redrawPublicTables(): void {
    const slot = document.querySelector('.public-slot');
    if (this.route.page !== 'home' || !slot) return;
    slot.replaceChildren(renderPublicTables(this.publicTables, this.quickHandlers()));
  }

  private quickHandlers(): QuickHandlers {
    return {
      play: (f) => {
        const { name, error } = checkName(this.form.name);
        if (error) { this.lobbyError = error; this.render(); return; }
        store.set('tonk.name', name);
        store.set('tonk.quick', f);
        this.lobbyError = null;
        this.send('quick', { preset: f.preset, seats: f.seats, level: f.level, name, entropy: newEntropy(), player_key: playerKey() });
      },
      join: (code, host) => {
        const there = tableOn(host, code);   // another server's table: its join page there
        if (there) location.assign(there); else location.hash = `#/t/${code}`;
      },
      typed: (name) => { this.form.name = name; },
    };
  }

  private secondsLeft(): number | null {
    return this.deadlineAt === null ? null : Math.max(0, Math.ceil((this.deadlineAt - Date.now()) / 1000));
  }

  private tick(): void {
    if (this.model && this.route.page === 'table') showNextHand(this.root, this.model.state, this.nextHand.secondsLeft());
    if (this.model && this.botsAt !== null) {
      const left = this.botsSecondsLeft();
      if (left !== this.model.botsIn) {
        this.model.botsIn = left;
        const el = this.root.querySelector('.bots-in');
        if (el) el.textContent = botsInText(left);
      }
    }
    if (!this.model || this.deadlineAt === null) return;
    const left = this.secondsLeft();
    if (left === this.model.secondsLeft) return;
    this.model.secondsLeft = left;
    const el = this.root.querySelector('.timer');
    if (el && left !== null) { el.textContent = `${left} s left`; el.setAttribute('aria-label', `${left} seconds left`); el.classList.toggle('low', left <= 5); }
  }

  private act(id: string): void {
    const m = this.model;
    if (!m) return;
    if (!m.state.legal.some((a) => a.id === id)) return;   // only listed moves are ever sent
    this.motion.finishAll();   // a move made during a flight: the table is shown as it is
    if (id === 'drop' && !m.confirmDrop && m.state.view && dropAsks(m.state.view, m.state.rules, m.dropAskAbove ?? kDropAskDefault)) {
      m.confirmDrop = true; this.render('drop-no'); return;
    }
    m.confirmDrop = false;
    const at = { hand: m.state.hand, seq: m.state.seq };
    // One act per position: a second click before the reply would only come back `stale`.
    if (this.actInFlight && this.actInFlight.hand === at.hand && this.actInFlight.seq === at.seq) return;
    m.error = null;
    this.sendAt('act', { action: id }, at);
    if (id !== 'stock' && id !== 'take') m.drawn = null;   // the drawn card is marked until the next move
    m.selected.clear();
    this.render();
  }

  /** A move seen in an `event`: its cards fly once the state after it is drawn; its sound plays now. */
  private onMove(actor: number, action: ParsedAction, drawn: string | null): void {
    const m = this.model;
    if (!m) return;
    const e = moveEffect(m.state.view, m.state.seat, actor, action, drawn);
    this.flights.push(...e.flights);
    if (e.sound) this.sounds.play(e.sound);
    if (e.drawn) m.drawn = e.drawn;
  }

  /** A new state: a new hand is dealt card by card; your turn is announced. */
  private onStateMotion(old: StateMsg | null, s: StateMsg): void {
    const v = s.view;
    if (!old || !v) { this.flightsReady = false; this.flights = []; return; }
    // The table is over: the cards still flying land at once (else they fly on under the final panel).
    if (s.status === 'over' && old.status !== 'over') { this.motion.finishAll(); this.flightsReady = false; this.flights = []; return; }
    const newHand = s.status === 'playing' && v.history.length === 0 && (old.hand !== s.hand || old.status !== 'playing');
    if (newHand) {
      this.flights = dealFlights(v, s.seat);
      this.sounds.play('deal', this.flights.length);
    }
    this.flightsReady = this.flights.length > 0 && (old.seq !== s.seq || old.hand !== s.hand || old.status !== s.status);
    const myTurn = (x: StateMsg) => x.status === 'playing' && x.seat !== null && x.to_move === x.seat;
    if (myTurn(s) && !(myTurn(old) && old.hand === s.hand)) this.sounds.play('turn');
  }

  /** Cards dragged from the hand and let go over `target`: the listed move they make, or why none. */
  private dropCards(cards: string[], target: DropTarget | null, at: DOMRect): boolean {
    const m = this.model;
    if (!m || !target) return false;
    const legal = m.state.legal.map(parseLegal);
    const myTurn = m.state.status === 'playing' && m.state.seat !== null && m.state.to_move === m.state.seat;
    const r = resolveDrop(legal, cards, target, myTurn, m.state.view?.phase ?? '');
    if ('reason' in r) { m.error = r.reason; this.render(); return false; }
    for (const c of cards) this.motion.startFrom(c, at);
    m.selected = new Set(cards);
    this.act(r.move);
    return true;
  }

  private openRules(): void {
    const m = this.model;
    if (!m) return;
    m.rules = playerRules(m.state.rules, this.presets.find((p) => p.name === m.state.preset)?.max_players ?? null);
    this.render();
  }

  /** Asks for a hint once per position: a second `h` while one is on its way or shown sends nothing. */
  private askHint(): void {
    const m = this.model;
    const at = this.current();
    if (!m || !at || m.state.seat === null || m.state.status !== 'playing' || m.state.to_move !== m.state.seat) return;
    if (this.hintFor && this.hintFor.hand === at.hand && this.hintFor.seq === at.seq) return;
    m.hint = null;
    m.error = null;
    this.sendAt('hint', {}, at);
    this.render();
  }

  /** Asks for the finished hand's record (the server's, or the offline table's) to review it. */
  private review(): void {
    const m = this.model;
    const o = m?.handOver;
    if (!m || !o || m.state.seat === null) return;
    m.review = { hand: o.hand, running: true };
    this.reviewFor = o.hand;
    this.send('record', { hand: o.hand });
    this.render('review');
  }

  /** Reviews this seat's play in the record of hand `hand`, in the reviewer's own worker (review.ts). */
  private reviewRecord(hand: number, text: string): void {
    this.reviewFor = null;
    const m = this.model;
    const seat = m?.state.seat;
    if (!m || seat === null || seat === undefined) return;
    const done = (state: TableModel['review']) => {
      if (this.model !== m || m.review?.hand !== hand) return;   // another hand or table since
      m.review = state;
      this.render('review');
    };
    requestReview(text, hand, seat).then((result) => done({ hand, result }),
      (e) => done({ hand, error: `Could not review: ${(e as Error).message}` }));
  }

  private async verify(): Promise<void> {
    const m = this.model;
    const o: HandOverMsg | null | undefined = m?.handOver;
    if (!m || !o) return;
    if (!o.fair) { m.verify = 'running'; this.send('record', { hand: o.hand }); this.render(); return; }
    m.verify = 'running';
    this.render();
    try {
      const seen = store.get<SeenDeal>(`tonk.deal.${m.state.table}.${o.hand}`);
      m.verify = await verifyDeal(o.hand, o.fair, seen);
    } catch (e) {
      m.verify = `Could not verify: ${(e as Error).message}`;
    }
    this.render('verify');
  }

  private copyLink(): void {
    const m = this.model;
    if (!m) return;
    const done = () => { m.log.push(`Invite link copied: ${m.link}`); this.render(); };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(m.link).then(done, () => { m.log.push(`Invite link: ${m.link}`); this.render(); });
    else { m.log.push(`Invite link: ${m.link}`); this.render(); }
  }

  private onKey(e: KeyboardEvent): void {
    const m = this.model;
    if (!m || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target as HTMLElement;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const has = (id: string) => m.state.legal.some((a) => a.id === id);
    if (e.key === 'Escape') {
      if (Array.isArray(m.rules) || m.rules === 'loading') { m.rules = 'closed'; this.render('rules'); return; }
      if (m.menuOpen) { m.menuOpen = false; this.render('menu'); return; }
      if (m.confirmDrop) { m.confirmDrop = false; this.render('act-drop'); } else if (m.selected.size) { m.selected.clear(); this.render(); }
      return;
    }
    const keys: Record<string, () => void> = {
      s: () => has('stock') && this.act('stock'),
      t: () => has('take') && this.act('take'),
      d: () => has('drop') && this.act('drop'),
      h: () => this.askHint(),
      l: () => { m.showLedger = !m.showLedger; this.render(); },
    };
    const f = keys[e.key];
    if (f) { e.preventDefault(); f(); }
  }

  /** Redraws the page, keeping keyboard focus on the element with the same data-focus key. */
  render(focusKey?: string): void {
    if (this.model) trimLog(this.model.log);
    const active = document.activeElement as HTMLElement | null;
    const key = focusKey ?? active?.getAttribute?.('data-focus') ?? null;
    let page: HTMLElement;
    if (this.route.page === 'home') {
      page = renderLobby(this.presets, this.bots, this.form, this.lobbyError, {
        create: (f) => {
          const { name, error } = checkName(f.name);
          if (error) { this.lobbyError = error; this.render(); return; }
          store.set('tonk.name', name);
          this.creating = { ...f, name };
          this.lobbyError = null;
          const bots = f.seatKinds.map((k, i) => ({ seat: i + 1, kind: k })).filter((b) => b.kind !== 'person');
          // The name goes with `create` too: the server refuses it there, before any table is made.
          this.send('create', { preset: f.preset, seats: f.seats, bots, turn_seconds: f.turnSeconds || undefined, hands: f.hands, pause_seconds: 30, name,
            bot_delay_ms: f.botDelayMs, chat_text: f.chatText || undefined });
        },
        openCode: (text) => { const code = codeOfInput(text); if (code) location.hash = `#/t/${code}`; },
      }, () => this.render());
      page.append(h('div', { class: 'offline-slot' }, this.offlinePanel()));
      page.querySelector('h1 + p')?.after(h('div', { class: 'server-slot' },
        this.serverMissed ? noServerNote(offline.status !== 'unavailable') : null));
      // Play now and the public tables, first: the quickest way to a game.
      const quick = this.quickHandlers();
      page.querySelector('.server-slot')?.after(renderQuick(this.presets, this.quickForm, this.form.name, quick),
        h('div', { class: 'public-slot' }, renderPublicTables(this.publicTables, quick)));
      page.querySelector('.public-slot')?.after(h('p', { class: 'me-links' },
        h('a', { href: '#/me' }, 'You: ratings and key'), ' · ', h('a', { href: '#/leaderboard/P-STD' }, 'Leaderboard')));
    } else if (this.route.page === 'me') {
      page = renderMe(this.mePage, this.presets, this.shownKey, this.meNote, {
        home: () => { location.hash = '#/'; },
        leaderboard: (group) => { location.hash = `#/leaderboard/${group}`; },
        exportKey: () => {
          this.shownKey = playerKey();
          this.meNote = 'Keep this key secret: whoever has it plays as you.';
          navigator.clipboard?.writeText(this.shownKey).then(() => { this.meNote = 'Copied to the clipboard. Keep it secret: whoever has it plays as you.'; this.render(); }, () => {});
          this.render();
        },
        importKey: (text) => {
          const why = importPlayerKey(text);
          if (why) return why;
          this.shownKey = null;
          this.meNote = 'Key imported: you play as that player from now on.';
          this.mePage = null;
          this.send('player', { player_key: playerKey() });
          this.render();
          return '';
        },
        forget: () => {
          if (!confirm('Forget you? The server deletes your name, ratings and history for good, and this browser gets a new key. Leave your tables first: a seat you still hold would store you again.')) return;
          this.send('forget', { player_key: playerKey() });
        },
      });
    } else if (this.route.page === 'leaderboard') {
      page = renderLeaderboard(this.route.group, this.board, this.presets, { home: () => { location.hash = '#/'; }, me: () => { location.hash = '#/me'; } });
    } else if (this.route.page === 'bad') {
      page = renderBadLink(this.route.link, () => { location.hash = '#/'; });
    } else if (this.model) {
      const m = this.model;
      const used = () => { m.menuOpen = false; };   // a menu item was chosen: the menu closes
      page = renderTable(m, {
        menu: (open) => { m.menuOpen = open; },
        movesList: (open) => { m.movesOpen = open; },
        select: (c) => { if (m.selected.has(c)) m.selected.delete(c); else m.selected.add(c); m.error = null; this.render(); },
        act: (id) => this.act(id),
        confirmDrop: (yes) => { if (yes) this.act('drop'); else { m.confirmDrop = false; this.render('act-drop'); } },
        hint: () => this.askHint(),
        grouping: (g) => { m.grouping = g; store.set('tonk.grouping', g); this.render(); },
        ledger: (show) => { used(); m.showLedger = show; this.render(); },
        ready: () => {
          if (isReady(m.state, m.readyHand)) return;
          this.send('ready'); m.readyHand = m.state.hand; m.log.push('You are ready for the next hand.'); m.resultOpen = false; this.render();
        },
        closeResult: () => { m.resultOpen = false; if (m.state.status === 'playing') m.handOver = null; this.render(); },
        mute: (muted) => { this.sounds.setMuted(muted); m.muted = muted; this.render('mute'); },
        dropAsk: (above) => { m.dropAskAbove = above; store.set('tonk.dropAskAbove', above); this.render(); },
        rules: (show) => { used(); if (show) this.openRules(); else { m.rules = 'closed'; this.render('rules'); } },
        walkthrough: (step) => { m.walkthrough = step; if (step === null) finishWalkthrough(storage()); this.render(step === null ? undefined : 'walk-next'); },
        verify: () => { void this.verify(); },
        review: m.state.seat === null ? undefined : () => this.review(),
        back: () => this.send('back'),
        remove: m.state.table === kOfflineCode ? undefined : (seat) => {
          used();
          const who = m.state.seats[seat]?.name ?? `seat ${seat + 1}`;
          const after = m.state.status === 'waiting' ? 'Their seat opens for someone else.' : 'A bot plays their seat from now on.';
          if (confirm(`Remove ${who}, who is away? ${after}`)) this.send('remove', { seat });
        },
        leave: () => { used(); if (confirm(m.state.status === 'waiting' ? 'Leave this table? Your seat opens for someone else.' : 'Leave this table? A bot plays your seat from now on.')) { this.send('leave'); store.del(`tonk.seat.${m.state.table}`); location.hash = '#/'; } },
        end: () => {
          used();
          if (!confirm(kEndQuestion)) { this.render(); return; }
          this.send('end'); m.log.push('You asked to end the table; it ends when every player does.'); this.render();
        },
        copyLink: m.state.table === kOfflineCode ? undefined : () => { used(); this.copyLink(); },
        chat: m.state.table === kOfflineCode ? undefined : {
          open: (open) => { m.chatOpen = open; m.chatError = null; if (open) m.chatUnread = false; this.render(open ? 'phrase-' + (m.chatPhrases?.[0]?.id ?? '') : 'chat'); },
          say: (line) => {
            if ('text' in line) {
              const problem = chatTextProblem(line.text);
              if (problem) { m.chatError = problem; this.render('chat-text'); return; }
              m.chatDraft = '';
            }
            m.chatError = null;
            this.send('chat', line);
            if ('phrase' in line) m.chatOpen = false;   // a phrase is said in one tap; the panel steps aside for its bubble
            this.render('text' in line ? 'chat-text' : 'chat');
          },
          draft: (text) => { m.chatDraft = text; m.chatError = chatTextProblem(text); this.render('chat-text'); },
          mute: (seat, muted) => { m.chat?.setMuted(seat, muted); this.render(`mute-${seat}`); },
        },
        home: () => { location.hash = '#/'; },
        playAgain: m.state.seat === null || m.state.table === kOfflineCode ? undefined : (accept) => {
          const saved = store.get<SavedSeat>(`tonk.seat.${m.state.table}`);
          if (!saved) { m.error = 'This page no longer holds your seat\'s token: start a new table from the lobby.'; this.render(); return; }
          const r = m.rematch ?? (m.rematch = { asked: false, declined: false, offer: null });
          if (accept) r.asked = true; else r.declined = true;
          this.send('rematch', { table: m.state.table, token: saved.token, accept });
          this.render(accept ? undefined : 'home-end');
        },
      });
    } else {
      const code = this.route.code;
      const saved = store.get<SavedSeat>(`tonk.seat.${code}`);
      const home = () => { location.hash = '#/'; };
      const ended = this.ended ?? (this.peek?.status === 'ended' ? this.peek.state : null);
      page = ended || this.peek?.status === 'ended' ? renderEnded(code, ended, home)
        : this.peek?.status === 'missing' ? renderMissing(code, home)
        : saved && !this.lobbyError ? renderWaiting(`Rejoining table ${shownCode(code)}…`)
        : (this.route.watch || this.peek?.status === 'checking' || (!this.peek && !this.lobbyError)) && !this.lobbyError ? renderWaiting(`Opening table ${shownCode(code)}…`)
        : this.peek?.status === 'open' && this.peek.state && seatsFull(this.peek.state)
          ? renderFull(code, { watch: () => { location.hash = `#/t/${code}/watch`; }, home })
        : renderJoin(code, this.form.name, this.lobbyError ?? (this.peek?.refused
          ? 'Your seat at this table is no longer yours (its token was refused). Join again or watch.' : null), {
          join: (raw) => {
            const { name, error } = checkName(raw);
            if (error) { this.lobbyError = error; this.render(); return; }
            this.form.name = name;
            store.set('tonk.name', name);
            this.lobbyError = null;
            this.send('join', { table: code, name, entropy: newEntropy(), player_key: playerKey() });
          },
          typed: (name) => { this.form.name = name; },
          watch: () => { location.hash = `#/t/${code}/watch`; },
          home: () => { location.hash = '#/'; },
        }, this.peek?.state ? { state: this.peek.state, maxPlayers: this.presets.find((p) => p.name === this.peek!.state!.preset)?.max_players ?? null } : null);
    }
    const rects = this.flightsReady ? measure(this.root) : new Map<string, DOMRect>();
    const log = this.root.querySelector<HTMLElement>('.log');
    const before = log ? { top: log.scrollTop, height: log.scrollHeight, client: log.clientHeight } : null;
    const note = unencryptedNote(location);
    this.root.replaceChildren(...(note ? [h('p', { class: 'plain-http', role: 'note' }, note)] : []), page);
    if (this.model && this.route.page === 'table') {
      showNextHand(this.root, this.model.state, this.nextHand.secondsLeft());
      markScrollCues(this.root);
    }
    const after = this.root.querySelector<HTMLElement>('.log');
    if (after) after.scrollTop = logScrollTop(before, after.scrollHeight, after.clientHeight);
    if (this.flightsReady) { this.motion.play(this.flights, rects, this.root); this.flights = []; this.flightsReady = false; }
    else this.motion.play([], rects, this.root);   // flights under way go on, on the redrawn cards
    if (this.revealPending && this.model && this.model.state.status !== 'playing') { this.revealPending = false; this.motion.reveal(this.root); }
    if (key) {
      const el = this.root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
      el?.focus();
      // A text box drawn again keeps typing at the end of what was typed (the chat's, while lines arrive).
      if (el instanceof HTMLInputElement && el.type === 'text') el.setSelectionRange(el.value.length, el.value.length);
    }
  }
}

/** The question End table asks (as Leave does): it ends the table for everyone, even mid-hand. */
export const kEndQuestion = 'End this table for everyone? It is over as soon as every player at it has asked, '
  + 'even in the middle of a hand, and cannot be restarted.';

/** The log's first line when the page opens a table that has already been played at (a reload, a late join). */
export const kLogStartsHere = 'Earlier moves are not in this log: it starts when this page opened the table.';

/** Whether a table has been played at before this page saw it: a move made, or a hand over. */
export function hadPlay(s: StateMsg): boolean {
  return s.hand > 1 || s.status === 'between' || s.status === 'over' || (s.view?.history.length ?? 0) > 0;
}

/**
 * Where the log is scrolled after a redraw: at the newest line when it was there (or is new), else
 * where the player left it. `before` is the old log's scrollTop, scrollHeight and clientHeight.
 */
export function logScrollTop(before: { top: number; height: number; client: number } | null, height: number, client: number): number {
  const bottom = Math.max(0, height - client);
  if (!before || before.top + before.client >= before.height - 4) return bottom;
  return Math.min(before.top, bottom);
}

function renderWaiting(text: string): HTMLElement {
  const el = document.createElement('main');
  el.className = 'lobby';
  el.setAttribute('role', 'status');
  el.textContent = text;
  return el;
}

function storage(): Storage | null {
  try { return localStorage; } catch { return null; }
}
