// ctest's web.offline: the page as plain static files (a tiny node server here, no `tonk serve`),
// opened once, then with the network off (context.setOffline) reloaded and played offline: a hand
// against a bot, dealt from a seed, to its end; the hint, the ledger, the end-of-hand summary; the
// record downloaded and checked by the native `tonk replay`; the Review, against the native `tonk
// review`. Once at 1280 px, once at 360 px.
// Usage: node e2e/offline.mjs --tonk PATH/tonk --static DIST --out DIR [--chromium /usr/bin/chromium]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { seasonedPlayer } from './seasoned_player.mjs';
import { serveStatic } from './static_server.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const staticDir = path.resolve(args.static ?? 'dist');
const outDir = path.resolve(args.out ?? 'test-output/offline');
const browserPath = args.chromium ?? '/usr/bin/chromium';
if (!fs.existsSync(browserPath)) { console.error(`e2e: no chromium at ${browserPath} (apt-get install chromium)`); process.exit(2); }
if (!fs.readdirSync(path.join(staticDir, 'assets')).some((f) => f.endsWith('.wasm'))) { console.error(`e2e: ${staticDir} has no engine (scripts/build_wasm.sh, then the web build)`); process.exit(2); }
fs.mkdirSync(outDir, { recursive: true });
const kStep = 15000;

const server = await serveStatic(staticDir, { csp: true });  // with tonk serve's policy: the page must work under it
const base = server.base;

let failures = 0;
const expect = (ok, what) => { if (!ok) { failures++; console.log(`FAIL ${what}`); } else console.log(`ok   ${what}`); };

const browser = await chromium.launch({ executablePath: browserPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const started = Date.now();
try {
  for (const [width, height] of [[1280, 900], [360, 740]]) {
    const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
    await context.addInitScript(seasonedPlayer);
    const page = await context.newPage();
    page.setDefaultTimeout(kStep);
    const violations = [];
    page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && !/WebSocket|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(m.text())) violations.push(m.text()); });
    const engineRequests = () => [...server.requests].filter(([p]) => p.endsWith('.wasm')).reduce((n, [, c]) => n + c, 0);
    const before = engineRequests();
    await page.goto(`${base}/`);
    // One visit: the service worker keeps the page, its files and the engine.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.waitForSelector('form.play-offline button[type=submit]');
    if (width === 1280) {
      // The engine's file is downloaded once on a first visit (by the page, which keeps it in the
      // service worker's cache), and not again when the page comes back.
      await page.reload();
      await page.waitForSelector('form.play-offline button[type=submit]');
      expect(engineRequests() - before === 1, `${width} px: a first visit and a return download the engine's file once (${engineRequests() - before} requests)`);
    }
    await context.setOffline(true);
    const t0 = Date.now();
    await page.reload();
    await page.waitForSelector('form.play-offline button[type=submit]');
    expect(true, `${width} px: offline, the page reloads from the service worker and offers Play offline (${Date.now() - t0} ms)`);
    // No server answers: the lobby says so at its top and leads to Play offline.
    await page.click('.no-server button.to-offline');
    const inView = await page.$eval('form.play-offline', (f) => { const r = f.getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight; });
    expect(inView, `${width} px: the lobby says no server answers, and its button brings Play offline into view`);
    // The panel reads as the lobby's other panels: its labels in the page's text colour, not an error's.
    const colours = await page.evaluate(() => [getComputedStyle(document.querySelector('form.play-offline label')).color,
      getComputedStyle(document.querySelector('form:not(.play-offline) label')).color]);
    expect(colours[0] === colours[1], `${width} px: the Play offline labels are the lobby's colour: ${colours}`);
    await page.selectOption('select[name=offline_speed]', '0');
    await page.fill('input[name=offline_seed]', '7');
    const t1 = Date.now();
    await page.click('form.play-offline button[type=submit]');
    await page.waitForSelector('.my-hand');
    expect(true, `${width} px: the offline table is on screen ${Date.now() - t1} ms after Play offline`);
    // A hint from the engine in the worker, for the position on the table.
    await page.waitForSelector('button.act[data-action]');
    await page.click('button.act-hint');
    expect(await page.waitForSelector('p.hint').then(() => true, () => false), `${width} px: the hint shows`);
    // A move the engine refuses comes back with its rule (a discard before drawing: S9).
    await page.evaluate(() => { const app = window.tonkApp; app.sendUnlisted(`discard ${app.model.state.view.hand[0]}`); });
    const refused = await page.waitForSelector('.error').then((e) => e.textContent(), () => '');
    expect(/Refused by rule [SVIP]\d/.test(refused ?? ''), `${width} px: an unlisted move is refused with its rule ID (${refused})`);
    // Play the hand to its end: draw from the stock, discard what the engine lists.
    for (let moves = 0; moves < 200; moves++) {
      if (await page.$('a[download]')) break;
      const actions = [...new Set(await page.$$eval('button[data-action]', (bs) => bs.map((b) => b.getAttribute('data-action'))))];
      const pick = actions.find((a) => a === 'stock') ?? actions.find((a) => a.startsWith('discard')) ?? actions.find((a) => a !== 'drop') ?? actions[0];
      if (process.env.DEBUG_OFFLINE) console.log(moves, JSON.stringify(actions), pick);
      if (!pick) { await page.waitForTimeout(50); continue; }
      // The listed moves include those inside the closed "All legal moves" list: clicked as a keyboard would.
      await page.evaluate((a) => document.querySelector(`button[data-action="${a}"]`)?.click(), pick);
      await page.waitForTimeout(30);
    }
    await page.waitForSelector('a[download]');
    expect(true, `${width} px: the hand ended; the summary offers its record`);
    // Offline there is no committed deal to verify: the page says so and names the seed instead,
    // with the native command that deals the same cards (checked below against the record).
    expect(await page.$('button[data-focus=verify]') === null, `${width} px: no "Verify the deal" button offline`);
    const seedShown = await page.$eval('.offline-deal .offline-seed', (e) => e.textContent).catch(() => null);
    expect(seedShown === '7', `${width} px: the hand's end names its seed (${seedShown})`);
    const command = await page.$eval('.offline-deal code', (e) => e.textContent).catch(() => '');
    await page.evaluate(() => (document.querySelector('button[data-focus=ledger]'))?.click());
    expect(await page.waitForSelector('.ledger-box').then(() => true, () => false), `${width} px: the ledger shows`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[download]')]);
    const file = path.join(outDir, `offline-${width}.tonk`);
    await download.saveAs(file);
    const replay = execFileSync(args.tonk, ['replay', file], { encoding: 'utf8' });
    expect(/\[Seat0 "you"\]/.test(fs.readFileSync(file, 'utf8')) && replay.length > 0, `${width} px: the downloaded record replays with tonk replay`);
    const words = command.split(' ');
    const check = path.join(outDir, `check-${width}.tonk`);
    if (words[0] === 'tonk' && words.at(-1) === 'check.tonk') execFileSync(args.tonk, [...words.slice(1, -1), check, '--force'], { stdio: 'ignore' });
    const decks = [file, check].map((f) => (fs.existsSync(f) ? /\[Deck "([^"]*)"\]/.exec(fs.readFileSync(f, 'utf8'))?.[1] : undefined));
    expect(decks[0] !== undefined && decks[0] === decks[1], `${width} px: the command the page names (${command}) deals the record's deck`);
    // The server's connection, closed when the page went to its offline table, never marks it lost.
    expect(!(await page.textContent('body')).includes('reconnecting'), `${width} px: the offline table never says "reconnecting"`);
    // The review, in a worker of its own: the same decisions and mistakes as `tonk review` gives natively.
    const tr = Date.now();
    await page.evaluate(() => document.querySelector('button[data-focus=review]')?.click());
    await page.waitForSelector('section.review, p.review-status.error');
    const shown = await page.evaluate(() => ({
      error: document.querySelector('p.review-status.error')?.textContent ?? null,
      rows: document.querySelectorAll('table.review-fair tbody tr').length,
      mistakes: document.querySelectorAll('table.review-fair tbody tr.mistake').length,
      hindsight: document.querySelector('table.review-hindsight caption')?.textContent ?? '',
      hindsightRows: document.querySelectorAll('table.review-hindsight tbody tr').length,
      overflow: Math.max(document.documentElement.scrollWidth - window.innerWidth,
        ...[...document.querySelectorAll('section.hand-end, section.review')].map((e) => e.scrollWidth - e.clientWidth)),
    }));
    const hand = Number(/\[Hand "(\d+)"\]/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 1);
    const native = JSON.parse(execFileSync(args.tonk, ['review', file, '--hand', String(hand), '--json'], { encoding: 'utf8' })).reviews[0];
    expect(!shown.error && shown.rows === native.decisions.length && shown.mistakes === native.mistakes,
      `${width} px: the review shows ${shown.rows} decisions, ${shown.mistakes} mistakes in ${Date.now() - tr} ms; tonk review: ${native.decisions.length}, ${native.mistakes}${shown.error ? ` (${shown.error})` : ''}`);
    expect(/^Hindsight/.test(shown.hindsight) && shown.hindsightRows === shown.rows, `${width} px: the hindsight is a table of its own, labelled (${shown.hindsight})`);
    expect(shown.overflow <= 0, `${width} px: the review fits the page's width (overflow ${shown.overflow} px)`);
    await page.evaluate(() => document.querySelector('section.review')?.scrollIntoView());
    await page.waitForSelector('.moment', { state: 'detached', timeout: 5000 }).catch(() => {});  // the hand's end word fades
    await page.screenshot({ path: path.join(outDir, `review-${width}.png`) });
    expect(violations.length === 0, `${width} px: no page error or policy violation${violations.length ? `: ${violations.join(' | ')}` : ''}`);
    await context.close();
  }
  // Both tables were dealt from seed 7 under the same rules: the same deck, whatever the screen.
  const deck = (w) => /\[Deck "([^"]*)"\]/.exec(fs.readFileSync(path.join(outDir, `offline-${w}.tonk`), 'utf8'))?.[1];
  expect(deck(1280) !== undefined && deck(1280) === deck(360), 'the seed deals the same deck at both sizes');
} catch (e) {
  for (const c of browser.contexts()) for (const p of c.pages()) await p.screenshot({ path: path.join(outDir, "failure.png") }).catch(() => {});
  failures++;
  console.log(`FAIL ${e.stack ?? e}`);
} finally {
  await browser.close();
  server.close();
}
console.log(`${failures ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failures ? 1 : 0);
