// Provably fair deals, checked in the browser (docs/PROTOCOL.md, "Provably fair deals", tonk-deal/1;
// a record's fair-deal lines: docs/RECORDS.md "Fair-deal lines").
// Everything here is recomputed with SHA-256 from what the server revealed after the hand; nothing is
// taken on trust but the set of cards in the deck (checked against the rules' deck size by the caller
// when known).
import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { bySuitKey } from './cards';

export const kDealVersion = 'tonk-deal/1';

export interface Contribution { seat: number; entropy: string }

export interface FairReveal {
  version: string;
  server_seed: string;   // hex
  commitment: string;    // hex, SHA-256(server_seed)
  contributions: Contribution[];
  deck: string[];        // the deck order dealt, as the server says
}

/**
 * Which SHA-256 this page computes with: Web Crypto's where the browser offers it (https, or http on
 * this very machine), else @noble/hashes' (audited, dependency-free TypeScript, bundled). Browsers
 * withhold `crypto.subtle` from a plain-http page on any other origin (`http://192.168.1.20:8080`,
 * a LAN game), and the deal must verify there too. Both give the same digests (web/test/fair.test.ts).
 */
export function sha256Source(): 'Web Crypto' | '@noble/hashes' {
  return globalThis.crypto?.subtle ? 'Web Crypto' : '@noble/hashes';
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error(`not hex: '${hex.slice(0, 16)}'`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; ++i) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of `data`, from the source sha256Source() names. */
export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return new Uint8Array(await subtle.digest('SHA-256', data));
  return nobleSha256(data);
}

/** The text hashed for hand `hand` (step 3): version, seed, hand number, one line per contribution by seat. */
export function dealMaterial(serverSeedHex: string, hand: number, contributions: Contribution[]): string {
  const lines = [kDealVersion, serverSeedHex.toLowerCase(), String(hand)];
  for (const c of [...contributions].sort((a, b) => a.seat - b.seat)) lines.push(`${c.seat}:${c.entropy.toLowerCase()}`);
  return lines.map((l) => l + '\n').join('');
}

/** A stream of 32-bit words: SHA-256(digest || u32be(i)) for i = 0, 1, ..., eight big-endian words each. */
class WordStream {
  private block: Uint8Array | null = null;
  private index = 0;
  private word = 8;
  constructor(private readonly digest: Uint8Array) {}
  async next(): Promise<number> {
    if (this.word === 8) {
      const input = new Uint8Array(this.digest.length + 4);
      input.set(this.digest);
      new DataView(input.buffer).setUint32(this.digest.length, this.index++, false);
      this.block = await sha256(input);
      this.word = 0;
    }
    const w = new DataView(this.block!.buffer).getUint32(4 * this.word, false);
    ++this.word;
    return w;
  }
}

/** The deck order of tonk-deal/1 (step 4): Fisher-Yates over `cards` (in card order) with rejection sampling. */
export async function shuffleDeck(cards: string[], digest: Uint8Array): Promise<string[]> {
  const deck = [...cards].sort((a, b) => bySuitKey(a) - bySuitKey(b));
  const words = new WordStream(digest);
  for (let j = deck.length - 1; j >= 1; --j) {
    const bound = j + 1;
    const limit = Math.floor(0x100000000 / bound) * bound;
    let w = await words.next();
    while (w >= limit) w = await words.next();
    const k = w % bound;
    [deck[j], deck[k]] = [deck[k], deck[j]];
  }
  return deck;
}

/**
 * The commitment of the hand in play, for a `state` (docs/PROTOCOL.md "state"): the one this
 * browser saw published before the deal (`stored`) when it has it, else the server's `fair.current`
 * (a page reloaded mid-hand, or opened after the deal). Null when no hand is in play.
 */
export function handCommitment(
  s: { hand: number; status: string; fair: { current?: { hand: number; commitment: string } | null } | null },
  stored: string | null,
): string | null {
  if (s.status !== 'playing') return null;
  if (stored) return stored;
  const current = s.fair?.current;
  return current && current.hand === s.hand ? current.commitment : null;
}

/** What the dealt hand the client saw must be, to check it against the deck (docs/RECORDS.md "Deck"). */
export interface SeenDeal {
  seat: number;          // the reader's seat
  players: number;
  dealer: number;
  handSize: number;
  hand: string[];        // the reader's hand as dealt
  upcard: string | null; // the upcard seen at the deal
  commitment: string | null; // the commitment published before the deal, when the client saw it
}

export interface VerifyResult {
  ok: boolean;
  checks: { what: string; ok: boolean }[];
  deck: string[];
  sha256: ReturnType<typeof sha256Source>;  // what computed the hashes
}

/** Recomputes hand `hand`'s deck from the reveal and says, check by check, whether it matches. */
export async function verifyDeal(hand: number, reveal: FairReveal, seen: SeenDeal | null): Promise<VerifyResult> {
  const checks: { what: string; ok: boolean }[] = [];
  checks.push({ what: `version is ${kDealVersion}`, ok: reveal.version === kDealVersion });
  const seedHash = bytesToHex(await sha256(hexToBytes(reveal.server_seed)));
  checks.push({ what: 'SHA-256(server seed) equals the commitment', ok: seedHash === reveal.commitment.toLowerCase() });
  if (seen?.commitment) {
    checks.push({ what: 'the commitment is the one published before the deal', ok: seen.commitment.toLowerCase() === reveal.commitment.toLowerCase() });
  }
  const material = new TextEncoder().encode(dealMaterial(reveal.server_seed, hand, reveal.contributions));
  const digest = await sha256(material);
  const deck = await shuffleDeck(reveal.deck, digest);
  checks.push({ what: 'the deck recomputed in this browser equals the deck dealt', ok: deck.join() === reveal.deck.join() });
  if (seen) {
    const mine: string[] = [];
    for (let k = 0; k < seen.players * seen.handSize; ++k) {
      if ((seen.dealer + 1 + k) % seen.players === seen.seat) mine.push(deck[k]);
    }
    const sortKey = (a: string, b: string) => bySuitKey(a) - bySuitKey(b);
    checks.push({ what: 'your dealt hand came from that deck', ok: [...mine].sort(sortKey).join() === [...seen.hand].sort(sortKey).join() });
    if (seen.upcard) checks.push({ what: 'the upcard came from that deck', ok: deck[seen.players * seen.handSize] === seen.upcard });
  }
  return { ok: checks.every((c) => c.ok), checks, deck, sha256: sha256Source() };
}

/** 16 random bytes in hex, the browser's contribution to the next deal (step 2). */
export function newEntropy(): string {
  const b = new Uint8Array(16);
  globalThis.crypto.getRandomValues(b);
  return bytesToHex(b);
}

/**
 * The reveal as a hand's record carries it, for a page that was not there when the hand ended (a
 * reload between hands): the fair-deal lines of docs/RECORDS.md "Fair-deal lines" (`# fair:`,
 * `# fair-seed:`, `# fair-commitment:`, `# fair-contribution: SEAT:HEX`, written exactly so, blanks
 * and CR at the end ignored) and the `Deck` tag. The text is one hand's record (GET /records/CODE/N),
 * so the lines are read wherever they are in it; a `fair-` line before any `# fair:` is not one.
 * Null when the record has no fair lines.
 */
export function revealFromRecord(text: string): FairReveal | null {
  let version = '';
  let seed = '';
  let commitment = '';
  const contributions: Contribution[] = [];
  let deck: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/[ \r]+$/, '');
    let m: RegExpExecArray | null;
    if ((m = /^# fair: (\S+)$/.exec(line))) version = m[1];
    else if (version && (m = /^# fair-seed: ([0-9a-fA-F]+)$/.exec(line))) seed = m[1];
    else if (version && (m = /^# fair-commitment: ([0-9a-fA-F]+)$/.exec(line))) commitment = m[1];
    else if (version && (m = /^# fair-contribution: ([0-7]):([0-9a-fA-F]+)$/.exec(line))) contributions.push({ seat: Number(m[1]), entropy: m[2] });
    else if ((m = /^\[Deck "([^"]*)"\]/.exec(line.trim()))) deck = m[1].trim().split(/\s+/);
  }
  if (!version || !seed) return null;
  return { version, server_seed: seed, commitment, contributions, deck };
}
