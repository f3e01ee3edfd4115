// A recording thread that falls behind (issue 27: 300 streams of 516 KB held 1.2 GB waiting for it):
// what waits for it is bounded; past the bound the client still gets every byte as fast, and the
// recording keeps the body's first bytes and ends truncated, saying how many it did not keep.

import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { writeChunk } from '../http/write-chunk.ts';
import type { HeldWorker } from './recording-thread/test-support.ts';
import type * as Thread from './recording-thread/thread.ts';
import { bodyOf, rawRequest, startTestProxy, startUpstream } from './test-support.ts';

const BOUND = 256 * 1024;
const held = vi.hoisted(() => ({ workers: [] as HeldWorker[] }));

// The proxy's recording thread, held until the test lets it go, with a bound the test can fill.
vi.mock('./recording-thread/thread.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Thread>();
  const { heldWorker } = await import('./recording-thread/test-support.ts');
  return {
    ...actual,
    createRecordingThread: (store: Parameters<typeof actual.createRecordingThread>[0]) =>
      actual.createRecordingThread(
        store,
        () => {
          const worker = heldWorker(store);
          held.workers.push(worker);
          return worker.worker;
        },
        { maxPendingBytes: BOUND },
      ),
  };
});

/** OpenAI's chunk, 1,000 bytes an event. */
const event = (index: number) => {
  const head = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{${index === 0 ? '"role":"assistant",' : ''}"content":"${String(index).padStart(6, '0')}`;
  const tail = '"},"finish_reason":null}]}\n\n';
  return head + 'x'.repeat(1000 - head.length - tail.length) + tail;
};
const EVENTS = 1000;
const SENT = Array.from({ length: EVENTS }, (_, index) => event(index)).join('') + 'data: [DONE]\n\n';

describe('a recording thread that falls behind', () => {
  it('holds at most the bound for it while the client gets every byte; the recording keeps the first bytes it took and ends truncated', async () => {
    const upstream = await startUpstream((req, res: ServerResponse) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let index = 0; index < EVENTS; index++) writeChunk(res, event(index));
      res.end('data: [DONE]\n\n');
    });
    const warning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const capture = await startTestProxy(upstream.url);
    try {
      const ended = capture.nextEnd();
      // The whole stream reaches the client while the recording thread handles nothing at all.
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, { body: { model: 'm', stream: true } });
      expect(answer.body.toString()).toBe(SENT);
      const [thread] = held.workers;
      // The relay posts reads in batches at most every 50 ms: the last ones may reach the thread after the client's last byte.
      await vi.waitFor(() => expect(thread!.waiting).toBeGreaterThan(BOUND - 64 * 1024), { timeout: 5000, interval: 10 });
      expect(thread!.waiting).toBeLessThanOrEqual(BOUND);
      thread!.release();

      const exchange = await ended;
      expect([exchange.outcome, exchange.bytes]).toEqual(['eof', SENT.length]);
      expect(exchange.findings.codes.filter((code) => code !== 'buffered-delivery')).toEqual(['recording-truncated']);
      const kept = [...thread!.received.values()][0]!;
      const stored = capture.recording(exchange);
      expect(stored.end).toEqual({ t: stored.end!.t, outcome: 'eof', truncated: { atBytes: kept, droppedBytes: SENT.length - kept, cause: 'recorder-behind' } });
      expect(bodyOf(stored).toString()).toBe(SENT.slice(0, kept));
      expect(thread!.maxWaiting).toBeLessThanOrEqual(BOUND);
      expect(warning).toHaveBeenCalledTimes(1);
    } finally {
      // A held thread keeps its exchange open, and the proxy's close waits for it: let it go first, so a failed expectation is reported, not a timeout.
      for (const worker of held.workers) worker.release();
      warning.mockRestore();
      await capture.close();
      await upstream.close();
    }
  });
});
