// Playing offline (docs/WEB.md): the engine in a Web Worker (offlineWorker.ts) behind the same
// interface as the server's WebSocket (protocol.ts, Connection), so the page draws an offline
// table with the online table's code. `offline` starts the worker once; OfflineLink is the
// "connection" to it; recordHref() gives a hand's record link, a file made in the page when offline.
import type { PresetsMsg, ServerMsg } from './protocol';

/** What the page needs of a connection: protocol.ts's Connection and OfflineLink both are one. */
export interface Link {
  onMessage: (m: ServerMsg) => void;
  onOpen: () => void;
  onStatus: (connected: boolean) => void;
  open(): void;
  close(): void;
  drop(): void;
  readonly connected: boolean;
  send(msg: Record<string, unknown>): number;
}

/** The offline table's code in the page's route (#/t/OFFLINE). */
export const kOfflineCode = 'OFFLINE';

type Status = 'idle' | 'loading' | 'ready' | 'unavailable';

/** Where an offline table's deals come from: its session's seed (decimal), rules and players. */
export interface OfflineDeal { seed: string; preset: string; players: number }

// The engine, when scripts/build_wasm.sh has built it: a hashed asset of the build (so the service
// worker keeps each build's own), or none.
export const kWasm = Object.values(import.meta.glob('../wasm/tonk.wasm', { query: '?url', import: 'default', eager: true }) as Record<string, string>)[0] ?? null;

/** The worker and whether the engine loaded (a page built without the engine plays online only). */
class OfflineEngine {
  status: Status = 'idle';
  presets: PresetsMsg | null = null;
  reason = '';
  deal: OfflineDeal | null = null;   // the table in play's
  private worker: Worker | null = null;
  private listeners = new Set<(m: ServerMsg) => void>();
  onChange: () => void = () => {};

  /** Starts the worker and loads the engine, once. */
  prepare(): void {
    if (this.status !== 'idle') return;
    if (!kWasm || typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') { this.status = 'unavailable'; return; }
    this.status = 'loading';
    try {
      this.worker = new Worker(new URL('./offlineWorker.ts', import.meta.url), { type: 'module' });
    } catch (e) {
      this.status = 'unavailable';
      this.reason = String(e);
      return;
    }
    this.worker.onmessage = (e: MessageEvent) => {
      const m = e.data as { type: string; presets?: PresetsMsg; reason?: string; hand?: number; text?: string };
      if (m.type === 'offline_ready') { this.status = 'ready'; this.presets = m.presets ?? null; this.onChange(); return; }
      if (m.type === 'offline_unavailable') { this.status = 'unavailable'; this.reason = m.reason ?? ''; this.onChange(); return; }
      if (m.type === 'offline_record') { keepRecord(m.hand ?? 0, m.text ?? ''); return; }
      if (m.type === 'offline_deal') { this.deal = e.data as OfflineDeal; return; }
      for (const l of this.listeners) l(m as ServerMsg);
    };
    this.worker.onerror = () => { if (this.status === 'loading') { this.status = 'unavailable'; this.onChange(); } };
    this.worker.postMessage({ type: 'start', wasm: new URL(kWasm, location.href).href });
  }

  post(m: Record<string, unknown>): void { this.worker?.postMessage(m); }
  listen(l: (m: ServerMsg) => void): () => void { this.listeners.add(l); return () => this.listeners.delete(l); }
}

export const offline = new OfflineEngine();

/** The page's "connection" to the offline table in the worker. */
export class OfflineLink implements Link {
  private nextId = 1;
  private unlisten: (() => void) | null = null;
  onMessage: (m: ServerMsg) => void = () => {};
  onOpen: () => void = () => {};
  onStatus: (connected: boolean) => void = () => {};

  open(): void {
    this.unlisten = offline.listen((m) => this.onMessage(m));
    this.onStatus(true);
    this.onOpen();
  }
  close(): void { this.unlisten?.(); this.unlisten = null; }
  drop(): void { /* nothing to drop: the worker is in the page */ }
  get connected(): boolean { return this.unlisten !== null; }
  send(msg: Record<string, unknown>): number {
    const id = this.nextId++;
    offline.post({ ...msg, id });
    return id;
  }
}

const records = new Map<number, string>();   // hand -> object URL of its record

function keepRecord(hand: number, text: string): void {
  if (!hand || !text) return;
  const old = records.get(hand);
  if (old) URL.revokeObjectURL(old);
  records.set(hand, URL.createObjectURL(new Blob([text], { type: 'text/plain' })));
}

/** Where hand `hand`'s record of table `table` downloads from: the server's, or the page's own offline. */
export function recordHref(table: string, hand: number): string {
  if (table === kOfflineCode) return records.get(hand) ?? '#';
  return `/records/${table}/${hand}`;
}
