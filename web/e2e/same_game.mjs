// The same game, exactly: bots play seeded hands under every preset in the WebAssembly engine (under
// node, through src/engine.ts as the page does) and natively (`tonk sim --record`), and the records
// must be identical, byte for byte. Then one record written by the WebAssembly engine is replayed by
// the native `tonk replay`. Usage:
//   node e2e/same_game.mjs --tonk build/tonk --wasm web/public/tonk.wasm [--hands N] [--seed S] [--out DIR]
// --hands is per preset (default 1000, about 10,000 hands over the ten presets); docs/WEB.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadEngine } from './load_engine.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const tonk = args.tonk;
const hands = Number(args.hands ?? 1000);
const seed = String(args.seed ?? 20261203);
const out = args.out ?? join(tmpdir(), `tonk-same-game-${process.pid}`);
if (!tonk || !args.wasm) { console.error('usage: same_game.mjs --tonk TONK --wasm tonk.wasm [--hands N] [--seed S] [--out DIR]'); process.exit(2); }
mkdirSync(out, { recursive: true });

const engine = await loadEngine(args.wasm);
const { presets } = engine.presets();
let total = 0;
let failed = 0;
const started = Date.now();
let wasmMs = 0;
for (const preset of presets) {
  // Three bots of two kinds where the preset seats three, else two: greedy and random play every rule.
  const bots = ['greedy', 'random', 'greedy'].slice(0, Math.min(3, preset.max_players));
  // As `tonk sim`: one session of the N hands, but open-ended under push-ups with a limit (V15).
  const limited = preset.options.includes('scoring=pushups') && preset.options.some((o) => /^pushup_limit=[1-9]/.test(o));
  const t0 = Date.now();
  const table = engine.table({ preset: preset.name, seats: bots, seed, hands: limited ? 0 : hands });
  const played = table.playHands(hands);
  const wasmText = table.records();
  table.free();
  wasmMs += Date.now() - t0;
  const nativeFile = join(out, `${preset.name}.native.tonk`);
  execFileSync(tonk, ['sim', '--preset', preset.name, '--bots', bots.join(','), '--hands', String(hands), '--seed', seed,
    '--record', nativeFile, '--force'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const nativeText = readFileSync(nativeFile, 'utf8');
  const wasmFile = join(out, `${preset.name}.wasm.tonk`);
  writeFileSync(wasmFile, wasmText);
  total += played;
  if (played !== hands || nativeText !== wasmText) {
    failed++;
    let at = 0;
    while (at < nativeText.length && nativeText[at] === wasmText[at]) at++;
    console.error(`FAIL ${preset.name}: ${played} of ${hands} hands; the records differ from byte ${at}: ` +
      `native ${JSON.stringify(nativeText.slice(at, at + 80))} vs wasm ${JSON.stringify(wasmText.slice(at, at + 80))} (${nativeFile}, ${wasmFile})`);
  } else {
    console.log(`ok ${preset.name}: ${hands} hands (${bots.join(', ')}), ${nativeText.length} bytes of records identical`);
  }
}
// A record the WebAssembly engine wrote replays natively, every hand checked against its result.
const replayed = execFileSync(tonk, ['replay', join(out, `${presets[0].name}.wasm.tonk`)], { encoding: 'utf8' });
if (!replayed.trim()) { console.error('FAIL: tonk replay printed nothing'); failed++; }
console.log(`${total} hands under ${presets.length} presets in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
  `(wasm ${(wasmMs / 1000).toFixed(1)} s); ${failed ? `${failed} presets differ` : 'every record identical'}`);
process.exit(failed ? 1 : 0);
