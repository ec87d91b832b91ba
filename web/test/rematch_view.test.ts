// Play again's page parts (src/handEndView.ts, src/tableView.ts): the final screen's *Play again*,
// another seat's offer with *No thanks*, what a seat that answered reads, and a rematch's table
// waiting for the other seats.
import { describe, expect, it } from 'vitest';
import type { RematchOfferMsg, StateMsg } from '../src/protocol';
import { renderTable, TableModel } from '../src/tableView';
import { exampleState } from './fixtures';

const noop = () => {};

function model(s: StateMsg, extra: Partial<TableModel> = {}): TableModel {
  return { state: s, selected: new Set(), grouping: 'suit', log: [], hint: null, error: null, handOver: null, verify: null,
    showLedger: false, confirmDrop: false, link: '', commitment: null, flash: null, secondsLeft: null, connected: true, ...extra };
}

function handlers(answers: boolean[]) {
  return { select: noop, act: noop, confirmDrop: noop, hint: noop, grouping: noop, ledger: noop, ready: noop, verify: noop,
    back: noop, leave: noop, end: noop, copyLink: noop, home: noop, playAgain: (accept: boolean) => answers.push(accept) };
}

function over(): StateMsg {
  return { ...exampleState(), status: 'over' as const, view: null, legal: [] };
}

function offer(answers: RematchOfferMsg['seats'][number]['answer'][]): RematchOfferMsg {
  const s = over();
  return { type: 'rematch_offer', table: s.table, rematch: 'P4RT9W', until_ms: 0,
    seats: answers.map((answer, seat) => ({ seat, name: s.seats[seat]?.name ?? '', answer })) };
}

describe('play again', () => {
  it('offers Play again at the end of the table, and sends the answer', () => {
    const answers: boolean[] = [];
    const el = renderTable(model(over()), handlers(answers));
    const button = el.querySelector('.table-over button[data-focus="play-again"]') as HTMLButtonElement;
    expect(button?.textContent).toBe('Play again');
    expect(el.querySelector('button[data-focus="no-thanks"]')).toBeNull();
    button.click();
    expect(answers).toEqual([true]);
  });

  it('says who wants a rematch, with No thanks', () => {
    const s = over();
    const other = s.seat === 0 ? 1 : 0;
    const answers = s.seats.map((_, i) => (i === other ? 'accepted' as const : 'waiting' as const));
    const answered: boolean[] = [];
    const el = renderTable(model(s, { rematch: { asked: false, declined: false, offer: offer(answers) } }), handlers(answered));
    expect(el.querySelector('.table-over .rematch')?.textContent).toContain(`${s.seats[other].name} wants a rematch`);
    (el.querySelector('button[data-focus="no-thanks"]') as HTMLButtonElement).click();
    expect(answered).toEqual([false]);
  });

  it('shows what a seat answered, or why it was refused, instead of the buttons', () => {
    const s = over();
    const asked = renderTable(model(s, { rematch: { asked: true, declined: false, offer: null } }), handlers([]));
    expect(asked.querySelector('button[data-focus="play-again"]')).toBeNull();
    const refused = renderTable(model(s, { rematch: { asked: false, declined: false, offer: null, error: 'no seat of table K7QX2M has this token' } }), handlers([]));
    expect(refused.querySelector('.rematch.error')?.textContent).toContain('has this token');
    const watcher = renderTable(model({ ...s, seat: null }), handlers([]));
    expect(watcher.querySelector('button[data-focus="play-again"]')).toBeNull();
  });

  it('counts the players a rematch still waits for', () => {
    const s = { ...exampleState(), status: 'waiting' as const, view: null, legal: [] };
    s.seats = s.seats.map((seat, i) => (i === 0 ? seat : { ...seat, kind: 'open' as const, name: '' }));
    const open = s.seats.length - 1;
    const el = renderTable(model(s, { rematchTable: true, botsIn: 600 }), handlers([]));
    expect(el.querySelector('.turn-text')?.textContent).toBe(`Waiting for ${open} player${open === 1 ? '' : 's'}…`);
    expect(el.querySelector('.invite')).toBeNull();
    expect(el.querySelector('.bots-in'), 'no countdown to crowd out whom it waits for').toBeNull();
  });
});
