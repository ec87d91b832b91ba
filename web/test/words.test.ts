import { describe, expect, it } from 'vitest';
import { botWords, hintWords, presetWords, rankGroupLabel } from '../src/words';

describe('words for people', () => {
  it('names presets in words with a line about each, and keeps the server\'s description for others', () => {
    expect(presetWords('P-STD').name).toBe('Standard');
    expect(presetWords('P-RUSH').name).toBe('Rushville (Rush)');
    expect(presetWords('P-BATON').about).toMatch(/40-card/);
    expect(presetWords('P-NEW', 'a new house game')).toEqual({ name: 'A new house game', about: '' });
  });

  it('names bot levels', () => {
    expect(['random', 'greedy', 'mc:200', 'mc'].map(botWords)).toEqual(['Random', 'Medium (greedy)', 'Hard (Monte Carlo)', 'Hard (Monte Carlo)']);
    expect(['beginner', 'easy', 'medium', 'hard', 'expert'].map(botWords)).toEqual(['Beginner', 'Easy', 'Medium', 'Hard', 'Expert']);
    expect(botWords('future')).toBe('future');
  });

  it('labels by-rank groups as ranks, not card codes', () => {
    expect([1, 2, 6, 10, 11, 13, 0].map(rankGroupLabel)).toEqual(['Aces', 'Twos', 'Sixes', 'Tens', 'Jacks', 'Kings', 'Jokers']);
  });

  it('says the hint in a sentence, against dropping when dropping is among the best', () => {
    expect(hintWords([{ id: 'stock', value: 0.1 }, { id: 'drop', value: -0.3 }], 'stakes'))
      .toBe("Draw from stock: you're likely to be caught if you drop now, 0.4 stakes better than dropping.");
    expect(hintWords([{ id: 'drop', value: 0.5 }, { id: 'take', value: 0.25 }], 'stakes'))
      .toBe('Drop: your count is likely the lowest, 0.25 stakes better than taking the discard.');
    expect(hintWords([{ id: 'discard Kd', value: -1 }, { id: 'discard 5h', value: -1.5 }], 'points'))
      .toBe('Discard K♦: expected to lose 1 point a hand, 0.5 points better than discarding 5♥.');
    expect(hintWords([], 'stakes')).toBe('No hint for this position.');
  });
});
