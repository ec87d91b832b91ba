// The You page and the leaderboards (src/meView.ts) and their routes (app.ts parseRoute).
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../src/app';
import { ratingText, renderLeaderboard, renderMe, type LeaderboardMsg, type MeHandlers } from '../src/meView';

const handlers: MeHandlers = { home: () => {}, leaderboard: () => {}, exportKey: () => {}, importKey: () => '', forget: () => {} };

describe('routes', () => {
  it('opens You and a group\'s leaderboard, P-STD when none is named', () => {
    expect(parseRoute('#/me')).toEqual({ page: 'me' });
    expect(parseRoute('#/leaderboard/p-rush')).toEqual({ page: 'leaderboard', group: 'P-RUSH' });
    expect(parseRoute('#/leaderboard')).toEqual({ page: 'leaderboard', group: 'P-STD' });
    expect(parseRoute('#/leaderboard/<b>')).toEqual({ page: 'home' });
  });
});

describe('You', () => {
  it('shows the rating ± deviation per group and the recent tables by their short code', () => {
    const page = renderMe({ type: 'player', known: true, name: 'Ann',
      standings: [{ group: 'P-STD', rating: 1562.3, deviation: 201.4, hands: 12, wins: {}, stakes_won: 7, listed: false }],
      recent: [{ table: 'K7QX2M-ABCDEF', hand: 4, group: 'P-STD', ended_ms: 0, result: -2 }] }, [], null, null, handlers);
    expect(page.querySelector('.me-name')?.textContent).toBe('Ann');
    expect(page.querySelector('.me-standing[data-group="P-STD"] .me-rating')?.textContent).toBe('1562 ± 201');
    expect(page.querySelector('.me-recent a')?.textContent).toBe('K7QX2M');
    expect(page.querySelector('.me-key')).toBeNull();
  });

  it('says when the server does not know the player, and shows the key once exported', () => {
    const page = renderMe({ type: 'player', known: false }, [], 'ab'.repeat(32), null, handlers);
    expect(page.textContent).toContain('does not know you');
    expect(page.querySelector('.me-key')?.textContent).toBe('ab'.repeat(32));
  });

  it('says why a pasted key is refused', () => {
    const page = renderMe(null, [], null, null, { ...handlers, importKey: () => 'a player key is 32 to 128 hex digits' });
    page.querySelector('form')?.dispatchEvent(new Event('submit'));
    expect(page.querySelector('.me-import-error')?.textContent).toBe('a player key is 32 to 128 hex digits');
  });
});

describe('leaderboard', () => {
  it('lists people by rank and the bots as labelled reference rows, by rating', () => {
    const board: LeaderboardMsg = { type: 'leaderboard', group: 'P-STD', max_deviation: 150,
      players: [{ rank: 1, name: 'Ann', rating: 1600, deviation: 90, hands: 40 }],
      bots: [{ level: 'random', rating: 1277, deviation: 7 }, { level: 'hard', rating: 1545, deviation: 15 }] };
    const page = renderLeaderboard('P-STD', board, [], { home: () => {}, me: () => {} });
    const rows = [...page.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['1Ann1600 ± 9040', 'Hard bot (bot)1545 ± 15—', 'Random bot (bot)1277 ± 7—']);
    expect(page.querySelectorAll('tr.board-bot').length).toBe(2);
    expect(ratingText(1499.6, 349.5)).toBe('1500 ± 350');
  });
});
