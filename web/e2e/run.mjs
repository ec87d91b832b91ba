// Browser tests of the Tonk table, run by ctest (`web.browser`): a real `tonk serve` on 127.0.0.1
// with a free port, Debian's chromium driven by playwright-core (e2e/harness.mjs), two browser
// players and a bot: the lobby, a hand played through the page (mouse and keyboard), reloads,
// the result, the ledger, the turn timer, and the layout, names and contrast at phone and desktop sizes.
//
// Usage: node e2e/run.mjs --tonk PATH/tonk --static web/dist --out DIR [--chromium /usr/bin/chromium]
// Every wait is bounded by an event (a DOM change, a line on the server's stdout) with a time limit;
// the whole run is killed after TONK_E2E_SECONDS (default 240). Ends with "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { atRest } from './at_rest.mjs';
import { checkContrast } from './contrast.mjs';
import { expect, harness, kStep } from './harness.mjs';
import { cardValue, isMyTurn, myHand, offered, scrollCueProblems, stateKey, status, waitMoved } from './table_page.mjs';

const h = harness({ name: 'e2e', seconds: 240 });
const { test, shot } = h;

// 32-character names with no space (the longest the name rule allows): no text may widen the
// 360 px page.
const kAnn = 'Ann' + 'W'.repeat(29);
const kBo = 'Bo' + 'M'.repeat(30);

// ---------------------------------------------------------------- page helpers
/** A seasoned player's page that may use the clipboard (the invite link is copied). */
const newPage = (width, height) => h.newPage(width, height, { context: { permissions: ['clipboard-read', 'clipboard-write'] } });
const seq = (page) => page.locator('main.table-page').getAttribute('data-seq');

/** Clicks each card of `cards` in the hand (selecting them). */
async function select(page, cards) {
  for (const c of cards) await page.locator(`.my-hand button.card[data-card="${c}"]`).click();
}

/**
 * Every control is inside the viewport's width, not covered, and the page does not scroll sideways;
 * measured with the table at rest (at_rest.mjs: a card in flight is not where it lands).
 */
async function checkControlsVisible(page, where) {
  const width = page.viewportSize().width;
  const { bad, moving } = await atRest(page, (w, moving) => {
    const describe = (el) => `${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class').trim().split(/\s+/).join('.')}` : ''}`;
    const out = [];
    if (document.documentElement.scrollWidth > w) out.push(`page is ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll('button, select, input, summary, a[href], textarea')) {
      if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') continue;   // folded away on purpose
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const name = el.getAttribute('aria-label') || el.textContent.trim() || el.getAttribute('name') || el.tagName;
      if (r.width < 1 || r.height < 1 || style.visibility === 'hidden' || style.display === 'none') out.push(`${name}: not shown`);
      else if (r.left < -0.5 || r.right > w + 0.5) out.push(`${name}: ${Math.round(r.left)}..${Math.round(r.right)} px`);
      else {
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hit && !el.contains(hit) && !hit.contains(el) && !document.querySelector('.modal-back')) out.push(`${name}: covered by ${describe(hit)}`);
      }
    }
    // Nothing scrolls sideways inside the page either (a table wider than its panel: a ledger's
    // names running out of it, a result's last columns out of view).
    for (const el of document.querySelectorAll('body *')) {
      const x = getComputedStyle(el).overflowX;
      if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1) out.push(`${describe(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth})`);
    }
    window.scrollTo(0, 0);
    return { bad: out, moving };
  }, width);
  expect(bad.length === 0, `every control visible at ${width} px (${where}): ${bad.join('; ')}${moving.length ? ` (still moving after 3 s: ${moving.join(', ')})` : ''}`);
  const cues = await scrollCueProblems(page);
  expect(cues.length === 0, `a "more below" tag covers nothing (${where}): ${cues.join('; ')}`);
}

/** Every button, link and field has an accessible name. */
async function checkNames(page, where) {
  const nameless = await page.evaluate(() => [...document.querySelectorAll('button, select, input, a[href], [role="img"]')]
    .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim() || el.closest('label') || el.getAttribute('title')))
    .map((el) => el.outerHTML.slice(0, 80)));
  expect(nameless.length === 0, `accessible names everywhere (${where}): ${nameless.join(' | ')}`);
}

/** The element is wholly inside the window as it is scrolled now (nothing to scroll to reach it). */
async function inViewport(page, selector) {
  // At rest (at_rest.mjs), waited for and measured in one task: a Playwright selector names the element.
  return page.locator(selector).first().evaluate(async (el, ms) => {
    const t0 = performance.now();
    while (document.getAnimations().some((a) => a.playState === 'running' || a.pending) && performance.now() - t0 < ms) await new Promise((r) => setTimeout(r, 30));
    const r = el.getBoundingClientRect();
    return { ok: r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight, top: Math.round(r.top), bottom: Math.round(r.bottom), h: window.innerHeight };
  }, 3000);
}

/** The log shows its newest line: it is scrolled to the end (or has nothing to scroll). */
async function logAtEnd(page) {
  return page.locator('.log').evaluate((l) => l.scrollTop + l.clientHeight >= l.scrollHeight - 2);
}

/**
 * Plays one turn of `page` through the page itself, with a simple plan: draw; lay a listed spread
 * when there is one (selecting its cards first); discard the highest card; drop (confirming) from the
 * turn `dropFrom` on. With `keyboard`, the turn is played with the keyboard alone.
 */
async function playTurn(page, turnNumber, { dropFrom = 3, keyboard = false } = {}) {
  let moves = await offered(page);
  const before = await stateKey(page);
  if (moves.includes('drop') && turnNumber >= dropFrom) {
    // The pages ask before any drop that could be caught (the threshold is 0, see main); a count
    // that cannot be caught is dropped at once.
    await page.locator('.act-buttons button[data-action="drop"]').click();
    const dialog = page.locator('[role="alertdialog"]');
    const asked = await Promise.race([dialog.waitFor({ timeout: kStep }).then(() => true), waitMoved(page, before).then(() => false)]);
    if (!asked) return 'drop';
    expect((await dialog.textContent()).includes('Drop with'), 'drop asks for confirmation');
    expect((await seq(page)) === before.seq, 'nothing is sent before the drop is confirmed');
    await dialog.locator('button', { hasText: 'Yes, drop' }).click();
    await waitMoved(page, before);
    return 'drop';
  }
  if (moves.includes('stock')) {
    if (keyboard) await page.keyboard.press('s');
    else await page.locator('.act-buttons button[data-action="stock"]').click();
    await waitMoved(page, before);
    moves = await offered(page);
  } else if (moves.includes('take')) {
    await page.locator('.act-buttons button[data-action="take"]').click();
    await waitMoved(page, before);
    moves = await offered(page);
  }
  if ((await status(page)) !== 'playing' || !(await isMyTurn(page))) return 'drew';
  const spread = moves.find((m) => m.startsWith('spread '));
  if (spread && !keyboard) {
    const cards = spread.slice(7).split(' ')[0].match(/../g);
    const k = await stateKey(page);
    await select(page, cards);
    const button = page.locator(`.act-buttons button[data-action="${spread}"]`);
    await button.waitFor({ timeout: kStep });
    await button.click();
    await waitMoved(page, k);
    if ((await status(page)) !== 'playing' || !(await isMyTurn(page))) return 'spread';
    moves = await offered(page);
  }
  const discards = moves.filter((m) => m.startsWith('discard '));
  if (!discards.length) {
    const any = moves[0];
    const k = await stateKey(page);
    await page.locator(`[data-action="${any}"]`).first().click({ force: true });
    await waitMoved(page, k);
    return any;
  }
  const card = discards.map((d) => d.slice(8)).sort((a, b) => cardValue(b) - cardValue(a))[0];
  const k = await stateKey(page);
  if (keyboard) {
    // Tab to the card, Space to select it, Tab to its discard button, Enter.
    await tabTo(page, `.my-hand button.card[data-card="${card}"]`);
    await page.keyboard.press('Space');
    await page.waitForSelector(`.act-buttons button[data-action="discard ${card}"]`, { timeout: kStep });
    expect(await page.evaluate((c) => document.activeElement?.dataset.card === c, card), 'focus stays on the card after selecting it');
    await tabTo(page, `.act-buttons button[data-action="discard ${card}"]`);
    await page.keyboard.press('Enter');
  } else {
    await select(page, [card]);
    await page.locator(`.act-buttons button[data-action="discard ${card}"]`).click();
  }
  await waitMoved(page, k);
  return `discard ${card}`;
}

/** What a page shows: 'turn' (its player is to move), 'between:N' (hand N is over) or null (neither). */
function waitSettled(page) {
  return page.waitForFunction(() => {
    const m = document.querySelector('main.table-page');
    if (!m) return null;
    if (m.dataset.status === 'between') return `between:${m.dataset.hand}`;
    if (m.dataset.status !== 'playing') return null;
    return document.querySelector('.turn-text')?.textContent.startsWith('Your turn') ? 'turn' : null;
  }, null, { timeout: kStep }).then((h) => h.jsonValue());
}

/**
 * Waits until the pages' table has a hand in play and one of the pages' players is to move: from then
 * on nothing changes until that person acts (the tables that call this have no turn timer, or one far
 * longer than a step). A hand that ends before any person moves (a dealt tonk, S7, or the bot's drop
 * on the first turn, S9) is passed with Next hand on every page. Returns the hand number in play.
 */
async function untilPersonToMove(pages) {
  for (let tries = 0; tries < 6; ++tries) {
    const [who, first] = await Promise.race(pages.map((p, i) => waitSettled(p).then((v) => [i, v])));
    if (first === 'turn') {
      // Every page shows the same hand in play (a page may lag one message behind the other).
      const hand = await pages[who].locator('main.table-page').getAttribute('data-hand');
      for (const p of pages) {
        await p.waitForFunction((h) => {
          const m = document.querySelector('main.table-page');
          return m?.dataset.status === 'playing' && m.dataset.hand === h;
        }, hand, { timeout: kStep });
      }
      return Number(hand);
    }
    const ended = first.slice('between:'.length);
    console.log(`     hand ${ended} ended before a person moved (${await pages[who].evaluate(() => document.querySelector('.hand-end h2')?.textContent)}); next hand`);
    for (const p of pages) {
      await p.waitForFunction((h) => document.querySelector('main.table-page')?.dataset.hand === h
        && document.querySelector('.hand-end button.primary'), ended, { timeout: kStep });
      await p.click('.hand-end button:has-text("Next hand")');
    }
    for (const p of pages) {
      await p.waitForFunction((h) => Number(document.querySelector('main.table-page')?.dataset.hand) > Number(h), ended, { timeout: kStep });
    }
  }
  throw new Error('no hand with a person to move after six deals');
}

/** The session ledger's net per seat as the page shows it (zeros before any hand is booked). */
async function ledgerNet(page, seats) {
  const box = page.locator('.ledger-box');
  await fromMenu(page, '.head-buttons button:has-text("Ledger")');
  await box.waitFor({ timeout: kStep });
  const net = (await box.locator('.ledger tbody td:first-of-type').allTextContents()).map(Number);
  const caption = (await box.locator('caption').count()) ? await box.locator('caption').textContent() : '';
  await fromMenu(page, '.head-buttons button:has-text("Ledger")');
  await box.waitFor({ state: 'detached', timeout: kStep });
  return { net: net.length ? net : new Array(seats).fill(0), caption };
}

/** Clicks an item of the header's menu (Copy invite link, Ledger, End table, Leave), opening it first. */
async function fromMenu(page, selector) {
  if (!(await page.locator('.menu').evaluate((d) => d.open))) await page.click('.menu summary');
  await page.click(selector);
}

async function tabTo(page, selector) {
  for (let i = 0; i < 120; ++i) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

// ---------------------------------------------------------------- the tests
async function main() {
  const base = await h.serveTonk();
  console.log(`tonk serve at ${base}`);
  await h.launchBrowser();

  const ann = await newPage(1280, 900);     // creates the table, desktop
  const bo = await newPage(360, 740);       // joins by the link, a phone
  let link = '';

  await test('lobby: the preset list comes from the server; create a table with a person and a bot', async () => {
    await ann.goto(`${base}/`);
    await ann.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
    const presets = await ann.locator('select[name="preset"] option').evaluateAll((o) => o.map((x) => x.value));
    expect(presets.includes('P-STD') && presets.includes('P-RUSH'), `presets listed: ${presets}`);
    const lobby360 = await newPage(360, 740);
    await lobby360.goto(`${base}/`);
    await lobby360.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
    await checkControlsVisible(lobby360, 'lobby');
    await checkNames(lobby360, 'lobby');
    await checkContrast(lobby360, 'lobby');
    await shot(lobby360, 'lobby-360');
    await lobby360.context().close();
    await ann.fill('input[name="name"]', kAnn);
    await ann.selectOption('select[name="seats"]', '3');
    await ann.selectOption('select[name="seat1"]', 'person');
    await ann.selectOption('select[name="seat2"]', 'medium');
    await shot(ann, 'lobby-1280');
    await ann.click('button[type="submit"]:has-text("Create table")');
    await ann.waitForSelector('main.table-page', { timeout: kStep });
    expect(/#\/t\/[0-9A-Z]{6}-[0-9A-Z]{20}$/.test(ann.url()), `the page moved to the table's link: ${ann.url()}`);
    link = await ann.locator('input.link').inputValue();
    expect(link === ann.url(), `invite link ${link} is the table's address`);
    await fromMenu(ann, 'button:has-text("Copy invite link")');
    await ann.waitForFunction(() => document.querySelector('.log')?.textContent.includes('Invite link copied'), null, { timeout: kStep });
    expect((await ann.evaluate(() => navigator.clipboard.readText())) === link, 'the invite link is on the clipboard');
    expect((await status(ann)) === 'waiting', 'the table waits for the second person');
    // Ann's log is made short so that it overflows during the hand: it must keep its newest line shown.
    await ann.addStyleTag({ content: '.log { max-height: 4.5rem !important; }' });
  });

  await test('join from the link on a phone; the hand is dealt to both', async () => {
    await bo.goto(link);
    // The page the link opens says what the table plays and who sits there, with its rules to open.
    await bo.waitForSelector('.table-about .join-seats li', { timeout: kStep });
    const sitting = await bo.locator('.join-seats li').allTextContents();
    expect(sitting.length === 3 && sitting[0] === kAnn && sitting[1] === 'an open seat' && /^\S+ \(Medium bot\)$/.test(sitting[2]) && !sitting[2].startsWith('greedy'),
      `the seats, the bot under a player's name: ${sitting}`);
    await bo.click('.join-rules summary');
    expect((await bo.locator('.join-rules').textContent()).includes('This table has three players'), 'the table\'s rules, in words');
    await bo.click('.join-rules summary');
    await bo.fill('input[name="name"]', kBo);
    await checkControlsVisible(bo, 'join page');
    await bo.click('button:has-text("Join")');
    await untilPersonToMove([ann, bo]);
    for (const p of [ann, bo]) {
      expect((await myHand(p)).length === 5, 'five cards dealt (S6)');
      expect((await p.locator('.seat').count()) === 2, 'two other seats shown');
    }
    const seats = await ann.locator('.seat-name').allTextContents();
    expect(seats.some((s) => s.includes(kBo)) && seats.length === 2 && !seats.some((s) => /greedy|random|mc:/.test(s)), `Ann sees Bo and the bot under a player's name: ${seats}`);
    const titles = await bo.locator('.seat-name').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    expect(titles.includes(kAnn), `Bo's phone names Ann in full in a title: ${titles}`);
    await checkControlsVisible(bo, 'table with 32-character names');
    expect((await ann.locator('.seat-tags').allTextContents()).some((t) => t.includes('Medium bot')), 'the bot is marked as a bot, with its level');
    const commit = await ann.locator('.fair-line code').textContent();
    expect(/^[0-9a-f]{16}…$/.test(commit), `the deal's commitment is shown: ${commit}`);
    // Bo's page joined at the deal, never seeing the commitment published before it: the server's
    // state.fair.current gives it (docs/PROTOCOL.md "state").
    const boCommit = await bo.locator('.fair-line code').textContent();
    expect(boCommit === commit, `Bo sees the same commitment as Ann: ${boCommit} / ${commit}`);
    await checkNames(ann, 'table');
  });

  await test('a link to a full table says so before asking a name, and offers to watch', async () => {
    const cal = await newPage(360, 740);
    await cal.goto(link);
    await cal.waitForSelector('.full [role="status"]', { timeout: kStep });
    expect((await cal.locator('input[name="name"]').count()) === 0, 'no name is asked');
    expect((await cal.locator('.full [role="status"]').textContent()).startsWith('Every seat at this table is taken'), 'the page says the table is full');
    await cal.click('button:has-text("Watch")');
    await cal.waitForSelector('main.table-page', { timeout: kStep });
    expect((await cal.locator('.meta').textContent()).includes('watching'), 'watching the table');
    await cal.context().close();
  });

  await test('a spectator sees the table but no hand', async () => {
    const eve = await newPage(1280, 800);
    await eve.goto(`${link}/watch`);
    await eve.waitForSelector('main.table-page', { timeout: kStep });
    expect((await eve.locator('.my-hand').count()) === 0, 'no hand for a spectator');
    expect((await eve.locator('.seat').count()) === 3, 'all three seats shown');
    expect((await eve.locator('[data-action]').count()) === 0, 'no moves for a spectator');
    await eve.context().close();
  });

  let illegalChecked = false;
  let reloaded = false;
  let hinted = false;
  let played = false;
  let playedHand = 0;        // the hand the next test reads the end of
  let ledgerBefore = null;   // Ann's ledger when that hand was dealt
  await test('two players and a bot finish a hand; illegal moves are not offered or are refused with the rule; a reload resumes', async () => {
    // The checks need Ann's and Bo's first turns in one hand. The bot may end a hand before either
    // comes (its drop, S9, when it moves before one of them), so another is dealt, up to four.
    playedHand = Number(await ann.locator('main.table-page').getAttribute('data-hand'));
    ledgerBefore = await ledgerNet(ann, 3);
    for (let hands = 1; !(illegalChecked && reloaded && hinted) && hands < 4; ++hands) {
      await playHand();
      if (illegalChecked && reloaded && hinted) break;
      console.log(`     hand ${playedHand} ended before every check was made; dealing another`);
      for (const p of [ann, bo]) await p.waitForSelector('.hand-end button:has-text("Next hand")', { timeout: kStep });
      for (const p of [ann, bo]) await p.click('.hand-end button:has-text("Next hand")');
      for (const p of [ann, bo]) {
        await p.waitForFunction((h) => Number(document.querySelector('main.table-page')?.dataset.hand) > h, playedHand, { timeout: kStep });
      }
      playedHand = await untilPersonToMove([ann, bo]);
      ledgerBefore = await ledgerNet(ann, 3);
    }
    expect(illegalChecked, 'the illegal attempts were checked');
    expect(reloaded, 'the reload was checked');
    expect(hinted, 'the hint was checked');
    for (const p of [ann, bo]) await p.waitForSelector('.hand-end', { timeout: kStep });
    played = true;
  });

  /** Plays the hand in play to its end through Ann's and Bo's pages, making each check once. */
  async function playHand() {
    const turns = new Map([[ann, 0], [bo, 0]]);
    const t0 = Date.now();
    while (Date.now() - t0 < 100000) {
      const st = [await status(ann), await status(bo)];
      if (st.every((s) => s === 'between' || s === 'over')) break;
      let moved = false;
      for (const p of [ann, bo]) {
        if (!(await isMyTurn(p))) continue;
        const other = p === ann ? bo : ann;
        if (!illegalChecked && p === ann) {
          // Not the other's turn: it is offered no move, and an action sent anyway is refused (S8).
          // Bo's page first catches up with Ann's (nothing moves until Ann acts), so that the refusal
          // is for being out of turn, not for a stale seq.
          const k = await stateKey(ann);
          await other.waitForFunction((b) => {
            const m = document.querySelector('main.table-page');
            return m && m.dataset.seq === b.seq && m.dataset.status === b.status;
          }, k, { timeout: kStep });
          expect((await other.locator('.act-buttons').count()) === 0, 'no moves offered out of turn');
          await other.evaluate(() => window.tonkApp.sendUnlisted('stock'));
          await other.waitForSelector('.dock .error', { timeout: kStep });
          const outOfTurn = await other.locator('.dock .error').textContent();
          expect(/Refused by rule S8:/.test(outOfTurn), `out of turn refused with S8: ${outOfTurn}`);
        }
        const n = turns.get(p) + 1;
        turns.set(p, n);
        if (p === ann && !illegalChecked) {
          // Ann's first turn, keyboard only; and in the middle of it, the moves a selection cannot make.
          const before = await stateKey(ann);
          await ann.keyboard.press('s');
          await waitMoved(ann, before);
          const hand = await myHand(ann);
          const moves = await offered(ann);
          const pair = [hand[0], hand[hand.length - 1]];
          if (!moves.some((m) => m === `spread ${pair.join('')}`)) {
            await select(ann, pair);
            expect((await ann.locator('.help').textContent()).includes('No legal move uses exactly these cards')
              || (await ann.locator('.help').textContent()).includes('Select more cards'), 'the page says the selection makes no move');
            expect((await ann.locator('.act-buttons [data-action^="spread"], .act-buttons [data-action^="discard"]').count()) === 0,
              'no spread or discard offered for two cards');
            await ann.keyboard.press('Escape');
          }
          const notHeld = ['Kc', 'Kd', 'Kh', 'Ks', 'Qc', 'Qd'].find((c) => !hand.includes(c));
          await ann.evaluate((c) => window.tonkApp.sendUnlisted(`discard ${c}`), notHeld);
          await ann.waitForSelector('.dock .error', { timeout: kStep });
          const refusal = await ann.locator('.dock .error').textContent();
          expect(/Refused by rule [SVI]\d+[a-z]?:/.test(refusal), `an unlisted discard is refused with its rule: ${refusal}`);
          expect(JSON.stringify(await myHand(ann)) === JSON.stringify(hand), 'nothing changed');
          illegalChecked = true;
          await shot(ann, 'play-1280');
          await playTurn(ann, n, { keyboard: true });   // the discard, with the keyboard alone
        } else {
          if (p === bo && !hinted) {
            // On the phone, the start of the turn: the moves are on screen without scrolling.
            await bo.evaluate(() => window.scrollTo(0, 0));
            const first = await inViewport(bo, '.act-buttons button');
            expect(first.ok, `the first move is within the 360x740 window at the start of a turn: ${JSON.stringify(first)}`);
            await shot(bo, 'turn-360-fold', { fullPage: false });
            // The hint: the Monte Carlo bot's advice, one of the listed moves, in the table's unit, shown by the moves.
            await bo.click('.act-buttons button:has-text("Hint")');
            await bo.waitForSelector('.dock .hint', { timeout: kStep });
            const hint = await bo.locator('.dock .hint').textContent();
            // Said with its reason in words; the values (the Monte Carlo bot's, in the table's unit per hand) in its tooltip.
            expect(/^Hint: (Drop|Draw from stock|Take discard): [a-z0-9♣♦♥♠ ]+[^.]*\./i.test(hint) && !/\d\.\d/.test(hint), `a hint for the start of the turn, in words: ${hint}`);
            expect(/[-+]?\d/.test(await bo.locator('.dock .hint').getAttribute('title')), 'the figures are in its tooltip');
            await bo.evaluate(() => window.scrollTo(0, 0));
            const answer = await inViewport(bo, '.dock .hint');
            expect(answer.ok, `the hint's answer is within the window, by the moves: ${JSON.stringify(answer)}`);
            await shot(bo, 'hint-360-fold', { fullPage: false });
            hinted = true;
          }
          await playTurn(p, n);
        }
        if (p === bo && !reloaded && (await status(bo)) === 'playing') {
          await shot(bo, 'play-360');
          await checkControlsVisible(bo, 'in play');
          await checkContrast(bo, 'in play');
          const hand = await myHand(bo);
          await bo.reload();
          await bo.waitForSelector('main.table-page .my-hand', { timeout: kStep });
          expect(JSON.stringify(await myHand(bo)) === JSON.stringify(hand), 'the reload resumed the same hand');
          expect((await bo.locator('.meta').textContent()).includes('hand'), 'back at the table');
          const logAfter = await bo.locator('.log').textContent();
          // The server sends the hand so far (`history`): the log is rebuilt, from the deal on.
          expect(!logAfter.includes('Earlier moves are not in this log') && /Hand \d+ is dealt by/.test(logAfter),
            `after a reload the log is rebuilt from the hand so far: ${logAfter}`);
          // A dropped connection comes back by itself.
          await bo.evaluate(() => window.tonkApp.dropConnection());
          await bo.waitForFunction(() => !document.querySelector('.offline') && document.querySelector('main.table-page'), null, { timeout: kStep });
          reloaded = true;
        }
        moved = true;
      }
      if (!moved) {
        // A bot or the other person is to move: wait for either page to change.
        const ka = await stateKey(ann);
        await Promise.race([waitMoved(ann, ka), waitMoved(bo, await stateKey(bo))]).catch(() => {});
      }
    }
    for (const p of [ann, bo]) await p.waitForSelector('.hand-end', { timeout: kStep });
  }

  await test("the hand's end shows every hand, count, reason and payouts; the deal verifies in the browser", async () => {
    expect(played, 'a hand was played');
    const rows = await ann.locator('.results tbody tr').count();
    expect(rows === 3, `three rows: ${rows}`);
    const pays = (await ann.locator('.results tbody td:nth-child(4)').allTextContents()).map(Number);
    expect(pays.reduce((a, b) => a + b, 0) === 0 && pays.some((x) => x !== 0), `payouts sum to zero: ${pays}`);
    const counts = await ann.locator('.results tbody td:nth-child(3)').allTextContents();
    expect(counts.every((c) => /^\d+$/.test(c)), `counts shown: ${counts}`);
    // The hand played (1, or later when the bot ended one before the checks were made), still
    // between hands: the lobby's 30 s pause holds the next deal until both press Next hand.
    const hand = await ann.locator('main.table-page').getAttribute('data-hand');
    expect(hand === String(playedHand), `the page shows the hand played: ${hand} vs ${playedHand}`);
    const title = await ann.locator('.hand-end h2').textContent();
    expect(title.startsWith(`Hand ${hand}: `) && /(dropped|caught|went out|stock ran out)/.test(title), `the reason: ${title}`);
    // The ledger is the session's: it booked every hand so far, this one last.
    const after = await ledgerNet(ann, 3);
    expect(after.caption.includes(`after ${hand} hand`), `the ledger is booked through hand ${hand}: ${after.caption}`);
    const booked = after.net.map((x, i) => x - ledgerBefore.net[i]);
    expect(JSON.stringify(booked) === JSON.stringify(pays),
      `the ledger books the hand: ${after.net} - ${ledgerBefore.net} = ${booked} vs ${pays}`);
    await ann.click('button:has-text("Verify the deal")');
    await ann.waitForSelector('.verify', { timeout: kStep });
    const verdict = await ann.locator('.verify').textContent();
    expect(verdict.includes('The deal verifies') && (await ann.locator('.verify.ok').count()) === 1, `verified: ${verdict}`);
    expect(verdict.includes('your dealt hand came from that deck'), 'the dealt hand was checked');
    await bo.click('button:has-text("Verify the deal")');
    await bo.waitForSelector('.verify.ok', { timeout: kStep });
    // Review: the server's record of the hand, reviewed in the page's own worker (docs/REVIEW.md).
    if (fs.readdirSync(path.join(h.staticDir, 'assets')).some((f) => f.endsWith('.wasm'))) {
      await bo.click('button[data-focus="review"]');
      await bo.waitForSelector('section.review, p.review-status.error', { timeout: kStep });
      const review = await bo.evaluate(() => ({ error: document.querySelector('p.review-status.error')?.textContent ?? null,
        heading: document.querySelector('section.review h3')?.textContent ?? '', verify: document.querySelectorAll('.verify.ok').length }));
      expect(!review.error && review.heading === `Review of your play, hand ${hand}` && review.verify === 1,
        `Bo's review of hand ${hand}: ${JSON.stringify(review)}`);
    }
    // The log (made short on Ann's page) shows its newest line, the hand's end; scrolled up, it stays
    // where the player put it across redraws (the Ledger button redraws the page).
    const logSize = await ann.locator('.log').evaluate((l) => ({ sh: l.scrollHeight, ch: l.clientHeight, top: l.scrollTop }));
    expect(logSize.sh > logSize.ch, `Ann's log overflows: ${JSON.stringify(logSize)}`);
    expect(await logAtEnd(ann), `the log shows its newest line: ${JSON.stringify(logSize)}`);
    await ann.locator('.log').evaluate((l) => { l.scrollTop = 7; });
    await fromMenu(ann, 'button[data-focus="ledger"]');
    await fromMenu(ann, 'button[data-focus="ledger"]');
    const kept = await ann.locator('.log').evaluate((l) => l.scrollTop);
    expect(kept === 7, `the log stays where it was scrolled across redraws: ${kept}`);
    await ann.locator('.log').evaluate((l) => { l.scrollTop = l.scrollHeight; });
    await ann.addStyleTag({ content: '.log { max-height: 22rem !important; }' });
    // Every hand is shown face up, in the results and on the seats: no card backs are left.
    for (const p of [ann, bo]) expect((await p.locator('.seat .backs .card').count()) === 0, 'no face-down cards once the hands are shown');
    await checkContrast(ann, 'hand end');
    await checkContrast(bo, 'hand end');
    await shot(ann, 'end-1280');
    await shot(bo, 'end-360');
    await checkControlsVisible(bo, 'hand end');
    await checkNames(bo, 'hand end');
  });

  await test('the next hand is dealt when both are ready', async () => {
    // The lobby's tables deal the next hand by themselves 30 s after a hand ends (pause_seconds); the
    // tests reach this point well before that, and both pressing Next hand deals it at once.
    const next = String(Number(await ann.locator('main.table-page').getAttribute('data-hand')) + 1);
    const t0 = Date.now();
    await ann.click('button:has-text("Next hand")');
    await bo.click('button:has-text("Next hand")');
    for (const p of [ann, bo]) await p.waitForFunction((h) => document.querySelector('main.table-page')?.dataset.hand === h, next, { timeout: kStep });
    expect((await ann.locator('.log').textContent()).includes('You are ready for the next hand.'), 'Ann said she is ready');
    console.log(`     hand ${next} dealt ${Date.now() - t0} ms after the two clicks began`);
    // The session ledger on the phone in play (booked, 32-character names in it): nothing runs out
    // of its box, every control stays in view.
    await fromMenu(bo, '.head-buttons button:has-text("Ledger")');
    await bo.locator('.ledger-box .ledger').waitFor({ timeout: kStep });
    const cut = await bo.locator('.ledger-box .who-name').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    expect(cut.includes(kAnn) && cut.includes(kBo), `the ledger names everyone in full in a title: ${cut}`);
    await checkControlsVisible(bo, 'ledger');
    await bo.locator('.ledger-box').evaluate((e) => e.scrollIntoView({ block: 'start' }));   // the check scrolled the board
    await shot(bo, 'ledger-360');
    await fromMenu(bo, '.head-buttons button:has-text("Ledger")');
    await bo.locator('.ledger-box').waitFor({ state: 'detached', timeout: kStep });
  });

  await test('End table asks first; once the table is over, its ledger, records and the way back to the lobby', async () => {
    // Mid-hand: Ann cancels, then confirms; the table ends when Bo confirms too (docs/PROTOCOL.md, `end`).
    let asked = '';
    ann.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    await fromMenu(ann, 'button[data-focus="end"]');
    expect(asked.startsWith('End this table for everyone?'), `End table asks first: '${asked}'`);
    expect(!(await ann.locator('.log').textContent()).includes('You asked to end the table'), 'cancelled: nothing sent');
    for (const p of [ann, bo]) {
      p.once('dialog', (d) => void d.accept());
      await fromMenu(p, 'button[data-focus="end"]');
    }
    for (const p of [ann, bo]) await p.waitForFunction(() => document.querySelector('main.table-page')?.dataset.status === 'over', null, { timeout: kStep });
    for (const p of [ann, bo]) {
      expect((await p.locator('.table-over h2').first().textContent()) === 'The table is over', 'the end is said');
      expect((await p.locator('.table-over .ledger').count()) === 1, 'the final ledger is shown');
      expect((await p.locator('.table-over .records a').count()) >= 1, 'the records are offered');
      expect((await p.locator('button:has-text("Back to the lobby")').count()) === 2, 'the way back to the lobby');
    }
    await bo.evaluate(() => window.scrollTo(0, 0));
    expect((await inViewport(bo, 'button:has-text("Back to the lobby")')).ok, 'the way back is on the phone\'s first screen');
    await checkControlsVisible(bo, 'table over');
    await checkContrast(bo, 'table over');
    await shot(ann, 'over-1280');
    await shot(bo, 'over-360');
    await ann.locator('.table-over button:has-text("Back to the lobby")').click();
    await ann.waitForSelector('form[aria-label="Create a table"]', { timeout: kStep });
  });

  await test('the turn timer counts down and, run out, hands the seat to a bot until "I\'m back"', async () => {
    // Two people on a 10 s timer (the lobby offers 30 s and up, so the table is
    // made over a socket of its own). Eve plays her turns; Cy does not, so the timer's bot plays Cy's.
    // After the hand Eve, connected and not ready, holds the next deal for the 30 s pause, so the
    // page is still while Cy presses "I'm back".
    const cy = await newPage(1280, 800);
    const eve = await newPage(360, 740);
    await cy.goto(`${base}/`);
    await cy.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
    const code = await cy.evaluate(() => new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      ws.onopen = () => ws.send(JSON.stringify({ type: 'create', id: 1, seats: 2, bots: [], turn_seconds: 10, pause_seconds: 30 }));
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === 'created') { resolve(m.table); ws.close(); } if (m.type === 'error') reject(new Error(m.message)); };
    }));
    for (const [p, name] of [[cy, 'Cy'], [eve, 'Eve']]) {
      await p.goto(`${base}/#/t/${code}`);
      await p.fill('input[name="name"]', name);
      await p.click('button:has-text("Join")');
    }
    await untilPersonToMove([cy, eve]);
    let n = 0;
    let sawTimer = false;
    const t0 = Date.now();
    while ((await status(eve)) === 'playing' && Date.now() - t0 < 90000) {
      if (!sawTimer && (await isMyTurn(cy))) {
        const left = await cy.locator('.timer').textContent();
        expect(/^([0-9]|10) s left$/.test(left), `the timer shows the seconds left: ${left}`);
        sawTimer = true;
      }
      if (await isMyTurn(eve)) await playTurn(eve, ++n, { dropFrom: 2 });
      else await waitMoved(eve, await stateKey(eve)).catch(() => {});
    }
    expect(sawTimer, "Cy's timer was seen");
    await cy.waitForSelector('.hand-end', { timeout: kStep });
    expect((await cy.locator('.log').textContent()).includes('(timer: played by a bot)'), 'the log says a bot played for Cy');
    const back = cy.locator('button:has-text("I\'m back")');
    expect((await back.count()) === 1, 'Cy is offered "I\'m back"');
    const eveSees = await eve.locator('.seat-tags').allTextContents();
    expect(eveSees.some((t) => t.includes('played by a bot (timer)')), `Eve sees Cy marked: ${eveSees}`);
    await back.click();
    await back.waitFor({ state: 'detached', timeout: kStep });
    await eve.waitForFunction(() => ![...document.querySelectorAll('.seat-tags')].some((e) => e.textContent.includes('played by a bot')), null, { timeout: kStep });
    await cy.context().close();
    await eve.context().close();
  });

  await test("the lobby's defaults: one person against a bot plays a full hand", async () => {
    const dee = await newPage(1280, 800);
    await dee.goto(`${base}/`);
    await dee.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
    await dee.fill('input[name="name"]', 'Dee');
    await dee.click('button[type="submit"]:has-text("Create table")');
    await untilPersonToMove([dee]);
    let n = 0;
    const t0 = Date.now();
    while ((await status(dee)) === 'playing' && Date.now() - t0 < 60000) {
      if (await isMyTurn(dee)) await playTurn(dee, ++n, { dropFrom: 4 });
      else await waitMoved(dee, await stateKey(dee)).catch(() => {});
    }
    await dee.waitForSelector('.hand-end', { timeout: kStep });
    const pays = (await dee.locator('.results tbody td:nth-child(4)').allTextContents()).map(Number);
    expect(pays.length === 2 && pays[0] + pays[1] === 0 && pays[0] !== 0, `two seats paid: ${pays}`);
    await dee.context().close();
  });

}

h.run(main);
