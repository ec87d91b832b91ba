// The player's own page and the leaderboards (docs/WEB.md "You" and "Leaderboard"): `#/me` shows
// the name the server knows, the rating ± deviation in each preset group, the recent rated tables,
// and the key's tools (Export, Import, Forget me); `#/leaderboard/GROUP` the best rated players of a
// group with the bots' fixed ratings as reference rows, labelled as bots.
import { h } from './dom';
import type { PresetInfo } from './protocol';
import { shownCode } from './tableCode';
import { presetWords } from './words';

export interface Standing {
  group: string;
  rating: number;
  deviation: number;
  hands: number;
  wins: Record<string, number>;
  stakes_won: number;
  listed: boolean;
}
export interface RecentHand { table: string; hand: number; group: string; ended_ms: number; result: number }
export interface PlayerMsg {
  type: 'player';
  re?: number;
  known: boolean;
  name?: string;
  standings?: Standing[];
  recent?: RecentHand[];
}
export interface BoardRow { rank: number; name: string; rating: number; deviation: number; hands: number }
export interface LeaderboardMsg {
  type: 'leaderboard';
  re?: number;
  group: string;
  max_deviation: number;
  players: BoardRow[];
  bots: { level: string; rating: number; deviation: number }[];
}

export interface MeHandlers {
  home(): void;
  leaderboard(group: string): void;
  /** Shows the key (Export); copies it where the browser allows. */
  exportKey(): void;
  /** Takes a pasted key; returns why not ("" when taken). */
  importKey(text: string): string;
  forget(): void;
}

/** "1562 ± 201": a rating and its deviation, rounded. */
export function ratingText(rating: number, deviation: number): string {
  return `${Math.round(rating)} ± ${Math.round(deviation)}`;
}

function groupName(group: string, presets: PresetInfo[]): string {
  const p = presets.find((x) => x.name === group);
  return presetWords(group, p?.description).name;
}

/** The player's page; `page` null while the server's answer is on its way; `shownKey` the key once exported. */
export function renderMe(page: PlayerMsg | null, presets: PresetInfo[], shownKey: string | null, note: string | null, hd: MeHandlers): HTMLElement {
  let pasted = '';
  const standings = page?.standings ?? [];
  const recent = page?.recent ?? [];
  return h('main', { class: 'lobby me' },
    h('p', {}, h('a', { href: '#/', onclick: (e: Event) => { e.preventDefault(); hd.home(); } }, '← Lobby')),
    h('h1', {}, 'You'),
    page === null ? h('p', { class: 'muted' }, 'Asking the server…')
      : !page.known ? h('p', { class: 'muted' }, 'The server does not know you yet: play a rated table (Play now, people only) and your rating shows here.')
      : h('p', {}, 'Playing as ', h('strong', { class: 'me-name' }, page.name ?? '')),
    h('section', { class: 'panel', 'aria-label': 'Ratings' },
      h('h2', {}, 'Ratings'),
      standings.length === 0 ? h('p', { class: 'muted small' }, 'No rated hands yet.')
        : h('ul', { class: 'me-standings' }, standings.map((s) => h('li', { class: 'me-standing', 'data-group': s.group },
          h('strong', {}, groupName(s.group, presets)), ' ',
          h('span', { class: 'me-rating' }, ratingText(s.rating, s.deviation)),
          h('span', { class: 'muted small' }, ` · ${s.hands} rated hand${s.hands === 1 ? '' : 's'} · ${s.stakes_won >= 0 ? '+' : ''}${s.stakes_won} stakes`),
          ' · ', h('a', { href: `#/leaderboard/${s.group}` }, 'Leaderboard'))))),
    h('section', { class: 'panel', 'aria-label': 'Recent tables' },
      h('h2', {}, 'Recent rated tables'),
      recent.length === 0 ? h('p', { class: 'muted small' }, 'None yet.')
        : h('ul', { class: 'me-recent' }, recent.map((r) => h('li', {},
          h('a', { href: `#/t/${r.table}/watch` }, shownCode(r.table)), ` hand ${r.hand} · ${groupName(r.group, presets)} · `,
          h('span', { class: r.result > 0 ? 'good' : r.result < 0 ? 'bad' : '' }, `${r.result > 0 ? '+' : ''}${r.result}`))))),
    h('section', { class: 'panel', 'aria-label': 'Your key' },
      h('h2', {}, 'Your key'),
      h('p', { class: 'muted small' }, 'This browser keeps a secret player key: it is who you are here. Export it to play as yourself on another device; anyone holding it plays as you.'),
      h('button', { type: 'button', name: 'export_key', onclick: () => hd.exportKey() }, 'Export key'),
      shownKey ? h('p', {}, h('code', { class: 'me-key', 'data-focus': 'me-key' }, shownKey)) : null,
      h('form', { class: 'me-import', onsubmit: (e: Event) => {
        e.preventDefault();
        const why = hd.importKey(pasted);
        const out = (e.target as HTMLElement).querySelector('.me-import-error');
        if (out) out.textContent = why;
      } },
        h('label', { class: 'row' }, 'Import a key', h('input', { name: 'import_key', autocomplete: 'off', spellcheck: 'false',
          oninput: (e: Event) => { pasted = (e.target as HTMLInputElement).value; } })),
        h('button', { type: 'submit', name: 'import' }, 'Import key'),
        h('p', { class: 'error me-import-error', role: 'alert' }, '')),
      h('button', { type: 'button', name: 'forget', class: 'danger', onclick: () => hd.forget() }, 'Forget me'),
      note ? h('p', { class: 'muted small', role: 'status' }, note) : null));
}

/** A preset group's leaderboard; `board` null while it is on its way. */
export function renderLeaderboard(group: string, board: LeaderboardMsg | null, presets: PresetInfo[], hd: { home(): void; me(): void }): HTMLElement {
  type Row = { name: string; rating: number; deviation: number; bot: boolean; hands: number | null };
  const rows: Row[] = board === null ? [] : [
    ...board.players.map((p) => ({ name: p.name, rating: p.rating, deviation: p.deviation, bot: false, hands: p.hands })),
    ...board.bots.map((b) => ({ name: `${b.level[0].toUpperCase()}${b.level.slice(1)} bot`, rating: b.rating, deviation: b.deviation, bot: true, hands: null })),
  ].sort((a, b) => b.rating - a.rating);
  return h('main', { class: 'lobby leaderboard' },
    h('p', {}, h('a', { href: '#/', onclick: (e: Event) => { e.preventDefault(); hd.home(); } }, '← Lobby'), ' · ',
      h('a', { href: '#/me', onclick: (e: Event) => { e.preventDefault(); hd.me(); } }, 'You')),
    h('h1', {}, `Leaderboard: ${groupName(board?.group ?? group, presets)}`),
    board === null ? h('p', { class: 'muted' }, 'Asking the server…')
      : h('p', { class: 'muted small' }, `People whose rating is known within ±${Math.round(board.max_deviation)} points; bots for reference (they play no rated hands).`),
    board === null ? null : h('table', { class: 'board' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'Player'), h('th', {}, 'Rating'), h('th', {}, 'Hands'))),
      h('tbody', {}, rows.map((r) => h('tr', { class: r.bot ? 'board-bot' : 'board-player' },
        h('td', {}, r.bot ? '' : String(board.players.findIndex((p) => p.name === r.name) + 1)),
        h('td', {}, r.name, r.bot ? h('span', { class: 'muted small' }, ' (bot)') : null),
        h('td', {}, ratingText(r.rating, r.deviation)),
        h('td', {}, r.hands === null ? '—' : String(r.hands)))))),
    board !== null && board.players.length === 0 ? h('p', { class: 'muted small' }, 'Nobody is listed yet: ratings need a few rated periods to be sure enough.') : null);
}
