// The harness every browser test of web/e2e/ shares: its command line (--tonk, --static, --out,
// --chromium, and any others a test names), a check that what it needs is there (exit 2 naming what
// is missing), `tonk serve` on 127.0.0.1 at a free port (port 0: the server prints the one it bound),
// Debian's chromium driven by playwright-core (never a downloaded browser), pages bounded by kStep,
// screenshots, and a small runner: `test(name, fn)` lines ("ok"/"FAIL"), a watchdog that stops the
// whole run after TONK_E2E_SECONDS (or the test's own limit), and a cleanup that stops the browser,
// every server and whatever a test added, also when ctest stops the run (SIGTERM, SIGINT, SIGHUP).
// The run ends with "N passed, N failed" and exit status 1 when any test failed.
//
// Usage in a test file:
//   const h = harness({ name: 'pacing', seconds: 90 });
//   h.run(async () => { const base = await h.serveTonk(); await h.launchBrowser(); await h.test('…', async () => {…}); });
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { settle } from './at_rest.mjs';
import { seasonedPlayer } from './seasoned_player.mjs';

/** The longest (ms) any one expected change may take: a bot's move, a page load, a server start. */
export const kStep = 15000;

/** Throws "expected: `what`" unless `cond`: a test's check. */
export function expect(cond, what) { if (!cond) throw new Error(`expected: ${what}`); }

/** `--key value` pairs of the command line, as { key: value }. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(argv.reduce((acc, a, i, all) => {
    if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1]]);
    return acc;
  }, []));
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => {
    const t = setTimeout(() => { child.kill('SIGKILL'); r(); }, 5000);
    child.once('exit', () => { clearTimeout(t); r(); });
  });
}

/**
 * Starts `tonk serve` on 127.0.0.1 (`port`, 0 for any free one) with the database `db`, the page
 * from `staticDir` and `extra` flags. Resolves with { child, base, port, stderr() } once it prints
 * "listening on" (within kStep); rejects with what it said when it exits or stays silent.
 * `echo` copies its stderr to ours, marked [serve].
 */
export function startTonkServe({ tonk, staticDir, db, extra = [], port = 0, echo = true }) {
  return new Promise((resolve, reject) => {
    const child = spawn(tonk, ['serve', '--listen', `127.0.0.1:${port}`, '--db', db, '--static', staticDir, ...extra],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(Object.assign(new Error(`tonk serve did not say it listens within ${kStep} ms: ${out}${err}`), { child })), kStep);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (https?:\/\/127\.0\.0\.1:(\d+))/.exec(out);
      if (m) { clearTimeout(timer); resolve({ child, base: m[1], port: Number(m[2]), stderr: () => err }); }
    });
    child.stderr.on('data', (d) => { err += d; if (echo) process.stderr.write(`[serve] ${d}`); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`tonk serve exited (${code}): ${out}${err}`)); });
  });
}

/**
 * The harness of one test file. `name` prefixes its messages and temporary directory; `seconds` is
 * the default limit of the whole run (TONK_E2E_SECONDS overrides it); `needs` lists what the
 * command line must give: 'tonk', 'static' (a build with index.html), 'chromium', or
 * [what, file, hint] for anything else. With `onlyEnv`, only the tests whose name holds that
 * variable's value run. With `closePagesAfterEach`, every page newPage() made is closed after its test.
 */
export function harness({ name, seconds, needs = ['tonk', 'static', 'chromium'], onlyEnv = null, closePagesAfterEach = false }) {
  const args = parseArgs();
  const tonk = args.tonk;
  const staticDir = path.resolve(args.static ?? 'dist');
  const outDir = args.out ? path.resolve(args.out) : null;
  const browserPath = args.chromium ?? process.env.CHROMIUM ?? '/usr/bin/chromium';
  const known = {
    tonk: ['--tonk', tonk, 'the tonk program'],
    static: ['--static', path.join(staticDir, 'index.html'), 'npm run build'],
    chromium: ['chromium', browserPath, 'apt-get install chromium'],
  };
  for (const need of needs) {
    const [what, file, hint] = typeof need === 'string' ? known[need] : need;
    if (!file || !fs.existsSync(file)) { console.error(`${name}: no ${what} at '${file}' (${hint})`); process.exit(2); }
  }
  if (outDir) fs.mkdirSync(outDir, { recursive: true });

  let tmp = null;
  const children = [];
  const cleanups = [];
  const openPages = new Set();
  const results = [];
  let browser = null;
  const only = onlyEnv ? process.env[onlyEnv] : null;

  /** A temporary directory of this run (made on first use, removed at the end), or a file in it. */
  function file(base = '') {
    if (!tmp) tmp = fs.mkdtempSync(path.join(os.tmpdir(), `tonk-${name}-`));
    return path.join(tmp, base);
  }

  async function cleanup() {
    if (browser) await browser.close().catch(() => {});
    for (const fn of cleanups.splice(0).reverse()) await Promise.resolve().then(fn).catch(() => {});
    for (const c of children) await stopChild(c);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }

  /** `tonk serve` of this run (stopped at the end), as startTonkServe; resolves with its base URL. */
  async function serveTonk(extra = [], { db = 'tonk.db' } = {}) {
    const server = await startTonkServe({ tonk, staticDir, db: file(db), extra }).catch((e) => {
      if (e.child) children.push(e.child);
      throw e;
    });
    children.push(server.child);
    return server.base;
  }

  /** Debian's chromium, headless, with `extraArgs` (closed at the end). */
  async function launchBrowser(extraArgs = []) {
    browser = await chromium.launch({ executablePath: browserPath, headless: true, args: ['--no-sandbox', '--disable-gpu', ...extraArgs] });
    return browser;
  }

  /**
   * A page in a context of its own, `width`×`height` CSS px: `context` adds to the context's options
   * (by default deviceScaleFactor 1 and bypassCSP), `init` are scripts run before the page's own
   * (by default a seasoned player's storage), `onError` gets each page error (by default logged).
   */
  async function newPage(width, height, { context = {}, init = [seasonedPlayer], onError = null } = {}) {
    const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, bypassCSP: true, ...context });
    for (const script of init) await ctx.addInitScript(script);
    const page = await ctx.newPage();
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
    page.setDefaultTimeout(kStep);   // every click and wait is bounded
    page.on('pageerror', onError ?? ((e) => console.log(`[page error] ${e.message}`)));
    return page;
  }

  /**
   * A screenshot `name`.png in --out (none without it), by default of the whole page once nothing
   * moves (at_rest.mjs); `settled: false` takes it at once (a passing state: a bot thinking).
   */
  async function shot(page, shotName, { fullPage = true, settled = true } = {}) {
    if (!outDir) return;
    if (settled) await settle(page);
    await page.screenshot({ path: path.join(outDir, `${shotName}.png`), fullPage });
  }

  /** Runs one test: prints "ok NAME (ms)" or "FAIL NAME: why" and screenshots what the open pages showed. */
  async function test(testName, fn) {
    if (only && !testName.includes(only)) return;
    const t0 = Date.now();
    try {
      await fn();
      results.push([testName, true]);
      console.log(`ok   ${testName} (${Date.now() - t0} ms)`);
    } catch (e) {
      results.push([testName, false]);
      console.log(`FAIL ${testName}: ${e.stack ?? e}`);
      if (outDir) {
        for (const [i, p] of [...openPages].entries()) await p.screenshot({ path: path.join(outDir, `${name}-failed-${results.length}-${i}.png`) }).catch(() => {});
      }
    }
    if (closePagesAfterEach) {
      for (const p of [...openPages]) await p.context().close().catch(() => {});
      openPages.clear();
    }
  }

  /** Runs `main` under the watchdog, cleans up, prints the count and exits (1 when any test failed). */
  async function run(main) {
    const limit = Number(process.env.TONK_E2E_SECONDS ?? seconds);
    const stopNow = async (why) => {
      console.error(`${name}: ${why}: stopping the browser and the servers`);
      await cleanup();
      process.exit(1);
    };
    const watchdog = setTimeout(() => stopNow(`gave up after ${limit} s`), limit * 1000);
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stopNow(signal));
    try {
      await main();
    } catch (e) {
      results.push(['setup', false]);
      console.log(`FAIL setup: ${e.stack ?? e}`);
    }
    clearTimeout(watchdog);
    await cleanup();
    const failed = results.filter((r) => !r[1]).length;
    if (outDir) console.log(`screenshots in ${outDir}`);
    console.log(`${results.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  }

  return {
    args, tonk, staticDir, outDir, browserPath, file, serveTonk, launchBrowser, newPage, shot, test, run,
    /** Runs `fn` (async) at cleanup, before the servers stop: for what a test started itself. */
    onCleanup: (fn) => cleanups.push(fn),
    get browser() { return browser; },
  };
}
