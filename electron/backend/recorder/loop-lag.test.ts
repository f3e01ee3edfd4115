// The recorder measures its own event-loop stalls (Recording.recorderLag), as the capture proxy
// does. A fast server in this process writes its whole answer at once, then blocks the loop (the
// recorder's loop too: a loaded machine) for 250 ms: the bytes wait in the kernel and come in one
// read when the loop is back, a burst after a silence since the request that is ours, not the
// server's. The stall is in the recording, the store and its .ssrec.jsonl, and the burst is the
// recorder's (capture-lagged), not the path's (buffered-delivery).

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import type { Recording } from '../../../shared/index.ts';
import { parseSsrec, serializeSsrec } from '../../../shared/formats/ssrec.ts';
import { cleanTextStream } from '../../../shared/test/streams.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { recordStream } from './record.ts';

/** Keeps this thread's event loop from turning for `ms`. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose: the loop is blocked as by CPU contention.
  }
}

const duration = ([from, to]: readonly [number, number]): number => to - from;
const codesOf = (recording: Recording) => analyzeRecording(recording).diagnostics.map((found) => found.code);
const WORDS = Array.from({ length: 30 }, (_, i) => ` w${i}`);

describe('a recording whose own event loop is blocked while a fast server answers', () => {
  let server: Server;
  let url: string;
  /** Set per test: how long the server blocks the loop once it has written the answer. */
  let stallMs = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(cleanTextStream(WORDS));
        block(stallMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps the 250 ms stall, through the store and the file, and the burst it made is capture-lagged, not buffered-delivery', async () => {
    stallMs = 250;
    const store = openStore(tempDbPath());
    try {
      const result = await recordStream({ url, headers: {}, body: { model: 'm', messages: [] }, store });
      expect(result.recording.end!.outcome).toBe('eof');
      const lag = result.recording.recorderLag!;
      const stalls = lag.filter((episode) => duration(episode) >= 200);
      expect(stalls).toHaveLength(1);
      expect(duration(stalls[0]!)).toBeGreaterThanOrEqual(240);

      const codes = result.analysis.diagnostics.map((found) => found.code);
      expect(codes).toContain('capture-lagged');
      expect(codes).not.toContain('buffered-delivery');
      expect(result.analysis.diagnostics.find((found) => found.code === 'capture-lagged')!.message).toMatch(
        /^The recorder lagged: its own event loop was blocked for \d+ ms at \d+ ms, so reads were coalesced there: the burst of 30 token events at \d+ ms came as it caught up/,
      );

      // The stored recording and its file keep the stalls, and a re-analysis says the same.
      const stored = store.get(result.id!)!;
      expect(stored.recorderLag).toEqual(lag);
      expect(codesOf(stored)).toEqual(codes);
      const file = parseSsrec(serializeSsrec(result.recording));
      if (!file.ok) throw new Error(file.error);
      expect(file.value.recorderLag).toEqual(lag);
      expect(codesOf(file.value)).toEqual(codes);

      // Without its stalls the same reads are buffered-delivery: the stall made the burst.
      const unmeasured: Recording = { ...result.recording, recorderLag: [] };
      expect(codesOf(unmeasured)).toContain('buffered-delivery');
      expect(codesOf(unmeasured)).not.toContain('capture-lagged');
    } finally {
      store.close();
    }
  }, 30_000);

  it('keeps no field when the loop never stalled, in the recording and in the store', async () => {
    stallMs = 0;
    const store = openStore(tempDbPath());
    try {
      const result = await recordStream({ url, headers: {}, body: { model: 'm', messages: [] }, store });
      expect(result.recording.recorderLag).toBeUndefined();
      expect('recorderLag' in store.get(result.id!)!).toBe(false);
    } finally {
      store.close();
    }
  }, 30_000);
});
