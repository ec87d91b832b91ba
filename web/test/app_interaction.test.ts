// The page as a player uses it, driven through a fake WebSocket: the name rule, one act per click,
// stale replies and hints, table links and ended tables, and the table's taps, Drop and menu.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, parseRoute } from '../src/app';
import { checkName } from '../src/names';
import { exampleState } from './fixtures';
import { listed } from './moves';

class FakeSocket {
  static last: FakeSocket | null = null;
  static OPEN = 1;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public url: string) { FakeSocket.last = this; }
  send(text: string): void { this.sent.push(JSON.parse(text)); }
  close(): void { /* the tests never close */ }
  open(): void { this.readyState = 1; this.onopen?.(); }
  recv(m: Record<string, unknown>): void { this.onmessage?.({ data: JSON.stringify(m) }); }
  ofType(type: string): Record<string, unknown>[] { return this.sent.filter((m) => m.type === type); }
}

let root: HTMLElement;
function start(hash: string): FakeSocket {
  location.hash = hash;
  root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App(root);
  app.start();
  const ws = FakeSocket.last!;
  ws.open();
  return ws;
}
const text = () => root.textContent ?? '';

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('confirm', () => true);
  localStorage.clear();
});
afterEach(() => { vi.unstubAllGlobals(); });

describe('names: the rule of docs/PROTOCOL.md, mirrored', () => {
  it('trims, counts code points and refuses control and format characters', () => {
    expect(checkName('  Ann  ')).toEqual({ name: 'Ann', error: null });
    expect(checkName('王'.repeat(32)).error).toBeNull();                 // 32 characters, 96 bytes
    expect(checkName('😀'.repeat(32)).error).toBeNull();                 // 32 characters, 64 UTF-16 units
    expect(checkName('😀'.repeat(33)).error).toMatch(/33 characters long; at most 32/);
    expect(checkName('x'.repeat(33)).error).toMatch(/at most 32/);
    expect(checkName(' \u3000 ').error).toBe('Type your name first.');
    for (const bad of ['Ann\u200b', '\u202eAnn', 'A\u0085B', 'A\tB', 'A\ufeffB\u2066'])
      expect(checkName(bad).error, JSON.stringify(bad)).toMatch(/invisible/);
  });

  it('refuses a bad name in the form before anything is sent, and sends the trimmed name with create', () => {
    const ws = start('#/');
    ws.recv({ type: 'presets', re: 1, presets: [{ name: 'P-STD', description: 'standard', rule_ids: [], max_players: 8, options: [] }], bots: ['greedy'] });
    const name = root.querySelector<HTMLInputElement>('input[name="name"]')!;
    name.value = 'Ann\u200b';
    name.dispatchEvent(new Event('input'));
    root.querySelector<HTMLFormElement>('form[aria-label="Create a table"]')!.dispatchEvent(new Event('submit'));
    expect(ws.ofType('create')).toHaveLength(0);
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/invisible/);
    const name2 = root.querySelector<HTMLInputElement>('input[name="name"]')!;
    name2.value = '  Ann  ';
    name2.dispatchEvent(new Event('input'));
    root.querySelector<HTMLFormElement>('form[aria-label="Create a table"]')!.dispatchEvent(new Event('submit'));
    expect(ws.ofType('create')).toHaveLength(1);
    expect(ws.ofType('create')[0].name).toBe('Ann');
  });
});

/** A page seated at K7QX2M (seat 0, Ann to move at hand 1 seq 6). */
function seated(): FakeSocket {
  localStorage.setItem('tonk.seat.K7QX2M', JSON.stringify({ token: 'ab'.repeat(16), seat: 0 }));
  const ws = start('#/t/K7QX2M');
  const resume = ws.ofType('resume')[0];
  ws.recv({ type: 'joined', re: resume.id, table: 'K7QX2M', seat: 0, token: 'ab'.repeat(16) });
  ws.recv({ ...exampleState(), legal: [{ id: 'discard Ac', kind: 'discard', cards: ['Ac'], target: null, shape: null }], view: { ...exampleState().view!, phase: 'after_draw' } });
  return ws;
}

describe('clicks and hints', () => {
  it('a triple click sends one act, and a stale reply to a superseded position is not shown', () => {
    const ws = seated();
    const click = () => {
      const card = root.querySelector<HTMLButtonElement>('button.card[data-card="Ac"]');
      if (card && card.getAttribute('aria-pressed') !== 'true') card.click();
      root.querySelector<HTMLButtonElement>('button[data-action="discard Ac"]')?.click();
    };
    click(); click(); click();
    expect(ws.ofType('act')).toHaveLength(1);
    const act = ws.ofType('act')[0];
    expect(act).toMatchObject({ action: 'discard Ac', hand: 1, seq: 6 });
    // The move lands: the new state, then the reply. A late `stale` for the old position says nothing.
    ws.recv({ ...exampleState(), seq: 7, to_move: 1, legal: [] });
    ws.recv({ type: 'acted', re: act.id, hand: 1, seq: 6 });
    ws.recv({ type: 'error', re: 999, code: 'stale', message: 'the state moved on' });
    expect(text()).not.toMatch(/moved on/);
  });

  it('shows a stale refusal only while its position is still the one on screen', () => {
    const ws = seated();
    root.querySelector<HTMLButtonElement>('button.card[data-card="Ac"]')!.click();
    root.querySelector<HTMLButtonElement>('button[data-action="discard Ac"]')!.click();
    const act = ws.ofType('act')[0];
    ws.recv({ ...exampleState(), seq: 7 });                              // superseded before the reply
    ws.recv({ type: 'error', re: act.id, code: 'stale', message: 'the state moved on: hand 1 seq 7' });
    expect(text()).not.toMatch(/The table moved on/);
    // Now at seq 7: a refusal for seq 7 is shown.
    root.querySelector<HTMLButtonElement>('button.card[data-card="Ac"]')!.click();
    root.querySelector<HTMLButtonElement>('button[data-action="discard Ac"]')!.click();
    const act2 = ws.ofType('act')[1];
    expect(act2).toMatchObject({ seq: 7 });
    ws.recv({ type: 'error', re: act2.id, code: 'stale', message: 'the state moved on' });
    expect(text()).toMatch(/The table moved on; try again\./);
  });

  it('repeated h asks once per position, and a hint in progress is no error', () => {
    const ws = seated();
    for (let i = 0; i < 3; ++i) document.dispatchEvent(new KeyboardEvent('keydown', { key: 'h' }));
    expect(ws.ofType('hint')).toHaveLength(1);
    const hint = ws.ofType('hint')[0];
    ws.recv({ type: 'error', re: 12345, code: 'rate_limited', message: 'a hint is already being computed' });
    ws.recv({ type: 'hint', re: hint.id, seq: 6, hand: 1, actions: [{ ...listed('discard', { cards: ['Ac'] }), value: 1.5 }] });
    expect(text()).toMatch(/Hint: Discard A♣: it is the card your hand needs least\./);
    expect(text()).not.toMatch(/already being computed/);
  });

  it("ignores a hint of another hand, with or without the server's `hand`", () => {
    const ws = seated();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'h' }));
    const hint = ws.ofType('hint')[0];
    ws.recv({ ...exampleState(), hand: 2, seq: 6 });                     // hand 2 reached seq 6 as well
    ws.recv({ type: 'hint', re: hint.id, seq: 6, actions: [{ ...listed('discard', { cards: ['Ac'] }), value: 1.5 }] });
    expect(text()).not.toMatch(/Hint: Discard/);
    ws.recv({ type: 'hint', seq: 6, hand: 1, actions: [{ ...listed('discard', { cards: ['Ac'] }), value: 1.5 }] });
    expect(text()).not.toMatch(/Hint: Discard/);
    ws.recv({ type: 'hint', seq: 6, hand: 2, actions: [{ ...listed('discard', { cards: ['Ac'] }), value: 1.5 }] });
    expect(text()).not.toMatch(/Hint: Discard/);                                  // never asked for at hand 2
  });
});

describe('links and ended tables', () => {
  it('says a table link is malformed', () => {
    for (const link of ['#/t/zz', '#/t/K7QX2M?x=1', '#/t/K7QX2M/watch/extra', '#/t/<script>']) {
      expect(parseRoute(link), link).toEqual({ page: 'bad', link });
      start(link);
      expect(text(), link).toMatch(/This table link is malformed/);
    }
    expect(parseRoute('#/')).toEqual({ page: 'home' });
  });

  it('says a table is missing before asking for a name', () => {
    const ws = start('#/t/ZZZZZZ');
    expect(root.querySelector('input[name="name"]')).toBeNull();
    const probe = ws.ofType('watch')[0];
    expect(probe.table).toBe('ZZZZZZ');
    ws.recv({ type: 'error', re: probe.id, code: 'not_found', message: 'no table ZZZZZZ' });
    expect(text()).toMatch(/There is no table ZZZZZZ/);
    expect(root.querySelector('input[name="name"]')).toBeNull();
  });

  it('asks for a name at a live table', () => {
    const ws = start('#/t/K7QX2M');
    const probe = ws.ofType('watch')[0];
    ws.recv({ type: 'watching', re: probe.id, table: 'K7QX2M' });
    const live = exampleState();
    live.seats = live.seats.map((x, i) => (i === 0 ? { ...x, kind: 'open', name: null } : x));   // a seat to take
    ws.recv({ ...live, seat: null, status: 'waiting', view: null, legal: [] });
    expect(root.querySelector('input[name="name"]')).not.toBeNull();
    expect(root.querySelector('main.table-page')).toBeNull();
  });

  it('reload after the end: one message, "this table has ended", with the records', () => {
    localStorage.setItem('tonk.seat.K7QX2M', JSON.stringify({ token: 'ab'.repeat(16), seat: 0 }));
    const ws = start('#/t/K7QX2M');
    const resume = ws.ofType('resume')[0];
    ws.recv({ type: 'error', re: resume.id, code: 'unauthorized', message: 'no seat has this token' });
    const probe = ws.ofType('watch')[0];
    ws.recv({ type: 'watching', re: probe.id, table: 'K7QX2M' });
    const over = exampleState();
    ws.recv({ ...over, seat: null, status: 'over', legal: [], ledger: { ...over.ledger!, hands: 3, net: [2, -2] } });
    expect(text()).toMatch(/This table has ended\. It played 3 hands\./);
    expect(text()).not.toMatch(/token|no longer yours|Join/);
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/records/K7QX2M/1', '/records/K7QX2M/2', '/records/K7QX2M/3']);
    expect(root.querySelector('input[name="name"]')).toBeNull();
  });
});

describe('the table as a card game', () => {
  const startOfTurn = () => ({ ...exampleState(), legal: ['drop', 'stock', 'take'].map((id) => ({ id, kind: id, cards: [], target: null, shape: null })),
    view: { ...exampleState().view!, phase: 'start_of_turn' as const, hand: ['Ac', '2c', '3c', '9d', 'Kd'], count: 25 } });

  it('a tap on the stock draws; the drawn card is marked until the next move', () => {
    const ws = seated();
    ws.recv(startOfTurn());
    root.querySelector<HTMLButtonElement>('button.pile.stock')!.click();
    const act = ws.ofType('act')[0];
    expect(act).toMatchObject({ action: 'stock', hand: 1, seq: 6 });
    ws.recv({ type: 'event', table: 'K7QX2M', hand: 1, seq: 7, actor: 0, action: 'stock', move: listed('stock'), drawn: '5h', auto: false, text: '' });
    ws.recv({ ...exampleState(), seq: 7 });
    expect(root.querySelector('button.card[data-card="5h"]')!.classList.contains('drawn')).toBe(true);
    expect(text()).toMatch(/You drew 5♥ from the stock\./);
    root.querySelector<HTMLButtonElement>('button.card[data-card="Kd"]')!.click();
    root.querySelector<HTMLButtonElement>('button[data-action="discard Kd"]')!.click();
    expect(ws.ofType('act')[1]).toMatchObject({ action: 'discard Kd' });
    expect(root.querySelector('button.card.drawn')).toBeNull();
  });

  it('Drop asks only above the count the player chose', () => {
    localStorage.setItem('tonk.dropAskAbove', '30');
    const ws = seated();
    ws.recv(startOfTurn());
    root.querySelector<HTMLButtonElement>('button[data-action="drop"]')!.click();
    expect(root.querySelector('[role="alertdialog"]')).toBeNull();
    expect(ws.ofType('act')[0]).toMatchObject({ action: 'drop' });
    localStorage.setItem('tonk.dropAskAbove', '10');
    const ws2 = seated();
    ws2.recv(startOfTurn());
    root.querySelector<HTMLButtonElement>('button[data-action="drop"]')!.click();
    expect(root.querySelector('[role="alertdialog"]')!.textContent).toMatch(/Drop with 25 points\?/);
    expect(ws2.ofType('act')).toHaveLength(0);
  });

  it('the menu stays open while the table redraws, and Escape closes it', () => {
    const ws = seated();
    const menu = () => root.querySelector<HTMLDetailsElement>('details.menu')!;
    menu().open = true;
    menu().dispatchEvent(new Event('toggle'));
    ws.recv({ ...exampleState(), seq: 7, to_move: 1, legal: [] });
    expect(menu().open).toBe(true);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menu().open).toBe(false);
  });

  it('the result stays on screen into the next hand until Next hand is pressed', () => {
    const ws = seated();
    ws.recv({ type: 'hand_over', table: 'K7QX2M', hand: 1, reason: 'caught', player: 1, winners: [0], hands: [['3c'], ['2c', 'Kc']],
      counts: [3, 12], payouts: [2, -2], points: [0, 0], ledger: null, fair: null });
    ws.recv({ ...exampleState(), status: 'between', legal: [], to_move: -1 });
    ws.recv({ ...exampleState(), hand: 2, seq: 0, view: { ...exampleState().view!, history: [] } });   // dealt meanwhile
    // The bot plays under a player's name, not its engine's ("greedy").
    expect(root.querySelector('.hand-end h2')!.textContent).toBe('Hand 1: Otis dropped and was caught');
    root.querySelector<HTMLButtonElement>('.hand-end button.primary')!.click();
    expect(root.querySelector('.hand-end')).toBeNull();
  });
});

describe('leaving a table', () => {
  it('takes the hand\'s big word ("Drop!") away with the table: it never shows over another page', async () => {
    start('#/t/K7QX2M');
    const { moment } = await import('../src/motion');
    moment('Drop!', 'bad');
    expect(document.querySelectorAll('.moment').length).toBe(1);
    location.hash = '#/me';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(document.querySelectorAll('.moment').length).toBe(0);
  });
});
