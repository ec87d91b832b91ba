// The offline table's budgets in Chromium (docs/PERFORMANCE.md "The engine in the page"), each beside
// the native figure measured in the same run:
//   - random play: hands per second of random,random under P-STD in the page (the WebAssembly
//     engine, the records off) vs `tonk sim --bots random,random` natively;
//   - decisions: median ms of one `mc:200` and one `greedy` decision at the positions of greedy
//     self-play with two or more legal actions, in the page, vs `tonk arena` natively;
//   - the first offline table: from the reload of the page offline (from its service worker) to the
//     table on screen, Play offline clicked as soon as it shows.
// Usage: node e2e/offline_bench.mjs --tonk build/tonk --static DIST [--chromium /usr/bin/chromium] [--hands N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import { chromium } from 'playwright-core';
import { seasonedPlayer } from './seasoned_player.mjs';
import { serveStatic } from './static_server.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const staticDir = path.resolve(args.static ?? 'dist');
const hands = Number(args.hands ?? 20000);
const server = await serveStatic(staticDir);
const base = server.base;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };

const browser = await chromium.launch({ executablePath: args.chromium ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  // The engine in the page itself (src/engine.ts as the worker runs it).
  const page = await browser.newPage({ bypassCSP: true });
  await page.goto(`${base}/`);
  const { code } = await transform(fs.readFileSync(new URL('../src/engine.ts', import.meta.url), 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022' });
  await page.evaluate(async ([src, wasm]) => {
    const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
    const { Engine } = await import(url);
    window.engine = await Engine.load(fetch(wasm));
  }, [code, `assets/${fs.readdirSync(path.join(staticDir, 'assets')).find((f) => f.endsWith('.wasm'))}`]);
  // The first pass runs mostly on V8's baseline compiler (Liftoff); later passes on its optimized
  // code (TurboFan), as a page that has played a while: both are reported.
  const passes = await page.evaluate((n) => {
    const out = [];
    for (let pass = 0; pass < 4; pass++) {
      const t = window.engine.table({ preset: 'P-STD', seats: ['random', 'random'], seed: 1, hands: n, records: false });
      const t0 = performance.now();
      t.playHands(n);
      out.push(n / ((performance.now() - t0) / 1000));
      t.free();
    }
    return out;
  }, hands);
  const page_random = median(passes.slice(1));
  const native = JSON.parse(execFileSync(args.tonk, ['sim', '--bots', 'random,random', '--hands', String(hands), '--seed', '1', '--json'], { encoding: 'utf8' }));
  console.log(`random play, P-STD, 2 players, ${hands} hands a pass: page ${Math.round(page_random)} hands/s (median of passes 2-4; `
    + `the first pass ${Math.round(passes[0])}), native ${Math.round(native.hands_per_second)} hands/s: ${(page_random / native.hands_per_second).toFixed(2)} of native `
    + `(first pass ${(passes[0] / native.hands_per_second).toFixed(2)})`);

  for (const kind of ['greedy', 'mc:200']) {
    const times = await page.evaluate((k) => {
      const t = window.engine.table({ preset: 'P-STD', seats: ['greedy', 'greedy'], seed: 1, hands: 0, records: false });
      const out = [];
      for (let h = 0; h < 40; h++) {
        t.deal();
        for (let guard = 0; guard < 500 && t.toMove() >= 0; guard++) {
          if (t.legal().length >= 2) {
            const t0 = performance.now();
            t.botChoice(k, out.length + 1);
            out.push(performance.now() - t0);
          }
          t.stepBot();
        }
      }
      t.free();
      return out;
    }, kind);
    const arena = JSON.parse(execFileSync(args.tonk, ['arena', '--bots', `${kind},greedy`, '--deals', '40', '--seed', '1', '--threads', '1', '--json'], { encoding: 'utf8' }));
    const nativeMs = arena.entrants?.[0]?.decision_ms?.median ?? JSON.stringify(arena.entrants?.[0]?.decision_ms);
    console.log(`${kind} decision, P-STD, 2 players: page median ${median(times).toFixed(2)} ms over ${times.length} decisions `
      + `(p99 ${[...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)].toFixed(2)} ms); native arena median ${nativeMs} ms`);
  }

  // The first offline table after the page loads offline from its service worker.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(seasonedPlayer);
  const p = await context.newPage();
  await p.goto(`${base}/`);
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await p.waitForSelector('form.offline button[type=submit]');
  await context.setOffline(true);
  const firsts = [];
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    await p.reload();
    await p.waitForSelector('form.offline button[type=submit]');
    const shown = Date.now() - t0;
    await p.selectOption('select[name=offline_speed]', '0');
    const t1 = Date.now();
    await p.click('form.offline button[type=submit]');
    await p.waitForSelector('.my-hand');
    firsts.push({ load: shown, table: Date.now() - t1, total: Date.now() - t0 });
  }
  console.log(`first offline table (offline reload, 5 runs): Play offline shown after median ${median(firsts.map((f) => f.load))} ms; `
    + `table on screen median ${median(firsts.map((f) => f.table))} ms after the click; ${median(firsts.map((f) => f.total))} ms from the reload`);
  const wasm = fs.readFileSync(path.join(staticDir, 'assets', fs.readdirSync(path.join(staticDir, 'assets')).find((f) => f.endsWith('.wasm'))));
  const { gzipSync } = await import('node:zlib');
  console.log(`tonk.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
} finally {
  await browser.close();
  server.close();
}
