import { describe, expect, it } from 'vitest';
import { isLoopbackHost, kUnencryptedNote, unencryptedNote } from '../src/transport';

describe('the note on a plain-http page', () => {
  it('shows on plain http from another machine', () => {
    for (const hostname of ['tonk.test', '192.168.1.20', 'myhost', '[fe80::1]', '10.0.0.7', '128.0.0.1', '127.example.org']) {
      expect(unencryptedNote({ protocol: 'http:', hostname }), hostname).toBe(kUnencryptedNote);
    }
  });

  it('stays away over https and on this machine', () => {
    expect(unencryptedNote({ protocol: 'https:', hostname: 'tonk.example.org' })).toBeNull();
    expect(unencryptedNote({ protocol: 'https:', hostname: '192.168.1.20' })).toBeNull();
    for (const hostname of ['localhost', 'LOCALHOST', 'tonk.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) {
      expect(isLoopbackHost(hostname), hostname).toBe(true);
      expect(unencryptedNote({ protocol: 'http:', hostname }), hostname).toBeNull();
    }
  });

  it('says what is exposed and what to do, in plain words', () => {
    expect(kUnencryptedNote).toMatch(/^Not encrypted/);
    expect(kUnencryptedNote).toMatch(/your cards/);
    expect(kUnencryptedNote).toMatch(/https/);
  });
});
