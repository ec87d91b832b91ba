// Quick play in the lobby (docs/WEB.md "Play now", docs/PROTOCOL.md `quick` and `tables`): a
// "Play now" choice (rules or any, seats or any, the bots' level) that seats the player at a public
// table waiting for people, or at a new one; the list of public tables waiting, each with a Join
// button; and the countdown a waiting table shows until bots fill its open seats.
import { h } from './dom';
import type { PresetInfo, PublicTable } from './protocol';
import { kMaxNameChars } from './names';
import { kBotLevels, presetWords } from './words';

export interface QuickForm {
  preset: string;          // a preset's name, or "any"
  seats: number | 'any';
  level: string;           // a bot level (words.ts kBotLevels)
}

export interface QuickHandlers {
  play(f: QuickForm): void;
  join(code: string, host?: string | null): void;   // host: another server's (the public list's `host`)
  typed(name: string): void;
}

export const kDefaultQuickForm: QuickForm = { preset: 'any', seats: 'any', level: 'medium' };

/** "Bots join in 17 s" while a public table waits for people; null when nothing counts down. */
export function botsInText(secondsLeft: number | null): string | null {
  if (secondsLeft === null) return null;
  return secondsLeft > 0 ? `Bots join in ${secondsLeft} s` : 'Bots are joining…';
}

/** The Play now panel; `name` the player's name (the lobby's, shared with Create a table). */
export function renderQuick(presets: PresetInfo[], form: QuickForm, name: string, hd: QuickHandlers): HTMLElement {
  const preset = presets.find((p) => p.name === form.preset);
  const maxSeats = Math.min(8, preset?.max_players ?? 8);
  if (form.seats !== 'any' && form.seats > maxSeats) form.seats = maxSeats;
  const pick = (e: Event) => (e.target as HTMLSelectElement).value;
  return h('form', { class: 'panel quick', 'aria-label': 'Play now', onsubmit: (e: Event) => { e.preventDefault(); hd.play(form); } },
    h('h2', {}, 'Play now'),
    h('p', { class: 'muted small' }, 'Sit at a public table with other people. When nobody else comes within a few seconds, bots take the empty seats.'),
    h('label', { class: 'row' }, `Your name (1 to ${kMaxNameChars} characters)`, h('input', { name: 'quick_name', required: true, value: name,
      autocomplete: 'nickname', oninput: (e: Event) => hd.typed((e.target as HTMLInputElement).value) })),
    h('div', { class: 'quick-row' },
      h('label', { class: 'row' }, 'Rules', h('select', { name: 'quick_preset', onchange: (e: Event) => { form.preset = pick(e); } },
        h('option', { value: 'any', selected: form.preset === 'any' }, 'Any rules'),
        presets.map((p) => h('option', { value: p.name, selected: p.name === form.preset }, presetWords(p.name, p.description).name)))),
      h('label', { class: 'row' }, 'Seats', h('select', { name: 'quick_seats', onchange: (e: Event) => { const v = pick(e); form.seats = v === 'any' ? 'any' : Number(v); } },
        h('option', { value: 'any', selected: form.seats === 'any' }, 'Any'),
        Array.from({ length: maxSeats - 1 }, (_, i) => i + 2).map((n) => h('option', { value: n, selected: n === form.seats }, String(n))))),
      h('label', { class: 'row' }, 'Bots if needed', h('select', { name: 'quick_level', onchange: (e: Event) => { form.level = pick(e); } },
        kBotLevels.map((l) => h('option', { value: l, selected: l === form.level }, l[0].toUpperCase() + l.slice(1)))))),
    h('button', { type: 'submit', class: 'primary', name: 'play_now' }, 'Play now'));
}

/** A duration in words: "12 s", "3 min". */
function waited(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min`;
}

/** The public tables waiting for people, each with its rules, seats taken and wait, and Join. */
export function renderPublicTables(tables: PublicTable[] | null, hd: QuickHandlers): HTMLElement {
  return h('section', { class: 'panel public-tables', 'aria-label': 'Public tables' },
    h('h2', {}, 'Public tables waiting'),
    tables === null ? h('p', { class: 'muted small' }, 'Looking…')
      : tables.length === 0 ? h('p', { class: 'muted small' }, 'None right now: press Play now to open one.')
      : h('ul', { class: 'public-list' }, tables.map((t) => h('li', { class: 'public-table', 'data-table': t.table },
        h('span', { class: 'public-about' },
          h('strong', {}, presetWords(t.preset).name),
          ` · ${t.people} of ${t.seats} seated · waiting ${waited(t.waited_ms)}`),
        h('button', { type: 'button', onclick: () => hd.join(t.table, t.host), 'aria-label': `Join table ${t.table}` }, 'Join')))));
}
