// The offline table's budgets in Chromium (docs/PERFORMANCE.md "The engine in the page"), each beside
// the native figure measured in the same run:
//   - random play: hands per second of random,random under P-STD in the page (the WebAssembly
//     engine, the records off) vs `tonk sim --bots random,random` natively;
//   - decisions: median ms of one `mc:200` and one `greedy` decision at the positions of greedy
//     self-play with two or more legal actions, in the page, vs `tonk arena` natively;
//   - the first offline table: from the start of the page's navigation (a first visit, then reloads
//     offline from its service worker) to the table on screen, Play offline clicked as soon as it shows.
// Usage: node e2e/offline_bench.mjs --tonk build/tonk --static DIST [--chromium /usr/bin/chromium] [--hands N] [--runs N]
//        [--first-only] (the first offline table alone) [--click-after MS] (Play offline clicked MS after it shows)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import { chromium } from 'playwright-core';
import { loadEngine } from './load_engine.mjs';
import { seasonedPlayer } from './seasoned_player.mjs';
import { serveStatic } from './static_server.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const staticDir = path.resolve(args.static ?? 'dist');
const hands = Number(args.hands ?? 20000);
const runs = Number(args.runs ?? 5);   // offline reloads measured
const clickAfter = Number(args['click-after'] ?? 0);   // ms from Play offline showing to its click (a person's reaction)
const firstOnly = 'first-only' in args;   // only the first offline table (no play nor decision figures)
const server = await serveStatic(staticDir);
const base = server.base;
// Hands per CPU-second of `tonk sim --bots random,random` (user + system time, /usr/bin/time).
function nativeCpu(n) {
  const r = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', args.tonk, 'sim', '--bots', 'random,random', '--hands', String(n), '--seed', '1', '--json'], { encoding: 'utf8' });
  const m = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return n / (Number(m[1]) + Number(m[2]));
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : NaN; };

const browser = await chromium.launch({ executablePath: args.chromium ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  if (!firstOnly) await playFigures();
  async function playFigures() {
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
  // code (TurboFan), as in a page that has played a while: both are reported. Page and native passes
  // alternate, five of each after the first, so that both meet the same load; the ratio is the
  // median of the five pairs.
  const pagePass = () => page.evaluate((n) => {
    const t = window.engine.table({ preset: 'P-STD', seats: ['random', 'random'], seed: 1, hands: n, records: false });
    const t0 = performance.now();
    t.playHands(n);
    const rate = n / ((performance.now() - t0) / 1000);
    t.free();
    return rate;
  }, hands);
  const nativePass = () => JSON.parse(execFileSync(args.tonk, ['sim', '--bots', 'random,random', '--hands', String(hands), '--seed', '1', '--json'],
    { encoding: 'utf8' })).hands_per_second;
  const first = await pagePass();
  const firstNative = nativePass();
  const pairs = [];
  for (let i = 0; i < 5; i++) pairs.push([await pagePass(), nativePass()]);
  const ratio = median(pairs.map(([w, n]) => w / n));
  console.log(`random play, P-STD, 2 players, ${hands} hands a pass: page ${Math.round(median(pairs.map((x) => x[0])))} hands/s, `
    + `native ${Math.round(median(pairs.map((x) => x[1])))} hands/s (medians of 5 alternating passes); ratio ${ratio.toFixed(2)} `
    + `(pairs: ${pairs.map(([w, n]) => (w / n).toFixed(2)).join(', ')}); the page's first pass ${Math.round(first)} hands/s, ${(first / firstNative).toFixed(2)} of native`);

  // The same in CPU time, which the machine's load does not inflate: the engine under node (the same
  // WebAssembly, V8 too; process.cpuUsage, all of node's threads) against `tonk sim` (user + system
  // time of the process, from /usr/bin/time), warm passes of 1,000,000 hands.
  const nodeEngine = await loadEngine(path.join(staticDir, 'assets', fs.readdirSync(path.join(staticDir, 'assets')).find((f) => f.endsWith('.wasm'))));
  const cpuPass = (n) => {
    const t = nodeEngine.table({ preset: 'P-STD', seats: ['random', 'random'], seed: 1, hands: n, records: false });
    const c0 = process.cpuUsage();
    t.playHands(n);
    const c = process.cpuUsage(c0);
    t.free();
    return n / ((c.user + c.system) / 1e6);
  };
  cpuPass(1000000);
  const cpuPairs = [];
  for (let i = 0; i < 3; i++) {
    const w = cpuPass(1000000);
    const r = nativeCpu(1000000);
    cpuPairs.push([w, r]);
  }
  console.log(`random play in CPU time, 1,000,000 hands a pass: WebAssembly (node) ${Math.round(median(cpuPairs.map((x) => x[0])))} hands per CPU-second, `
    + `native ${Math.round(median(cpuPairs.map((x) => x[1])))}: ratio ${median(cpuPairs.map(([w, n]) => w / n)).toFixed(2)} `
    + `(pairs: ${cpuPairs.map(([w, n]) => (w / n).toFixed(2)).join(', ')})`);

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
  await page.close();
  }

  // The first offline table after the page loads: measured in the page itself (performance.now(),
  // from the start of the navigation), by a player who presses Play offline the moment it shows
  // (an observer clicks it, so the driver's own latency under load is not counted; --click-after: so
  // many ms later, as a person would): when the page
  // has loaded (its load event), when Play offline shows, when the table (the player's hand) is
  // drawn. A first visit online (the engine downloaded and compiled), then reloads offline (the
  // page and the engine from the service worker's cache).
  const clickAtOnce = (after) => {
    const t = (window.__firstTable = {});
    const click = () => {
      const speed = document.querySelector('select[name=offline_speed]');
      speed.value = '0';
      speed.dispatchEvent(new Event('change'));
      document.querySelector('form.play-offline button[type=submit]').click();
      t.click = performance.now();
    };
    new MutationObserver(() => {
      const button = document.querySelector('form.play-offline button[type=submit]');
      if (button && t.panel === undefined) {
        t.panel = performance.now();
        if (after > 0) setTimeout(click, after); else click();
      }
      if (t.click !== undefined && t.table === undefined && document.querySelector('.my-hand')) t.table = performance.now();
    }).observe(document, { childList: true, subtree: true });
  };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(seasonedPlayer);
  await context.addInitScript(clickAtOnce, clickAfter);
  const p = await context.newPage();
  const measure = async () => {
    await p.waitForFunction(() => window.__firstTable?.table !== undefined, null, { timeout: 30000 });
    return p.evaluate(() => ({ ...window.__firstTable, load: performance.getEntriesByType('navigation')[0].loadEventEnd }));
  };
  const show = (f) => `load ${Math.round(f.load)}, Play offline ${Math.round(f.panel)}, table ${Math.round(f.table)} ms (${Math.round(f.table - f.click)} ms after the click)`;
  await p.goto(`${base}/`);
  const first = await measure();
  console.log(`first visit, online: ${show(first)}`);
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  const firsts = [];
  for (let i = 0; i < runs; i++) {
    await p.reload();
    firsts.push(await measure());
  }
  const spread = (k) => `median ${Math.round(median(firsts.map(k)))} (${Math.round(Math.min(...firsts.map(k)))}–${Math.round(Math.max(...firsts.map(k)))})`;
  console.log(`first offline table, offline reloads (${runs}), ms from the start of the navigation: load ${spread((f) => f.load)}; `
    + `Play offline shows ${spread((f) => f.panel)}; the table is drawn ${spread((f) => f.table)}, which is ${spread((f) => f.table - f.load)} after the load `
    + `and ${spread((f) => f.table - f.click)} after the click; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  const wasm = fs.readFileSync(path.join(staticDir, 'assets', fs.readdirSync(path.join(staticDir, 'assets')).find((f) => f.endsWith('.wasm'))));
  const { gzipSync } = await import('node:zlib');
  console.log(`tonk.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
} finally {
  await browser.close();
  server.close();
}
