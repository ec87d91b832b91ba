import { describe, expect, it } from 'vitest';
import { parseRoute, ruleValue } from '../src/app';
import { defaultSeatKinds } from '../src/lobbyView';

describe('routes and rules', () => {
  it('reads a table link, a watch link and anything else as the lobby', () => {
    expect(parseRoute('#/t/K7QX2M')).toEqual({ page: 'table', code: 'K7QX2M', watch: false });
    expect(parseRoute('#/t/k7qx2m/watch')).toEqual({ page: 'table', code: 'K7QX2M', watch: true });
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/t/<script>')).toEqual({ page: 'bad', link: '#/t/<script>' });
    expect(parseRoute('#/elsewhere')).toEqual({ page: 'home' });
  });

  it('reads an option from the rule line', () => {
    expect(ruleValue('players=3 hand_size=7 upcard=false', 'hand_size')).toBe('7');
    expect(ruleValue('players=3 hand_size=7 upcard=false', 'upcard')).toBe('false');
    expect(ruleValue('players=3', 'size')).toBeNull();
  });

  it('seats one bot by default and people elsewhere', () => {
    expect(defaultSeatKinds(2, ['random', 'greedy', 'mc:200'])).toEqual(['greedy']);
    expect(defaultSeatKinds(4, ['random', 'greedy'])).toEqual(['person', 'person', 'greedy']);
    expect(defaultSeatKinds(3, [])).toEqual(['person', 'person']);
  });
});
