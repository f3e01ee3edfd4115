import { createServer, get } from 'node:http';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { wireRequest } from '../replay/test-client.ts';
import { closeServer, listen } from './serve.ts';
import { drained, writeChunk } from './write-chunk.ts';

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
const events = Array.from({ length: 6 }, (_, i) => `data: {"n":${i}}\n\n`);

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

async function serve(handler: (res: ServerResponse) => void): Promise<string> {
  const server = createServer({ noDelay: true }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    handler(res);
  });
  const port = await listen(server, 0, '127.0.0.1');
  stop = () => closeServer(server, new Map());
  return `http://127.0.0.1:${port}/`;
}

describe('writeChunk', () => {
  it('sends each of several writes made in the same tick as a chunk of its own (Node 24 merges plain writes into one)', async () => {
    const url = await serve((res) => {
      for (const event of events) writeChunk(res, event);
      res.end();
    });
    const wire = await wireRequest(url, { method: 'GET' });
    expect(wire.chunks.map((chunk) => latin1(chunk.bytes))).toEqual(events);
    expect(wire.ending).toBe('complete');
  });

  it('calls each write back once its bytes are on the socket, in order, and writes bytes as well as text', async () => {
    const called: number[] = [];
    const url = await serve((res) => {
      events.forEach((event, i) => writeChunk(res, new TextEncoder().encode(event), () => called.push(i)));
      res.end();
    });
    const wire = await wireRequest(url, { method: 'GET' });
    expect(wire.chunks.map((chunk) => latin1(chunk.bytes))).toEqual(events);
    expect(called).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('says when to wait for drain, as res.write does', async () => {
    const answers: boolean[] = [];
    const big = 'x'.repeat(1 << 20);
    const url = await serve((res) => {
      answers.push(writeChunk(res, 'data: small\n\n'), writeChunk(res, big));
      res.end();
    });
    const wire = await wireRequest(url, { method: 'GET' });
    expect(answers).toEqual([true, false]);
    expect(wire.body.length).toBe('data: small\n\n'.length + big.length);
  });
});

describe('drained', () => {
  it('lets a writer waiting on a slow client go on to the last byte, whatever sizes its corked writes have (the response alone may never say drain)', async () => {
    // 64 KiB writes first, then writes under 64 KiB: on Node 22 a corked chunked write of less
    // than 64 KiB returns true whatever waits on the socket, and the response's 'drain' never comes.
    const pieces = [...Array.from({ length: 8 }, () => 65_536), ...Array.from({ length: 300 }, () => 16_001)];
    const total = pieces.reduce((sum, size) => sum + size, 0);
    const url = await serve((res) => {
      void (async () => {
        for (const size of pieces) if (!writeChunk(res, Buffer.alloc(size, 0x61))) await drained(res);
        res.end();
      })();
    });
    const received = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the writer stalled')), 15_000);
      get(url, (response) => {
        let bytes = 0;
        let paused = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // A client that stops reading now and then, so that the socket's buffers fill.
          if (bytes > (paused + 1) * 1_048_576) {
            paused++;
            response.pause();
            setTimeout(() => response.resume(), 100);
          }
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve(bytes);
        });
        response.on('error', reject);
      }).on('error', reject);
    });
    expect(received).toBe(total);
  });

  it('resolves at once when nothing waits to drain', async () => {
    const url = await serve((res) => {
      void drained(res).then(() => res.end('done'));
    });
    const wire = await wireRequest(url, { method: 'GET' });
    expect(latin1(wire.chunks.map((chunk) => chunk.bytes).reduce((a, b) => Buffer.concat([a, b]), Buffer.alloc(0)))).toBe('done');
  });
});
