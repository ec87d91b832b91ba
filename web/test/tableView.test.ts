import { describe, expect, it, vi } from 'vitest';
import { hintUnit, renderTable, scoreUnit, TableHandlers, TableModel } from '../src/tableView';
import { exampleState } from './fixtures';
import { listed } from './moves';

function model(over: Partial<TableModel> = {}): TableModel {
  return { state: exampleState(), selected: new Set(), grouping: 'suit', log: ['Ann drew from the stock.'], hint: null, error: null,
    handOver: null, verify: null, showLedger: false, confirmDrop: false, link: 'http://127.0.0.1:8080/#/t/K7QX2M',
    commitment: 'cd'.repeat(32), flash: null, secondsLeft: 24, connected: true, ...over };
}

function handlers(): TableHandlers & Record<string, ReturnType<typeof vi.fn>> {
  const names = ['select', 'act', 'confirmDrop', 'hint', 'grouping', 'ledger', 'ready', 'verify', 'back', 'leave', 'end', 'copyLink', 'home',
    'closeResult', 'mute', 'dropAsk', 'rules', 'walkthrough'];
  return Object.fromEntries(names.map((n) => [n, vi.fn()])) as never;
}

const labels = (root: HTMLElement, sel: string) => [...root.querySelectorAll(sel)].map((e) => e.getAttribute('aria-label'));
const texts = (root: HTMLElement, sel: string) => [...root.querySelectorAll(sel)].map((e) => e.textContent);

function endOfHand(): NonNullable<TableModel['handOver']> {
  return { type: 'hand_over', table: 'K7QX2M', hand: 1, reason: 'caught', player: 1, winners: [0], hands: [['3c', 'Ad'], ['2c', 'Kc']],
    counts: [4, 12], payouts: [2, -2], points: [0, 0], ledger: null, fair: null };
}

describe('renderTable', () => {
  it('offers the invite link only where a friend can join (not at an offline table, which has no copyLink)', () => {
    const online = renderTable(model(), handlers());
    expect(texts(online, '.menu button')).toContain('Copy invite link');
    const hd = handlers();
    delete (hd as Partial<TableHandlers>).copyLink;
    expect(texts(renderTable(model(), hd), '.menu button')).not.toContain('Copy invite link');
  });

  it('shows the hand sorted and grouped with its count, each card a named button', () => {
    const root = renderTable(model(), handlers());
    expect(root.querySelector('.my-hand h2')!.textContent).toBe('Your hand · count 30');
    expect(root.querySelector('.my-hand .me')!.textContent).toBe('Ann (you) · net 0');
    expect(labels(root, '.my-hand .group')).toEqual(['♣ clubs', '♦ diamonds', '♥ hearts']);
    expect(labels(root, '.my-hand button.card')).toEqual(['ace of clubs', 'two of clubs', 'three of clubs', 'nine of diamonds',
      'king of diamonds', 'five of hearts']);
  });

  it('shows the pile, the stock, the spreads with owners, the opponent and whose turn it is', () => {
    const root = renderTable(model(), handlers());
    expect(root.querySelector('.stock')!.getAttribute('aria-label')).toBe('Stock: 39 cards');
    expect(root.querySelector('.discard')!.getAttribute('aria-label')).toBe('Discard pile: 2 cards, top eight of clubs');
    expect(texts(root, '.spread-title')).toEqual(['1. 4♠ 5♠ 6♠ run · greedy']);
    const seat = root.querySelector('.seat[data-seat="1"]')!;
    expect(seat.getAttribute('aria-label')).toBe('greedy: 2 cards');
    expect(labels(seat as HTMLElement, '.known')).toEqual(['known: seven of hearts']);
    expect(seat.querySelectorAll('.backs .card').length).toBe(1);   // 2 cards, one of them known
    expect(root.querySelector('.turn-text')!.textContent).toBe('Your turn: spread, hit or discard');
    expect(root.querySelector('.timer')!.textContent).toBe('24 s left');
    expect(texts(root, '.log li')).toEqual(['Ann drew from the stock.']);
  });

  it('offers the host a Remove button on a person who went away, and nobody else', () => {
    const away = exampleState();
    away.seats[1] = { ...away.seats[1], kind: 'person', name: 'Bo', connected: false, bot: undefined };
    away.host = 0;
    const hd = { ...handlers(), remove: vi.fn() };
    const root = renderTable(model({ state: away }), hd);
    const button = root.querySelector<HTMLButtonElement>('.seat[data-seat="1"] .seat-remove')!;
    expect(button.getAttribute('aria-label')).toBe('Remove Bo, who is away');
    button.click();
    expect(hd.remove).toHaveBeenCalledWith(1);
    expect(renderTable(model({ state: { ...away, host: 1 } }), hd).querySelector('.seat-remove')).toBeNull();   // not the host
    const here = { ...away, seats: away.seats.map((s, i) => (i === 1 ? { ...s, connected: true } : s)) };
    expect(renderTable(model({ state: here }), hd).querySelector('.seat-remove')).toBeNull();                   // Bo is here
    expect(renderTable(model({ state: away }), handlers()).querySelector('.seat-remove')).toBeNull();           // an offline table
  });

  it('offers only the listed moves the selection makes', () => {
    const none = renderTable(model(), handlers());
    expect(texts(none, '.act-buttons button[data-action]')).toEqual([]);
    expect(texts(none, '.act-buttons button')).toEqual(['Hint']);   // the hint sits with the moves
    expect(none.querySelector('.help')!.textContent).toBe('You can lay or hit a spread (1 way): select its cards, then drag them to the table or use the button.');
    const two = renderTable(model({ selected: new Set(['Ac', '2c']) }), handlers());
    expect(texts(two, '.act-buttons button[data-action]')).toEqual([]);
    expect(two.querySelector('.help')!.textContent).toBe('Select more cards: these are part of a spread or hit.');
    const hd = handlers();
    const three = renderTable(model({ selected: new Set(['Ac', '2c', '3c']) }), hd);
    const buttons = [...three.querySelectorAll<HTMLButtonElement>('.act-buttons button[data-action]')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Spread A♣ 2♣ 3♣']);
    buttons[0].click();
    expect(hd.act).toHaveBeenCalledWith('spread Ac2c3c');
    expect(three.querySelector('button[data-card="2c"]')!.getAttribute('aria-pressed')).toBe('true');
  });

  it('highlights the spreads a selected card can hit', () => {
    const s = exampleState();
    s.legal = [{ id: 'hit 0 7s', kind: 'hit', cards: ['7s'], target: 0, shape: null }, { id: 'discard 7s', kind: 'discard', cards: ['7s'], target: null, shape: null }];
    s.view!.hand = ['7s', 'Kd'];
    const root = renderTable(model({ state: s, selected: new Set(['7s']) }), handlers());
    expect(root.querySelector('.spread[data-spread="0"]')!.classList.contains('target')).toBe(true);
    expect(texts(root, '.act-buttons button[data-action]')).toEqual(['Hit spread 1 with 7♠', 'Discard 7♠']);
  });

  it('shows no moves when it is not the seat\'s turn, and start-of-turn moves as buttons', () => {
    const s = exampleState();
    s.legal = [];
    s.to_move = 1;
    const root = renderTable(model({ state: s }), handlers());
    expect(root.querySelector('.act-buttons')).toBeNull();
    expect(root.querySelector('.turn-text')!.textContent).toBe('greedy to move');
    const t = exampleState();
    t.view!.phase = 'start_of_turn';
    t.legal = ['drop', 'stock', 'take'].map((id) => ({ id, kind: id, cards: [], target: null, shape: null }));
    const start = renderTable(model({ state: t }), handlers());
    // Drawing first; the red Drop last, never first under the thumb.
    expect(texts(start, '.act-buttons button')).toEqual(['Draw from stock', 'Take discard', 'Drop', 'Hint']);
  });

  it('asks before a drop', () => {
    const t = exampleState();
    const hd = handlers();
    const root = renderTable(model({ state: t, confirmDrop: true }), hd);
    const dialog = root.querySelector('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Drop with 30 points?');
    (dialog.querySelector('button.danger') as HTMLButtonElement).click();
    expect(hd.confirmDrop).toHaveBeenCalledWith(true);
  });

  it('shows every hand, count, reason and payouts at the hand\'s end, with verify and the ledger', () => {
    const s = exampleState();
    s.status = 'between';
    s.legal = [];
    s.ledger = { hands: 1, net: [2, -2], hand_net: [2, -2], side_net: [0, 0], pot: 0, points: [0, 0], leaders: [0], stake_next: 1, over: false };
    const root = renderTable(model({ state: s, showLedger: true, handOver: {
      type: 'hand_over', table: 'K7QX2M', hand: 1, reason: 'caught', player: 1, winners: [0], hands: [['3c', 'Ad'], ['2c', 'Kc']],
      counts: [4, 12], payouts: [2, -2], points: [0, 0], ledger: null,
      fair: { version: 'tonk-deal/1', server_seed: '00', commitment: '00', contributions: [], deck: [] } } }), handlers());
    expect(root.querySelector('.hand-end h2')!.textContent).toBe('Hand 1: greedy dropped and was caught');
    expect(texts(root, '.results tbody tr td:nth-child(3)')).toEqual(['4', '12']);
    expect(texts(root, '.results tbody tr td:nth-child(4)')).toEqual(['+2', '-2']);
    expect(texts(root, '.results tbody th')).toEqual(['Ann (you) ★\u00a0winner', 'greedy']);
    expect(texts(root, '.end-buttons button')).toEqual(['Next hand', 'Verify the deal']);
    expect(texts(root, '.ledger tbody td:first-of-type')).toEqual(['+2', '-2']);
  });

  it('names the unit of the hint\'s values, the signed result and the ledger\'s columns (the table\'s scoring)', () => {
    const s = exampleState();
    s.rules = 'players=2 hand_size=5 scoring=units deck=full52';
    const root = renderTable(model({ state: s, hint: [{ ...listed('discard', { cards: ['Kd'] }), value: 0.25 }, { ...listed('discard', { cards: ['5h'] }), value: -0.5 }] }), handlers());
    expect(root.querySelector('.hint')!.textContent).toBe('Hint: Discard K♦: it is your highest card that fits no spread. Much better than discarding 5♥.');
    expect(root.querySelector('.hint')!.getAttribute('title')).toBe('Discard K♦ +0.25; Discard 5♥ -0.5');   // the numbers, for whoever wants them
    expect(scoreUnit('players=2 scoring=stakes')).toBe('stakes');
    expect(scoreUnit('players=2 scoring=points')).toBe('points');
    expect(hintUnit('players=2 scoring=pushups')).toBe('push-ups per hand, shown negative so that higher is better');
    expect(hintUnit('players=2')).toBe('stakes per hand');
    s.status = 'between';
    s.legal = [];
    const end = renderTable(model({ state: s, showLedger: true, handOver: endOfHand() }), handlers());
    expect(texts(end, '.results thead th')).toEqual(['Player', 'Hand', 'Count', 'Result']);
    expect(end.querySelector('.results caption')!.textContent).toBe('Result: what each player won (+) or paid (−), in units');
    expect(texts(end, '.ledger thead th')).toEqual(['Seat', 'Net']);   // no always-zero side-bet column
    s.ledger = { ...s.ledger!, side_net: [1, -1], net: [1, -1] };
    const side = renderTable(model({ state: s, showLedger: true, handOver: endOfHand() }), handlers());
    expect(texts(side, '.ledger thead th')).toEqual(['Seat', 'Net', 'From hands', 'From side bets']);
  });

  it('shows the opponents\' hands face up once the hand is over, with no backs', () => {
    const s = exampleState();
    s.status = 'between';
    s.legal = [];
    const root = renderTable(model({ state: s, handOver: endOfHand() }), handlers());
    const seat = root.querySelector('.seat[data-seat="1"]')!;
    expect(seat.querySelectorAll('.backs .card').length).toBe(0);
    expect(labels(seat as HTMLElement, '.known')).toEqual(['shown: two of clubs, king of clubs']);
    const playing = renderTable(model(), handlers());
    expect(playing.querySelector('.seat[data-seat="1"]')!.querySelectorAll('.backs .card').length).toBe(1);
  });

  it('once the table is over: the way back to the lobby, the final ledger and every hand\'s record', () => {
    const s = exampleState();
    s.status = 'over';
    s.legal = [];
    s.hand = 2;
    s.ledger = { hands: 2, net: [2, -2], hand_net: [2, -2], side_net: [0, 0], pot: 0, points: [0, 0], leaders: [0], stake_next: 1, over: true };
    const hd = handlers();
    const root = renderTable(model({ state: s }), hd);
    expect(root.querySelector('.turn-text')!.textContent).toBe('The table is over');
    const back = [...root.querySelectorAll<HTMLButtonElement>('button')].filter((b) => b.textContent === 'Back to the lobby');
    expect(back.length).toBe(2);   // in the header and in the table's end
    back[1].click();
    expect(hd.home).toHaveBeenCalledTimes(1);
    expect(texts(root, 'button').filter((t) => t === 'End table' || t === 'Leave')).toEqual([]);
    expect(texts(root, '.table-over .ledger tbody td:first-of-type')).toEqual(['+2', '-2']);
    expect([...root.querySelectorAll('.table-over .records a')].map((a) => a.getAttribute('href'))).toEqual(['/records/K7QX2M/1', '/records/K7QX2M/2']);
  });

  it('writes "No spreads yet." in the felt\'s light text, not the grey of the page', () => {
    const s = exampleState();
    s.view!.spreads = [];
    const root = renderTable(model({ state: s }), handlers());
    const p = [...root.querySelectorAll('.centre p')].find((e) => e.textContent!.startsWith('No spreads yet.'))!;
    expect(p.className).toBe('on-felt');
  });

  it('draws a spectator without a hand or moves', () => {
    const s = exampleState();
    s.seat = null;
    s.legal = [];
    const root = renderTable(model({ state: s }), handlers());
    expect(root.querySelector('.my-hand')).toBeNull();
    expect(root.querySelector('.actions')).toBeNull();
    expect(root.querySelector('.meta')!.textContent).toContain('watching');
    expect(root.querySelectorAll('.seat').length).toBe(2);
  });

  it('makes the stock and the pile buttons when drawing and taking are listed, and drop targets', () => {
    const t = exampleState();
    t.view!.phase = 'start_of_turn';
    t.legal = ['drop', 'stock', 'take'].map((id) => ({ id, kind: id, cards: [], target: null, shape: null }));
    const hd = handlers();
    const root = renderTable(model({ state: t }), hd);
    (root.querySelector('button.pile.stock') as HTMLButtonElement).click();
    (root.querySelector('button.pile.discard') as HTMLButtonElement).click();
    expect(vi.mocked(hd.act).mock.calls).toEqual([["stock"], ["take"]]);
    const after = renderTable(model(), handlers());   // after the draw: neither is a button, the pile still takes drops
    expect(after.querySelector('button.pile')).toBeNull();
    expect(after.querySelector('.pile.discard')!.getAttribute('data-drop')).toBe('discard');
    expect(after.querySelector('.spread')!.getAttribute('data-drop')).toBe('spread:0');
  });

  it('marks the card just drawn, names by-rank groups in words and bots by level', () => {
    const root = renderTable(model({ drawn: '9d', grouping: 'rank' }), handlers());
    const card = root.querySelector('button.card[data-card="9d"]')!;
    expect(card.classList.contains('drawn')).toBe(true);
    expect(card.getAttribute('aria-label')).toBe('nine of diamonds, just drawn');
    expect(labels(root, '.my-hand .group')).toEqual(['Aces', 'Twos', 'Threes', 'Fives', 'Nines', 'Kings']);
    expect(root.querySelector('.seat-tags')!.textContent).toBe('Medium bot · dealer · net 0');
    expect(root.querySelector('h1')!.textContent).toBe('Standard');
  });

  it('keeps the result on screen into the next hand until the player closes it', () => {
    const hd = handlers();
    const root = renderTable(model({ handOver: endOfHand(), resultOpen: true }), hd);
    expect(root.querySelector('.hand-end h2')!.textContent).toBe('Hand 1: greedy dropped and was caught');
    expect(root.querySelector('.hand-end [data-slot="countdown"]')).not.toBeNull();
    (root.querySelector('.hand-end button.primary') as HTMLButtonElement).click();
    expect(hd.closeResult).toHaveBeenCalled();
    expect(renderTable(model({ handOver: endOfHand(), resultOpen: false }), handlers()).querySelector('.hand-end')).toBeNull();
  });

  it('has a seat-status place on each opponent and the sound switch in the header', () => {
    const hd = handlers();
    const root = renderTable(model({ muted: true }), hd);
    expect(root.querySelectorAll('.seat [data-slot="seat-status"]').length).toBe(1);
    const sound = root.querySelector('button[data-focus="mute"]') as HTMLButtonElement;
    expect(sound.getAttribute('aria-label')).toBe('Sound off');
    sound.click();
    expect(hd.mute).toHaveBeenCalledWith(false);
  });
  it('shows the ledger asked for at a hand\'s end above the result, not under it on the board', () => {
    const root = renderTable(model({ state: { ...exampleState(), status: 'between', legal: [] }, handOver: endOfHand(), showLedger: true }), handlers());
    const layer = root.querySelector('.result-layer')!;
    expect(layer.querySelector('.ledger-box')).not.toBeNull();
    expect(layer.firstElementChild!.classList.contains('ledger-box')).toBe(true);
    expect(root.querySelector('.board .ledger-box')).toBeNull();
    // In a hand the ledger takes the log's box: nothing is added to the board above the stock and the pile.
    const playing = renderTable(model({ showLedger: true }), handlers());
    expect(playing.querySelector('.board .ledger-box')).toBeNull();
    expect(playing.querySelector('.log-box.ledger-in-log .ledger')).not.toBeNull();
    expect(playing.querySelector('ol.log')).toBeNull();
    const board = (r: HTMLElement) => [...r.querySelector('.board')!.children].map((e) => e.className);
    expect(board(playing)).toEqual(board(renderTable(model(), handlers())));
  });
});
