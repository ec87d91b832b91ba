import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
const dist = '/tmp/webdist-check';
const srv = http.createServer((req, res) => {
  let p = path.join(dist, req.url.split('?')[0].split('#')[0]);
  if (p.endsWith('/')) p += 'index.html';
  if (!fs.existsSync(p)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': p.endsWith('.js') ? 'text/javascript' : p.endsWith('.css') ? 'text/css' : 'text/html' });
  res.end(fs.readFileSync(p));
}).listen(0, '127.0.0.1');
await new Promise((r) => srv.once('listening', r));
const base = `http://127.0.0.1:${srv.address().port}`;
const view = {
  schema: 'tonk.view/1', player: 0, players: 3, dealer: 2, to_move: 0, phase: 'after_draw', turn: 7,
  hand: ['Ac', '2c', '3c', '9d', 'Kd', '5h', 'X1'], count: 30, taken_discard: null,
  seats: [{ seat: 0, hand_size: 7, known: [], turns: 3, empty_stock_takes: 0 }, { seat: 1, hand_size: 3, known: ['7h'], turns: 2, empty_stock_takes: 0 },
    { seat: 2, hand_size: 5, known: [], turns: 2, empty_stock_takes: 0 }],
  spreads: [{ owner: 1, cards: ['4s', '5s', '6s'], shape: null }, { owner: 2, cards: ['9c', '9h', 'X2'], shape: 'book:9' }],
  top_discard: '8c', discard_size: 3, discard_pile: ['8c', 'Qh', 'Js'], stock_size: 30, history: [], outcome: null };
const la = (id, kind, cards, target = null) => ({ id, kind, cards, target, shape: null });
const state = { type: 'state', table: 'K7QX2M', seat: 0, hand: 2, seq: 9, status: 'playing', view,
  legal: [la('spread Ac2c3c', 'spread', ['Ac', '2c', '3c']), la('hit 1 9d', 'hit', ['9d'], 1), ...view.hand.map((c) => la(`discard ${c}`, 'discard', [c]))],
  to_move: 0, deadline_ms: 24100,
  seats: [{ seat: 0, name: 'Ann', kind: 'person', connected: true, auto: false }, { seat: 1, name: 'Bo', kind: 'person', connected: true, auto: false },
    { seat: 2, name: 'greedy', kind: 'bot', bot: 'greedy', connected: true, auto: false }],
  ledger: { hands: 1, net: [2, -1, -1], hand_net: [2, -1, -1], side_net: [0, 0, 0], pot: 0, points: [0, 0, 0], leaders: [0], stake_next: 1, over: false },
  rules: 'players=3 hand_size=7', preset: 'P-STD', fair: { hand: 3, commitment: 'ab'.repeat(32), contributed: true } };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const w of [360, 1280]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.routeWebSocket(/\/ws$/, (ws) => {
    ws.send(JSON.stringify({ type: 'welcome', protocol: 1, server: 'mock' }));
    ws.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.type === 'presets') ws.send(JSON.stringify({ type: 'presets', re: msg.id, presets: [{ name: 'P-STD', description: 'Standard', rule_ids: [], max_players: 8, options: [] }, { name: 'P-RUSH', description: 'Rushville, Indiana', rule_ids: ['V12'], max_players: 8, options: ['dealt_tonk_min=0'] }], bots: ['random', 'greedy', 'mc:200'] }));
      if (msg.type === 'resume') { ws.send(JSON.stringify({ type: 'joined', re: msg.id, table: 'K7QX2M', seat: 0, token: 'aa' })); ws.send(JSON.stringify(state));
        ws.send(JSON.stringify({ type: 'event', table: 'K7QX2M', hand: 2, seq: 8, actor: 1, action: 'take', drawn: null, auto: false, text: 'x' })); }
    });
  });
  await page.goto(`${base}/`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/preview/lobby-${w}.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('tonk.seat.K7QX2M', JSON.stringify({ token: 'aa', seat: 0 })));
  await page.goto(`${base}/#/t/K7QX2M`);
  await page.waitForSelector('.my-hand');
  await page.click('button[data-card="9d"]');
  await page.screenshot({ path: `/tmp/preview/table-${w}.png`, fullPage: true });
  await ctx.close();
}
await browser.close(); srv.close();
