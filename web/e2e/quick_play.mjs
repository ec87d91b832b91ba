// Browser tests of quick play (docs/WEB.md "Play now"): two strangers, each in a browser context of
// their own at 390x844, press Play now and land at the same table; while it waits for more people
// the table shows "Bots join in N s"; a third, alone at another size of table, gets bots after the
// wait and the hand starts; on phones (844x390, 360x740) the wait fits and a person who leaves
// before the deal opens the seat again; the lobby lists the public table with a Join button (at 360 and 1280).
// Run by ctest (`web.quick`) against a real `tonk serve` on 127.0.0.1 with a short
// --quick-wait-seconds, and Debian's chromium (e2e/harness.mjs). Every wait is for an event, bounded
// by the harness's step.
//
// Usage: node e2e/quick_play.mjs --tonk PATH/tonk --static DIR --out DIR [--chromium /usr/bin/chromium]
import { expect, harness, kStep } from './harness.mjs';
import { playNow } from './table_page.mjs';

const h = harness({ name: 'quick', seconds: 90 });
const { test, newPage } = h;

async function main() {
  // A wait long enough for the second stranger, short enough for the test: 12 s.
  const base = await h.serveTonk(['--quick-wait-seconds', '12']);
  console.log(`tonk serve at ${base}`);
  await h.launchBrowser();

  await test('two strangers pressing Play now land at the same table, which counts down to its bots', async () => {
    const ann = await newPage(390, 844);
    const bo = await newPage(390, 844);
    const annCode = await playNow(ann, base, 'Ann', { seats: '3', level: 'easy' });
    await ann.waitForSelector('.bots-in', { timeout: kStep });
    const text = await ann.locator('.bots-in').textContent();
    expect(/^Bots join in \d+ s$/.test(text ?? ''), `the countdown: ${text}`);
    await h.shot(ann, 'quick-waiting-390', { settled: false });
    // The lobby lists it, with Join.
    await bo.goto(`${base}/`);
    await bo.waitForSelector(`.public-table[data-table="${annCode}"] button`, { timeout: kStep });
    await h.shot(bo, 'quick-lobby-390', { settled: false });
    const boCode = await playNow(bo, base, 'Bo', { seats: '3', level: 'easy' });
    expect(boCode === annCode, `the same table: ${annCode} and ${boCode}`);
    // Ann sees Bo sit down.
    await ann.waitForFunction(() => [...document.querySelectorAll('.seat')].some((s) => s.textContent?.includes('Bo')), null, { timeout: kStep });
    await ann.context().close();
    await bo.context().close();
  });

  await test('alone, a player gets bots after the wait and the hand starts', async () => {
    const cy = await newPage(1280, 800);
    await playNow(cy, base, 'Cy', { seats: '2', level: 'medium' });
    await cy.waitForSelector('.bots-in', { timeout: kStep });
    // The wait is 12 s: bounded by two steps.
    await cy.waitForFunction(() => document.querySelector('main.table-page')?.dataset.status === 'playing', null, { timeout: 2 * kStep });
    expect((await cy.locator('.bots-in').count()) === 0, 'no countdown once the hand is dealt');
    await h.shot(cy, 'quick-playing-1280', { settled: false });
    await cy.context().close();
  });

  await test('on phones (844x390 landscape, 360x740): the wait fits, and leaving before the deal opens the seat', async () => {
    const dee = await newPage(844, 390);
    const eve = await newPage(360, 740);
    const code = await playNow(dee, base, 'Dee', { seats: '4', level: 'easy' });
    expect((await playNow(eve, base, 'Eve', { seats: '4', level: 'easy' })) === code, 'the same table');
    await dee.waitForFunction(() => [...document.querySelectorAll('.seat')].some((s) => s.textContent?.includes('Eve')), null, { timeout: kStep });
    for (const [page, w] of [[dee, 844], [eve, 360]]) {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide <= w, `no sideways scroll at ${w}: ${wide}`);
      expect(await page.locator('.bots-in').isVisible(), `the countdown shows at ${w}`);
      await h.shot(page, `quick-waiting-${w}`, { settled: false });
    }
    eve.on('dialog', (d) => { void d.accept(); });
    await eve.click('.menu summary');
    await eve.click('.head-buttons button:has-text("Leave")');
    // Before the first deal no bot takes Eve's seat: it is open again for the next stranger.
    await dee.waitForFunction(() => ![...document.querySelectorAll('.seat')].some((s) => s.textContent?.includes('Eve')), null, { timeout: kStep });
    const open = await dee.locator('.seat', { hasText: 'open seat' }).count();
    expect(open === 3, `three open seats after Eve left: ${open}`);
    await dee.context().close();
    await eve.context().close();
  });

  await test('the lobby at 360 and 1280 px shows Play now without scrolling sideways', async () => {
    for (const [w, hgt] of [[360, 740], [1280, 800]]) {
      const p = await newPage(w, hgt);
      await p.goto(`${base}/`);
      await p.waitForSelector('button[name="play_now"]', { timeout: kStep });
      const wide = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(wide <= w, `no sideways scroll at ${w}: ${wide}`);
      await h.shot(p, `quick-lobby-${w}`, { settled: false });
      await p.context().close();
    }
  });
}

h.run(main);
