import { describe, expect, it } from 'vitest';
import { botWords, hintWords, offeredBots, nameBots, presetWords, rankGroupLabel } from '../src/words';
import { listed } from './moves';
import type { View } from '../src/view';
import { exampleView } from './fixtures';

describe('words for people', () => {
  it('names presets in words with a line about each, and keeps the server\'s description for others', () => {
    expect(presetWords('P-STD').name).toBe('Standard');
    expect(presetWords('P-RUSH').name).toBe('Rushville (Rush)');
    expect(presetWords('P-BATON').about).toMatch(/40-card/);
    expect(presetWords('P-NEW', 'a new house game')).toEqual({ name: 'A new house game', about: '' });
  });

  it('names bot levels', () => {
    expect(['random', 'greedy', 'mc:200', 'mc'].map(botWords)).toEqual(['Random', 'Medium', 'Hard', 'Hard']);
    expect(['beginner', 'easy', 'medium', 'hard', 'expert'].map(botWords)).toEqual(['Beginner', 'Easy', 'Medium', 'Hard', 'Expert']);
    expect(botWords('future')).toBe('future');
  });

  it('offers the levels alone when the server lists them', () => {
    expect(offeredBots(['beginner', 'easy', 'medium', 'hard', 'expert', 'random', 'greedy', 'mc:200'])).toEqual(['beginner', 'easy', 'medium', 'hard', 'expert']);
    expect(offeredBots(['random', 'greedy'])).toEqual(['random', 'greedy']);
  });

  it('labels by-rank groups as ranks, not card codes', () => {
    expect([1, 2, 6, 10, 11, 13, 0].map(rankGroupLabel)).toEqual(['Aces', 'Twos', 'Sixes', 'Tens', 'Jacks', 'Kings', 'Jokers']);
  });

  it('says the hint in a sentence with its reason from the hand, and how much better in words, not numbers', () => {
    const v = { ...exampleView(), hand: ['7h', '8h', 'Kc', '2d', '3s'], count: 30, top_discard: '9h' } as View;
    expect(hintWords([{ ...listed('take'), value: 0.3 }, { ...listed('stock'), value: 0.1 }, { ...listed('drop'), value: -0.6 }], v))
      .toBe('Take discard: 9♥ goes with your 7♥ 8♥. Much better than dropping.');
    expect(hintWords([{ ...listed('stock'), value: 0.1 }, { ...listed('drop'), value: -0.3 }, { ...listed('take'), value: -0.35 }], { ...v, top_discard: 'Qd' }))
      .toBe('Draw from stock: your count of 30 is too high to drop safely. Better than dropping.');
    expect(hintWords([{ ...listed('drop'), value: 0.5 }, { ...listed('take'), value: 0.45 }], { ...v, count: 4 }))
      .toBe('Drop: your count of 4 is likely the lowest at the table. A little better than taking the discard.');
    expect(hintWords([{ ...listed('discard', { cards: ['Kc'] }), value: -1 }, { ...listed('discard', { cards: ['3s'] }), value: -1.2 }], v))
      .toBe('Discard K♣: it is your highest card that fits no spread. Better than discarding 3♠.');
    expect(hintWords([{ ...listed('spread', { cards: ['7h', '8h', '9h'], form: { kind: 'run', suit: 'h', places: ['7', '8', '9'] } }), value: 1 }], { ...v, hand: ['7h', '8h', '9h', '2d'] }))
      .toBe('Spread 7♥ 8♥ 9♥: laying it takes 24 off your count.');
    expect(hintWords([{ ...listed('stock'), value: 0.1 }, { ...listed('take'), value: -0.1 }], { ...v, top_discard: 'Qd' }))
      .toBe('Draw from stock: Q♦ on the pile fits nothing in your hand. Better than taking the discard.');
    // Without the view: what the values say, still without numbers.
    expect(hintWords([{ ...listed('stock'), value: 0.1 }, { ...listed('drop'), value: -0.3 }])).toBe("Draw from stock: you're likely to be caught if you drop now. Better than dropping.");
    expect(hintWords([])).toBe('No hint for this position.');
    expect(hintWords([{ ...listed('stock'), value: 0.1 }, { ...listed('drop'), value: -0.3 }], v)).not.toMatch(/\d\.\d/);
  });

  it('reckons the hint\'s counts and neighbours from the view\'s card_values, as the engine sends them', () => {
    const v = { ...exampleView(), hand: ['7h', 'Jh', 'Kc', '2d', '3s'], count: 32, top_discard: '9h' } as View;
    // Ranked faces (V17): the jack counts 11 and the king 13, as the engine says, not 10.
    const ranked = { ...v, card_values: { ...v.card_values, J: 11, Q: 12, K: 13 } };
    expect(hintWords([{ ...listed('spread', { cards: ['Jh', 'Qh', 'Kh'], form: { kind: 'run', suit: 'h', places: ['J', 'Q', 'K'] } }), value: 1 }], { ...ranked, hand: ['Jh', 'Qh', 'Kh', '2d'] }))
      .toBe('Spread J♥ Q♥ K♥: laying it takes 36 off your count.');
    // The 40-card deck (V11): no 8, 9 or 10, so the 6 and the jack are next to the 7.
    const forty = { ...v, top_discard: '6h', card_values: { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, J: 10, Q: 10, K: 10 } };
    expect(hintWords([{ ...listed('take'), value: 0.3 }, { ...listed('stock'), value: 0.1 }], forty))
      .toBe('Take discard: 6♥ goes with your 7♥ J♥. Better than drawing from the stock.');
    // Without card_values (an older server) no number is made up.
    const bare = { ...v, hand: ['7h', '8h', '9h', '2d'] } as View;
    delete bare.card_values;
    expect(hintWords([{ ...listed('spread', { cards: ['7h', '8h', '9h'], form: { kind: 'run', suit: 'h', places: ['7', '8', '9'] } }), value: 1 }], bare)).not.toMatch(/takes \d+/);
  });

  it('gives bots players\' names, the same seat the same name, never a name a person at the table has', () => {
    const seats = [{ name: 'Ruby', kind: 'person' }, { name: 'greedy', kind: 'bot', bot: 'greedy' }, { name: 'mc:200', kind: 'bot', bot: 'mc:200' }];
    const named = nameBots(seats);
    expect(named.map((s) => s.name)).toEqual(['Ruby', 'Mae', 'Cal']);
    expect(nameBots(seats).map((s) => s.name)).toEqual(named.map((s) => s.name));
    expect(nameBots([{ name: 'Bo', kind: 'person' }, { name: 'greedy', kind: 'bot', bot: 'greedy' }])[1].name).toBe('Otis');
  });
});
