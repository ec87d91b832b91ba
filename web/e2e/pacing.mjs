// Browser tests of a table that feels like a card game, server side: bots paced so a person sees
// them ("Otis is thinking…" on the bot's seat), the countdown and who the table waits on between
// hands, and the log rebuilt after a reload (docs/WEB.md). Run by ctest (`web.pacing`) against a
// real `tonk serve` on 127.0.0.1 and Debian's chromium (e2e/harness.mjs).
//
// Usage: node e2e/pacing.mjs --tonk PATH/tonk --static DIR --out DIR [--chromium /usr/bin/chromium]
// Every wait is for an event (a DOM change, the server's "listening on" line) bounded by 15 s; the
// only time measured is a lower bound (a bot's move shown no sooner than the table's pace).
import { expect, harness, kStep } from './harness.mjs';
import { dropConfirmingIfAsked, stateKey, waitMoved } from './table_page.mjs';

const h = harness({ name: 'pacing', seconds: 90 });
const { test, newPage } = h;
const kNormalPace = 700;    // the lobby's default bot speed, ms a move

/** A screenshot pacing-`name`.png, taken at once: what it shows (a bot thinking) passes. */
const shot = (page, name) => h.shot(page, `pacing-${name}`, { settled: false });
const attr = (page, name) => page.locator('main.table-page').getAttribute(`data-${name}`);
const logLines = (page) => page.locator('.log li').allTextContents();

/** Whether the page's player is to move (the server listed moves for it). */
async function myTurn(page) {
  return (await attr(page, 'status')) === 'playing' && (await page.locator('[data-action]').count()) > 0;
}

/** Waits (at most kStep) for a quiet moment: the page's player to move, the bot thinking, or the hand not in play. */
const waitQuiet = (page) => page.waitForFunction(() => document.querySelector('.seat[data-seat="1"] .thinking')
  || document.querySelectorAll('[data-action]').length > 0 || document.querySelector('main.table-page')?.dataset.status !== 'playing',
null, { timeout: kStep });

/** Between hands: presses Next hand and waits (at most kStep) for the next hand's number. */
async function nextHand(page) {
  const hand = Number(await attr(page, 'hand'));
  await page.click('.hand-end button:has-text("Next hand")');
  await page.waitForFunction((h) => Number(document.querySelector('main.table-page')?.dataset.hand) > h, hand, { timeout: kStep });
}

/** Plays one listed move by its id: a card move selects its card first. */
async function play(page, id) {
  const moved = waitMoved(page, await stateKey(page));
  const card = id.startsWith('discard ') ? id.slice(8) : null;
  if (card) await page.locator(`.my-hand button.card[data-card="${card}"]`).click();
  await page.locator(`.act-buttons [data-action="${id}"]`).click();
  await moved;
}

/** The lobby: a table against a medium bot at `speed` (a value of the Bot speed choice), `people` seats for people. */
async function createTable(page, base, name, { speed = null, seat2 = 'medium' } = {}) {
  await page.goto(`${base}/`);
  await page.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
  await page.fill('input[name="name"]', name);
  await page.selectOption('select[name="seat1"]', seat2);
  if (speed !== null) await page.selectOption('select[name="bot_speed"]', String(speed));
  await page.click('button[type="submit"]:has-text("Create table")');
  await page.waitForSelector('main.table-page', { timeout: kStep });
  return page.url();
}

async function main() {
  const base = await h.serveTonk();
  console.log(`tonk serve at ${base}`);
  await h.launchBrowser();
  const ann = await newPage(1280, 800);

  await test('the lobby offers the bot speed, normal by default; a paced bot shows "thinking…" on its seat', async () => {
    await ann.goto(`${base}/`);
    await ann.waitForSelector('select[name="bot_speed"]', { timeout: kStep });
    expect(await ann.locator('select[name="bot_speed"]').inputValue() === String(kNormalPace), 'the default bot speed is normal');
    const options = await ann.locator('select[name="bot_speed"] option').allTextContents();
    expect(options.length === 3 && options.some((o) => o.startsWith('Instant')), `normal, fast, instant: ${options}`);
    await createTable(ann, base, 'Ann');
    // Ann draws and discards; then the bot's turn: its seat says it is thinking, and its first move
    // shows no sooner than the pace after Ann's discard. A hand may end before that (a dealt tonk,
    // S7; the bot drops or goes out): Ann then presses Next hand and the test goes on in the next.
    let measured = false;
    let thinkingSeen = false;
    for (let turn = 0; turn < 24 && !(measured && thinkingSeen); ++turn) {
      await waitQuiet(ann);
      const now = await attr(ann, 'status');
      if (now === 'over') break;
      if (now === 'between') { await nextHand(ann); continue; }
      if (!(await myTurn(ann))) {
        const thinking = await ann.locator('.seat[data-seat="1"] .thinking').textContent();
        expect(thinking === 'Otis is thinking…', `the bot's seat, under a player's name, says it thinks: ${thinking}`);
        thinkingSeen = true;
        await ann.waitForFunction(() => document.querySelectorAll('[data-action]').length > 0
          || document.querySelector('main.table-page')?.dataset.status !== 'playing', null, { timeout: kStep });
        continue;
      }
      const stock = await ann.locator('.act-buttons [data-action="stock"]').count();
      await play(ann, stock ? 'stock' : 'take');
      if (!(await myTurn(ann))) continue;
      const discard = await ann.locator('[data-action^="discard "]').first().getAttribute('data-action');
      const lines = (await logLines(ann)).length;
      const t0 = Date.now();
      await play(ann, discard);
      if ((await attr(ann, 'status')) !== 'playing') continue;
      await ann.waitForSelector('.seat[data-seat="1"] .thinking', { timeout: kStep });
      thinkingSeen = true;
      await shot(ann, 'thinking-1280');
      // The bot's move is the first log line after Ann's discard's.
      await ann.waitForFunction((n) => document.querySelectorAll('.log li').length > n + 1, lines, { timeout: kStep });
      const elapsed = Date.now() - t0;
      expect(elapsed >= kNormalPace, `the bot's move shows no sooner than ${kNormalPace} ms after Ann's discard (${elapsed} ms)`);
      measured = true;
    }
    expect(thinkingSeen && measured, 'the bot thought, and its move was timed, within 24 turns');
  });

  await test('the log survives a reload', async () => {
    // At a quiet moment (Ann to move) in hand 1 with a few moves in the log, the log is read, the
    // page reloaded, and the same lines come back instead of "Earlier moves are not in this log".
    // A reload keeps the hand in play's log only (after hand 1 it says earlier hands are missing),
    // so the test plays hand 1 of a new table; when that hand ends before the log has a few lines
    // (a dealt tonk, S7, or a drop), it makes another table, at most five times.
    let before = [];
    for (let table = 0; table < 5 && before.length < 4; ++table) {
      await createTable(ann, base, 'Ann');
      await ann.waitForFunction(() => ['playing', 'between', 'over'].includes(document.querySelector('main.table-page')?.dataset.status),
        null, { timeout: kStep });  // dealt
      for (let step = 0; step < 16; ++step) {
        await ann.waitForFunction(() => document.querySelectorAll('[data-action]').length > 0
          || document.querySelector('main.table-page')?.dataset.status !== 'playing', null, { timeout: kStep });
        if ((await attr(ann, 'status')) !== 'playing' || (await attr(ann, 'hand')) !== '1') { before = []; break; }
        before = await logLines(ann);
        if (before.length >= 4) break;
        const stock = await ann.locator('.act-buttons [data-action="stock"]').count();
        const take = await ann.locator('.act-buttons [data-action="take"]').count();
        if (stock || take) await play(ann, stock ? 'stock' : 'take');
        else await play(ann, await ann.locator('[data-action^="discard "]').first().getAttribute('data-action'));
      }
    }
    expect(before.length >= 4, `a few moves in the log: ${before.length}`);
    await ann.reload();
    await ann.waitForFunction((n) => document.querySelectorAll('.log li').length >= n, before.length, { timeout: kStep });
    const after = await logLines(ann);
    expect(!after.some((l) => l.startsWith('Earlier moves are not in this log')), `no "earlier moves" line: ${after[1]}`);
    const same = before.every((l, i) => after[i] === l);
    expect(same, `the log after the reload begins with the log before it:\n${before.join('\n')}\n---\n${after.join('\n')}`);
    await shot(ann, 'log-after-reload-1280');
  });

  await test('between hands: the countdown, who the table waits on, and the result stays until Next hand', async () => {
    // Ann and Bo (a phone) at a two-person table: the first to move drops, ending the hand.
    const link = await createTable(ann, base, 'Ann', { seat2: 'person' });
    const bo = await newPage(360, 740);
    await bo.goto(link);
    await bo.fill('input[name="name"]', 'Bo');
    await bo.click('button:has-text("Join")');
    await bo.waitForSelector('main.table-page[data-status="playing"], main.table-page[data-status="between"]', { timeout: kStep });  // between: hand 1 ended at its deal (S7)
    for (let i = 0; i < 4 && (await attr(ann, 'status')) === 'playing'; ++i) {
      await Promise.race([ann, bo].map((p) => p.waitForFunction(() => document.querySelectorAll('[data-action]').length > 0
        || document.querySelector('main.table-page')?.dataset.status !== 'playing', null, { timeout: kStep })));
      for (const p of [ann, bo]) {
        if (!(await myTurn(p))) continue;
        const before = await stateKey(p);
        await dropConfirmingIfAsked(p, () => waitMoved(p, before));
        break;
      }
    }
    for (const p of [ann, bo]) await p.waitForSelector('.hand-end .next-hand', { timeout: kStep });
    const over = Number(await attr(ann, 'hand'));
    const annLine = await ann.locator('.next-hand').textContent();
    expect(/^Next hand in \d+ s · waiting for you and Bo$/.test(annLine), `Ann's page: ${annLine}`);
    const first = Number(/in (\d+) s/.exec(annLine)[1]);
    expect(first > 0 && first <= 30, `the lobby's pause counts down from 30 s: ${first}`);
    // The countdown runs: the number goes down.
    await ann.waitForFunction((n) => {
      const m = /in (\d+) s/.exec(document.querySelector('.next-hand')?.textContent ?? '');
      return m && Number(m[1]) < n;
    }, first, { timeout: kStep });
    // Ann presses Next hand: her result stays, and both pages say the table waits on Bo.
    await ann.click('.hand-end button:has-text("Next hand")');
    await ann.waitForFunction(() => /waiting for Bo$/.test(document.querySelector('.next-hand')?.textContent ?? ''), null, { timeout: kStep });
    await bo.waitForFunction(() => /waiting for you$/.test(document.querySelector('.next-hand')?.textContent ?? ''), null, { timeout: kStep });
    expect((await ann.locator('.hand-end .results').count()) === 1, 'the result stays after Next hand while the table waits');
    // The button Ann pressed says she is ready and whom the table still waits on; Bo's still asks.
    for (const sel of ['.hand-end .end-buttons button:first-child', '.dock .act-buttons button']) {
      const said = await ann.locator(sel).textContent();
      expect(said === 'Ready ✓ · waiting for Bo', `Ann's ${sel} says she is ready: ${said}`);
    }
    expect((await bo.locator('.hand-end .end-buttons button:first-child').textContent()) === 'Next hand', 'Bo has not pressed yet');
    await shot(ann, 'waiting-1280');
    await shot(bo, 'waiting-360');
    // Bo too: the next hand is dealt, and the panel and its countdown go.
    await bo.click('.hand-end button:has-text("Next hand")');
    // The new hand may end as it is dealt (a dealt tonk, S7): then it is between hands again.
    for (const p of [ann, bo]) {
      await p.waitForFunction((h) => Number(document.querySelector('main.table-page')?.dataset.hand) > h, over, { timeout: kStep });
      if ((await attr(p, 'status')) === 'playing') {
        expect((await p.locator('.next-hand:not(:empty)').count()) === 0, 'no countdown in play');
      }
    }
    await bo.context().close();
  });
}

h.run(main);
