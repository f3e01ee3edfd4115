// A live gzip bomb (issue 17, "Decompression bombs"): the recorder stops decoding at the cap and
// ends the exchange in error, instead of storing the gigabyte a megabyte inflates to.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INFLATED_BYTES } from '../import/decode.ts';
import { performExchange } from './exchange.ts';

const MiB = 1024 * 1024;
const START = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n';
// The body a megabyte and a bit of gzip inflates to: a first event, then spaces past the cap.
const GZ = gzipSync(Buffer.concat([Buffer.from(START), Buffer.alloc(MAX_INFLATED_BYTES + 16 * MiB, 0x20)]));

let url = '';
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
  // In 64 KiB writes, as a server streams it.
  for (let at = 0; at < GZ.length; at += 64 * 1024) response.write(GZ.subarray(at, at + 64 * 1024));
  response.end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('performExchange of a gzip bomb', () => {
  it(`hands on at most ${MAX_INFLATED_BYTES / MiB} MiB of it and ends in error, naming the cap`, async () => {
    let received = 0;
    let first = '';
    const end = await performExchange(
      { method: 'POST', url, headers: {}, body: '{}' },
      { firstByteMs: 10_000, idleMs: 10_000 },
      {
        response: () => {},
        read: (_t, bytes) => {
          if (received === 0) first = Buffer.from(bytes).subarray(0, START.length).toString();
          received += bytes.length;
        },
      },
    );
    expect(end).toMatchObject({ outcome: 'error', error: `the gzip body inflates to more than ${MAX_INFLATED_BYTES / MiB} MiB (Streamscope's cap): decoding stopped there` });
    expect(received).toBeLessThanOrEqual(MAX_INFLATED_BYTES);
    expect(received).toBeGreaterThan(MAX_INFLATED_BYTES - MiB);
    expect(first).toBe(START);
  });
});
