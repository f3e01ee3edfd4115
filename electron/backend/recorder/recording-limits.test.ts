// The two bounds of a live recording (issue 27): its size cap, past which the exchange goes on and
// the recording keeps the body's first bytes; and the analysis' byte bound, past which the analysis
// stops and says so as a note about itself, never as a claim about the stream (partial-event).

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_CATALOGUE } from '../../../shared/analysis/diagnostics/catalogue.ts';
import { concatBytes } from '../../../shared/index.ts';
import { text } from '../../../shared/test/streams.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { beginLiveRecording } from './live-recording.ts';
import { recordStream } from './record.ts';

/** OpenAI's chunk, 1,000 bytes an event: a bound falls inside one. */
function event(index: number): string {
  const head = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{${index === 0 ? '"role":"assistant",' : ''}"content":"${String(index).padStart(6, '0')}`;
  const tail = '"},"finish_reason":null}]}\n\n';
  return head + 'x'.repeat(1000 - head.length - tail.length) + tail;
}

const FINISH = 'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
/** `count` events, then the finish and [DONE] (the upstream writes it 8,000 bytes a write: a bound falls inside a read too). */
const bodyOf = (count: number) => Array.from({ length: count }, (_, index) => event(index)).join('') + FINISH;

let server: Server;
let body = '';
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let at = 0; at < body.length; at += 8000) res.write(body.slice(at, at + 8000));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// The upstream runs in this process and writes its body at once: on a loaded machine a stall of the
// process arrives as a silence and then a burst, which buffered-delivery rightly names. What these
// tests pin is the bounds, so timing's finding is left out.
const codes = (diagnostics: readonly { code: string }[]) => diagnostics.map((diagnostic) => diagnostic.code).filter((code) => code !== 'buffered-delivery');

describe('record past its size cap', () => {
  it('gets every byte, stores exactly the first 64 KiB and ends truncated, with a recording-truncated note and nothing said of the stream it did not keep', async () => {
    body = bodyOf(300);
    const CAP = 64 * 1024;
    const received: Uint8Array[] = [];
    const store = openStore(tempDbPath());
    try {
      const result = await recordStream({ url, headers: {}, body: { model: 'm', messages: [] }, store, maxRecordingBytes: CAP, onRead: (_t, bytes) => received.push(bytes) });
      const truncated = { atBytes: CAP, droppedBytes: body.length - CAP, cause: 'size-cap' };
      expect(result.recording.end).toEqual({ t: result.recording.end!.t, outcome: 'eof', truncated });
      expect(codes(result.analysis.diagnostics)).toEqual(['recording-truncated']);
      expect(result.analysis.diagnostics.find((diagnostic) => diagnostic.code === 'recording-truncated')!.message).toBe(
        `The recording keeps the body's first 65,536 bytes, its size cap; the ${truncated.droppedBytes.toLocaleString('en-US')} bytes after them went on to the client and were not kept, so nothing is said of the stream's end.`,
      );
      // What the caller is given of the body (the --out file) is what the recording keeps.
      expect(text(concatBytes(received))).toBe(body.slice(0, CAP));

      const stored = store.get(result.id!)!;
      expect(text(concatBytes(stored.reads.map((read) => read.bytes)))).toBe(body.slice(0, CAP));
      expect(stored.end).toEqual(result.recording.end);
      expect(stored.summary.bytes).toBe(CAP);
      expect(codes(stored.summary.codes.map((code) => ({ code })))).toEqual(['recording-truncated']);
    } finally {
      store.close();
    }
  });

  it('keeps a body of exactly the cap whole, not truncated', async () => {
    body = bodyOf(3);
    const result = await recordStream({ url, headers: {}, body: { model: 'm', messages: [] }, maxRecordingBytes: body.length });
    expect(result.recording.end).toEqual({ t: result.recording.end!.t, outcome: 'eof' });
    expect(codes(result.analysis.diagnostics)).toEqual([]);
  });
});

describe('a live recording of a body just past the analysis bound', () => {
  it('stores every byte, and says the analysis read its first 1 MiB: analysis-limited, with no partial-event for the event the bound cut and no end-of-stream finding', () => {
    const BOUND = 1024 * 1024;
    const READ = 7777;
    // 1,049 events: 1,049,000 bytes, the finish past the bound of 1,048,576.
    const whole = bodyOf(1049);
    const store = openStore(tempDbPath());
    try {
      const live = beginLiveRecording({ startedAt: '2026-01-01T00:00:00.000Z', request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: {} }, secrets: [], store, maxAnalysisBytes: BOUND });
      live.response({ t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } });
      const bytes = new TextEncoder().encode(whole);
      for (let at = 0, t = 2; at < bytes.length; at += READ, t++) live.read(t, bytes.subarray(at, at + READ));
      const result = live.finish({ t: 200, outcome: 'eof' });

      // The analysis read 134 whole reads, 1,042,118 bytes: it stopped 118 bytes into event 1,042.
      expect([result.analysedWholeBody, result.analysis.stats.bytes, result.analysis.partial?.start]).toEqual([false, 134 * READ, 1_042_000]);
      expect(result.analysis.diagnostics).toEqual([
        {
          code: 'analysis-limited',
          severity: 'info',
          message: 'Analysed the first 1 MiB of 1,049,165 bytes: the analysis read 1,042,118 bytes (whole reads, up to its bound) and stopped, so nothing is said of the rest and the end-of-stream checks (partial-event, no-done, missing-finish-reason, tool calls, usage) are not made. Every byte is stored.',
          events: [],
          hint: STREAM_CATALOGUE['analysis-limited'].hint,
        },
      ]);
      const stored = store.get(result.id!)!;
      expect(text(concatBytes(stored.reads.map((read) => read.bytes)))).toBe(whole);
      expect(stored.end).toEqual({ t: 200, outcome: 'eof' });
      expect(codes(stored.summary.codes.map((code) => ({ code })))).toEqual(['analysis-limited']);
    } finally {
      store.close();
    }
  });
});
