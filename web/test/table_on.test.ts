import { describe, expect, it } from 'vitest';
import { tableOn } from '../src/protocol';

// Following another server of the cluster (`elsewhere`, the public list's `host`): only to an
// http(s) server's own table page, never to any other link a reply might carry.
describe('tableOn', () => {
  it('opens the table page on the named server', () => {
    expect(tableOn('http://10.0.0.12:8080', 'K7QX2M')).toBe('http://10.0.0.12:8080/#/t/K7QX2M');
    expect(tableOn('https://eu2.tonk.example/', 'CJMXH2-66V6WZ2HKPDACSY77XPR')).toBe('https://eu2.tonk.example/#/t/CJMXH2-66V6WZ2HKPDACSY77XPR');
    expect(tableOn('https://tonk.example/eu2/', 'K7QX2M')).toBe('https://tonk.example/eu2/#/t/K7QX2M');
  });
  it('refuses what is not an http(s) server or a table code', () => {
    expect(tableOn(null, 'K7QX2M')).toBeNull();
    expect(tableOn('', 'K7QX2M')).toBeNull();
    expect(tableOn('javascript:alert(1)', 'K7QX2M')).toBeNull();
    expect(tableOn('not a url', 'K7QX2M')).toBeNull();
    expect(tableOn('http://10.0.0.12:8080', 'K7/../x')).toBeNull();
  });
});
