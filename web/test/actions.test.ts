import { describe, expect, it } from 'vitest';
import { actionLabel, parseLegal, matchSelection, narrate, reasonText } from '../src/actions';
import { describeSpread } from '../src/spreads';
import { discard, hit, listed, move, spread } from './moves';

const run = (suit: 'c' | 'd' | 'h' | 's', places: string[]) => ({ kind: 'run' as const, suit, places });
const book = (rank: string) => ({ kind: 'book' as const, rank });

describe('actions', () => {
  it('reads every kind of listed action from its parts, never from its id', () => {
    expect(parseLegal(listed('hit', { target: 2, cards: ['7h', '8h'] }))).toMatchObject({ kind: 'hit', target: 2, cards: ['7h', '8h'], form: null });
    const wild = listed('spread', { cards: ['4h', '5h', 'X1'], shape: 'run:3h', form: run('h', ['3', '4', '5']), standsFor: { X1: '3h' } });
    expect(parseLegal(wild)).toMatchObject({ text: 'spread 4h5hX1 run:3h', kind: 'spread', cards: ['4h', '5h', 'X1'], standsFor: { X1: '3h' } });
    expect(parseLegal(listed('slap', { target: 1 }))).toMatchObject({ kind: 'slap', target: 1, cards: [] });
    expect(parseLegal(listed('stock'))).toMatchObject({ kind: 'stock', target: -1, cards: [] });
    // An id the page could read another way changes nothing: the parts say what the action is.
    expect(parseLegal({ ...listed('discard', { cards: ['Kc'] }), id: 'drop' })).toMatchObject({ kind: 'discard', cards: ['Kc'], text: 'drop' });
    expect(() => parseLegal(listed('fold'))).toThrow("unknown action 'fold'");
  });

  it('matches a selection to exactly the listed spreads, hits and discards it makes', () => {
    const legal = [spread(['4h', '5h', '6h'], run('h', ['4', '5', '6'])), spread(['4h', '5h', '6h', '7h'], run('h', ['4', '5', '6', '7'])),
      hit(0, ['7h']), hit(1, ['7h']), discard('7h'), discard('4h'), move('stock')];
    const one = matchSelection(legal, new Set(['7h']));
    expect(one.exact.map((a) => a.text)).toEqual(['hit 0 7h', 'hit 1 7h', 'discard 7h']);
    expect(one.spreadTargets).toEqual([0, 1]);
    expect(one.partial).toBe(true);   // 7h is also part of spread 4h5h6h7h
    const three = matchSelection(legal, new Set(['6h', '5h', '4h']));
    expect(three.exact.map((a) => a.text)).toEqual(['spread 4h5h6h']);
    expect(three.spreadTargets).toEqual([]);
    const none = matchSelection(legal, new Set(['4h', '7h', 'Kc']));
    expect(none.exact).toEqual([]);
    expect(none.partial).toBe(false);
    expect(matchSelection(legal, new Set()).exact).toEqual([]);
  });

  it('labels buttons and narrates moves with suit symbols', () => {
    expect(actionLabel(hit(0, ['7h', '8h']))).toBe('Hit spread 1 with 7♥ 8♥');
    // A legal wild spread's places come from the engine's form and stands_for (docs/PROTOCOL.md `legal`).
    const wildSpread = { id: 'spread 4h5hX1 run:3h', kind: 'spread', cards: ['4h', '5h', 'X1'], target: null, shape: 'run:3h',
      form: run('h', ['3', '4', '5']), stands_for: { X1: '3h' } };
    expect(actionLabel(parseLegal(wildSpread))).toBe('Spread 4♥ 5♥ Joker (3♥ 4♥ 5♥ run)');
    // The forty-card deck (V11): the engine's places put the J next to the 7.
    expect(actionLabel(move('spread', { cards: ['6d', '7d', 'X2'], form: run('d', ['6', '7', 'J']), standsFor: { X2: 'Jd' } })))
      .toBe('Spread 6♦ 7♦ Joker (6♦ 7♦ J♦ run)');
    expect(actionLabel(spread(['4h', '5h', '6h'], run('h', ['4', '5', '6'])))).toBe('Spread 4♥ 5♥ 6♥');
    expect(actionLabel(move('spread', { cards: ['9c', '9d', 'X1'], form: book('9'), standsFor: { X1: '9' } }))).toBe('Spread 9♣ 9♦ Joker (three nines)');
    expect(actionLabel(hit(0, ['X2'], book('9')))).toBe('Hit spread 1 with Joker (as Nines)');
    expect(actionLabel(hit(1, ['2c'], { kind: 'run', suit: 'h' }))).toBe('Hit spread 2 with 2♣ (in a ♥ run)');
    expect(actionLabel(discard('Th'))).toBe('Discard 10♥');
    expect(narrate('Bo', move('take'), '8c')).toBe('Bo took 8♣ from the discard pile.');
    expect(narrate('You', move('stock'), null, '7c')).toBe('You drew 7♣ from the stock.');
    expect(narrate('Bo', move('stock'))).toBe('Bo drew from the stock.');
    expect(narrate('Bo', hit(1, ['Qs']))).toBe('Bo hit spread 2 with Q♠.');
    expect(reasonText('caught', 'Bo')).toBe('Bo dropped and was caught');
    expect(reasonText('stock exhausted', 'Bo')).toBe('The stock ran out: lowest count wins');
  });
});

describe('spreads', () => {
  it('names books and runs without wild cards', () => {
    expect(describeSpread(['9c', '9d', '9s'], book('9'))).toEqual({ kind: 'book', title: 'Three Nines', wild: [] });
    expect(describeSpread(['Kc', 'Kd', 'Ks', 'Kh'], book('K')).title).toBe('Four Kings');
    expect(describeSpread(['4s', '5s', '6s'], run('s', ['4', '5', '6']))).toEqual({ kind: 'run', title: '4♠ 5♠ 6♠ run', wild: [] });
    expect(describeSpread(['Th', 'Jh', 'Qh', 'Kh'], run('h', ['T', 'J', 'Q', 'K'])).title).toBe('10♥ to K♥ run');
  });

  it('says what each wild card stands for as the engine reads it (V13a)', () => {
    expect(describeSpread(['9c', '9d', 'X1'], book('9'), { X1: '9' }).wild).toEqual([{ card: 'X1', standsFor: 'a 9' }]);
    const wild = describeSpread(['4h', '6h', '2c', 'X1'], run('h', ['3', '4', '5', '6']), { '2c': '3h', X1: '5h' });
    expect(wild.title).toBe('3♥ to 6♥ run');
    expect(wild.wild).toEqual([{ card: '2c', standsFor: '3♥' }, { card: 'X1', standsFor: '5♥' }]);
    // A deuce of the run's suit in its own place stands for itself: the engine does not list it.
    expect(describeSpread(['Ah', '2h', 'X1'], run('h', ['A', '2', '3']), { X1: '3h' })).toMatchObject({ title: 'A♥ 2♥ 3♥ run', wild: [{ card: 'X1', standsFor: '3♥' }] });
    // The forty-card deck (V11): the engine's places put the J next to the 7, and the joker stands for it.
    expect(describeSpread(['6d', '7d', 'X2'], run('d', ['6', '7', 'J']), { X2: 'Jd' })).toMatchObject({ title: '6♦ 7♦ J♦ run', wild: [{ card: 'X2', standsFor: 'J♦' }] });
    // The title is the engine's places, whatever the page would make of the cards' ranks.
    expect(describeSpread(['6c', '7c', 'Jc'], run('c', ['6', '7', 'J'])).title).toBe('6♣ 7♣ J♣ run');
  });
});
