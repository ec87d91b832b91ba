// The lobby's "Play offline" panel: you against 1 to 3 bots under any preset, computed in the page
// (offline.ts). Shown once the engine has loaded; a page without it (no tonk.wasm) plays online only.
import { h } from './dom';
import { kBotSpeeds, kDefaultBotDelayMs } from './pace';
import { botWords, offeredBots, presetWords } from './words';
import type { OfflineDeal } from './offline';
import type { PresetsMsg } from './protocol';

export interface OfflineForm {
  preset: string;
  opponents: number;   // 1..3 bots
  bot: string;         // their kind
  botDelayMs: number;
  seed: string;        // "" for a random deal; digits deal the same hands again
}

export function defaultOfflineForm(): OfflineForm {
  return { preset: 'P-STD', opponents: 1, bot: 'greedy', botDelayMs: kDefaultBotDelayMs, seed: '' };
}

/** The panel; `status` is the engine's (offline.ts). `play` starts the table. */
export function renderOffline(status: string, presets: PresetsMsg | null, form: OfflineForm, play: (f: OfflineForm) => void,
  redraw: () => void): HTMLElement | null {
  if (status === 'unavailable' || status === 'idle') return null;
  if (status === 'loading' || !presets) return h('p', { class: 'panel muted small offline-loading', role: 'status' }, 'Loading the offline table…');
  const preset = presets.presets.find((p) => p.name === form.preset) ?? presets.presets[0];
  const most = Math.min(3, (preset?.max_players ?? 4) - 1);
  if (form.opponents > most) form.opponents = most;
  const bots = offeredBots(presets.bots.filter((b) => !b.startsWith('oracle')));
  if (!bots.includes(form.bot) && bots.length > 0) form.bot = bots.includes('medium') ? 'medium' : bots[0];
  return h('form', { class: 'panel play-offline', 'aria-label': 'Play offline', onsubmit: (e: Event) => { e.preventDefault(); play(form); } },
    h('h2', {}, 'Play offline'),
    h('p', { class: 'muted small' }, 'You against bots, played in this page: no server, no connection needed.'),
    h('label', { class: 'row' }, 'Rules', h('select', { name: 'offline_preset', onchange: (e: Event) => { form.preset = (e.target as HTMLSelectElement).value; redraw(); } },
      presets.presets.map((p) => h('option', { value: p.name, selected: p.name === preset?.name }, presetWords(p.name, p.description).name)))),
    h('label', { class: 'row' }, 'Bots', h('select', { name: 'offline_opponents', onchange: (e: Event) => { form.opponents = Number((e.target as HTMLSelectElement).value); } },
      Array.from({ length: most }, (_, i) => i + 1).map((n) => h('option', { value: n, selected: n === form.opponents }, String(n))))),
    h('label', { class: 'row' }, 'Bot level', h('select', { name: 'offline_bot', onchange: (e: Event) => { form.bot = (e.target as HTMLSelectElement).value; } },
      bots.map((b) => h('option', { value: b, selected: b === form.bot }, botWords(b))))),
    h('label', { class: 'row' }, 'Bot speed', h('select', { name: 'offline_speed', onchange: (e: Event) => { form.botDelayMs = Number((e.target as HTMLSelectElement).value); } },
      kBotSpeeds.map((s) => h('option', { value: s.ms, selected: s.ms === form.botDelayMs }, s.label)))),
    h('label', { class: 'row' }, 'Deal from seed (optional)', h('input', { name: 'offline_seed', inputmode: 'numeric', pattern: '[0-9]{0,20}', value: form.seed,
      autocomplete: 'off', oninput: (e: Event) => { form.seed = (e.target as HTMLInputElement).value.trim(); } })),
    h('button', { type: 'submit', class: 'primary' }, 'Play offline'));
}

/**
 * What the end of an offline hand says in place of "Verify the deal": offline no server commits to a
 * deal before it is dealt (docs/PROTOCOL.md, "Provably fair deals"), so there is nothing the page
 * could prove; it says so, and names the seed, which any copy of the engine deals the same way.
 */
export function offlineDealNote(deal: OfflineDeal | null, hand: number): HTMLElement {
  const plain = 'Offline, no server fixes the deal in advance, so there is nothing to verify: this page shuffled the cards and plays the bots.';
  if (!deal) return h('p', { class: 'muted small offline-deal' }, plain);
  const command = ['tonk', 'sim', '--bots', 'random', '--preset', deal.preset, '--players', String(deal.players), '--hands', String(hand),
    '--seed', deal.seed, '--record', 'check.tonk'];
  return h('div', { class: 'offline-deal muted small', role: 'note' },
    h('p', {}, 'Dealt in this page from seed ', h('strong', { class: 'offline-seed' }, deal.seed), `. ${plain}`),
    h('p', {}, 'The same seed deals the same cards again, here (Deal from seed) and in the tonk program: ',
      h('code', {}, command.map((w, i) => [i ? ' ' : '', h('span', {}, w)]).flat()), ` writes hand ${hand} with this deck.`));
}

/**
 * The lobby's note when no server answers (the page hosted as static files, or the network off):
 * the online panels cannot open a table; Play offline, further down, needs no server.
 */
export function noServerNote(canPlayOffline: boolean): HTMLElement {
  return h('p', { class: 'panel small no-server', role: 'status' },
    'No server answers this page, so tables with other people cannot open. ',
    canPlayOffline ? h('button', { type: 'button', class: 'to-offline', onclick: () => {
      const form = document.querySelector<HTMLElement>('form.play-offline');
      form?.scrollIntoView({ block: 'start' });
      form?.querySelector<HTMLElement>('button[type=submit]')?.focus({ preventScroll: true });
    } }, 'Play offline against bots') : 'Online play needs a tonk server.');
}
