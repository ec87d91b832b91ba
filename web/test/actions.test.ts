import { describe, expect, it } from 'vitest';
import { actionLabel, parseLegal, matchSelection, narrate, parseAction, reasonText } from '../src/actions';
import { describeSpread } from '../src/spreads';

describe('actions', () => {
  it('parses every kind of listed action', () => {
    expect(parseAction('hit 2 7h8h')).toMatchObject({ kind: 'hit', target: 2, cards: ['7h', '8h'], shape: null });
    expect(parseAction('spread 4h5hX1 run:3h')).toMatchObject({ kind: 'spread', cards: ['4h', '5h', 'X1'], shape: 'run:3h' });
    expect(parseAction('hit 0 X2 book:9')).toMatchObject({ kind: 'hit', target: 0, cards: ['X2'], shape: 'book:9' });
    expect(parseAction('slap 1')).toMatchObject({ kind: 'slap', target: 1, cards: [] });
    expect(parseAction('discard Kc').cards).toEqual(['Kc']);
    expect(() => parseAction('fold')).toThrow("unknown action 'fold'");
  });

  it('matches a selection to exactly the listed spreads, hits and discards it makes', () => {
    const legal = ['spread 4h5h6h', 'spread 4h5h6h7h', 'hit 0 7h', 'hit 1 7h', 'discard 7h', 'discard 4h', 'stock'].map(parseAction);
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
    expect(actionLabel(parseAction('hit 0 7h8h'))).toBe('Hit spread 1 with 7♥ 8♥');
    // A legal wild spread's places come from the engine's stands_for (docs/PROTOCOL.md `legal`).
    const wildSpread = { id: 'spread 4h5hX1 run:3h', kind: 'spread', cards: ['4h', '5h', 'X1'], target: null, shape: 'run:3h', stands_for: { X1: '3h' } };
    expect(actionLabel(parseLegal(wildSpread))).toBe('Spread 4♥ 5♥ Joker (3♥ 4♥ 5♥ run)');
    expect(actionLabel(parseAction('spread 4h5hX1 run:3h'))).toBe('Spread 4♥ 5♥ Joker (run from 3♥)');
    expect(actionLabel(parseAction('hit 0 X2 book:9'))).toBe('Hit spread 1 with Joker (as Nines)');
    expect(actionLabel(parseAction('hit 1 2c run:3h'))).toBe('Hit spread 2 with 2♣ (in a ♥ run)');
    expect(actionLabel(parseAction('discard Th'))).toBe('Discard 10♥');
    expect(narrate('Bo', 'take', '8c')).toBe('Bo took 8♣ from the discard pile.');
    expect(narrate('You', 'stock', null, '7c')).toBe('You drew 7♣ from the stock.');
    expect(narrate('Bo', 'stock')).toBe('Bo drew from the stock.');
    expect(narrate('Bo', 'hit 1 Qs')).toBe('Bo hit spread 2 with Q♠.');
    expect(reasonText('caught', 'Bo')).toBe('Bo dropped and was caught');
    expect(reasonText('stock exhausted', 'Bo')).toBe('The stock ran out: lowest count wins');
  });
});

describe('spreads', () => {
  it('names books and runs without wild cards', () => {
    expect(describeSpread(['9c', '9d', '9s'], null)).toEqual({ kind: 'book', title: 'Three Nines', wild: [] });
    expect(describeSpread(['Kc', 'Kd', 'Ks', 'Kh'], null).title).toBe('Four Kings');
    expect(describeSpread(['6s', '4s', '5s'], null)).toEqual({ kind: 'run', title: '4♠ 5♠ 6♠ run', wild: [] });
    expect(describeSpread(['Th', 'Jh', 'Qh', 'Kh'], null).title).toBe('10♥ to K♥ run');
  });

  it('says what each wild card stands for as the engine reads it (V13a)', () => {
    expect(describeSpread(['9c', '9d', 'X1'], 'book:9', { X1: '9' }).wild).toEqual([{ card: 'X1', standsFor: 'a 9' }]);
    const run = describeSpread(['4h', '6h', '2c', 'X1'], 'run:3h', { '2c': '3h', X1: '5h' });
    expect(run.title).toBe('3♥ to 6♥ run');
    expect(run.wild).toEqual([{ card: '2c', standsFor: '3♥' }, { card: 'X1', standsFor: '5♥' }]);
    // A deuce of the run's suit in its own place stands for itself: the engine does not list it.
    expect(describeSpread(['Ah', '2h', 'X1'], 'run:Ah', { X1: '3h' })).toMatchObject({ title: 'A♥ 2♥ 3♥ run', wild: [{ card: 'X1', standsFor: '3♥' }] });
    // The forty-card deck (V11): the engine says the joker stands for the J next to the 7.
    expect(describeSpread(['6d', '7d', 'X2'], 'run:6d', { X2: 'Jd' })).toMatchObject({ title: '6♦ 7♦ J♦ run', wild: [{ card: 'X2', standsFor: 'J♦' }] });
  });
});
