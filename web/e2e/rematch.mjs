// Browser test of Play again (docs/WEB.md "Play again", docs/PROTOCOL.md `rematch`): Ann and Bo, each
// in a browser context of their own at 360x740, sit at one table by Play now and end it (the
// shortest table the server allows: both ask to end it); Ann presses Play again and her page opens
// the new table, "Waiting for 1 player…"; Bo's page says "Ann wants a rematch"; he presses Play again
// and both land at the new table together, whose hand is dealt. Run by ctest (`web.rematch`) against
// a real `tonk serve` on 127.0.0.1 and Debian's chromium (e2e/harness.mjs). Every wait is for an
// event, bounded by the harness's step.
//
// Usage: node e2e/rematch.mjs --tonk PATH/tonk --static DIR --out DIR [--chromium /usr/bin/chromium]
import { expect, harness, kStep } from './harness.mjs';
import { codeOf, playNow, status } from './table_page.mjs';

const h = harness({ name: 'rematch', seconds: 90 });
const { test, newPage } = h;

/** Asks to end the table from the menu, accepting the page's question. */
async function endTable(page) {
  page.once('dialog', (d) => d.accept());
  await page.click('details.menu summary');
  await page.click('button[data-focus="end"]');
}

async function main() {
  const base = await h.serveTonk(['--quick-wait-seconds', '600', '--rematch-wait-seconds', '600']);
  console.log(`tonk serve at ${base}`);
  await h.launchBrowser();

  await test('two players who ended a table press Play again and land at a new table together', async () => {
    const ann = await newPage(360, 740);
    const bo = await newPage(360, 740);
    const old = await playNow(ann, base, 'Ann');
    expect((await playNow(bo, base, 'Bo')) === old, 'the same table');
    await ann.waitForFunction(() => document.querySelector('main.table-page')?.dataset.status === 'playing', null, { timeout: kStep });
    await endTable(ann);
    await endTable(bo);
    for (const p of [ann, bo]) await p.waitForSelector('.table-over button[data-focus="play-again"]', { timeout: kStep });
    await h.shot(ann, 'rematch-over-360', { settled: false });

    await ann.click('.table-over button[data-focus="play-again"]');
    await ann.waitForFunction((from) => !location.hash.includes(from) && document.querySelector('main.table-page'), old, { timeout: kStep });
    const fresh = codeOf(ann);
    expect(fresh !== old, `a new table: ${fresh}`);
    await ann.waitForFunction(() => document.querySelector('.turn-text')?.textContent === 'Waiting for 1 player…', null, { timeout: kStep });
    await h.shot(ann, 'rematch-waiting-360', { settled: false });

    await bo.waitForFunction(() => document.querySelector('.table-over .rematch')?.textContent?.includes('Ann wants a rematch'), null, { timeout: kStep });
    expect((await bo.locator('.table-over button[data-focus="no-thanks"]').count()) === 1, 'No thanks is offered');
    await h.shot(bo, 'rematch-offer-360', { settled: false });
    await bo.click('.table-over button[data-focus="play-again"]');
    await bo.waitForFunction((to) => location.hash.includes(to), fresh, { timeout: kStep });

    for (const p of [ann, bo]) await p.waitForFunction(() => document.querySelector('main.table-page')?.dataset.status === 'playing', null, { timeout: kStep });
    expect(await status(bo) === 'playing', 'the new hand is dealt');
    for (const p of [ann, bo]) {
      const wide = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(wide <= 360, `no sideways scroll at 360: ${wide}`);
    }
    await h.shot(bo, 'rematch-playing-360', { settled: false });
    await ann.context().close();
    await bo.context().close();
  });
}

h.run(main);
