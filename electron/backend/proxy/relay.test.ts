// The relay itself: never buffering (each upstream write reaches the client as its own read,
// before the next is made), many streams at once kept apart byte for byte, and a client that
// never reads costing the proxy a bounded amount of memory: it stops reading the upstream.

import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeChunk } from '../http/write-chunk.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { bodyOf, rawRequest, startTestProxy, startUpstream } from './test-support.ts';

const event = (index: number) => `data: {"choices":[{"index":0,"delta":{"content":"token ${index}"},"finish_reason":null}]}\n\n`;

describe('no buffering', () => {
  // Made again up to twice: a loaded machine (load 4 seen) can hold the client off the CPU past one
  // gap, and two writes then arrive as one read — the machine's doing, not the relay's.
  it('relays each write of a paced upstream (25 ms apart) as its own read, in order, before the next write is made', { retry: 2 }, async () => {
    const COUNT = 16;
    const written: number[] = [];
    const upstream = await startUpstream((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      let index = 0;
      const next = (): void => {
        if (index === COUNT) return void res.end();
        written.push(performance.now());
        writeChunk(res, event(index++));
        setTimeout(next, 25);
      };
      setTimeout(next, 25);
    });
    const capture = await startTestProxy(upstream.url);
    try {
      const read: number[] = [];
      let whileStreaming: unknown = null;
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, {
        body: { model: 'm', stream: true },
        onRead: () => {
          read.push(performance.now());
          // Live: the log's open line names the recording, which the store holds as under way.
          if (read.length === 3) {
            const open = capture.lines.filter((line) => !line.ended).map((line) => line.exchange);
            whileStreaming = open.map((exchange) => [exchange.state, exchange.stream, exchange.model, capture.store.get(exchange.recording!)?.end?.outcome]);
          }
        },
      });
      expect(whileStreaming).toEqual([['open', true, 'm', 'recording']]);
      expect(answer.reads.map((bytes) => bytes.toString())).toEqual(Array.from({ length: COUNT }, (_, index) => event(index)));
      for (let index = 0; index + 1 < COUNT; index++) expect(read[index], `read ${index}`).toBeLessThan(written[index + 1]!);
      const stored = capture.recording(await ended);
      expect(stored.reads.map((one) => new TextDecoder().decode(one.bytes))).toEqual(answer.reads.map((bytes) => bytes.toString()));
      expect(stored.capture!.relay!.writes.length).toBe(COUNT);
      expect(stored.capture!.relay!.paused).toEqual([]);
    } finally {
      await capture.close();
      await upstream.close();
    }
  });
});

describe('100 concurrent streams through one proxy', () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startSimulator({ timeScale: 0.01 });
  });
  afterAll(() => simulator.close());

  it('each get their own bytes, exactly as they come directly, and each recording holds them', async () => {
    const capture = await startTestProxy(simulator.url);
    try {
      // A seed each: a stream that reached another client would show.
      const request = (seed: number) => ({ model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'hi' }], sim: { seed, chunks: 40 } });
      const seeds = Array.from({ length: 100 }, (_, index) => index + 1);
      const direct = await Promise.all(seeds.map((seed) => rawRequest(`${simulator.url}/chat/completions`, { body: request(seed) })));
      expect(new Set(direct.map((answer) => answer.body.toString())).size).toBe(100);
      const proxied = await Promise.all(seeds.map((seed) => rawRequest(`${capture.base}/chat/completions`, { body: request(seed) })));
      for (const [index, answer] of proxied.entries()) {
        expect(answer.status).toBe(200);
        expect(answer.body.equals(direct[index]!.body), `stream ${index + 1}`).toBe(true);
      }
      while (capture.proxy.exchanges.length < 100) await capture.nextEnd();
      const bodies = new Map(capture.proxy.exchanges.map((exchange) => [bodyOf(capture.recording(exchange)).toString(), exchange.outcome]));
      expect(direct.map((answer) => bodies.get(answer.body.toString()))).toEqual(seeds.map(() => 'eof'));
    } finally {
      await capture.close();
    }
  }, 60_000);
});

describe('a client that never reads', () => {
  it('makes the proxy stop reading the upstream: what the upstream could write stays a few MiB of its 64, and the recording says it paused', async () => {
    const TOTAL = 64 * 1024 * 1024;
    const BOUND = 1024 * 1024;
    // One event a write, 64 KiB each: cheap to analyse, so the upstream goes as fast as the proxy lets it.
    const piece = Buffer.from(`data: ${'x'.repeat(64 * 1024 - 8)}\n\n`);
    let written = 0;
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const upstream = await startUpstream((req, res: ServerResponse) => {
      req.resume();
      res.on('close', upstreamClosed);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const pump = (): void => {
        while (written < TOTAL && !res.destroyed) {
          written += piece.length;
          if (!res.write(piece)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      pump();
    });
    const capture = await startTestProxy(upstream.url, { bufferBound: BOUND });
    const client = new Socket();
    try {
      client.pause();
      const ended = capture.nextEnd();
      await new Promise<void>((resolve) => client.connect(capture.proxy.port, '127.0.0.1', resolve));
      const body = JSON.stringify({ model: 'm', stream: true });
      client.write(`POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:${capture.proxy.port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      // Nothing happens once the proxy holds the upstream: wait until the upstream has written
      // nothing for 20 turns of the event loop 20 ms apart (each turn lets the proxy read, so a
      // slow machine only makes this take longer).
      for (let quiet = 0, before = -1; quiet < 20; quiet = written === before ? quiet + 1 : 0) {
        before = written;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const heldAt = written;
      console.log(`relay.test.ts: the upstream wrote ${(heldAt / 1024 / 1024).toFixed(1)} MiB before the proxy held it`);
      // The bound, plus what the kernel buffers on both sockets (their send buffers grow to 4 MiB each on Linux): far from the 64 MiB.
      expect(heldAt).toBeLessThan(TOTAL / 4);

      client.destroy();
      await closed;
      const exchange = await ended;
      expect(exchange).toMatchObject({ outcome: 'aborted', status: 200 });
      const relay = capture.recording(exchange).capture!.relay!;
      expect(relay.paused.length).toBeGreaterThan(0);
      expect(relay.bufferBound).toBe(BOUND);
      expect(relay.maxBufferedBytes).toBeGreaterThan(BOUND);
      expect(relay.maxBufferedBytes).toBeLessThanOrEqual(BOUND + 64 * 1024);
      expect(bodyOf(capture.recording(exchange)).length).toBeLessThanOrEqual(heldAt);
    } finally {
      client.destroy();
      await capture.close();
      await upstream.close();
    }
  }, 60_000);
});
