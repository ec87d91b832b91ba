// Browser tests of how the table plays (ctest web.feel): cards that fly (and do not under reduced
// motion), the stock tapped to draw, a card dragged to the pile to discard and one dropped where it
// makes no move, the mute switch kept across a reload, the rules and the walkthrough, and at four
// screen sizes the whole hand and every offered move in view with the hand fixed in place across
// ten moves, no word broken in a table and WCAG AA contrast. Against a real `tonk serve` on
// 127.0.0.1 (a free port) with Debian's chromium driven by playwright-core (e2e/harness.mjs).
//
// Usage: node e2e/table_feel.mjs --tonk PATH/tonk --static DIST --out DIR [--chromium /usr/bin/chromium]
import { atRest as measureAtRest } from './at_rest.mjs';
import { checkContrast } from './contrast.mjs';
import { expect, harness, kStep } from './harness.mjs';
import { cardValue as value, myHand as hand, offered, scrollCueProblems, stateKey, waitMoved } from './table_page.mjs';

// TONK_FEEL_ONLY=words runs only the tests whose name holds "words".
const h = harness({ name: 'feel', seconds: 150, onlyEnv: 'TONK_FEEL_ONLY', closePagesAfterEach: true });
const { test } = h;

// Counts every Web Animation the page starts and every one that finishes, and every sound it makes.
const kCountAnimations = () => {
  window.__sounds = 0;
  if (window.AudioContext) {
    for (const f of ['createBufferSource', 'createOscillator']) {
      const orig = AudioContext.prototype[f];
      AudioContext.prototype[f] = function (...a) { window.__sounds++; return orig.apply(this, a); };
    }
  }
  window.__anim = { started: 0, finished: 0 };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...a) {
    const an = animate.apply(this, a);
    window.__anim.started++;
    an.finished.then(() => { window.__anim.finished++; }, () => { window.__anim.finished++; });
    return an;
  };
};

/** A new player's page (no seasoned storage) that counts its animations and sounds; closed after its test. */
const newPage = (width, height, opts = {}) => h.newPage(width, height, {
  context: { hasTouch: !!opts.touch, reducedMotion: opts.reducedMotion ?? 'no-preference' }, init: [kCountAnimations],
});
const shot = (page, name) => h.shot(page, name, { fullPage: false });

/** Makes a table against a greedy bot from the lobby and skips the walkthrough once it shows. */
async function newTable(page, base, { skipWalk = true } = {}) {
  await page.goto(`${base}/`);
  await page.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
  await page.fill('input[name="name"]', 'Ann');
  await page.click('button[type="submit"]:has-text("Create table")');
  await page.waitForSelector('main.table-page', { timeout: kStep });
  await untilMyTurn(page);   // a hand that ended at the deal is passed
  await page.waitForSelector('.walkthrough', { timeout: kStep });
  if (skipWalk) await page.click('.walkthrough button:has-text("Skip")');
}

/** Waits until it is this page's turn, passing any finished hand with Next hand. Returns the state key. */
async function untilMyTurn(page) {
  for (let i = 0; i < 8; ++i) {
    const what = await page.waitForFunction(() => {
      const m = document.querySelector('main.table-page');
      if (!m) return null;
      if (document.querySelector('.hand-end button.primary')) return 'end';
      return m.dataset.status === 'playing' && document.querySelector('.turn-text')?.textContent.startsWith('Your turn') ? 'turn' : null;
    }, null, { timeout: kStep }).then((h) => h.jsonValue());
    if (what === 'turn') return stateKey(page);
    const h = (await stateKey(page)).hand;
    await page.click('.hand-end button.primary');
    // The result closes, or the next hand ends at its deal too (a dealt tonk) and shows its own.
    await page.waitForFunction((h) => !document.querySelector('.hand-end')
      || document.querySelector('main.table-page').dataset.hand !== h, h, { timeout: kStep });
  }
  throw new Error('never my turn');
}

/** Waits until no card is in flight (a hand aims at where a card has landed). */
const atRest = (page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: kStep });

/** Drags `from` (a selector) onto the centre of `to` with the mouse, in steps, as a hand would. */
async function drag(page, from, to) {
  await atRest(page);
  const a = await page.locator(from).boundingBox();
  const b = await page.locator(to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; ++i) await page.mouse.move(a.x + a.width / 2 + (b.x + b.width / 2 - a.x - a.width / 2) * i / 8, a.y + a.height / 2 + (b.y + b.height / 2 - a.y - a.height / 2) * i / 8);
  await page.mouse.up();
}

/** The same drag by a finger: touch events through the DevTools protocol (the page sees pointer events of type touch). */
async function touchDrag(page, from, to) {
  await atRest(page);
  const a = await page.locator(from).boundingBox();
  const b = await page.locator(to).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (t) => [{ x: a.x + a.width / 2 + (b.x + b.width / 2 - a.x - a.width / 2) * t, y: a.y + a.height / 2 + (b.y + b.height / 2 - a.y - a.height / 2) * t }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 8; ++i) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 8) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** One move of this page's player: draw (tap the stock) at the start of a turn, else discard the highest card. */
async function oneMove(page, { dragDiscard = false, touch = false } = {}) {
  const k = await untilMyTurn(page);
  const moves = await offered(page);
  if (moves.includes('stock')) await page.click('button.pile.stock');
  else if (moves.includes('take')) await page.click('button.pile.discard');
  else {
    const listed = (await page.locator('.all-moves [data-action^="discard "]').evaluateAll((e) => e.map((x) => x.dataset.action))).map((d) => d.slice(8));
    expect(listed.length > 0, `a discard is listed: ${moves}`);
    const card = listed.sort((x, y) => value(y) - value(x))[0];
    if (dragDiscard) await (touch ? touchDrag : drag)(page, `.my-hand button.card[data-card="${card}"]`, '.pile.discard');
    else { await page.click(`.my-hand button.card[data-card="${card}"]`); await page.click(`.act-buttons button[data-action="discard ${card}"]`); }
  }
  await waitMoved(page, k);
}

/** The hand and every offered move are wholly inside the viewport (nothing to scroll to reach them). */
async function allInView(page) {
  // Once the cards in flight (a deal takes about a second) have landed, measured in the same task.
  const { bad, count, moving } = await measureAtRest(page, (_, moving) => {
    const describe = (el) => `${el.tagName.toLowerCase()}${el.getAttribute('class') ? `.${el.getAttribute('class').trim().split(/\s+/).join('.')}` : ''}`;
    const bad = [];
    const els = [...document.querySelectorAll('.my-hand, .my-hand button.card, .act-buttons button')];
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) bad.push(`${el.getAttribute('aria-label') || el.textContent.trim().slice(0, 20)} ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}`);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
      if (hit && !el.contains(hit) && !hit.contains(el)) bad.push(`${el.textContent.trim().slice(0, 20) || el.getAttribute('aria-label')} covered by ${describe(hit)}`);
    }
    if (document.documentElement.scrollWidth > innerWidth) bad.push(`page ${document.documentElement.scrollWidth} px wide`);
    return { bad, count: els.length, moving };
  });
  if (bad.length && moving.length) bad.push(`still moving after 3 s: ${moving.join(', ')}`);
  return { bad, count };
}

/** No word in any table cell is split over two lines. */
async function brokenWords(page) {
  return page.evaluate(() => {
    const out = [];
    for (const cell of document.querySelectorAll('table th, table td, table caption')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent;
        for (const m of text.matchAll(/[^\s]+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
          if (tops.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  });
}

/**
 * What a new player would find cut or hidden: a label, heading or line of words cut short ("diam…"),
 * a spread or pile of the felt out of its box with no "more below" cue, a log of fewer than three
 * lines. Measured at rest.
 */
async function cutOrHidden(page) {
  return measureAtRest(page, () => {
    const bad = [];
    const words = '.group-label, .hand-head h2, .spread-title, .pile-label, .turn-text, .seat-tags, .hand-end h2, .act-buttons button';
    for (const el of document.querySelectorAll(words)) {
      if (el.getClientRects().length && el.scrollWidth > el.clientWidth + 1) bad.push(`cut: "${el.textContent.trim().slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth} px)`);
    }
    const fair = document.querySelector('.fair-words');
    if (fair && fair.getBoundingClientRect().right > fair.parentElement.getBoundingClientRect().right + 1) bad.push(`cut: the fair-deal line "${fair.textContent}"`);
    const board = document.querySelector('.board');
    if (board) {
      const b = board.getBoundingClientRect();
      for (const el of board.querySelectorAll('.spread, .pile')) {
        const r = el.getBoundingClientRect();
        const inView = r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
        if (!inView && !board.classList.contains('more-below')) bad.push(`hidden with no cue: ${el.className} (${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(b.top)}..${Math.round(b.bottom)})`);
      }
    }
    const log = document.querySelector('ol.log');
    if (log) {
      const lh = parseFloat(getComputedStyle(log).fontSize) * 1.15;
      if (log.clientHeight < 3 * lh - 1) bad.push(`the log shows ${(log.clientHeight / lh).toFixed(1)} lines`);
    }
    return bad;
  });
}

/** The walkthrough's box overlaps none of the opponents' seats, the stock, the pile, your hand or your moves. */
async function walkthroughCovers(page) {
  return measureAtRest(page, () => {
    const w = document.querySelector('.walkthrough')?.getBoundingClientRect();
    if (!w) return ['no walkthrough'];
    const over = (r) => r.left < w.right && w.left < r.right && r.top < w.bottom && w.top < r.bottom;
    return [...document.querySelectorAll('.seat, .pile, .my-hand, .act-buttons button')].filter((el) => over(el.getBoundingClientRect()))
      .map((el) => el.className || el.textContent.trim());
  });
}

/**
 * Whether the ledger is in the log's box and the stock and the pile are in view with nothing over
 * them; null when no hand is in play by then (a bot ended it).
 */
async function pilesFree(page) {
  return measureAtRest(page, () => document.querySelector('main.table-page')?.dataset.status !== 'playing' ? null : ({
    inLog: !!document.querySelector('.log-box .ledger'),
    free: ['.pile.stock', '.pile.discard'].every((sel) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && el.contains(hit);
    }),
  }));
}

// Found and measured in one task: a redraw between finding the hand and measuring it would measure a detached box.
const handBox = (page) => page.evaluate(() => { const r = document.querySelector('.my-hand').getBoundingClientRect(); return { x: Math.round(r.left), y: Math.round(r.top), w: Math.round(r.width) }; });

async function main() {
  const base = await h.serveTonk();
  console.log(`tonk serve at ${base}`);
  await h.launchBrowser();

  await test('a tap on the stock draws: the card flies in (animations started and finished) and is marked; a drag to the pile discards', async () => {
    const page = await newPage(1280, 800);
    await newTable(page, base);
    let k = await untilMyTurn(page);
    // At the start of a turn a card dragged to the pile makes no move: it snaps back with the reason.
    const first = (await hand(page))[0];
    await drag(page, `.my-hand button.card[data-card="${first}"]`, '.pile.discard');
    await page.waitForSelector('.dock .error', { timeout: kStep });
    const why = await page.locator('.dock .error').textContent();
    expect(/First draw from the stock or take the top of the pile/.test(why), `the reason is said: ${why}`);
    expect((await stateKey(page)).seq === k.seq, 'nothing was sent');
    expect((await hand(page)).includes(first), 'the card is back in the hand');
    await page.waitForFunction(() => !document.querySelector('.drag-ghost'), null, { timeout: kStep });
    // Tap the stock.
    k = await untilMyTurn(page);
    expect((await offered(page)).includes('stock'), 'drawing is listed');
    const before = await hand(page);
    const started = await page.evaluate(() => window.__anim.started);
    await page.click('button.pile.stock');
    await waitMoved(page, k);
    const after = await hand(page);
    const drawn = after.filter((c) => !before.includes(c));
    expect(drawn.length === 1, `one card drawn: ${before} -> ${after}`);
    expect(await page.locator(`.my-hand button.card.drawn[data-card="${drawn[0]}"]`).count() === 1, 'the drawn card is marked');
    expect((await page.locator(`.my-hand button.card.drawn`).getAttribute('aria-label')).includes('just drawn'), 'and says so to a screen reader');
    expect(await page.evaluate((s) => window.__anim.started > s, started), 'the draw started an animation');
    await page.waitForFunction(() => window.__anim.finished >= window.__anim.started
      && document.getAnimations().filter((a) => a.playState === 'running').length === 0, null, { timeout: kStep });
    expect((await page.locator('.log').textContent()).includes('You drew'), 'the log says so');
    await shot(page, 'feel-1280-drawn');
    // Drag the highest listed discard onto the pile.
    k = await stateKey(page);
    const listed = (await offered(page)).filter((m) => m.startsWith('discard ')).map((d) => d.slice(8));
    const card = listed.sort((x, y) => value(y) - value(x))[0];
    const startedBefore = await page.evaluate(() => window.__anim.started);
    await drag(page, `.my-hand button.card[data-card="${card}"]`, '.pile.discard');
    await waitMoved(page, k);
    expect(!(await hand(page)).includes(card), `${card} left the hand`);
    await page.waitForFunction((c) => document.querySelector('.log').textContent.includes('You discarded'), card, { timeout: kStep });
    expect(await page.locator('.my-hand button.card.drawn').count() === 0, 'the mark is gone after the next move');
    expect(await page.evaluate((s) => window.__anim.started > s, startedBefore), 'the discard flew to the pile');
    await shot(page, 'feel-1280-after-drag');
    // A move made while cards fly: the flights end at once and the move is made. (Tried again when
    // the bot ended the hand first: then there is no discard to make.)
    let during = null;
    for (let tries = 0; tries < 4 && !during?.sent; ++tries) {
      await untilMyTurn(page);
      during = await page.evaluate(() => new Promise((resolve) => {
        const main = () => document.querySelector('main.table-page');
        const seq = main().dataset.seq;
        const watch = new MutationObserver(() => {
          if (main()?.dataset.seq === seq) return;
          watch.disconnect();
          const flying = document.getAnimations().filter((a) => !a.effect?.target?.closest?.('.moment') && (a.playState === 'running' || a.playState === 'pending'));
          const discard = document.querySelector('.all-moves [data-action^="discard "]');
          if (!discard) { resolve({ sent: null }); return; }
          discard.click();
          const left = flying.filter((a) => a.playState !== 'finished');
          resolve({ flying: flying.length, unfinished: left.length, sent: discard.dataset.action,
            left: left.map((a) => `${a.constructor.name} ${a.playState} ${a.effect?.target?.className}`) });
        });
        watch.observe(document.getElementById('app'), { subtree: true, childList: true, attributes: true });
        document.querySelector('button.pile.stock').click();
      }));
    }
    expect(during.sent && during.flying > 0 && during.unfinished === 0, `the draw's flight was running and the discard finished it: ${JSON.stringify(during)}`);
    await page.waitForFunction((a) => document.querySelector('.log').textContent.includes(`You discarded ${a}`), during.sent.slice(8).replace('T', '10').replace(/[cdhs]$/, (x) => ({ c: '♣', d: '♦', h: '♥', s: '♠' }[x])));
    await page.context().close();
  });

  await test('reduced motion: the same moves start no animation at all; a finger drags a card to the pile', async () => {
    const page = await newPage(390, 844, { reducedMotion: 'reduce', touch: true });
    await newTable(page, base);
    const k = await untilMyTurn(page);
    await page.click('button.pile.stock');
    await waitMoved(page, k);
    const before = await hand(page);
    await oneMove(page, { dragDiscard: true, touch: true });
    expect((await hand(page)).length === before.length - 1, 'the touch drag discarded a card');
    const n = await page.evaluate(() => ({ started: window.__anim.started, now: document.getAnimations().length }));
    expect(n.started === 0 && n.now === 0, `no animations under prefers-reduced-motion: ${JSON.stringify(n)}`);
    await page.context().close();
  });

  await test('the sound switch is kept across a reload; the walkthrough is shown once; the rules are in the page', async () => {
    const page = await newPage(390, 844);
    await newTable(page, base, { skipWalk: false });
    const walk = await allInView(page);
    expect(walk.bad.length === 0, `the walkthrough covers neither the hand nor the moves: ${walk.bad.join('; ')}`);
    const pilesFree = await measureAtRest(page, () => ['.pile.stock', '.pile.discard'].every((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit && document.querySelector(sel).contains(hit);
    }));
    expect(pilesFree, 'the walkthrough leaves the stock and the pile free to tap');
    await shot(page, 'feel-390-walkthrough');
    await page.click('.walkthrough button:has-text("Next")');
    expect((await page.locator('.walkthrough').textContent()).includes('(2/'), 'the walkthrough goes on');
    await page.click('.walkthrough button:has-text("Skip")');
    const sound = page.locator('button[data-focus="mute"]');
    expect((await sound.getAttribute('aria-pressed')) === 'true', 'sound starts on');
    const k = await stateKey(page);
    await page.click('button.pile.stock');     // a gesture, then a draw: its sound plays
    await waitMoved(page, k);
    const heard = await page.evaluate(() => window.__sounds);
    expect(heard > 0, 'the draw made a sound');
    await sound.click();
    expect((await sound.getAttribute('aria-label')) === 'Sound off', 'the switch says sound is off');
    expect((await page.evaluate(() => localStorage.getItem('tonk.muted'))) === 'true', 'kept in localStorage');
    await oneMove(page);                      // a discard, muted: no sound
    expect((await page.evaluate(() => window.__sounds)) === heard, 'no sound while muted');
    await page.reload();
    await page.waitForSelector('main.table-page', { timeout: kStep });
    expect((await page.locator('button[data-focus="mute"]').getAttribute('aria-pressed')) === 'false', 'still off after a reload');
    expect((await page.locator('.walkthrough').count()) === 0, 'the walkthrough is not shown again');
    await page.click('.menu summary');
    await page.click('button[data-focus="rules"]');
    await page.waitForSelector('.rules-panel h3', { timeout: kStep });
    const rules = await page.locator('.rules-panel').textContent();
    expect(rules.includes('Rules: Standard') && rules.includes('Dropping') && rules.includes('caught'), 'the standard game\'s rules');
    const prose = (await page.locator('.rules-panel p').allTextContents()).join(' ');
    expect(!/\b[SVI]\d+[a-z]?\b|tonk (play|sim)|Two to four/.test(prose), `the rules are written for a player: ${prose.slice(0, 200)}`);
    expect(prose.includes('This table has two players (these rules allow 2 to 8)'), 'the table\'s own numbers');
    expect((await page.locator('.rules-panel .rule-ids').count()) > 0, 'the rule IDs stay, small, beside the headings');
    await shot(page, 'feel-390-rules');
    await page.click('.rules-panel button:has-text("Close")');
    await page.context().close();
  });

  for (const [w, hgt] of [[360, 740], [390, 844], [844, 390], [1280, 800]]) {
    await test(`at ${w}×${hgt}: the whole hand and every move in view, the hand fixed over ten moves, words whole, AA contrast`, async () => {
      const page = await newPage(w, hgt);
      await newTable(page, base, { skipWalk: false });
      const covered = await walkthroughCovers(page);
      expect(covered.length === 0, `the walkthrough leaves the seats, the stock, the pile, the hand and the moves free: ${covered.join('; ')}`);
      await shot(page, `feel-${w}x${hgt}-walkthrough`);
      await page.click('.walkthrough button:has-text("Skip")');
      await untilMyTurn(page);
      const view0 = await allInView(page);
      expect(view0.bad.length === 0 && view0.count >= 7, `hand and moves in view at the start of a turn: ${view0.bad.join('; ')}`);
      await checkContrast(page, `${w}×${hgt} start of turn`);
      const cues = await scrollCueProblems(page);
      expect(cues.length === 0, `a "more below" tag covers nothing at ${w}×${hgt}: ${cues.join('; ')}`);
      await shot(page, `feel-${w}x${hgt}-turn`);
      let at1 = null;
      for (let move = 1; move <= 10; ++move) {
        await oneMove(page, { dragDiscard: move % 4 === 2 });
        const box = await handBox(page);
        if (move === 1) at1 = box;
        if (move % 6 === 1) {
          const hidden = await cutOrHidden(page);
          expect(hidden.length === 0, `after move ${move} nothing is cut or hidden without a cue: ${hidden.join('; ')}`);
        }
        const titles = await page.locator('.spread-title').allTextContents();
        expect(titles.every((t) => !/Book of|Run [♠♥♦♣]/.test(t)), `spreads named in players' words: ${titles}`);
        if (move === 2) {
          // After the draw: a card selected, its moves, the hint's answer: all in view at once.
          await untilMyTurn(page);
          const hintAsked = (await page.locator('.act-buttons button:has-text("Hint")').count()) === 1;
          if (hintAsked) await page.click('.act-buttons button:has-text("Hint")');
          if (hintAsked) await page.waitForSelector('.dock .hint', { timeout: kStep });
          const view = await allInView(page);
          expect(view.bad.length === 0, `in view with the hint shown: ${view.bad.join('; ')}`);
          if (hintAsked) {
            const said = await page.locator('.dock .hint').textContent();
            expect(/^Hint: [^:]+: \S/.test(said) && !/\d\.\d/.test(said), `the hint gives a reason in words, no numbers: ${said}`);
          }
          await shot(page, `feel-${w}x${hgt}-hint`);
        }
      }
      const at10 = await handBox(page);
      expect(at1.x === at10.x && at1.y === at10.y && at1.w === at10.w, `the hand stays put: ${JSON.stringify(at1)} then ${JSON.stringify(at10)}`);
      // End the hand (drop, confirming when asked) for the result table; then the ledger.
      await untilMyTurn(page);
      const animsBefore = await page.evaluate(() => window.__anim.started);
      await page.click('.act-buttons button[data-action="drop"]');
      const dialog = await page.waitForSelector('[role="alertdialog"], .hand-end', { timeout: kStep });
      if (await dialog.evaluate((d) => d.getAttribute('role') === 'alertdialog')) await page.click('[role="alertdialog"] button:has-text("Yes, drop")');
      await page.waitForSelector('.hand-end .results', { timeout: kStep });
      // Counted and read in one task: the moment passes by itself, and a loaded machine may be slow
      // between two separate reads.
      const moments = await page.evaluate(() => [...document.querySelectorAll('.moment')].map((e) => e.textContent));
      expect(moments.length === 1, `one moment at a time: ${JSON.stringify(moments)}`);
      expect(/^(Drop|Caught|Tonk|Out)!$/.test(moments[0]), `the hand's end is a moment: ${moments[0]}`);
      await page.waitForSelector('.moment', { state: 'detached', timeout: kStep });   // it passes
      expect(await page.evaluate((n) => window.__anim.started > n, animsBefore), 'the hands turned over');
      await shot(page, `feel-${w}x${hgt}-result`);
      const rows = await measureAtRest(page, () => {
        const layer = document.querySelector('.result-layer').getBoundingClientRect();
        return [...document.querySelectorAll('.results tbody tr')].map((tr) => {
          const r = tr.getBoundingClientRect();
          return r.top >= layer.top - 1 && r.bottom <= layer.bottom + 1 && r.bottom <= innerHeight + 1;
        });
      });
      expect(rows.length === 2 && rows.every(Boolean), `both rows of the result are wholly in view: ${rows}`);
      const broken = await brokenWords(page);
      expect(broken.length === 0, `no word broken in the result table: ${broken.join(', ')}`);
      await checkContrast(page, `${w}×${hgt} result`);
      const resultCues = await scrollCueProblems(page);
      expect(resultCues.length === 0, `a "more below" tag covers nothing on the result at ${w}×${hgt}: ${resultCues.join('; ')}`);
      await page.click('.menu summary');
      await page.click('.head-buttons button:has-text("Ledger")');
      await page.click('.hand-end button.primary');
      await page.waitForSelector('.ledger-box .ledger', { timeout: kStep });
      // Opened in a hand, the ledger takes the log's box: the stock and the pile stay in view and free
      // (measured with the status in one task: a bot may end the hand meanwhile, and then it is over the result).
      const withLedger = await pilesFree(page);
      expect(withLedger === null || (withLedger.inLog && withLedger.free), `the ledger in the log's box, the stock and the pile in view and free: ${JSON.stringify(withLedger)}`);
      const brokenLedger = await brokenWords(page);
      expect(brokenLedger.length === 0, `no word broken in the ledger: ${brokenLedger.join(', ')}`);
      expect(!(await page.locator('.ledger').textContent()).includes('From side bets'), 'no always-zero side-bet column');
      await shot(page, `feel-${w}x${hgt}-ledger`);
      await page.context().close();
    });
  }

  await test('at 390×844 the result of five players fits with no scrolling; shorter, its "more below" tag covers none of it', async () => {
    // Ann and four instant bots; Ann drops at her first turn (confirming), or the hand ends by itself.
    const page = await newPage(390, 844);
    await page.goto(`${base}/`);
    await page.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
    await page.fill('input[name="name"]', 'Annabelle Kowalczyk');
    await page.selectOption('select[name="seats"]', '5');
    for (const seat of [1, 2, 3, 4]) await page.selectOption(`select[name="seat${seat}"]`, 'medium');
    await page.selectOption('select[name="bot_speed"]', '0');
    await page.click('button[type="submit"]:has-text("Create table")');
    const ended = await page.waitForFunction(() => (document.querySelector('.hand-end .results') ? 'end'
      : document.querySelector('.act-buttons [data-action="drop"]') ? 'drop' : null), null, { timeout: kStep }).then((x) => x.jsonValue());
    if (ended === 'drop') {
      if (await page.locator('.walkthrough').count()) await page.click('.walkthrough button:has-text("Skip")');
      await page.click('.act-buttons [data-action="drop"]');
      const dialog = await page.waitForSelector('[role="alertdialog"], .hand-end .results', { timeout: kStep });
      if (await dialog.evaluate((d) => d.getAttribute('role') === 'alertdialog')) await page.click('[role="alertdialog"] button:has-text("Yes, drop")');
    }
    await page.waitForSelector('.hand-end .results', { timeout: kStep });
    const layer = await measureAtRest(page, () => {
      const l = document.querySelector('.result-layer');
      return { rows: document.querySelectorAll('.results tbody tr').length, sh: l.scrollHeight, ch: l.clientHeight };
    });
    await shot(page, 'feel-390x844-result-5');
    expect(layer.rows === 5 && layer.sh <= layer.ch + 1, `five rows, no scrolling: ${JSON.stringify(layer)}`);
    // On a shorter screen the result scrolls: it says "more below" in a strip of its own, over none of its lines.
    await page.setViewportSize({ width: 390, height: 600 });
    await page.waitForSelector('.result-layer.more-below', { timeout: kStep });
    const cues = await scrollCueProblems(page);
    expect(cues.length === 0, `the "more below" tag covers nothing: ${cues.join('; ')}`);
    await shot(page, 'feel-390x600-result-5');
  });
}

h.run(main);
