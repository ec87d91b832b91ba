// Table chat (docs/PROTOCOL.md "Chat", docs/WEB.md "Chat"): the lines a table page has seen, the
// bubbles they show on their speakers' seats for a few seconds, and the seats this player muted
// (kept in localStorage per table: a muted seat's lines are hidden, its bubbles not shown). The
// phrases are the server's (`presets`' `chat`): the page keeps no copy of their texts.

/** A quick phrase or emote the server offers. */
export interface ChatPhrase { id: string; text: string }

/** One line as `chat` and `chat_log` carry it; `seat` and `name` null: a spectator's. */
export interface ChatLine { seat: number | null; name: string | null; phrase: string | null; text: string; at_ms: number }

export interface ChatMsg extends ChatLine { type: 'chat'; table: string }
export interface ChatLogMsg { type: 'chat_log'; table: string; lines: ChatLine[] }

/** How long a line shows as a bubble on its seat, ms. */
export const kBubbleMs = 5000;
/** The longest free-text line the server takes, in code points (docs/PROTOCOL.md). */
export const kMaxChatChars = 200;
/** The seat key of spectators' lines, for muting them all. */
export const kSpectators = -1;

/** A line in the table's log: the page's own lines are strings, chat lines keep who said them. */
export type LogLine = string | { chat: ChatLine };

/** A line's identity, to add each line once (a `chat_log` after a reconnect repeats lines seen live). */
export function lineKey(l: ChatLine): string {
  return `${l.at_ms}|${l.seat ?? 's'}|${l.phrase ?? ''}|${l.text}`;
}

/** Emotes (a phrase whose text is one emoji or symbol, no letters) show large in a bubble. */
export function isEmote(l: ChatLine): boolean {
  return l.phrase !== null && !/\p{L}/u.test(l.text);
}

/** Code points of `text`, as the server counts them. */
export function codePoints(text: string): number {
  return [...text].length;
}

/** Why `text` cannot be sent as a free-text line (the server's rule, what the page can see of it), or null. */
export function chatTextProblem(text: string): string | null {
  if (text.trim() === '') return 'Type something first.';
  const n = codePoints(text);
  if (n > kMaxChatChars) return `${n} characters: at most ${kMaxChatChars}.`;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text)) return 'Remove the invisible or control characters and line breaks.';
  return null;
}

/** The seat a line mutes under: its seat, or kSpectators. */
export function speakerKey(l: ChatLine): number {
  return l.seat ?? kSpectators;
}

/** The line keys a page remembers to add each line once: well over a `chat_log`'s 50. */
export const kSeenKept = 200;

/** What this page remembers of a table's chat: the lines seen, the bubbles showing, the muted seats. */
export class ChatBook {
  private readonly seen = new Set<string>();
  /** Seat -> its latest line and when its bubble goes. */
  readonly bubbles = new Map<number, { line: ChatLine; until: number }>();
  muted: Set<number>;

  constructor(readonly table: string, private readonly storage: Storage | null) {
    this.muted = new Set(readMuted(storage, table));
  }

  /**
   * Adds a line (live when `now` is given: it shows as a bubble until now + kBubbleMs). Returns
   * false for a line already added or from a muted seat (nothing to show).
   */
  add(l: ChatLine, now?: number): boolean {
    const key = lineKey(l);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    // A reconnection repeats at most the server's last 50 lines: older keys can go (a Set iterates
    // oldest first), so a long session does not grow the page.
    if (this.seen.size > kSeenKept) this.seen.delete(this.seen.values().next().value as string);
    if (now !== undefined && l.seat !== null && !this.muted.has(l.seat)) this.bubbles.set(l.seat, { line: l, until: now + kBubbleMs });
    return true;
  }

  /** The bubble of `seat` at `now`, or null (none, gone, or muted). */
  bubble(seat: number, now: number): ChatLine | null {
    const b = this.bubbles.get(seat);
    if (!b || b.until <= now || this.muted.has(seat)) return null;
    return b.line;
  }

  /** When the next bubble goes (to redraw then), or null when none shows. */
  nextExpiry(now: number): number | null {
    let next: number | null = null;
    for (const b of this.bubbles.values()) if (b.until > now && (next === null || b.until < next)) next = b.until;
    return next;
  }

  isMuted(l: ChatLine): boolean {
    return this.muted.has(speakerKey(l));
  }

  /** Mutes or unmutes a seat (kSpectators: every spectator), remembered for this table. */
  setMuted(seat: number, muted: boolean): void {
    if (muted) { this.muted.add(seat); this.bubbles.delete(seat); } else this.muted.delete(seat);
    try { this.storage?.setItem(mutedKey(this.table), JSON.stringify([...this.muted].sort((a, b) => a - b))); } catch { /* full or off */ }
  }
}

function mutedKey(table: string): string {
  return `tonk.chat.muted.${table}`;
}

function readMuted(storage: Storage | null, table: string): number[] {
  try {
    const v = JSON.parse(storage?.getItem(mutedKey(table)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}
