// Whether the page's connection is encrypted, said plainly. On plain http from another machine (a
// game on a home network: http://192.168.1.20:8080) the cards, the moves and the seat links travel
// readable by anyone on the network between; the page still works there (the deal verifies with the
// bundled SHA-256, fair.ts), and says so in one calm line.

/** True for a host name that is this very machine: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host)
    || host === '::1' || host === '0:0:0:0:0:0:0:1';
}

export const kUnencryptedNote = 'Not encrypted: this page comes over plain http, so anyone on the network between you and '
  + 'the server can read the game, your cards included. Fine among friends at home; over the internet, use an https address.';

/** The note for a page at `location`, or null when its connection is encrypted or stays on this machine. */
export function unencryptedNote(location: { protocol: string; hostname: string }): string | null {
  return location.protocol === 'http:' && !isLoopbackHost(location.hostname) ? kUnencryptedNote : null;
}
