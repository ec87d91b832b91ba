/// <reference types="vite/client" />
import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { describe, expect, it, vi } from 'vitest';
import { bytesToHex, dealMaterial, hexToBytes, revealFromRecord, sha256, sha256Source, shuffleDeck, verifyDeal } from '../src/fair';
import servedHand from './served_hand.tonk?raw';  // a hand as `tonk serve` recorded it (GET /records/CODE/1)

const deck52 = ['c', 'd', 'h', 's'].flatMap((s) => [...'A23456789TJQK'].map((r) => r + s));

describe('provably fair (tonk-deal/1)', () => {
  it('hashes with Web Crypto SHA-256', async () => {
    expect(bytesToHex(await sha256(new TextEncoder().encode('abc'))))
      .toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('writes the material with one line per contribution, by seat', () => {
    expect(dealMaterial('AB01', 3, [{ seat: 2, entropy: 'FF' }, { seat: 0, entropy: '0a' }]))
      .toBe('tonk-deal/1\nab01\n3\n0:0a\n2:ff\n');
    expect(dealMaterial('ab', 1, [])).toBe('tonk-deal/1\nab\n1\n');
  });

  it('shuffles to a permutation fixed by the digest', async () => {
    const d1 = await shuffleDeck(deck52, new Uint8Array(32));
    const d2 = await shuffleDeck([...deck52].reverse(), new Uint8Array(32));
    expect(d1).toEqual(d2);                       // the start is the card order, whatever order it is given in
    expect([...d1].sort()).toEqual([...deck52].sort());
    expect(d1).not.toEqual(deck52);
    const other = await shuffleDeck(deck52, new Uint8Array(32).fill(1));
    expect(other).not.toEqual(d1);
  });

  it('verifies a consistent reveal and catches a wrong seed, deck or dealt hand', async () => {
    const seed = '11'.repeat(32);
    const commitment = bytesToHex(await sha256(new Uint8Array(32).fill(0x11)));
    const contributions = [{ seat: 0, entropy: 'a1b2' }];
    const digest = await sha256(new TextEncoder().encode(dealMaterial(seed, 4, contributions)));
    const deck = await shuffleDeck(deck52, digest);
    // Two players, dealer 1: seat 0 gets cards 0, 2, 4, 6, 8; the upcard is card 10.
    const seen = { seat: 0, players: 2, dealer: 1, handSize: 5, hand: [deck[8], deck[0], deck[2], deck[4], deck[6]], upcard: deck[10], commitment };
    const good = await verifyDeal(4, { version: 'tonk-deal/1', server_seed: seed, commitment, contributions, deck }, seen);
    expect(good.checks.map((c) => [c.what, c.ok])).toEqual([
      ['version is tonk-deal/1', true],
      ['SHA-256(server seed) equals the commitment', true],
      ['the commitment is the one published before the deal', true],
      ['the deck recomputed in this browser equals the deck dealt', true],
      ['your dealt hand came from that deck', true],
      ['the upcard came from that deck', true],
    ]);
    expect(good.ok).toBe(true);
    const wrongHand = await verifyDeal(5, { version: 'tonk-deal/1', server_seed: seed, commitment, contributions, deck }, null);
    expect(wrongHand.ok).toBe(false);
    const swapped = [...deck];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect((await verifyDeal(4, { version: 'tonk-deal/1', server_seed: seed, commitment, contributions, deck: swapped }, null)).ok).toBe(false);
    const badSeen = { ...seen, hand: [deck[1], deck[0], deck[2], deck[4], deck[6]] };
    const r = await verifyDeal(4, { version: 'tonk-deal/1', server_seed: seed, commitment, contributions, deck }, badSeen);
    expect(r.checks.find((c) => c.what === 'your dealt hand came from that deck')!.ok).toBe(false);
    const badCommit = await verifyDeal(4, { version: 'tonk-deal/1', server_seed: seed, commitment: '00'.repeat(32), contributions, deck }, null);
    expect(badCommit.checks[1].ok).toBe(false);
  });
});

describe('the reveal read from a record', async () => {
  const { revealFromRecord } = await import('../src/fair');
  it('reads the fair comment lines and the deck', () => {
    const text = ['[Game "Tonk"]', '[Hand "3"]', '[Deck "Ah 5s 2h"]', '# fair: tonk-deal/1', '# fair-seed: ' + 'ab'.repeat(32),
      '# fair-commitment: ' + 'cd'.repeat(32), '# fair-contribution: 0:a1b2', '# fair-contribution: 2:ff', '0 stock'].join('\n');
    expect(revealFromRecord(text)).toEqual({ version: 'tonk-deal/1', server_seed: 'ab'.repeat(32), commitment: 'cd'.repeat(32),
      contributions: [{ seat: 0, entropy: 'a1b2' }, { seat: 2, entropy: 'ff' }], deck: ['Ah', '5s', '2h'] });
    expect(revealFromRecord('[Game "Tonk"]\n0 stock')).toBeNull();
  });

  it('reads the lines as docs/RECORDS.md writes them, and no look-alikes', () => {
    const seed = 'ab'.repeat(32);
    const served = ['# fair: tonk-deal/1 \r', `# fair-seed: ${seed}\r`, '# fair-commitment: ' + 'cd'.repeat(32),
      '# fair-contribution: 1:ff', '[Game "Tonk"]', '[Deck "Ah 5s"]'].join('\n');
    expect(revealFromRecord(served)).toEqual({ version: 'tonk-deal/1', server_seed: seed, commitment: 'cd'.repeat(32),
      contributions: [{ seat: 1, entropy: 'ff' }], deck: ['Ah', '5s'] });
    // Not the documented form: no blank after '#', a blank before it, a seat of two digits.
    expect(revealFromRecord(`#fair: tonk-deal/1\n# fair-seed: ${seed}`)).toBeNull();
    expect(revealFromRecord(` # fair: tonk-deal/1\n# fair-seed: ${seed}`)).toBeNull();
    expect(revealFromRecord(`# fair: tonk-deal/1\n# fair-seed: ${seed}\n# fair-contribution: 12:ff`)!.contributions).toEqual([]);
    // A fair- line before its `# fair:` line belongs to no group.
    expect(revealFromRecord(`# fair-seed: ${seed}\n# fair: tonk-deal/1`)).toBeNull();
  });
});

// A page on plain http from another machine has no crypto.subtle (not a secure context): the deal is
// then hashed by @noble/hashes, which must give exactly Web Crypto's digests.
const webCrypto = globalThis.crypto;
const webDigest = async (data: Uint8Array) => bytesToHex(new Uint8Array(await webCrypto.subtle.digest('SHA-256', data)));

/** Runs `f` as on a page without Web Crypto (crypto.getRandomValues stays, as browsers keep it there). */
async function withoutWebCrypto<T>(f: () => Promise<T>): Promise<T> {
  vi.stubGlobal('crypto', { getRandomValues: <A extends ArrayBufferView | null>(a: A) => webCrypto.getRandomValues(a) });
  try {
    return await f();
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('SHA-256 without Web Crypto (plain http on a LAN)', () => {
  it('uses Web Crypto where there is one, @noble/hashes where there is none', async () => {
    expect(sha256Source()).toBe('Web Crypto');
    await withoutWebCrypto(async () => {
      expect(globalThis.crypto.subtle).toBeUndefined();
      expect(sha256Source()).toBe('@noble/hashes');
      expect(bytesToHex(await sha256(new TextEncoder().encode('abc'))))
        .toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    });
  });

  it('gives Web Crypto\'s digest for every length around the block boundaries and for a large input', async () => {
    const inputs: Uint8Array[] = [];
    for (let n = 0; n <= 200; ++n) inputs.push(Uint8Array.from({ length: n }, (_, i) => (i * 151 + n * 7) & 0xff));
    const large = new Uint8Array(1 << 20);
    for (let at = 0; at < large.length; at += 65536) webCrypto.getRandomValues(large.subarray(at, at + 65536));
    inputs.push(large);
    for (const input of inputs) {
      expect(bytesToHex(nobleSha256(input)), `${input.length} bytes`).toBe(await webDigest(input));
    }
  });

  it('hashes a served hand\'s real verification inputs as Web Crypto does, and verifies its deal the same way', async () => {
    const reveal = revealFromRecord(servedHand)!;  // `tonk verify` accepts it too
    expect(reveal.deck).toHaveLength(52);
    // Every input the verification hashes: the seed, the deal material, and the word stream's blocks
    // (digest || u32be(i)) for as many blocks as a 52-card shuffle can draw.
    const material = new TextEncoder().encode(dealMaterial(reveal.server_seed, 1, reveal.contributions));
    const digest = hexToBytes(await webDigest(material));
    const inputs = [hexToBytes(reveal.server_seed), material];
    for (let i = 0; i < 64; ++i) {
      const block = new Uint8Array(digest.length + 4);
      block.set(digest);
      new DataView(block.buffer).setUint32(digest.length, i, false);
      inputs.push(block);
    }
    for (const input of inputs) expect(bytesToHex(nobleSha256(input))).toBe(await webDigest(input));

    const withWebCrypto = await verifyDeal(1, reveal, null);
    const withFallback = await withoutWebCrypto(() => verifyDeal(1, reveal, null));
    expect(withWebCrypto.ok).toBe(true);
    expect(withWebCrypto.sha256).toBe('Web Crypto');
    expect(withFallback.sha256).toBe('@noble/hashes');
    expect(withFallback.ok).toBe(true);
    expect(withFallback.checks).toEqual(withWebCrypto.checks);
    expect(withFallback.deck).toEqual(reveal.deck);
    // And a wrong reveal fails the same way through the fallback.
    const tampered = { ...reveal, server_seed: reveal.server_seed.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    const refused = await withoutWebCrypto(() => verifyDeal(1, tampered, null));
    expect(refused.ok).toBe(false);
    expect(refused.checks).toEqual((await verifyDeal(1, tampered, null)).checks);
  });
});
