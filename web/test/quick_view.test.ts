// Quick play's page parts (src/quickView.ts): the countdown's words, Play now's choices, the public
// tables with Join, and the countdown on a waiting public table's turn line.
import { describe, expect, it } from 'vitest';
import { botsInText, kDefaultQuickForm, renderPublicTables, renderQuick } from '../src/quickView';
import type { PresetInfo, PublicTable, StateMsg } from '../src/protocol';
import { renderTable, TableModel } from '../src/tableView';
import { exampleState } from './fixtures';

const presets = [{ name: 'P-STD', description: 'the standard game', max_players: 8 }, { name: 'P-WASH', description: 'Washington state', max_players: 6 }] as PresetInfo[];
const noop = () => {};

function model(s: StateMsg, botsIn: number | null): TableModel {
  return { state: s, selected: new Set(), grouping: 'suit', log: [], hint: null, error: null, handOver: null, verify: null,
    showLedger: false, confirmDrop: false, link: '', commitment: null, flash: null, secondsLeft: null, connected: true, botsIn };
}

describe('quick play', () => {
  it('counts down to the bots in words', () => {
    expect(botsInText(17)).toBe('Bots join in 17 s');
    expect(botsInText(0)).toBe('Bots are joining…');
    expect(botsInText(null)).toBeNull();
  });

  it('offers any rules, any seats and the five levels, and sends the choices', () => {
    const sent: unknown[] = [];
    const form = { ...kDefaultQuickForm };
    const el = renderQuick(presets, form, 'Ann', { play: (f) => sent.push({ ...f }), join: noop, typed: noop });
    const options = (name: string) => [...el.querySelectorAll(`select[name="${name}"] option`)].map((o) => (o as HTMLOptionElement).value);
    expect(options('quick_preset')).toEqual(['any', 'P-STD', 'P-WASH']);
    expect(options('quick_seats')).toEqual(['any', '2', '3', '4', '5', '6', '7', '8']);
    expect(options('quick_level')).toEqual(['beginner', 'easy', 'medium', 'hard', 'expert']);
    expect((el.querySelector('input[name="quick_name"]') as HTMLInputElement).value).toBe('Ann');
    el.dispatchEvent(new Event('submit'));
    expect(sent).toEqual([{ preset: 'any', seats: 'any', level: 'medium' }]);
  });

  it('lists the public tables with their seats and wait, each with Join', () => {
    const joined: string[] = [];
    const t: PublicTable = { table: 'K7QX2M', preset: 'P-STD', seats: 3, people: 1, open: 2, waited_ms: 4200, bots_in_ms: 15800, level: 'easy', rated: true };
    const el = renderPublicTables([t], { play: noop, join: (c) => joined.push(c), typed: noop });
    expect(el.querySelector('.public-table')?.textContent).toContain('1 of 3 seated · waiting 4 s');
    (el.querySelector('.public-table button') as HTMLButtonElement).click();
    expect(joined).toEqual(['K7QX2M']);
    expect(renderPublicTables([], { play: noop, join: noop, typed: noop }).textContent).toContain('None right now');
  });

  it('shows the countdown on a waiting table only', () => {
    const handlers = { select: noop, act: noop, confirmDrop: noop, hint: noop, grouping: noop, ledger: noop, ready: noop, verify: noop,
      back: noop, leave: noop, end: noop, copyLink: noop, home: noop };
    const waiting = { ...exampleState(), status: 'waiting' as const, view: null, legal: [], bots_in_ms: 17000 };
    expect(renderTable(model(waiting, 17), handlers).querySelector('.bots-in')?.textContent).toBe('Bots join in 17 s');
    expect(renderTable(model(exampleState(), null), handlers).querySelector('.bots-in')).toBeNull();
  });
});
