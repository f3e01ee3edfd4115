// A header Node's HTTP client refuses to send (issue 17, "Keys": a value outside Latin-1, or with
// CR or LF) ends the exchange in error, never as a throw: thrown, it left the stored recording
// 'recording' for good, neither cancellable nor deletable.

import { describe, expect, it } from 'vitest';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { performExchange } from './exchange.ts';
import { recordStream } from './record.ts';

// Port 9 (discard) on loopback: nothing is ever sent there, since the request is refused first.
const URL = 'http://127.0.0.1:9/v1/chat/completions';
const TIMEOUTS = { firstByteMs: 5_000, idleMs: 5_000 };
const ignore = { response: () => {}, read: () => {} };

describe('an exchange whose headers Node cannot send', () => {
  it('ends in error naming the header, for a value outside Latin-1, a line break, or a name that is not a token', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'x-note': 'café €' }, 'cannot send the request: Invalid character in header content ["x-note"]'],
      [{ authorization: 'Bearer sk-€' }, 'cannot send the request: Invalid character in header content ["authorization"]'],
      [{ 'x-note': 'a\r\nx-injected: 1' }, 'cannot send the request: Invalid character in header content ["x-note"]'],
      [{ 'x note': 'a' }, 'cannot send the request: Header name must be a valid HTTP token ["x note"]'],
    ];
    for (const [headers, error] of cases) {
      expect(await performExchange({ method: 'POST', url: URL, headers, body: '{}' }, TIMEOUTS, ignore)).toEqual({ t: 0, outcome: 'error', error });
    }
  });

  it('leaves the stored recording ended as an error, with the reason, and deletable', async () => {
    const store = openStore(tempDbPath());
    try {
      const result = await recordStream({ url: URL, headers: { 'x-note': 'café €' }, body: { model: 'm', messages: [] }, store });
      expect(result.recording.end).toEqual({ t: 0, outcome: 'error', error: 'cannot send the request: Invalid character in header content ["x-note"]' });
      expect(store.summary(result.id!)).toMatchObject({ outcome: 'error', error: 'cannot send the request: Invalid character in header content ["x-note"]' });
      expect(store.delete(result.id!)).toBe(true);
      expect(store.get(result.id!)).toBeNull();
    } finally {
      store.close();
    }
  });
});
