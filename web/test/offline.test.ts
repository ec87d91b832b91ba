import { describe, expect, it } from 'vitest';
import serviceWorker from '../public/sw.js?raw';
import { recordHref } from '../src/offline';
import { kPageCache } from '../src/pageCache';
import { defaultOfflineForm, renderOffline } from '../src/offlineView';
import type { PresetsMsg } from '../src/protocol';

const presets: PresetsMsg = {
  type: 'presets',
  presets: [
    { name: 'P-STD', description: 'standard', rule_ids: [], max_players: 8, options: [] },
    { name: 'P-WASH', description: 'Washington', rule_ids: ['V14'], max_players: 2, options: [] },
  ],
  bots: ['random', 'greedy', 'mc', 'oracle'],
};

describe('the offline panel', () => {
  it('is absent when the page has no engine, and says it is loading while the engine loads', () => {
    expect(renderOffline('unavailable', null, defaultOfflineForm(), () => {}, () => {})).toBeNull();
    expect(renderOffline('loading', null, defaultOfflineForm(), () => {}, () => {})?.textContent).toMatch(/Loading/);
  });

  it('offers the difficulty levels alone when the engine has them, medium first chosen', () => {
    const form = defaultOfflineForm();
    const panel = renderOffline('ready', { ...presets, bots: ['beginner', 'easy', 'medium', 'hard', 'expert', 'random', 'greedy', 'mc:200', 'oracle'] },
      form, () => {}, () => {})!;
    expect([...panel.querySelectorAll('select[name=offline_bot] option')].map((o) => (o as HTMLOptionElement).value))
      .toEqual(['beginner', 'easy', 'medium', 'hard', 'expert']);
    expect(form.bot).toBe('medium');
  });

  it('offers 1 to 3 bots, fewer where the preset seats fewer, and never the omniscient bot', () => {
    const form = defaultOfflineForm();
    const panel = renderOffline('ready', presets, form, () => {}, () => {})!;
    expect([...panel.querySelectorAll('select[name=offline_opponents] option')].map((o) => o.textContent)).toEqual(['1', '2', '3']);
    expect([...panel.querySelectorAll('select[name=offline_bot] option')].map((o) => (o as HTMLOptionElement).value)).toEqual(['random', 'greedy', 'mc']);
    form.preset = 'P-WASH';
    form.opponents = 3;
    const two = renderOffline('ready', presets, form, () => {}, () => {})!;
    expect([...two.querySelectorAll('select[name=offline_opponents] option')].map((o) => o.textContent)).toEqual(['1']);
    expect(form.opponents).toBe(1);
  });

  it('starts the table with the form as chosen', () => {
    let played: unknown = null;
    const panel = renderOffline('ready', presets, { ...defaultOfflineForm(), seed: '7' }, (f) => { played = f; }, () => {})!;
    panel.dispatchEvent(new Event('submit'));
    expect(played).toMatchObject({ preset: 'P-STD', opponents: 1, bot: 'greedy', seed: '7' });
  });
});

describe('record links', () => {
  it('point at the server for an online table and at nothing yet for an offline hand not ended', () => {
    expect(recordHref('K7QX2M', 3)).toBe('/records/K7QX2M/3');
    expect(recordHref('OFFLINE', 1)).toBe('#');
  });
});

describe("the page's offline cache", () => {
  it('has one name in the service worker and in the worker that keeps the engine there', () => {
    expect(/const kCache = '([^']+)'/.exec(serviceWorker)?.[1]).toBe(kPageCache);
  });
});
