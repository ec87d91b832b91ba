import { describe, expect, it, vi } from 'vitest';
import { renderJoin } from '../src/lobbyView';
import { renderTable, TableHandlers, TableModel } from '../src/tableView';
import { exampleState, kStandardRules } from './fixtures';

function model(over: Partial<TableModel> = {}): TableModel {
  return { state: exampleState(), selected: new Set(), grouping: 'suit', log: [], hint: null, error: null,
    handOver: null, verify: null, showLedger: false, confirmDrop: false, link: 'http://127.0.0.1:8080/#/t/K7QX2M',
    commitment: 'cd'.repeat(32), flash: null, secondsLeft: 24, connected: true, ...over };
}
const handlers = () => new Proxy({}, { get: () => vi.fn() }) as unknown as TableHandlers;
const between = (waiting: number[]) => ({ ...exampleState(), status: 'between' as const, legal: [], to_move: -1, waiting_for: waiting });

describe('what a new player reads', () => {
  it('Next hand says once pressed that you are ready and whom the table still waits on', () => {
    const before = renderTable(model({ state: between([0, 1]) }), handlers());
    expect(before.querySelector('.dock .act-buttons button')!.textContent).toBe('Next hand');
    const after = renderTable(model({ state: between([1]) }), handlers());
    expect(after.querySelector('.dock .act-buttons button')!.textContent).toBe('Ready ✓ · waiting for greedy');
    expect(after.querySelector('.dock .act-buttons button')!.getAttribute('aria-disabled')).toBe('true');
    // Pressed here, before the server's next state says so.
    const pressed = renderTable(model({ state: between([0, 1]), readyHand: 1 }), handlers());
    expect(pressed.querySelector('.dock .act-buttons button')!.textContent).toBe('Ready ✓ · waiting for greedy');
  });

  it('labels a lone card\'s group with its suit\'s symbol, never a word cut short', () => {
    const root = renderTable(model(), handlers());
    const shown = [...root.querySelectorAll('.my-hand .group-label')].map((e) => e.textContent);
    expect(shown).toEqual(['♣ clubs', '♦ diamonds', '♥']);      // 5♥ is alone
    expect(root.querySelectorAll('.my-hand .group')[2].getAttribute('aria-label')).toBe('♥ hearts');
  });

  it('says the deal\'s commitment in plain words, the code after them', () => {
    const line = renderTable(model(), handlers()).querySelector('.fair-line')!;
    expect(line.querySelector('.fair-words')!.textContent).toBe('Deck sealed before the deal; check it after the hand');
    expect(line.textContent).not.toMatch(/commitment|SHA-256|seed/);
    expect(line.getAttribute('title')).toContain('cd'.repeat(32));
  });

  it('the page an invite opens shows the table\'s rules and who sits there', () => {
    const s = { ...exampleState(), seat: null, seats: [...exampleState().seats, { seat: 2, name: null, kind: 'open' as const, connected: false, auto: false }] };
    s.seats[1] = { ...s.seats[1], name: 'Otis' };
    const page = renderJoin('K7QX2M', '', null, { join: vi.fn(), watch: vi.fn(), home: vi.fn() }, { state: s, maxPlayers: 8 });
    expect([...page.querySelectorAll('.join-seats li')].map((e) => e.textContent)).toEqual(['Ann', 'Otis (Medium bot)', 'an open seat']);
    expect(page.querySelector('.table-about h2')!.textContent).toBe('Standard · hand 1');
    const rules = page.querySelector('.join-rules')!.textContent!;
    expect(rules).toContain('Rules of this table');
    expect(rules).toContain('Everyone gets five cards');
    expect(page.querySelector('button[type="submit"]')!.textContent).toBe('Join');
  });
});

describe('bots under players\' names in the log', () => {
  it('the server\'s sentence about a deal names the bot as the page does', async () => {
    const { eventLine } = await import('../src/history');
    const { nameBots } = await import('../src/words');
    const s = { ...exampleState(), seats: nameBots(exampleState().seats) };
    const e = { type: 'event' as const, table: s.table, hand: 1, seq: 0, actor: 1, action: null, move: null, drawn: null, auto: false, text: 'Hand 1 is dealt by greedy.' };
    expect(eventLine(s, e)).toBe('Hand 1 is dealt by Otis.');
    expect(eventLine(s, { ...e, text: 'greedy-ish greedy, (greedy)' })).toBe('greedy-ish Otis, (Otis)');
  });
});

describe('the lobby', () => {
  it('says a preset\'s rules in words, never as option names', async () => {
    const { renderLobby } = await import('../src/lobbyView');
    const presets = [{ name: 'P-BATON', description: 'Baton Rouge', rule_ids: ['V11'], max_players: 8, options: ['deck=forty', 'dealt_tonk_min=47'],
      rules: `${kStandardRules.replace('deck=full52', 'deck=forty').replace('dealt_tonk_min=49', 'dealt_tonk_min=47')}` }];
    const form = { name: 'Ann', preset: 'P-BATON', seats: 3, seatKinds: ['person', 'greedy'], turnSeconds: 0, hands: 0, botDelayMs: 700 };
    const page = renderLobby(presets, ['greedy'], form, null, { create: vi.fn(), openCode: vi.fn() }, vi.fn());
    expect(page.textContent).not.toMatch(/deck=forty|dealt_tonk_min/);
    const rules = page.querySelector('.preset-rules')!.textContent!;
    expect(rules).toContain('a 40-card deck (no 8s, 9s or 10s)');
    expect(rules).toContain('This table has three players (these rules allow 2 to 8)');
    expect([...page.querySelectorAll('select[name="seat2"] option')].map((o) => o.textContent)).toEqual(['a person (invite)', 'Medium bot']);
  });

  it('shows a preset\'s rules only from its full rule line, never filling gaps with defaults of its own', async () => {
    const { renderLobby } = await import('../src/lobbyView');
    const presets = [{ name: 'P-BATON', description: 'Baton Rouge', rule_ids: ['V11'], max_players: 8, options: ['deck=forty', 'dealt_tonk_min=47'] }];
    const form = { name: 'Ann', preset: 'P-BATON', seats: 3, seatKinds: ['person', 'greedy'], turnSeconds: 0, hands: 0, botDelayMs: 700 };
    const page = renderLobby(presets, ['greedy'], form, null, { create: vi.fn(), openCode: vi.fn() }, vi.fn());
    expect(page.querySelector('.preset-rules')).toBeNull();   // an older server's list: no line, no guess
  });
});
