import { describe, expect, it } from 'vitest';
import { cardValue, deckCards, deckRanks } from '../src/counts';
import { dropAsks, dropCannotBeCaught } from '../src/dropRisk';
import { exampleView, kStandardValues } from './fixtures';

function startOfTurn(hand: string[], count: number) {
  const v = exampleView();
  v.phase = 'start_of_turn';
  v.hand = hand;
  v.count = count;
  v.seats[0].hand_size = hand.length;
  v.seats[1] = { ...v.seats[1], hand_size: 5, known: [] };
  v.spreads = [];
  v.discard_pile = ['8c'];
  return v;
}

describe('when Drop asks first', () => {
  it('values cards and builds the deck from the view\'s card_values, not from a copy of the rules', () => {
    expect(['Ac', '7h', 'Kd'].map((c) => cardValue(kStandardValues, c))).toEqual([1, 7, 10]);
    expect(cardValue({ ...kStandardValues, K: 13 }, 'Kd')).toBe(13);             // ranked faces, as the engine says
    expect(cardValue({ ...kStandardValues, X: 0 }, 'X1')).toBe(0);
    expect(cardValue(undefined, 'Kd')).toBeNull();                              // an older server: not known
    const forty = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, J: 10, Q: 10, K: 10, X: 0 };
    expect(deckRanks(forty).join('')).toBe('A234567JQK');
    expect(deckCards(forty, 2)).toHaveLength(42);
  });

  it('asks, as for any count, when the view does not give the cards\' counts', () => {
    const low = startOfTurn(['3c', '2d'], 5);
    delete low.card_values;
    expect(dropCannotBeCaught(low, 'players=2')).toBe(false);
    expect(dropAsks(low, 'players=2', 0)).toBe(true);
  });

  it('never asks for a count no opponent can match', () => {
    // Five unseen cards count at least 1+1+1+1+2 = 6 (four aces and a two): a 5 cannot be caught.
    const low = startOfTurn(['3c', '2d'], 5);
    expect(dropCannotBeCaught(low, 'players=2')).toBe(true);
    expect(dropAsks(low, 'players=2', 0)).toBe(false);
    // With two aces in my hand the other two and the twos are lower: 1+1+2+2+2 = 8 can catch 8.
    const eight = startOfTurn(['Ac', 'Ad', '6s'], 8);
    expect(dropCannotBeCaught(eight, 'players=2')).toBe(false);
  });

  it('asks only above the player\'s threshold', () => {
    const v = startOfTurn(['9c', 'Td', '5s'], 24);
    expect(dropAsks(v, 'players=2', 10)).toBe(true);
    expect(dropAsks(v, 'players=2', 30)).toBe(false);
    const known = startOfTurn(['9c', 'Td', '5s'], 24);
    known.seats[1].known = ['Kc', 'Kh', 'Ks', 'Qc', 'Qd'];   // the opponent holds 50: 24 cannot be caught
    expect(dropAsks(known, 'players=2', 10)).toBe(false);
  });
});
