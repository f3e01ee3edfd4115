import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { wireRequest } from '../replay/test-client.ts';
import { closeServer, listen } from './serve.ts';
import { writeChunk } from './write-chunk.ts';

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
