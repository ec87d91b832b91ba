// The offline table's engine, off the page's main thread: a Web Worker that loads the engine
// (engine.ts, web/wasm/tonk.wasm) and answers the page's requests as `tonk serve` would answer them on
// its WebSocket (docs/PROTOCOL.md), for one table of the person (seat 0) against bots. The bots'
// moves and the hints are computed here, so the page never freezes while they think.
import { Engine, EngineError, EngineTable } from './engine';
import { kPageCache } from './pageCache';
import type { PresetsMsg, ServerMsg } from './protocol';

/** A request of the page: a protocol message with its `id`. */
type Request = { type: string; id: number; [k: string]: unknown };

const kCode = 'OFFLINE';
const kHintWorlds = 200;   // as `tonk serve`'s default hint
// A review (review.ts): the expert level's search, the oracle's default rollouts, and a bound on
// the time; the same seed as `tonk review`'s default, so the page and the command agree.
const kReview = { worlds: 200, hindsight: 20, seed: 1, timeLimitMs: 20000 };

let engine: Engine | null = null;
let presets: PresetsMsg | null = null;   // the engine's, read once (the page asks again as each table opens)
let table: EngineTable | null = null;
let preset = 'P-STD';
let botDelayMs = 0;
let botTimer: ReturnType<typeof setTimeout> | null = null;
let over = false;

const post = (m: ServerMsg | Record<string, unknown> | object) => (self as unknown as Worker).postMessage(m);
const error = (re: number, code: string, message: string, ruleId?: string) =>
  post({ type: 'error', re, code, message, ...(ruleId ? { rule_id: ruleId } : {}) });

function randomSeed(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return String(BigInt(a[0]) * 4294967296n + BigInt(a[1]));
}

/** The state of the person's seat, with what the page shows of the table that the engine does not know. */
function sendState(): void {
  if (!table) return;
  const s = table.state(0);
  s.preset = preset;
  const mover = table.toMove();
  s.thinking = botTimer !== null && mover > 0 ? mover : null;
  if (over) s.status = 'over';
  post(s);
}

/** The events and results since the last change, then the state; records of ended hands go along. */
function flush(): void {
  if (!table) return;
  for (const m of table.messages()) {
    // The record first: the summary that `hand_over` opens links to it.
    if (m.type === 'hand_over') post({ type: 'offline_record', hand: m.hand, text: table.record(m.hand) });
    post(m);
  }
  sendState();
}

/** Bots play, one move per pace, until the person is to move or the hand is over. */
function runBots(): void {
  if (!table || botTimer !== null) return;
  const mover = table.toMove();
  if (mover < 0 || table.awaitsPerson()) return;
  botTimer = setTimeout(() => {
    botTimer = null;
    if (!table) return;
    table.stepBot();
    flush();
    runBots();
  }, botDelayMs);
  sendState();   // `thinking`: the bot to move
}

function deal(): void {
  if (!table) return;
  table.deal();
  flush();
  runBots();
}

function handle(r: Request): void {
  if (!engine) { error(r.id, 'unavailable', 'the offline engine is not loaded'); return; }
  switch (r.type) {
    case 'presets': post({ ...presets, re: r.id }); return;
    case 'review':  // needs no table: the page's reviewer is a worker of its own (review.ts)
      post({ type: 'review', re: r.id, review: engine.review(String(r.record), Number(r.hand), Number(r.seat), kReview) });
      return;
    case 'create': {
      const bots = (r.bots as { seat: number; kind: string }[] | undefined) ?? [];
      const seats = Number(r.seats ?? 2);
      const kinds = Array.from({ length: seats }, (_, s) => (s === 0 ? 'person' : bots.find((b) => b.seat === s)?.kind ?? 'greedy'));
      if (kinds.includes('person', 1)) { error(r.id, 'bad_request', 'an offline table seats one person and bots'); return; }
      const names = kinds.map((k, s) => (s === 0 ? String(r.name ?? 'you') : k));
      for (let s = 1; s < seats; s++) if (kinds.filter((k) => k === kinds[s]).length > 1) names[s] = `${kinds[s]}${kinds.slice(1, s + 1).filter((k) => k === kinds[s]).length}`;
      try {
        table?.free();
        preset = String(r.preset ?? 'P-STD');
        botDelayMs = Math.max(0, Math.min(5000, Number(r.bot_delay_ms ?? 0)));
        over = false;
        const seed = typeof r.seed === 'string' && /^\d{1,20}$/.test(r.seed) ? r.seed : randomSeed();
        table = engine.table({ preset, seats: kinds, names, seed, hands: Number(r.hands ?? 0) });
        post({ type: 'offline_deal', seed, preset, players: seats });
      } catch (e) {
        table = null;
        error(r.id, 'bad_request', (e as Error).message);
        return;
      }
      post({ type: 'created', re: r.id, table: kCode, link: '' });
      return;
    }
    case 'join':
    case 'resume':
      if (!table || (r.type === 'join' && r.table !== kCode)) { error(r.id, r.type === 'join' ? 'not_found' : 'unauthorized', 'no such offline table'); return; }
      post({ type: 'joined', re: r.id, table: kCode, seat: 0, token: 'offline' });
      if (table.handNumber() === 0) deal();
      else { sendState(); const h = table.history(0); if (h) post(h); }
      return;
    case 'probe':
    case 'watch':
      error(r.id, 'not_found', 'an offline table cannot be watched');
      return;
    case 'act': {
      if (!table) { error(r.id, 'illegal', 'no hand is in play', 'table'); return; }
      const s = table.state(0);
      if (r.hand !== s.hand || r.seq !== s.seq) { error(r.id, 'stale', 'the position moved on'); return; }
      const refused = table.act(0, String(r.action));
      if (refused) { error(r.id, 'illegal', refused.message, refused.rule_id); return; }
      post({ type: 'acted', re: r.id, hand: s.hand, seq: s.seq });
      flush();
      runBots();
      return;
    }
    case 'hint':
      if (!table || table.toMove() !== 0) { error(r.id, 'illegal', 'a hint is for the seat to move', 'table'); return; }
      post({ ...table.hint(0, kHintWorlds, Math.floor(Math.random() * 2 ** 32)), re: r.id });
      return;
    case 'record': {
      const text = table?.record(Number(r.hand)) ?? '';
      if (!text) { error(r.id, 'not_found', 'that hand has no record yet'); return; }
      post({ type: 'record', re: r.id, hand: Number(r.hand), text });
      return;
    }
    case 'ready':
      if (table && table.toMove() < 0 && !over) deal();
      return;
    case 'end':
    case 'leave':
      if (table) { over = true; if (botTimer !== null) clearTimeout(botTimer); botTimer = null; post({ type: 'table_over', table: kCode, ledger: table.state(0).ledger }); sendState(); }
      if (r.type === 'leave') post({ type: 'left', re: r.id });
      return;
    default:
      return;   // contribute, back, ping: nothing to do at a table of one person
  }
}

/**
 * The engine's file, downloaded once: from the page's cache (public/sw.js's, which works offline)
 * when it is there, else from the network and kept in that cache for next time. The service worker
 * leaves this one file to the page, so that a first visit downloads it once, not once for the page
 * and again for the service worker's copy. Where there is no Cache Storage (a page on plain http
 * under another name than this machine's), simply from the network.
 */
async function engineFile(url: string): Promise<{ response: Response; kept: Promise<void> }> {
  const cache = typeof caches === 'undefined' ? null : await caches.open(kPageCache).catch(() => null);
  const cached = await cache?.match(url);
  if (cached) return { response: cached, kept: Promise.resolve() };
  const response = await fetch(url);
  // Kept while the engine compiles from the same download (a copy of its stream).
  const kept = response.ok && cache ? cache.put(url, response.clone()).catch(() => { /* the next load downloads it again */ }) : Promise.resolve();
  return { response, kept };
}

/**
 * Runs what Play offline runs (a table made, a deal, the person's state and moves, a bot's move) once
 * on a table of its own, as soon as the engine is ready: the browser compiles each of the engine's
 * functions when it is first called (about 0.2 s of them here on this machine under load), so the
 * player's click then runs compiled code and only deals.
 */
function warmUp(): void {
  if (!engine || table) return;
  try {
    const t = engine.table({ preset: 'P-STD', seats: ['person', 'greedy'], names: ['you', 'greedy'], seed: 1, hands: 0 });
    t.deal();
    for (let guard = 0; guard < 50 && t.toMove() >= 0; guard++) {
      t.messages();
      t.state(0);
      t.history(0);
      if (t.awaitsPerson()) t.act(0, t.legal()[0].id);
      else t.stepBot();
    }
    t.free();
  } catch { /* a warm-up only: the player's own table reports its errors */ }
}

self.onmessage = (e: MessageEvent) => {
  const r = e.data as Request;
  if (r.type === 'start') {
    engineFile(String(r.wasm)).then(async ({ response, kept }) => {
      const loaded = await Engine.load(response);
      await kept;   // ready means ready offline too
      engine = loaded;
      presets = loaded.presets();
      post({ type: 'offline_ready', presets });
      setTimeout(warmUp, 0);
    }, (err) => post({ type: 'offline_unavailable', reason: String((err as Error).message ?? err) }));
    return;
  }
  try {
    handle(r);
  } catch (err) {
    error(r.id, err instanceof EngineError ? 'engine' : 'internal', String((err as Error).message ?? err));
  }
};
