// Every way an exchange can end is recorded, not thrown: against loopback
// servers that misbehave on purpose.

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes } from '../../../shared/index.ts';
import { cleanTextStream, text } from '../../../shared/test/streams.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { recordStream } from './record.ts';
import type { RecordOptions } from './record.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base: string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => routes.get(req.url!.split('?')[0]!)!(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function route(path: string, handler: Handler): string {
  routes.set(path, handler);
  return `${base}${path}`;
}

const SSE = { 'content-type': 'text/event-stream' };
const record = (url: string, extra: Partial<RecordOptions> = {}) => recordStream({ url, headers: {}, body: { model: 'm', messages: [] }, ...extra });
const bodyOf = (result: Awaited<ReturnType<typeof record>>) => text(concatBytes(result.recording.reads.map((read) => read.bytes)));

describe('recording one exchange', () => {
  it('ends the stored recording as an error when anything fails after it began, so that it is never left recording and can be deleted', async () => {
    const url = route('/never', (_req, res) => res.writeHead(200, SSE).end('data: [DONE]\n\n'));
    const store = openStore(tempDbPath());
    let id: number | null = null;
    const failing = recordStream({
      url,
      headers: {},
      body: { model: 'm', messages: [] },
      store,
      onStart: (start) => {
        id = start.id;
        throw new Error('the caller broke');
      },
    });
    await expect(failing).rejects.toThrow('the caller broke');
    expect(store.get(id!)!.end).toEqual({ t: null, outcome: 'error', error: 'the recorder failed: the caller broke' });
    expect(store.delete(id!)).toBe(true);
    store.close();
  });

  it('keeps the body byte for byte, every read stamped in order, and the request as sent with stream: true', async () => {
    const events = cleanTextStream().split(/(?<=\n\n)/);
    let received: unknown;
    const url = route('/clean', async (_req, res, body) => {
      received = JSON.parse(body);
      res.writeHead(200, SSE);
      for (const event of events) {
        res.write(event);
        await sleep(5);
      }
      res.end();
    });
    const result = await record(url);
    expect(bodyOf(result)).toBe(events.join(''));
    expect(received).toEqual({ model: 'm', messages: [], stream: true });
    expect(result.recording.request).toMatchObject({ method: 'POST', url, body: { stream: true } });
    expect(result.recording.end).toMatchObject({ outcome: 'eof' });
    const times = result.recording.reads.map((read) => read.t!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(result.recording.response!.t!);
    expect(result.analysis.choices[0]!.message.content).toBe('Hello there.');
    expect(result.analysis.diagnostics.map((found) => found.code)).toEqual(['usage-chunk']);
  });

  it('stores the key redacted, never as sent', async () => {
    const key = 'sk-proj-' + 'Zq8x'.repeat(10);
    let seen = '';
    const url = route('/key', (req, res) => {
      seen = req.headers.authorization!;
      res.writeHead(200, SSE).end('data: [DONE]\n\n');
    });
    const result = await record(url, { headers: { authorization: `Bearer ${key}` } });
    expect(seen).toBe(`Bearer ${key}`);
    expect(JSON.stringify(result.recording)).not.toContain(key.slice(8, 20));
    expect(result.recording.request!.headers.authorization).toBe('Bearer sk-proj-…Zq8x');
  });

  it('decodes a gzip-encoded stream and keeps the content-encoding it came with', async () => {
    const body = cleanTextStream();
    const url = route('/gzip', (_req, res) => {
      res.writeHead(200, { ...SSE, 'content-encoding': 'gzip' }).end(gzipSync(body));
    });
    const result = await record(url);
    expect(bodyOf(result)).toBe(body);
    expect(result.recording.response!.headers['content-encoding']).toBe('gzip');
    expect(result.analysis.diagnostics.map((found) => found.code)).toContain('compressed-stream');
  });

  it('records a non-2xx status with its error body', async () => {
    const error = '{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}';
    const url = route('/429', (_req, res) => res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' }).end(error));
    const result = await record(url);
    expect(result.recording.response).toMatchObject({ status: 429, headers: { 'retry-after': '3' } });
    expect(bodyOf(result)).toBe(error);
    expect(result.analysis.diagnostics.map((found) => [found.code, found.message])).toEqual([['http-status', `HTTP 429: ${error}`]]);
  });

  it('records a JSON answer to a streamed request as not an event stream', async () => {
    const url = route('/json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x","object":"chat.completion","choices":[]}'));
    const result = await record(url);
    expect(result.recording.end!.outcome).toBe('eof');
    expect(result.analysis.diagnostics.map((found) => found.code)).toEqual(['not-event-stream']);
  });

  it('records a connection reset mid-stream as an error, keeping what arrived', async () => {
    const url = route('/reset', (_req, res) => {
      res.writeHead(200, SSE);
      // Destroyed once the event has reached the socket: the client has it, then the connection goes.
      res.write('data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n', () => res.socket!.destroy());
    });
    const result = await record(url);
    expect(result.recording.end).toMatchObject({ outcome: 'error', error: 'the connection closed before the response was complete' });
    expect(bodyOf(result)).toBe('data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n');
    expect(result.analysis.diagnostics.map((found) => found.code)).toEqual(expect.arrayContaining(['connection-error', 'no-done', 'missing-finish-reason']));
  });

  it('records a refused connection, with no response', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await record(`http://127.0.0.1:${port}/v1/chat/completions`);
    expect(result.recording.response).toBeNull();
    expect(result.recording.end).toMatchObject({ outcome: 'error', error: expect.stringMatching(/^connection refused \(ECONNREFUSED/) });
  });

  it('records a DNS failure', async () => {
    const result = await record('http://streamscope-test.invalid/v1/chat/completions');
    expect(result.recording.end).toMatchObject({ outcome: 'error', error: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/) });
  });

  it('records a TLS failure: https spoken to a plain HTTP server', async () => {
    const url = route('/tls', (_req, res) => res.end());
    const result = await record(url.replace('http:', 'https:'));
    expect(result.recording.end!.outcome).toBe('error');
    expect(result.recording.end!.error).toMatch(/SSL|TLS|EPROTO|wrong version/i);
  });

  it('records a first-byte timeout when the server never answers', async () => {
    const url = route('/silent', () => {});
    const result = await record(url, { timeouts: { firstByteMs: 150 } });
    expect(result.recording.end).toMatchObject({ outcome: 'timeout', error: 'no response arrived in time (150 ms)' });
    // Node's timers may fire up to a millisecond early by performance.now() (seen in CI: 149.9 ms).
    expect(result.recording.end!.t).toBeGreaterThanOrEqual(149);
  });

  it('records an idle timeout when the stream goes silent, keeping what arrived', async () => {
    const url = route('/idle', (_req, res) => {
      res.writeHead(200, SSE);
      res.write('data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"}}]}\n\n');
    });
    const result = await record(url, { timeouts: { idleMs: 150 } });
    expect(result.recording.end).toMatchObject({ outcome: 'timeout', error: 'the stream went silent (150 ms)' });
    expect(result.analysis.choices[0]!.message.content).toBe('Hi');
  });

  it('records a user abort, keeping what arrived', async () => {
    const url = route('/abort', (_req, res) => {
      res.writeHead(200, SSE);
      res.write('data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n');
    });
    const controller = new AbortController();
    const pending = record(url, { signal: controller.signal, onEvent: () => controller.abort() });
    const result = await pending;
    expect(result.recording.end).toMatchObject({ outcome: 'aborted', error: 'aborted by the user' });
    expect(result.recording.reads.length).toBe(1);
  });

  it('refuses a URL that is not http or https without sending anything', async () => {
    const result = await record('ftp://example.com/v1/chat/completions');
    expect(result.recording.end).toMatchObject({ outcome: 'error', error: 'unsupported protocol ftp: (use http or https)' });
  });
});
