import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../src/protocol';

// A WebSocket whose closing the test controls: the browser reports a close later, asynchronously.
class ClosingSocket {
  static made: ClosingSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readyState = 0;
  constructor(readonly url: string) { ClosingSocket.made.push(this); }
  send(): void {}
  close(): void { setTimeout(() => this.onclose?.(), 0); }
}

afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); ClosingSocket.made = []; });

/** A connection opened over ClosingSocket, with the statuses it reports. */
function opened(): { c: Connection; status: boolean[] } {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', ClosingSocket);
  const c = new Connection('ws://127.0.0.1:1/ws');
  const status: boolean[] = [];
  c.onStatus = (up) => status.push(up);
  c.open();
  return { c, status };
}

describe("the server's connection", () => {
  it('closed by the page (going to an offline table) reports no loss and stops reconnecting', () => {
    const { c, status } = opened();
    ClosingSocket.made[0].onclose!();   // the server is unreachable: a retry is waiting
    expect(status).toEqual([false]);
    c.close();                          // the page leaves for its offline table
    vi.advanceTimersByTime(60_000);
    expect(status).toEqual([false]);    // no late "lost" from the socket it closed
    expect(ClosingSocket.made).toHaveLength(1);   // and no new socket from the waiting retry
  });

  it('lost by the network reports it and tries again', () => {
    const { c, status } = opened();
    c.drop();
    vi.advanceTimersByTime(600);
    expect(status).toEqual([false]);
    expect(ClosingSocket.made).toHaveLength(2);
  });
});
