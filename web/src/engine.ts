// The engine in WebAssembly (apps/wasm, built by scripts/build_wasm.sh into web/wasm/tonk.wasm): a
// typed wrapper over its C API (apps/wasm/c_api.cc). The same exact engine as `tonk serve`, so an
// offline table's rules, bots, hints and records are the server's. Runs in a Web Worker in the page
// (offlineWorker.ts) and under node in the tests (e2e/same_game.mjs); no JavaScript glue from
// emscripten: the module is standalone and this file gives it the few system calls it imports.
import type { HintAction, HistoryMsg, LegalAction, PresetsMsg, ServerMsg, StateMsg } from './protocol';
import type { View } from './view';

/** An action the engine refused: the rule (RULES.md ID, or "S8"/"table") and its sentence. */
export interface Refusal { rule_id: string; message: string }

/** What an offline table is made of (apps/wasm/offline_table.h, OfflineConfig). */
export interface TableConfig {
  preset?: string;
  rules?: string;              // a rule file's text (TOML or JSON) instead of a preset
  seats: string[];             // per seat: "person" or a bot kind
  names?: string[];
  seed: number | string;       // a decimal string for seeds above 2^53
  hands?: number;              // the session's planned length; 0 open-ended
  records?: boolean;           // write each hand's record (default true; off for speed figures)
}

interface Exports {
  memory: WebAssembly.Memory;
  malloc(n: number): number;
  free(p: number): void;
  _initialize?: () => void;
  [name: string]: unknown;
}

type Fn = (...args: number[]) => number;

/** Failure of a call into the engine: its message is the engine's. */
export class EngineError extends Error {}

export class Engine {
  private readonly x: Exports;
  private readonly enc = new TextEncoder();
  private readonly dec = new TextDecoder();

  private constructor(instance: WebAssembly.Instance) {
    this.x = instance.exports as unknown as Exports;
  }

  /**
   * Instantiates the module from its bytes or a fetch Response of it. A Response served as
   * application/wasm compiles while it downloads (and Chromium keeps the compiled code of one read
   * from a cache, so a later load skips most of the compiling); another type is read whole first.
   */
  static async load(source: BufferSource | Response | Promise<Response>): Promise<Engine> {
    const s = await source;
    if (s instanceof Response && !s.ok) throw new EngineError(`the engine's file ${s.url} answered HTTP ${s.status}`);
    const module = !(s instanceof Response) ? await WebAssembly.compile(s)
      : s.headers.get('Content-Type')?.startsWith('application/wasm') && WebAssembly.compileStreaming
        ? await WebAssembly.compileStreaming(s) : await WebAssembly.compile(await s.arrayBuffer());
    let engine: Engine | null = null;
    const memory = () => engine!.x.memory;
    const imports: Record<string, Record<string, WebAssembly.ImportValue>> = {};
    for (const imp of WebAssembly.Module.imports(module)) {
      if (imp.kind !== 'function') continue;
      (imports[imp.module] ??= {})[imp.name] = systemCall(imp.name, memory);
    }
    engine = new Engine(await WebAssembly.instantiate(module, imports));
    engine.x._initialize?.();   // the C++ static constructors (a reactor module has no main)
    return engine;
  }

  private fn(name: string): Fn {
    const f = this.x[name];
    if (typeof f !== 'function') throw new EngineError(`the engine has no ${name}`);
    return f as Fn;
  }

  /** Calls `name` with numbers and strings (copied in as UTF-8 and freed after). */
  call(name: string, ...args: (number | string)[]): number {
    const held: number[] = [];
    try {
      const raw = args.map((a) => {
        if (typeof a === 'number') return a;
        const bytes = this.enc.encode(a);
        const p = this.x.malloc(bytes.length + 1);
        const mem = new Uint8Array(this.x.memory.buffer, p, bytes.length + 1);
        mem.set(bytes);
        mem[bytes.length] = 0;
        held.push(p);
        return p;
      });
      return this.fn(name)(...raw);
    } finally {
      for (const p of held) this.x.free(p);
    }
  }

  /** A call that returns text; throws EngineError with the engine's reason when it returns null. */
  text(name: string, ...args: (number | string)[]): string {
    const p = this.call(name, ...args);
    if (!p) throw new EngineError(this.cString(this.call('tonk_last_error')));
    return this.cString(p);
  }

  /** A call that returns a number; `failed` is its failure value. */
  int(name: string, failed: number, ...args: (number | string)[]): number {
    const n = this.call(name, ...args);
    if (n === failed) throw new EngineError(this.cString(this.call('tonk_last_error')));
    return n;
  }

  private cString(p: number): string {
    const mem = new Uint8Array(this.x.memory.buffer);
    let end = p;
    while (mem[end] !== 0) end++;
    return this.dec.decode(mem.subarray(p, end));
  }

  /** The `presets` message: presets, rule options, bot kinds. */
  presets(): PresetsMsg { return JSON.parse(this.text('tonk_presets')) as PresetsMsg; }

  /**
   * The review of seat `seat` in hand `hand` of a record's text (apps/wasm `tonk_review`, docs/REVIEW.md):
   * the expert's search at `worlds` worlds a decision, the oracle's hindsight at `hindsight` rollouts
   * (0: none), searching no longer than `timeLimitMs` in all.
   */
  review(record: string, hand: number, seat: number, o: { worlds: number; hindsight: number; seed: number; timeLimitMs: number }): unknown {
    return JSON.parse(this.text('tonk_review', record, hand, seat, o.worlds, o.hindsight, o.seed >>> 0, o.timeLimitMs));
  }

  /** A new table; throws EngineError for a bad config (unknown preset or bot, seats out of range). */
  table(config: TableConfig): EngineTable {
    const seed = typeof config.seed === 'number' ? String(config.seed) : config.seed;
    return new EngineTable(this, this.int('tonk_table_new', 0, JSON.stringify({ ...config, seed })));
  }
}

/** One offline table in the engine (apps/wasm/offline_table.h). */
export class EngineTable {
  constructor(private readonly e: Engine, readonly id: number) {}

  /** Deals the next hand (a new session first when the last one is over). */
  deal(): void { this.e.int('tonk_table_deal', 0, this.id); }
  /** A person's action; null when applied, else the engine's refusal. */
  act(seat: number, action: string): Refusal | null {
    const t = this.e.text('tonk_table_act', this.id, seat, action);
    return t ? (JSON.parse(t) as Refusal) : null;
  }
  /** One bot move; false when no bot is to move. */
  stepBot(): boolean { return this.e.int('tonk_table_step_bot', -1, this.id) === 1; }
  toMove(): number { return this.e.int('tonk_table_to_move', -2, this.id); }
  awaitsPerson(): boolean { return this.e.int('tonk_table_awaits_person', -1, this.id) === 1; }
  handNumber(): number { return this.e.int('tonk_table_hand_number', -1, this.id); }
  /** Bots only: deals and plays `hands` hands; the hands played. */
  playHands(hands: number): number { return this.e.int('tonk_table_play_hands', -1, this.id, hands); }
  view(seat: number): View { return JSON.parse(this.e.text('tonk_table_view', this.id, seat)) as View; }
  legal(): LegalAction[] { return JSON.parse(this.e.text('tonk_table_legal', this.id)) as LegalAction[]; }
  state(seat: number): StateMsg { return JSON.parse(this.e.text('tonk_table_state', this.id, seat)) as StateMsg; }
  history(seat: number): HistoryMsg | null { return JSON.parse(this.e.text('tonk_table_history', this.id, seat)) as HistoryMsg | null; }
  /** The `event` and `hand_over` messages since the last call. */
  messages(): ServerMsg[] { return JSON.parse(this.e.text('tonk_table_messages', this.id)) as ServerMsg[]; }
  /** The `hint` message for `seat` (to move). */
  hint(seat: number, worlds: number, seed: number): { type: 'hint'; hand: number; seq: number; actions: HintAction[] } {
    return JSON.parse(this.e.text('tonk_table_hint', this.id, seat, worlds, seed >>> 0));
  }
  /** What a bot of `kind` would play for the seat to move. */
  botChoice(kind: string, seed: number): string { return this.e.text('tonk_table_bot_choice', this.id, kind, seed >>> 0); }
  /** Hand `hand`'s record ("" until it ends). */
  record(hand: number): string { return this.e.text('tonk_table_record', this.id, hand); }
  records(): string { return this.e.text('tonk_table_records', this.id); }
  free(): void { this.e.call('tonk_table_free', this.id); }
}

// The system calls a standalone emscripten module imports (WASI and emscripten's own): output goes
// to the console, the clock is the performance clock, there is no environment and no file.
function systemCall(name: string, memory: () => WebAssembly.Memory): (...a: number[]) => number {
  const view = () => new DataView(memory().buffer);
  switch (name) {
    case 'fd_write': return (fd, iovs, count, written) => {
      let n = 0;
      let text = '';
      for (let i = 0; i < count; i++) {
        const p = view().getUint32(iovs + 8 * i, true);
        const len = view().getUint32(iovs + 8 * i + 4, true);
        text += new TextDecoder().decode(new Uint8Array(memory().buffer, p, len));
        n += len;
      }
      if (text) (fd === 2 ? console.error : console.log)(text.replace(/\n$/, ''));
      view().setUint32(written, n, true);
      return 0;
    };
    case 'environ_sizes_get': return (count, size) => { view().setUint32(count, 0, true); view().setUint32(size, 0, true); return 0; };
    case 'environ_get': return () => 0;
    case 'clock_time_get': return (_id, _precision, out) => {
      const ns = BigInt(Math.round((globalThis.performance?.now() ?? Date.now()) * 1e6));
      view().setBigUint64(out, ns, true);
      return 0;
    };
    case 'proc_exit': return (code) => { throw new EngineError(`the engine exited (${code})`); };
    case 'emscripten_notify_memory_growth': return () => 0;
    default: return () => { throw new EngineError(`the engine called ${name}, which the page does not provide`); };
  }
}
