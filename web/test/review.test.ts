import { describe, expect, it } from 'vitest';
import { reviewNumber, reviewSection, ReviewResult } from '../src/review';
import { listed } from './moves';

// A review as `tonk review --json` writes one (two decisions: one best, one mistake).
const result: ReviewResult = {
  hand: 3, seat: 0, name: 'you', unit: 'stakes', threshold: 0.25, fair_search: 'expert', hindsight_search: 'oracle:20',
  hand_over: true, hindsight: true, forced: 1, unreviewed: 0, mistakes: 1, total_cost: 0.3,
  decisions: [
    { move: 0, turn: 1, played: 'stock', played_move: listed('stock'), choices: 2, mistake: false,
      fair: { played: 0.1, best: 0.1, best_action: 'stock', best_move: listed('stock'), cost: 0 },
      hindsight: { played: -1, best: 1, best_action: 'take', best_move: listed('take'), cost: 2 } },
    { move: 2, turn: 1, played: 'discard Kd', played_move: listed('discard', { cards: ['Kd'] }), choices: 5, mistake: true,
      fair: { played: -0.12, best: 0.18, best_action: 'discard 3d', best_move: listed('discard', { cards: ['3d'] }), cost: 0.3 },
      hindsight: { played: 1, best: 1, best_action: 'discard Kd', best_move: listed('discard', { cards: ['Kd'] }), cost: 0 } },
  ],
};

describe('the review of a hand', () => {
  it('shows each decision, marks the mistakes and keeps the hindsight apart, labelled', () => {
    const el = reviewSection({ hand: 3, result }, 3)!;
    const fair = el.querySelectorAll('table.review-fair tbody tr');
    expect(fair.length).toBe(2);
    expect(fair[0].textContent).toContain('Draw from stock');
    expect(fair[0].textContent).toContain('the same');
    expect(fair[0].classList.contains('mistake')).toBe(false);
    expect(fair[1].classList.contains('mistake')).toBe(true);
    expect(fair[1].textContent).toContain('Discard');
    expect(fair[1].textContent).toContain('✗ mistake');
    expect(fair[1].textContent).toContain('−0.12');
    expect(el.querySelector('table.review-hindsight caption')?.textContent).toMatch(/^Hindsight: .*knowing every card \(not a fair standard\)/);
    expect(el.querySelectorAll('table.review-hindsight .mistake-mark').length).toBe(0);  // hindsight never calls a move a mistake
    expect(el.querySelector('.review-total')?.textContent).toBe('2 decisions, 1 mistake, cost 0.30 stakes in all.');
  });

  it('shows nothing for another hand, and says why a review could not run', () => {
    expect(reviewSection({ hand: 2, result }, 3)).toBeNull();
    expect(reviewSection({ hand: 3, running: true }, 3)?.textContent).toBe('Reviewing your decisions…');
    expect(reviewSection({ hand: 3, error: 'Could not review: no engine' }, 3)?.textContent).toBe('Could not review: no engine');
  });

  it('has no hindsight table without hindsight', () => {
    const el = reviewSection({ hand: 3, result: { ...result, hindsight: false, hindsight_search: null } }, 3)!;
    expect(el.querySelector('table.review-hindsight')).toBeNull();
  });

  it('writes values with two decimals and a true minus', () => {
    expect(reviewNumber(0.125)).toBe('+0.13');
    expect(reviewNumber(-2)).toBe('−2.00');
    expect(reviewNumber(0)).toBe('0.00');
    expect(reviewNumber(0.3, false)).toBe('0.30');
  });
});
