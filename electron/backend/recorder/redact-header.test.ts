// `record --redact-header NAME`: a key under a name the rule does not know is sent as given,
// stored redacted, and masked where the server sends it back (header and body).

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/test-support.ts';
import { recordStream } from './record.ts';

const KEY = 'Zt4pQ9vX2mK7wR1bN8yL3cF6hJ0sD5gAq7Wm';
const body = (key: string) => `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"${key}"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;

describe('a --redact-header name', () => {
  it('is sent as given, stored redacted, and its value masked where the response echoes it', async () => {
    let sent = '';
    const server = createServer((req, res) => {
      sent = String(req.headers['x-tenant-pass']);
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-tenant-pass': sent, 'x-debug': sent });
      res.end(body(sent));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
      const { recording } = await recordStream({ url, headers: { 'x-tenant-pass': KEY }, body: { model: 'm' }, secretHeaders: ['X-Tenant-Pass'] });
      expect(sent).toBe(KEY);
      const masked = '*'.repeat(KEY.length - 4) + KEY.slice(-4);
      expect(recording.request!.headers['x-tenant-pass']).toBe('…q7Wm');
      expect([recording.response!.headers['x-tenant-pass'], recording.response!.headers['x-debug']]).toEqual(['…q7Wm', masked]);
      expect(Buffer.concat(recording.reads.map((read) => read.bytes)).toString()).toBe(body(masked));
      expect(recording.secretsMasked).toEqual({ headers: ['x-debug'], bodyPlaces: 1 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('must be a header name', async () => {
    expect(await runCli('record', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--redact-header', 'x bad', '--no-store')).toMatchObject({ code: 2, err: expect.stringContaining('--redact-header "x bad": not a valid header name') });
  });
});
