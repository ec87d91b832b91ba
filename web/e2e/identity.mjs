// Browser tests of the player's identity and ratings (docs/WEB.md "You" and "Leaderboard"): two
// people, each in a browser context of their own, play a rated quick hand; Ann's rating moves on
// #/me and the leaderboard lists her with the bots' reference rows; her identity survives a reload;
// her key exported and imported in a third context is the same player; Forget me deletes it for both.
// Run by ctest (`web.identity`) against a real `tonk serve` on 127.0.0.1 whose rating period is one
// hand and whose leaderboard bound takes a player after one period, and Debian's chromium.
//
// Usage: node e2e/identity.mjs --tonk PATH/tonk --static DIR --out DIR [--chromium /usr/bin/chromium]
import { expect, harness, kStep } from './harness.mjs';
import { playNow, playToHandEnd } from './table_page.mjs';

const h = harness({ name: 'identity', seconds: 150 });
const { test, newPage } = h;

/** The rating text of the P-STD standing on #/me ("1562 ± 201"), waiting for it; null when none shows. */
async function standardRating(page, base) {
  if (page.url().endsWith('#/me')) await page.goto(`${base}/#/`);   // a new route: the page asks the server again
  await page.goto(`${base}/#/me`);
  await page.waitForSelector('main.me h1', { timeout: kStep });
  await page.waitForFunction(() => !document.querySelector('main.me')?.textContent?.includes('Asking the server'), null, { timeout: kStep });
  const row = page.locator('.me-standing[data-group="P-STD"] .me-rating');
  return (await row.count()) ? row.textContent() : null;
}

async function main() {
  const base = await h.serveTonk(['--quick-wait-seconds', '600', '--rating-period-hands', '1', '--leaderboard-deviation', '345']);
  console.log(`tonk serve at ${base}`);
  await h.launchBrowser();
  const ann = await newPage(360, 740);
  const bo = await newPage(1280, 800);
  let annKey = '';

  await test('two identified people play a rated quick hand: the rating moves on #/me', async () => {
    await ann.goto(`${base}/`);
    await ann.waitForSelector('.me-links a[href="#/me"]', { timeout: kStep });
    expect((await ann.locator('.me-links a[href="#/leaderboard/P-STD"]').count()) === 1, 'the lobby links to the leaderboard');
    await h.shot(ann, 'identity-lobby-360', { settled: false });
    expect((await standardRating(ann, base)) === null, 'no rating before any rated hand');
    await h.shot(ann, 'identity-me-new-360', { settled: false });
    const annCode = await playNow(ann, base, 'Ann');
    const boCode = await playNow(bo, base, 'Bo');
    expect(annCode === boCode, `the same table: ${annCode} and ${boCode}`);
    for (const p of [ann, bo]) await p.waitForSelector('main.table-page[data-status="playing"], main.table-page[data-status="between"]', { timeout: kStep });
    await playToHandEnd([ann, bo]);
    // Both leave (bots take the seats: the table's later hands are not rated), as the page advises
    // before Forget me.
    for (const p of [ann, bo]) {
      p.once('dialog', (d) => d.accept());
      if (!(await p.locator('.menu').evaluate((d) => d.open))) await p.click('.menu summary');
      await p.click('button[data-focus="leave"]');
      await p.waitForFunction(() => location.hash === '#/' || location.hash === '', null, { timeout: kStep });
    }
    // A void deal (two dealt tonks) is not rated: rare enough that the test says so if it happens.
    const rating = await standardRating(ann, base);
    expect(rating !== null && rating !== '1500 ± 350', `Ann's rating moved: ${rating}`);
    expect((await ann.locator('.me-name').textContent()) === 'Ann', 'the page knows her name');
    expect((await ann.locator('.me-recent li').count()) === 1, 'one recent rated table');
    await h.shot(ann, 'identity-me-360', { settled: false });
    const wide = await ann.evaluate(() => document.documentElement.scrollWidth);
    expect(wide <= 360, `no sideways scroll at 360: ${wide}`);
  });

  await test('the leaderboard lists both players and the bots as reference rows', async () => {
    await bo.goto(`${base}/#/leaderboard/P-STD`);
    await bo.waitForSelector('table.board', { timeout: kStep });
    const players = await bo.locator('tr.board-player').allTextContents();
    expect(players.some((t) => t.includes('Ann')) && players.some((t) => t.includes('Bo')), `Ann and Bo listed: ${players}`);
    const bots = await bo.locator('tr.board-bot').allTextContents();
    expect(bots.length >= 5 && bots.every((t) => t.includes('(bot)')), `bots labelled: ${bots}`);
    await h.shot(bo, 'identity-leaderboard-1280', { settled: false });
    await ann.goto(`${base}/#/leaderboard/P-STD`);
    await ann.waitForSelector('table.board', { timeout: kStep });
    await h.shot(ann, 'identity-leaderboard-360', { settled: false });
  });

  await test('the identity survives a reload, and an exported key imported elsewhere is the same player', async () => {
    const before = await standardRating(ann, base);
    await ann.reload();
    await ann.waitForSelector('.me-name', { timeout: kStep });
    expect((await standardRating(ann, base)) === before, 'the same rating after a reload');
    await ann.click('button[name="export_key"]');
    annKey = (await ann.locator('.me-key').textContent()) ?? '';
    expect(/^[0-9a-f]{64}$/.test(annKey), `the key is shown: ${annKey}`);
    await h.shot(ann, 'identity-export-360', { settled: false });

    const cy = await newPage(1280, 800);
    expect((await standardRating(cy, base)) === null, 'a new browser is nobody yet');
    await cy.fill('input[name="import_key"]', 'not a key');
    await cy.click('button[name="import"]');
    await cy.waitForFunction(() => (document.querySelector('.me-import-error')?.textContent ?? '') !== '', null, { timeout: kStep });
    await cy.fill('input[name="import_key"]', annKey);
    await cy.click('button[name="import"]');
    await cy.waitForSelector('.me-name', { timeout: kStep });
    expect((await cy.locator('.me-name').textContent()) === 'Ann', 'the imported key is Ann');
    expect((await standardRating(cy, base)) === before, 'with her rating');
    await h.shot(cy, 'identity-imported-1280', { settled: false });

    // Forget me (confirmed) in the importing browser: Ann is unknown everywhere, and this browser has a new key.
    cy.on('dialog', (d) => d.accept());
    await cy.click('button[name="forget"]');
    await cy.waitForFunction(() => document.querySelector('main.me')?.textContent?.includes('does not know you'), null, { timeout: kStep });
    expect((await standardRating(ann, base)) === null, 'Ann is forgotten for her first browser too');
    await cy.context().close();
  });
}

h.run(main);
