// The relay under backpressure: clients that stop reading and start again, many at once, while
// the CPU is busy elsewhere, get every byte the upstream sent. The upstream's bytes are text with
// multi-byte characters cut across writes, as a fast model's stream is, and the proxy's reads of
// them are smaller than 64 KiB: a read that size crossing the buffer bound once paused the
// upstream for a 'drain' that Node never emits, and the stream stopped for ever.

import type { ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, startTestProxy, startUpstream } from './test-support.ts';
import type { TestProxy } from './test-support.ts';

const STREAMS = 4;
/** ~9 MB a stream: well past what the kernel's socket buffers hold for a client that stops reading (~5 MB on Linux's loopback). */
const EVENTS = 20_000;
/** Odd-sized upstream writes: their boundaries fall inside the two-byte characters. */
const PIECE = 16_001;
/** A stream that gets no byte for this long has stalled. */
const QUIET_MS = 5_000;
/** Each client stops reading for FIRST_STOP_MS at its first read (before the kernel widens its window; long enough for the proxy to hold the upstream), then STOP_MS every MiB. */
const FIRST_STOP_MS = 1_500;
const STOP_MS = 100;
const STOP_EVERY = 1024 * 1024;

const TEXT = 'über naïve Björk café, ';
const event = (stream: number, index: number) => `data: {"id":"chatcmpl-${stream}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"${TEXT.repeat(14)}${index}"},"finish_reason":null}]}\n\n`;

function streamBody(stream: number): Buffer {
  const events = Array.from({ length: EVENTS }, (_, index) => event(stream, index));
  return Buffer.from(`${events.join('')}data: [DONE]\n\n`);
}

/** Writes `body` in PIECE-sized writes as fast as the socket takes them (write()'s answer and 'drain' respected), a turn of the event loop apart. */
function pump(res: ServerResponse, body: Buffer): void {
  let at = 0;
  const next = (): void => {
    if (res.destroyed) return;
    if (at >= body.length) return void res.end();
    const piece = body.subarray(at, at + PIECE);
    at += piece.length;
    if (res.write(piece)) setImmediate(next);
    else res.once('drain', next);
  };
  next();
}

interface Received {
  readonly body: Buffer;
  /** Why the client gave up: null when the stream ended. */
  readonly stalled: string | null;
}

/** One streaming request through the proxy, read with pauses; gives up after QUIET_MS without a byte. */
function readThrough(base: string, stream: number): Promise<Received> {
  return new Promise((resolve) => {
    const reads: Buffer[] = [];
    let got = 0;
    let nextStop = 1;
    let quiet: NodeJS.Timeout | undefined;
    const done = (stalled: string | null): void => {
      clearTimeout(quiet);
      req.destroy();
      resolve({ body: Buffer.concat(reads), stalled });
    };
    const watch = (): void => {
      clearTimeout(quiet);
      quiet = setTimeout(() => done(`no byte for ${QUIET_MS} ms after ${got} bytes`), QUIET_MS);
    };
    const req = httpRequest(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', (error) => done(`request failed: ${error.message}`));
    req.on('response', (res) => {
      watch();
      res.on('data', (bytes: Buffer) => {
        reads.push(bytes);
        got += bytes.length;
        watch();
        if (got >= nextStop) {
          const first = nextStop < STOP_EVERY;
          nextStop = first ? STOP_EVERY : nextStop + STOP_EVERY;
          res.pause();
          setTimeout(() => res.resume(), first ? FIRST_STOP_MS : STOP_MS);
        }
      });
      res.on('end', () => done(res.complete ? null : `cut after ${got} bytes`));
    });
    req.end(JSON.stringify({ model: 'm', stream: true, user: String(stream) }));
  });
}

/** A thread that keeps one core busy until stopped (or 60 s at most). */
function busyCore(): Worker {
  return new Worker(
    `const { parentPort } = require('node:worker_threads');
     let stop = false;
     parentPort.on('message', () => { stop = true; });
     const until = Date.now() + 60000;
     const spin = () => { const slice = Date.now() + 50; while (Date.now() < slice) {} if (!stop && Date.now() < until) setImmediate(spin); else process.exit(0); };
     spin();`,
    { eval: true },
  );
}

describe('backpressure', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  const bodies = Array.from({ length: STREAMS }, (_, stream) => streamBody(stream));

  beforeAll(async () => {
    upstream = await startUpstream((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (piece: string) => (text += piece));
      req.on('end', () => {
        const stream = Number((JSON.parse(text) as { user: string }).user);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        pump(res, bodies[stream]!);
      });
    });
  });
  afterAll(() => upstream.close());

  it('cuts characters across the upstream writes (the case the relay must not care about)', () => {
    const cut = bodies[0]!.subarray(PIECE - 1, PIECE + 1);
    // 0xC3 opens ü, ï, ö, é in UTF-8: a write ending on it leaves the character's second byte to the next.
    const splits = Array.from({ length: Math.floor(bodies[0]!.length / PIECE) }, (_, index) => bodies[0]![(index + 1) * PIECE - 1]).filter((byte) => byte === 0xc3);
    expect(cut.length).toBe(2);
    expect(splits.length).toBeGreaterThan(0);
  });

  it(`relays every byte of ${STREAMS} streams to clients that stop reading and start again, the upstream paused and resumed, while another thread keeps a core busy`, async () => {
    const busy = busyCore();
    let capture: TestProxy | undefined;
    try {
      // A small bound: the proxy holds the upstream as soon as a client falls behind.
      capture = await startTestProxy(upstream.url, { bufferBound: 64 * 1024 });
      const proxy = capture;
      const received = await Promise.all(bodies.map((_, stream) => readThrough(proxy.base, stream)));
      expect(received.map((one) => one.stalled)).toEqual(bodies.map(() => null));
      expect(received.map((one, stream) => one.body.equals(bodies[stream]!))).toEqual(bodies.map(() => true));

      while (proxy.lines.filter((line) => line.ended).length < STREAMS) await proxy.nextEnd();
      const ended = proxy.lines.filter((line) => line.ended).map((line) => line.exchange);
      expect(ended.map((exchange) => [exchange.outcome, exchange.error])).toEqual(bodies.map(() => ['eof', null]));
      const stored = ended.map((exchange) => proxy.recording(exchange));
      const byStream = stored.map((recording) => Number((recording.request!.body as { user: string }).user));
      expect(stored.map((recording, at) => bodyOf(recording).equals(bodies[byStream[at]!]!))).toEqual(bodies.map(() => true));
      expect(stored.map((recording) => recording.end?.outcome)).toEqual(bodies.map(() => 'eof'));
      // The path under test was taken: the proxy held the upstream for a client, then let it go on.
      const pauses = stored.map((recording) => recording.capture!.relay!.paused.length);
      console.log(`relay-backpressure.test.ts: pauses per stream ${pauses.join(', ')}`);
      expect(pauses.some((count) => count > 0)).toBe(true);
    } finally {
      busy.postMessage('stop');
      await capture?.close();
      await busy.terminate();
    }
  }, 60_000);
});
