// The player key on the page (src/identity.ts): drawn once from the CSPRNG and kept, imported only
// when the server would take it, replaced after *Forget me*.
import { describe, expect, it } from 'vitest';
import { importPlayerKey, kPlayerKeyItem, newPlayerKey, playerKey, playerKeyProblem, replacePlayerKey } from '../src/identity';

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

describe('identity', () => {
  it('draws 32 random bytes as 64 lowercase hex digits', () => {
    const key = newPlayerKey((b) => b.fill(0xab));
    expect(key).toBe('ab'.repeat(32));
    const real = newPlayerKey();
    expect(real).toMatch(/^[0-9a-f]{64}$/);
    expect(newPlayerKey()).not.toBe(real);
  });

  it('keeps the key: the same on every call, stored under its item', () => {
    const storage = memoryStorage();
    const key = playerKey(storage);
    expect(playerKey(storage)).toBe(key);
    expect(storage.getItem(kPlayerKeyItem)).toBe(key);
  });

  it('replaces a stored value that is no key', () => {
    const storage = memoryStorage();
    storage.setItem(kPlayerKeyItem, 'not a key');
    const key = playerKey(storage, (b) => b.fill(1));
    expect(key).toBe('01'.repeat(32));
  });

  it('checks a key as the server does', () => {
    expect(playerKeyProblem('a'.repeat(32))).toBe('');
    expect(playerKeyProblem(' ' + 'A'.repeat(128) + '\n')).toBe('');
    expect(playerKeyProblem('')).toMatch(/paste/);
    expect(playerKeyProblem('g'.repeat(64))).toMatch(/hex digits only/);
    expect(playerKeyProblem('a'.repeat(30))).toMatch(/32 to 128/);
    expect(playerKeyProblem('a'.repeat(130))).toMatch(/32 to 128/);
    expect(playerKeyProblem('a'.repeat(33))).toMatch(/even/);
  });

  it('imports only a valid key, trimmed and lowercased', () => {
    const storage = memoryStorage();
    const mine = playerKey(storage);
    expect(importPlayerKey('xyz', storage)).not.toBe('');
    expect(playerKey(storage)).toBe(mine);
    expect(importPlayerKey('  ' + 'AB'.repeat(20) + ' ', storage)).toBe('');
    expect(playerKey(storage)).toBe('ab'.repeat(20));
  });

  it('draws a new key after forget', () => {
    const storage = memoryStorage();
    const old = playerKey(storage, (b) => b.fill(2));
    expect(replacePlayerKey(storage, (b) => b.fill(3))).not.toBe(old);
    expect(playerKey(storage)).toBe('03'.repeat(32));
  });
});
