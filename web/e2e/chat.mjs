// Browser test of the table chat (docs/WEB.md "Chat"): two players, each in a browser context of
// their own at 390×844, at one table; a quick phrase and an emote said by each show as a bubble on
// the speaker's seat on the other's screen and in both logs; free text (the table allows it) is
// shown as text, never as HTML or a link; a seat muted on one page hides its lines there, also
// after a reload. Run by ctest (`web.chat`) against a real `tonk serve` on 127.0.0.1 and Debian's
// chromium (e2e/harness.mjs).
//
// Usage: node e2e/chat.mjs --tonk PATH/tonk --static DIR --out DIR [--chromium /usr/bin/chromium]
// Every wait is for a DOM change, bounded by 15 s; nothing depends on how long a bubble shows
// beyond the moment it is looked at.
import { expect, harness, kStep } from './harness.mjs';

const h = harness({ name: 'chat', seconds: 90 });
const { test, newPage } = h;

const shot = (page, name) => h.shot(page, `chat-${name}`, { settled: false });

/** Opens the chat panel (if closed) and says phrase `id`. */
async function say(page, id) {
  if ((await page.locator('.chat-panel').count()) === 0) await page.click('button.chat-toggle');
  await page.click(`.chat-panel button[data-phrase="${id}"]`);
}

/** Waits until `page` shows `text` as a bubble on seat `seat`. */
async function bubbleOn(page, seat, text) {
  await page.waitForFunction(([s, t]) => [...document.querySelectorAll(`[data-bubble="${s}"]`)].some((b) => b.textContent === t),
    [seat, text], { timeout: kStep });
}

async function chatLines(page) {
  return page.locator('.log li.chat-line').allTextContents();
}

async function main() {
  const base = await h.serveTonk();
  console.log(`tonk serve at ${base}`);
  await h.launchBrowser();
  const ann = await newPage(390, 844);
  const bo = await newPage(390, 844);

  await test('two players exchange a phrase and an emote: each sees it on the other\'s seat and in the log', async () => {
    await ann.goto(`${base}/`);
    await ann.waitForFunction(() => document.querySelectorAll('select[name="preset"] option').length > 1, null, { timeout: kStep });
    await ann.fill('input[name="name"]', 'Ann');
    await ann.selectOption('select[name="seat1"]', 'person');
    await ann.check('input[name="chat_text"]');
    await ann.click('button[type="submit"]:has-text("Create table")');
    await ann.waitForSelector('main.table-page', { timeout: kStep });
    await bo.goto(ann.url());
    await bo.fill('input[name="name"]', 'Bo');
    await bo.click('button:has-text("Join")');
    await bo.waitForSelector('main.table-page[data-status="playing"], main.table-page[data-status="between"]', { timeout: kStep });
    await ann.waitForSelector('main.table-page[data-status="playing"], main.table-page[data-status="between"]', { timeout: kStep });

    await ann.click('button.chat-toggle');
    await ann.waitForSelector('.chat-panel button[data-phrase="nice_drop"]', { timeout: kStep });
    await shot(ann, 'panel-390');
    await say(ann, 'nice_drop');
    await bubbleOn(bo, 0, 'Nice drop!');
    await shot(bo, 'bubble-390');
    expect((await chatLines(bo)).includes('Ann: Nice drop!'), `Bo's log: ${await chatLines(bo)}`);
    await ann.waitForFunction(() => [...document.querySelectorAll('.log li.chat-line')].some((l) => l.textContent === 'You: Nice drop!'), null, { timeout: kStep });

    await say(bo, 'thumbs');
    await bubbleOn(ann, 1, '👍');
    expect((await chatLines(ann)).includes('Bo: 👍'), `Ann's log: ${await chatLines(ann)}`);
    await shot(ann, 'emote-390');
  });

  await test('free text shows as text: no markup, no link', async () => {
    const text = '<b>bold?</b> see https://example.test';
    if ((await bo.locator('.chat-panel').count()) === 0) await bo.click('button.chat-toggle');
    await bo.fill('.chat-panel input.chat-text', text);
    await bo.click('.chat-panel button[type="submit"]');
    await bubbleOn(ann, 1, text);
    expect((await chatLines(ann)).includes(`Bo: ${text}`), `Ann's log: ${await chatLines(ann)}`);
    expect((await ann.locator('.log b, .log a, .chat-bubble b, .chat-bubble a').count()) === 0, 'nothing of the text is markup or a link');
    // Too long is refused on the page before anything is sent.
    await bo.fill('.chat-panel input.chat-text', 'x'.repeat(200));
    expect((await bo.locator('.chat-panel input.chat-text').inputValue()).length === 200, 'the box takes 200 characters');
  });

  await test('a muted seat\'s lines are hidden on that page only, also after a reload', async () => {
    if ((await ann.locator('.chat-panel').count()) === 0) await ann.click('button.chat-toggle');
    await ann.click('.chat-panel button[data-mute="1"]');
    expect((await ann.locator('.chat-panel button[data-mute="1"]').getAttribute('aria-pressed')) === 'true', 'Bo is muted');
    expect((await chatLines(ann)).every((l) => !l.startsWith('Bo:')), `Bo's lines are hidden: ${await chatLines(ann)}`);
    await say(bo, 'gg');
    await bo.waitForFunction(() => [...document.querySelectorAll('.log li.chat-line')].some((l) => l.textContent === 'You: Good game'), null, { timeout: kStep });
    await say(ann, 'thanks');   // Ann's own line arrives after Bo's: Bo's was received and hidden by then
    await bubbleOn(bo, 0, 'Thanks!');
    await ann.waitForFunction(() => [...document.querySelectorAll('.log li.chat-line')].some((l) => l.textContent === 'You: Thanks!'), null, { timeout: kStep });
    expect((await ann.locator('[data-bubble="1"]').count()) === 0, 'no bubble on the muted seat');
    expect((await chatLines(ann)).every((l) => !l.startsWith('Bo:')), `Ann's log: ${await chatLines(ann)}`);
    await ann.reload();
    await ann.waitForFunction(() => [...document.querySelectorAll('.log li.chat-line')].some((l) => l.textContent === 'You: Thanks!'), null, { timeout: kStep });
    expect((await chatLines(ann)).every((l) => !l.startsWith('Bo:')), `after a reload too: ${await chatLines(ann)}`);
    expect((await chatLines(bo)).includes('Ann: Thanks!'), 'Bo still reads Ann');
  });

  await test('the chat at 1280 wide', async () => {
    const wide = await newPage(1280, 800);
    await wide.goto(`${ann.url().replace(/\/watch$/, '')}/watch`);
    await wide.waitForSelector('main.table-page', { timeout: kStep });
    await wide.waitForFunction(() => document.querySelectorAll('.log li.chat-line').length >= 3, null, { timeout: kStep });
    await wide.click('button.chat-toggle');
    expect((await wide.locator('.chat-panel button[data-phrase="gg"][disabled]').count()) === 1, 'a spectator reads, not writes');
    await say(ann, 'well_played');
    await bubbleOn(wide, 0, 'Well played!');
    await shot(wide, 'spectator-1280');
    await wide.context().close();
  });
}

h.run(main);
