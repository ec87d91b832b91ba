// The table chat on the page (src/chat.ts, src/chatView.ts): lines added once, bubbles that go,
// muted seats remembered per table, free text checked as the server would, and every text a player
// wrote put in the page as text (never markup, never a link).
import { describe, expect, it } from 'vitest';
import { ChatBook, chatTextProblem, isEmote, kBubbleMs, kSeenKept, kSpectators, type ChatLine } from '../src/chat';
import { kLogKept, trimLog } from '../src/history';
import { addBubbles, canWrite, chatPanel, logItems, speaker, type ChatHandlers } from '../src/chatView';
import type { StateMsg } from '../src/protocol';
import { exampleState } from './fixtures';

const line = (fields: Partial<ChatLine> = {}): ChatLine => ({ seat: 1, name: 'Bo', phrase: 'gg', text: 'Good game', at_ms: 1000, ...fields });

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() { return m.size; },
    clear: () => m.clear(),
    getItem: (k: string) => m.get(k) ?? null,
    key: (i: number) => [...m.keys()][i] ?? null,
    removeItem: (k: string) => { m.delete(k); },
    setItem: (k: string, v: string) => { m.set(k, v); },
  };
}

const noHandlers: ChatHandlers = { open: () => {}, say: () => {}, draft: () => {}, mute: () => {} };

describe('ChatBook', () => {
  it('adds a line once: a chat_log after a reconnect repeats the lines seen live', () => {
    const book = new ChatBook('K7', null);
    expect(book.add(line(), 0)).toBe(true);
    expect(book.add(line(), 0)).toBe(false);
    expect(book.add(line({ at_ms: 2000 }))).toBe(true);
  });

  it('remembers a bounded number of lines: a long session does not grow the page', () => {
    const book = new ChatBook('K7', null);
    for (let i = 0; i < kSeenKept + 50; ++i) expect(book.add(line({ at_ms: i }))).toBe(true);
    // The server repeats at most its last 50 lines after a reconnect: those are still known.
    for (let i = kSeenKept; i < kSeenKept + 50; ++i) expect(book.add(line({ at_ms: i }))).toBe(false);
    expect(book.add(line({ at_ms: 0 }))).toBe(true);  // long forgotten
    const log = Array.from({ length: kLogKept + 30 }, (_, i) => `line ${i}`);
    trimLog(log);
    expect(log.length).toBe(kLogKept);
    expect(log[log.length - 1]).toBe(`line ${kLogKept + 29}`);
  });

  it('names a line by who said it, even when the seat changed hands since', () => {
    const s: StateMsg = { ...exampleState(), seat: 0 };
    const mine = s.seats[0].name;
    expect(speaker(s, line({ seat: 0, name: mine }))).toBe('You');
    expect(speaker(s, line({ seat: 0, name: 'Zed' }))).toBe('Zed');
    expect(speaker(s, line({ seat: 1, name: 'Once Bo' }))).toBe('Once Bo');
  });

  it('shows a live line as a bubble on its seat until it goes', () => {
    const book = new ChatBook('K7', null);
    book.add(line(), 10_000);
    expect(book.bubble(1, 10_000)?.text).toBe('Good game');
    expect(book.nextExpiry(10_000)).toBe(10_000 + kBubbleMs);
    expect(book.bubble(1, 10_000 + kBubbleMs)).toBeNull();
    expect(book.nextExpiry(10_000 + kBubbleMs)).toBeNull();
    book.add(line({ at_ms: 5, seat: null, name: null }), 10_000);   // a spectator's: no seat to show it on
    expect([...book.bubbles.keys()]).toEqual([1]);
    book.add(line({ at_ms: 6, seat: 0 }));   // from a chat_log: no bubble
    expect(book.bubble(0, 10_000)).toBeNull();
  });

  it('remembers muted seats per table, and a muted seat shows no bubble', () => {
    const storage = memoryStorage();
    const book = new ChatBook('K7', storage);
    book.add(line(), 0);
    book.setMuted(1, true);
    book.setMuted(kSpectators, true);
    expect(book.bubble(1, 0)).toBeNull();
    expect(book.isMuted(line())).toBe(true);
    expect(book.isMuted(line({ seat: null }))).toBe(true);
    expect(new ChatBook('K7', storage).muted).toEqual(new Set([1, kSpectators]));
    expect(new ChatBook('OTHER', storage).muted.size).toBe(0);
    book.setMuted(1, false);
    expect(new ChatBook('K7', storage).muted).toEqual(new Set([kSpectators]));
    storage.setItem('tonk.chat.muted.BAD', '{"not": "a list"}');
    expect(new ChatBook('BAD', storage).muted.size).toBe(0);
  });
});

describe('free text', () => {
  it('is checked as the server checks it: 200 code points, no control or format characters', () => {
    expect(chatTextProblem('hello')).toBeNull();
    expect(chatTextProblem('é'.repeat(200))).toBeNull();
    expect(chatTextProblem('😀'.repeat(200))).toBeNull();   // 400 UTF-16 units, 200 code points
    expect(chatTextProblem('x'.repeat(201))).toMatch(/^201 characters/);
    expect(chatTextProblem('   ')).not.toBeNull();
    expect(chatTextProblem('two\nlines')).not.toBeNull();
    expect(chatTextProblem('zero\u200Bwidth')).not.toBeNull();
    expect(chatTextProblem('line\u2028break')).not.toBeNull();   // U+2028: a line break that is not a control character
  });

  it('tells emotes from phrases', () => {
    expect(isEmote(line({ phrase: 'thumbs', text: '👍' }))).toBe(true);
    expect(isEmote(line())).toBe(false);
    expect(isEmote(line({ phrase: null, text: '👍' }))).toBe(false);   // free text is never an emote
  });
});

describe('the chat in the page', () => {
  const state = (fields: Partial<StateMsg> = {}): StateMsg => ({ ...exampleState(), ...fields });

  it('puts a line in the log and its bubble on the seat as text, never markup', () => {
    const s = state();
    const evil = line({ phrase: null, text: '<img src=x onerror=alert(1)> <a href="https://x.test">x</a>', seat: 1 });
    const book = new ChatBook(s.table, null);
    book.add(evil, Date.now());
    const m = { state: s, log: ['Hand 1 is dealt.', { chat: evil }], chat: book };
    const items = logItems(m);
    expect(items.length).toBe(2);
    expect(items[1].textContent).toBe(`${speaker(s, evil)}: ${evil.text}`);
    expect(items[1].querySelector('img, a')).toBeNull();
    const root = document.createElement('main');
    root.innerHTML = '<div class="seat" data-seat="1"></div>';
    addBubbles(root, m, Date.now());
    const bubble = root.querySelector('[data-bubble="1"]')!;
    expect(bubble.textContent).toBe(evil.text);
    expect(bubble.querySelector('img, a')).toBeNull();
    book.setMuted(1, true);
    expect(logItems(m).length).toBe(1);   // a muted seat's lines are left out
  });

  it('lets seats write, and spectators only where the table allows it', () => {
    expect(canWrite(state({ seat: 0 }))).toBe(true);
    expect(canWrite(state({ seat: null }))).toBe(false);
    expect(canWrite(state({ seat: null, chat: { text: false, spectators: true } }))).toBe(true);
    expect(canWrite(state({ seat: 0, status: 'over' }))).toBe(false);
  });

  it('offers the server\'s phrases, and a text box only where free text is on', () => {
    const phrases = [{ id: 'gg', text: 'Good game' }, { id: 'thumbs', text: '👍' }];
    const base = { log: [], chatOpen: true, chatPhrases: phrases };
    const off = chatPanel({ ...base, state: state({ seat: 0, chat: { text: false, spectators: false } }) }, noHandlers)!;
    expect([...off.querySelectorAll('[data-phrase]')].map((b) => b.getAttribute('data-phrase'))).toEqual(['thumbs', 'gg']);
    expect(off.querySelector('input.chat-text')).toBeNull();
    const on = chatPanel({ ...base, state: state({ seat: 0, chat: { text: true, spectators: false } }) }, noHandlers)!;
    expect(on.querySelector('input.chat-text')).not.toBeNull();
    const watcher = chatPanel({ ...base, state: state({ seat: null }) }, noHandlers)!;
    expect(watcher.querySelectorAll('[data-phrase][disabled]').length).toBe(2);
    expect(chatPanel({ ...base, chatOpen: false, state: state() }, noHandlers)).toBeNull();
  });
});
