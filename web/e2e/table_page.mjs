// What the browser tests read from a table page and how they wait on it: the table's position as
// main.table-page's data-seq, data-status and data-hand say it, the moves the page offers (every
// [data-action]), and the card values the tests' simple plans discard by (S-rules' standard deck).
import { kStep } from './harness.mjs';

/** The table's status ('playing', 'between', 'over'), or null off a table page. */
export const status = (page) => page.locator('main.table-page').getAttribute('data-status');

/** The table's position: { seq, status, hand } (null off a table page). */
export const stateKey = (page) => page.evaluate(() => {
  const m = document.querySelector('main.table-page');
  return m ? { seq: m.dataset.seq, status: m.dataset.status, hand: m.dataset.hand } : null;
});

/** Waits (at most kStep) until the table moves on from `before` (a new seq, status or hand). */
export async function waitMoved(page, before) {
  await page.waitForFunction((b) => {
    const m = document.querySelector('main.table-page');
    return m && (m.dataset.seq !== b?.seq || m.dataset.status !== b?.status || m.dataset.hand !== b?.hand);
  }, before, { timeout: kStep })
    .catch(async (e) => { throw new Error(`the table did not move on from ${JSON.stringify(before)} (the page says: ${await page.locator('.dock-status').textContent({ timeout: 1000 }).catch(() => '?')}): ${e.message}`); });
}

/** The moves the page offers now: the buttons and the full list of the listed moves, each id once. */
export const offered = (page) => page.evaluate(() => [...new Set([...document.querySelectorAll('[data-action]')].map((e) => e.dataset.action))]);

/** Whether the page's player is to move in a hand in play. */
export async function isMyTurn(page) {
  if ((await status(page)) !== 'playing') return false;
  return (await page.locator('.turn-text').textContent()).startsWith('Your turn');
}

/** The cards of the page's hand, in the order shown. */
export const myHand = (page) => page.locator('.my-hand button.card').evaluateAll((els) => els.map((e) => e.dataset.card));

/** A card's count in a hand (A 1, T–K 10, a joker 0): the tests discard their highest first. */
export const cardValue = (c) => ({ A: 1, T: 10, J: 10, Q: 10, K: 10, X: 0 }[c[0]] ?? Number(c[0]));

/**
 * What is wrong with the "more below" cues now: each scrolling area marked `more-below` must keep a
 * strip at its foot outside what scrolls (its scrollport ends above its box's bottom), and the tag
 * (its container's ::after, drawn over the area's box) must lie in that strip, covering no line of it.
 * The felt and the rules under a result are left out: their tag is hidden with them.
 */
export const scrollCueProblems = (page) => page.evaluate(() => {
  const out = [];
  for (const area of document.querySelectorAll('.more-below')) {
    if (!area.matches('.result-layer') && document.querySelector('.result-layer')) continue;   // under the result, cue and all
    const box = area.getBoundingClientRect();
    const portBottom = box.top + area.clientTop + area.clientHeight;
    const container = area.matches('.result-layer') ? area.closest('.table-page') : area.closest('.stage');
    const tag = container ? getComputedStyle(container, '::after') : null;
    const name = area.className;
    if (!tag || tag.content === 'none' || tag.display === 'none') { out.push(`${name}: no tag outside what scrolls`); continue; }
    const bottom = box.bottom - parseFloat(tag.bottom);
    const top = bottom - parseFloat(tag.height);
    if (top < portBottom - 0.5) out.push(`${name}: the tag (${Math.round(top)}..${Math.round(bottom)}) covers what scrolls (to ${Math.round(portBottom)})`);
  }
  return out;
});

/**
 * Presses Drop and confirms when the page asks. The page asks only when the count could be caught
 * and is above the player's threshold (web/src/dropRisk.ts), so a test never assumes either way.
 * `waitMoved` starts waiting for the table to move on (it is started before the press) and returns
 * its promise. Returns whether the page asked.
 */
export async function dropConfirmingIfAsked(page, waitMoved) {
  const moved = waitMoved();
  await page.locator('.act-buttons button[data-action="drop"]').click();
  const yes = page.locator('[role="alertdialog"] button', { hasText: 'Yes, drop' });
  const asked = await Promise.race([
    yes.waitFor({ timeout: kStep }).then(() => true, () => false),
    moved.then(() => false),
  ]);
  if (asked) await yes.click();
  await moved;
  return asked;
}

/** One turn: drop from the player's third turn on (ending the hand, S15), else draw and discard the highest card. */
export async function playTurn(page, turn, moved = waitMoved) {
  let moves = await offered(page);
  const before = await stateKey(page);
  if (moves.includes('drop') && turn >= 3) {
    await dropConfirmingIfAsked(page, () => moved(page, before));
    return;
  }
  const draw = moves.includes('stock') ? 'stock' : moves.includes('take') ? 'take' : null;
  if (draw) {
    await page.locator(`.act-buttons button[data-action="${draw}"]`).click();
    await moved(page, before);
    if (!(await isMyTurn(page))) return;
    moves = await offered(page);
  }
  const discards = moves.filter((m) => m.startsWith('discard '));
  const k = await stateKey(page);
  if (!discards.length) {
    await page.locator(`[data-action="${moves[0]}"]`).first().click({ force: true });
    await moved(page, k);
    return;
  }
  const card = discards.map((d) => d.slice(8)).sort((a, b) => cardValue(b) - cardValue(a))[0];
  await page.locator(`.my-hand button.card[data-card="${card}"]`).click();
  await page.locator(`.act-buttons button[data-action="discard ${card}"]`).click();
  await moved(page, k);
}

/**
 * Plays the pages' table until a hand has ended (a hand may end before anyone moves: a dealt tonk);
 * `midHand` runs once, after the first turn of a hand; `moved` waits for a page's table to move on
 * (waitMoved; a page under a strict CSP polls instead). Returns the turns played and whether midHand ran.
 */
export async function playToHandEnd(pages, midHand = async () => {}, moved = waitMoved) {
  const turns = new Map(pages.map((p) => [p, 0]));
  let played = 0;
  let midDone = false;
  for (let step = 0; step < 200; ++step) {
    if ((await Promise.all(pages.map(status))).some((s) => s === 'between' || s === 'over')) break;
    let anyone = false;
    for (const p of pages) {
      if (!(await isMyTurn(p))) continue;
      turns.set(p, turns.get(p) + 1);
      await playTurn(p, turns.get(p), moved);
      ++played;
      anyone = true;
      if (!midDone) { midDone = true; await midHand(); }
    }
    if (!anyone) {
      await Promise.race(pages.map(async (p) => moved(p, await stateKey(p)))).catch(() => {});
    }
  }
  for (const p of pages) await p.waitForSelector('.hand-end', { timeout: kStep });
  return { played, midDone };
}

/** The table's code, from the page's address (#/t/CODE). */
export const codeOf = (page) => page.url().replace(/.*#\/t\//, '');

/** The lobby's Play now as `name` with `preset`, `seats` ("any" or a number) and, when given, bots of
 *  `level`; returns the code of the table it lands at. */
export async function playNow(page, base, name, { preset = 'P-STD', seats = '2', level = null } = {}) {
  await page.goto(`${base}/`);
  await page.waitForFunction(() => document.querySelectorAll('select[name="quick_preset"] option').length > 1, null, { timeout: kStep });
  await page.fill('input[name="quick_name"]', name);
  await page.selectOption('select[name="quick_preset"]', preset);
  await page.selectOption('select[name="quick_seats"]', seats);
  if (level) await page.selectOption('select[name="quick_level"]', level);
  await page.click('button[name="play_now"]');
  await page.waitForSelector('main.table-page', { timeout: kStep });
  return codeOf(page);
}
