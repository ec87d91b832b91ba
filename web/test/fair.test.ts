import { describe, expect, it } from 'vitest';
import { bytesToHex, dealMaterial, sha256, shuffleDeck, verifyDeal } from '../src/fair';

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
});
