import { describe, expect, it } from 'vitest';
import { dealFlights, moveEffect } from '../src/flights';
import { exampleView } from './fixtures';
import { discard, hit, move, spread } from './moves';

describe('which cards fly where', () => {
  const v = exampleView();   // seat 0 of two; top of the pile 8c; one spread

  it('a draw of yours flies face down from the stock to your hand and is marked; another\'s to their seat, unseen', () => {
    expect(moveEffect(v, 0, 0, move('stock'), '9d')).toEqual({ flights: [{ card: '9d', from: 'stock', to: 'hand', faceDown: true }], sound: 'draw', drawn: '9d' });
    expect(moveEffect(v, 0, 1, move('stock'), null)).toEqual({ flights: [{ card: null, from: 'stock', to: 'seat1' }], sound: 'draw', drawn: null });
  });

  it('a take carries the pile\'s top card; discards, spreads and hits fly from the hand or seat to where they land', () => {
    expect(moveEffect(v, 0, 0, move('take'), null)).toMatchObject({ flights: [{ card: '8c', from: 'discard', to: 'hand' }], drawn: '8c' });
    expect(moveEffect(v, 0, 1, discard('Kd'), null).flights).toEqual([{ card: 'Kd', from: 'seat1', to: 'discard' }]);
    expect(moveEffect(v, 0, 0, spread(['Ac', '2c', '3c'], { kind: 'run', suit: 'c', places: ['A', '2', '3'] }), null)).toMatchObject({ sound: 'spread', flights: [{ card: 'Ac', to: 'spread1' }, { card: '2c', to: 'spread1' }, { card: '3c', to: 'spread1' }] });
    expect(moveEffect(v, 0, 0, hit(0, ['7s']), null).flights).toEqual([{ card: '7s', from: 'hand', to: 'spread0', delay: 0 }]);
    expect(moveEffect(v, 0, 0, move('drop'), null)).toEqual({ flights: [], sound: null, drawn: null });
    expect(moveEffect(v, 0, 0, move('end'), null).flights).toEqual([]);
  });

  it('deals one card at a time from the dealer\'s left, then the upcard', () => {
    const d = exampleView();
    d.seats = [{ ...d.seats[0], hand_size: 2 }, { ...d.seats[1], hand_size: 2, known: [] }];
    d.hand = ['Ac', 'Kd'];
    d.dealer = 1;
    expect(dealFlights(d, 0, 10)).toEqual([
      { card: 'Ac', from: 'stock', to: 'hand', faceDown: true, delay: 0 }, { card: null, from: 'stock', to: 'seat1', delay: 10 },
      { card: 'Kd', from: 'stock', to: 'hand', faceDown: true, delay: 20 }, { card: null, from: 'stock', to: 'seat1', delay: 30 },
      { card: '8c', from: 'stock', to: 'discard', delay: 40 }]);
  });
});
