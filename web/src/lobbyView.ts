// The lobby: make a table (preset, seats, bots, timer) or join one by its code; and the page a link
// opens (join a seat or watch).
import { shownCode } from './tableCode';
import { h } from './dom';
import type { PresetInfo, StateMsg } from './protocol';
import { kMaxNameChars } from './names';
import { kBotSpeeds } from './pace';
import { playerRules } from './rulesText';
import { rulesSectionsView } from './rulesView';
import { botWords, offeredBots, presetWords } from './words';

export interface CreateForm {
  name: string;
  preset: string;
  seats: number;
  seatKinds: string[];     // for seats 1..seats-1: "person" or a bot kind
  turnSeconds: number;
  hands: number;
  botDelayMs: number;      // the table's pace for its bots (pace.ts)
  chatText?: boolean;      // the table's chat takes free text, not only quick phrases
}

export interface LobbyHandlers {
  create(f: CreateForm): void;
  openCode(code: string): void;
}

/** The default seat kinds: one bot opponent (medium, or greedy, which plays as medium does, or the
 * first bot kind the server lists) and the rest people. */
export function defaultSeatKinds(seats: number, bots: string[]): string[] {
  const bot = ['medium', 'greedy'].find((k) => bots.includes(k)) ?? bots[0] ?? 'person';
  return Array.from({ length: seats - 1 }, (_, i) => (i === seats - 2 ? bot : 'person'));
}

export function renderLobby(presets: PresetInfo[], bots: string[], form: CreateForm, error: string | null, hd: LobbyHandlers,
  redraw: () => void): HTMLElement {
  const preset = presets.find((p) => p.name === form.preset);
  const maxSeats = Math.min(8, preset?.max_players ?? 8);
  if (form.seats > maxSeats) { form.seats = maxSeats; form.seatKinds = defaultSeatKinds(form.seats, bots); }
  const seatRows = form.seatKinds.map((kind, i) => h('label', { class: 'row' }, `Seat ${i + 2}`,
    h('select', { name: `seat${i + 1}`, onchange: (e: Event) => { form.seatKinds[i] = (e.target as HTMLSelectElement).value; } },
      h('option', { value: 'person', selected: kind === 'person' }, 'a person (invite)'),
      offeredBots(bots).map((b) => h('option', { value: b, selected: kind === b }, `${botWords(b)} bot`)))));
  const code = h('input', { name: 'code', autocomplete: 'off', maxlength: 2000, 'aria-label': 'Table code or invite link', placeholder: 'the invite link or K7QX2M-…' }) as HTMLInputElement;
  return h('main', { class: 'lobby' },
    h('h1', {}, 'Tonk'),
    h('p', { class: 'muted' }, 'Play the knock-rummy card game with friends and bots. Every deal can be verified.'),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    h('form', { class: 'panel', 'aria-label': 'Create a table', onsubmit: (e: Event) => { e.preventDefault(); hd.create(form); } },
      h('h2', {}, 'Create a table'),
      h('label', { class: 'row' }, `Your name (1 to ${kMaxNameChars} characters)`, h('input', { name: 'name', required: true, value: form.name, autocomplete: 'nickname',
        oninput: (e: Event) => { form.name = (e.target as HTMLInputElement).value; } })),
      h('label', { class: 'row' }, 'Rules', h('select', { name: 'preset', onchange: (e: Event) => { form.preset = (e.target as HTMLSelectElement).value; redraw(); } },
        presets.map((p) => h('option', { value: p.name, selected: p.name === form.preset }, presetWords(p.name, p.description).name)))),
      preset ? h('p', { class: 'muted small preset-about' }, presetWords(preset.name, preset.description).about || preset.description) : null,
      // The preset's rules in words, from its full rule line (the server's list), not as option names.
      preset?.rules ? h('details', { class: 'preset-rules small' }, h('summary', {}, 'Rules of this game'),
        rulesSectionsView(playerRules(`${preset.rules} players=${form.seats}`, maxSeats))) : null,
      h('label', { class: 'row' }, 'Seats', h('select', { name: 'seats', onchange: (e: Event) => {
        form.seats = Number((e.target as HTMLSelectElement).value); form.seatKinds = defaultSeatKinds(form.seats, bots); redraw(); } },
        Array.from({ length: maxSeats - 1 }, (_, i) => i + 2).map((n) => h('option', { value: n, selected: n === form.seats }, String(n))))),
      h('fieldset', {}, h('legend', {}, 'Seat 1: you'), seatRows),
      h('label', { class: 'row' }, 'Turn timer', h('select', { name: 'timer', onchange: (e: Event) => { form.turnSeconds = Number((e.target as HTMLSelectElement).value); } },
        [0, 30, 60, 120].map((s) => h('option', { value: s, selected: s === form.turnSeconds }, s ? `${s} seconds` : 'none')))),
      h('label', { class: 'row' }, 'Bot speed', h('select', { name: 'bot_speed', onchange: (e: Event) => { form.botDelayMs = Number((e.target as HTMLSelectElement).value); } },
        kBotSpeeds.map((s) => h('option', { value: s.ms, selected: s.ms === form.botDelayMs }, s.label)))),
      h('label', { class: 'row check-row' }, h('input', { type: 'checkbox', name: 'chat_text', checked: !!form.chatText,
        onchange: (e: Event) => { form.chatText = (e.target as HTMLInputElement).checked; } }), 'Free-text chat',
        h('span', { class: 'muted small' }, ' (quick phrases and emotes are always on)')),
      h('label', { class: 'row' }, 'Hands', h('select', { name: 'hands', onchange: (e: Event) => { form.hands = Number((e.target as HTMLSelectElement).value); } },
        [0, 5, 10, 20].map((n) => h('option', { value: n, selected: n === form.hands }, n ? String(n) : 'open-ended')))),
      h('button', { type: 'submit', class: 'primary' }, 'Create table')),
    h('form', { class: 'panel', 'aria-label': 'Join a table', onsubmit: (e: Event) => { e.preventDefault(); hd.openCode(code.value); } },
      h('h2', {}, 'Join or watch a table'),
      h('label', { class: 'row' }, 'Invite link or code', code),
      h('button', { type: 'submit' }, 'Open')));
}

export interface JoinHandlers {
  join(name: string): void;
  typed?(name: string): void;
  watch(): void;
  home(): void;
}

/**
 * Who sits at the table a link opens and what it plays, from the state its `watch` sent (bots by
 * their players' names, app.ts): the rules in words, the seats, and the table's whole rules to open.
 */
function tableAbout(state: StateMsg, maxPlayers: number | null): HTMLElement {
  const words = presetWords(state.preset);
  const seatText = (i: number) => {
    const s = state.seats[i];
    if (!s || s.kind === 'open') return 'an open seat';
    return s.kind === 'bot' ? `${s.name ?? `Seat ${i + 1}`} (${botWords(s.bot ?? '')} bot)` : s.name ?? `Seat ${i + 1}`;
  };
  const open = state.seats.filter((s) => s.kind === 'open').length;
  return h('section', { class: 'panel table-about', 'aria-label': 'This table' },
    h('h2', {}, `${words.name}${state.hand ? ` · hand ${state.hand}` : ''}`),
    words.about ? h('p', { class: 'muted small' }, words.about) : null,
    h('p', {}, `${state.seats.length} seats, ${open} open. At the table:`),
    h('ul', { class: 'join-seats' }, state.seats.map((_, i) => h('li', {}, seatText(i)))),
    h('details', { class: 'join-rules' }, h('summary', {}, 'Rules of this table'), rulesSectionsView(playerRules(state.rules, maxPlayers))));
}

export function renderJoin(code: string, name: string, error: string | null, hd: JoinHandlers,
  table: { state: StateMsg; maxPlayers: number | null } | null = null): HTMLElement {
  const input = h('input', { name: 'name', required: true, value: name, autocomplete: 'nickname',
    oninput: (e: Event) => hd.typed?.((e.target as HTMLInputElement).value) }) as HTMLInputElement;
  return h('main', { class: 'lobby' },
    h('h1', {}, `Table ${shownCode(code)}`),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    h('form', { class: 'panel', 'aria-label': 'Join this table', onsubmit: (e: Event) => { e.preventDefault(); hd.join(input.value.trim()); } },
      h('h2', {}, 'Take a seat'),
      h('label', { class: 'row' }, `Your name (1 to ${kMaxNameChars} characters)`, input),
      h('button', { type: 'submit', class: 'primary' }, 'Join')),
    table ? tableAbout(table.state, table.maxPlayers) : null,
    h('div', { class: 'panel' },
      h('button', { type: 'button', onclick: () => hd.watch() }, 'Just watch'), ' ',
      h('button', { type: 'button', onclick: () => hd.home() }, 'Back to the lobby')));
}

/** A `#/t/...` link that is not `#/t/CODE` or `#/t/CODE/watch`. */
export function renderBadLink(link: string, home: () => void): HTMLElement {
  return h('main', { class: 'lobby' },
    h('h1', {}, 'Tonk'),
    h('p', { class: 'error', role: 'alert' }, 'This table link is malformed: ', h('code', {}, link.slice(0, 80)),
      '. A table link looks like #/t/K7QX2M, or #/t/K7QX2M/watch to watch.'),
    h('button', { type: 'button', onclick: () => home() }, 'Back to the lobby'));
}

/** A link to a table the server does not have (said before any name is asked). */
export function renderMissing(code: string, home: () => void): HTMLElement {
  return h('main', { class: 'lobby' },
    h('h1', {}, `Table ${shownCode(code)}`),
    h('p', { class: 'error', role: 'alert' }, `There is no table ${shownCode(code)} on this server: the code may be mistyped, or the table has ended and is gone.`),
    h('button', { type: 'button', onclick: () => home() }, 'Back to the lobby'));
}

/** A table that has ended: one message, the final ledger and each hand's record when the server sent the last state. */
export function renderEnded(code: string, state: StateMsg | null, home: () => void): HTMLElement {
  const hands = state?.ledger?.hands ?? 0;
  const first = Math.max(1, hands - 19);   // the last 20 hands' records
  return h('main', { class: 'lobby ended' },
    h('h1', {}, `Table ${shownCode(code)}`),
    h('p', { role: 'status', class: 'ended-note' }, h('strong', {}, 'This table has ended.'),
      hands ? ` It played ${hands} hand${hands === 1 ? '' : 's'}.` : ''),
    state?.ledger ? h('section', { class: 'panel', 'aria-label': 'Final ledger' },
      h('h2', {}, 'Final ledger'),
      h('ul', { class: 'final-ledger' }, state.seats.map((s, i) => h('li', {},
        h('span', { class: 'name', title: s.name ?? '' }, s.name ?? `Seat ${i + 1}`), ': ',
        String((state.ledger!.net[i] ?? 0) > 0 ? `+${state.ledger!.net[i]}` : state.ledger!.net[i] ?? 0))))) : null,
    hands ? h('section', { class: 'panel', 'aria-label': 'Records' },
      h('h2', {}, 'Records'),
      h('ul', { class: 'records' }, Array.from({ length: hands - first + 1 }, (_, k) => first + k).map((n) =>
        h('li', {}, h('a', { href: `/records/${code}/${n}`, download: `tonk-${code}-${n}.tonk` }, `Hand ${n}`))))) : null,
    h('button', { type: 'button', onclick: () => home() }, 'Back to the lobby'));
}

/** Whether every seat of a table still being played is taken (by a person or a bot): a link can only watch it. */
export function seatsFull(s: StateMsg): boolean {
  return s.status !== 'over' && s.seats.length > 0 && s.seats.every((x) => x.kind !== 'open');
}

/** A link to a table whose every seat is taken: said before any name is asked; watching is offered. */
export function renderFull(code: string, hd: { watch(): void; home(): void }): HTMLElement {
  return h('main', { class: 'lobby' },
    h('h1', {}, `Table ${shownCode(code)}`),
    h('div', { class: 'panel full' },
      h('p', { role: 'status' }, 'Every seat at this table is taken, so you cannot join it. You can watch the game.'),
      h('button', { type: 'button', class: 'primary', onclick: () => hd.watch() }, 'Watch'), ' ',
      h('button', { type: 'button', onclick: () => hd.home() }, 'Back to the lobby')));
}
