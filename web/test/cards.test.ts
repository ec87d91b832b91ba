import { describe, expect, it } from 'vitest';
import { cardName, cardText, groupHand, parseCard, splitCards } from '../src/cards';
import { cardFaceSvg } from '../src/cardSvg';

describe('cards', () => {
  it('parses the record notation and refuses what is not a card', () => {
    expect(parseCard('Th')).toEqual({ code: 'Th', joker: false, rank: 10, suit: 'h' });
    expect(parseCard('X2')).toEqual({ code: 'X2', joker: true, rank: 0, suit: null });
    expect(() => parseCard('1h')).toThrow("not a card: '1h'");
    expect(() => parseCard('Ahh')).toThrow();
    expect(splitCards('4h5h X1,6h')).toEqual(['4h', '5h', 'X1', '6h']);
  });

  it('names cards with their suit symbol and in words', () => {
    expect(cardText('Th')).toBe('10♥');
    expect(cardText('Qs')).toBe('Q♠');
    expect(cardText('X1')).toBe('Joker');
    expect(cardName('7h')).toBe('seven of hearts');
    expect(cardName('Ad')).toBe('ace of diamonds');
    expect(cardName('X3')).toBe('joker 3');
  });

  it('sorts and groups a hand by suit or by rank', () => {
    const hand = ['Kd', '5h', '2c', 'X1', 'Ac', '5c', '9d'];
    expect(groupHand(hand, 'suit')).toEqual([
      { label: '♣ clubs', cards: ['Ac', '2c', '5c'] },
      { label: '♦ diamonds', cards: ['9d', 'Kd'] },
      { label: '♥ hearts', cards: ['5h'] },
      { label: 'Jokers', cards: ['X1'] },
    ]);
    expect(groupHand(hand, 'rank').map((g) => g.label)).toEqual(['As', '2s', '5s', '9s', 'Ks', 'Jokers']);
    expect(groupHand(hand, 'rank')[2].cards).toEqual(['5c', '5h']);
  });

  it('draws a face with the rank and suit symbol, red for hearts, black for spades', () => {
    const heart = cardFaceSvg('Th');
    expect(heart).toContain('>10<');
    expect(heart).toContain('♥');
    expect(heart).toContain('#c0162c');
    const spade = cardFaceSvg('Qs');
    expect(spade).toContain('♠');
    expect(spade).not.toContain('#c0162c');
    expect(cardFaceSvg('X1')).toContain('JOKER');
  });
});
