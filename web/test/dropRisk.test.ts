import { describe, expect, it } from 'vitest';
import { cardValue, deckCards, dropAsks, dropCannotBeCaught } from '../src/dropRisk';
import { exampleView } from './fixtures';

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
  it('values cards as the rules say', () => {
    expect(['Ac', '7h', 'Kd', 'X1'].map((c) => cardValue(c, 'players=2'))).toEqual([1, 7, 10, 0]);
    expect(cardValue('Kd', 'face_values=ranked')).toBe(13);
    expect(deckCards('deck=forty jokers=2')).toHaveLength(42);
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
