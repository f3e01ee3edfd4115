// The proxy is transparent: the upstream gets the client's request as the client sent it (but
// for Host, hop-by-hop headers and, by default, Accept-Encoding: identity, which the recording
// owns up to); the client gets the upstream's status, headers and bytes as the upstream sent them
// (less hop-by-hop headers); nothing is added either way. With keepEncoding a gzip body passes
// untouched while the recording keeps it decoded.

import { request as httpRequest } from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import { headerPairs } from '../../../shared/capture/hop-by-hop.ts';
import { writeChunk } from '../http/write-chunk.ts';
import { bodyOf, rawRequest, startTestProxy, startUpstream } from './test-support.ts';
import type { TestProxy } from './test-support.ts';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

const EVENTS = ['data: {"choices":[{"index":0,"delta":{"content":"Héllo 😀"},"finish_reason":null}]}\n\n', 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n', 'data: [DONE]\n\n'];
const GZIPPED = gzipSync(EVENTS.join(''));

let upstream: Awaited<ReturnType<typeof startUpstream>>;
const received: Received[] = [];

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    res.sendDate = false;
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, body: Buffer.concat(parts) });
      if (req.url!.startsWith('/prototype')) {
        // Header names that are also the names of Object.prototype's own members.
        res.writeHead(200, ['Constructor', 'one', '__proto__', 'two', 'toString', 'three', 'hasOwnProperty', 'four', 'Content-Type', 'text/event-stream']);
        res.end(EVENTS.join(''));
        return;
      }
      if (req.url!.startsWith('/headers')) {
        // A status line, repeated and mixed-case headers, and hop-by-hop ones (one named by Connection).
        res.writeHead(201, 'Created Somehow', ['X-Mixed-Case', 'Yes', 'Set-Cookie', 'a=1; Path=/', 'Set-Cookie', 'b=2', 'Connection', 'keep-alive, X-Internal', 'X-Internal', 'hop', 'Keep-Alive', 'timeout=5', 'Content-Type', 'text/event-stream']);
        res.end(EVENTS.join(''));
        return;
      }
      const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, { 'content-type': 'text/event-stream', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      const body = gzip ? GZIPPED : Buffer.from(EVENTS.join(''));
      // Three writes, cut anywhere: a gzip member arrives in pieces.
      const cuts = [0, 7, Math.floor(body.length / 2), body.length];
      let index = 0;
      const next = (): void => {
        if (index === cuts.length - 1) return void res.end();
        writeChunk(res, body.subarray(cuts[index]!, cuts[++index]!), next);
      };
      next();
    });
  });
});
afterAll(() => upstream.close());

/** A request with node:http, headers exactly as given (case, order, repeats). */
function send(url: string, headers: OutgoingHttpHeaders, body: string): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers });
    req.on('error', reject);
    req.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ response, body: Buffer.concat(parts) }));
    });
    req.end(body);
  });
}

const lower = (pairs: readonly (readonly [string, string])[], leaveOut: readonly string[]) => pairs.filter(([name]) => !leaveOut.includes(name.toLowerCase()));

describe('the request the upstream gets', () => {
  let capture: TestProxy;
  beforeAll(async () => {
    capture = await startTestProxy(upstream.url);
  });
  afterAll(() => capture.close());

  it('is the client’s, byte for byte, but for Host, hop-by-hop headers and Accept-Encoding; nothing is added', async () => {
    // Not canonical JSON: spacing, key order and non-ASCII must arrive as they were.
    const body = '{ "stream" : true,\n  "model":"m", "messages":[{"role":"user","content":"Grüße 😀"}] }';
    const headers = {
      'X-Custom-Case': 'A',
      'x-dup': ['1', '2'],
      Authorization: 'Bearer sk-test-transparent-0123456789',
      'Accept-Encoding': 'br',
      'Content-Type': 'application/json',
      Connection: 'keep-alive, X-Hop',
      'X-Hop': 'for the next hop only',
      'Keep-Alive': 'timeout=5',
      TE: 'trailers',
      'Proxy-Authorization': 'Basic cHJveHk6cHc=',
    };
    await send(`${upstream.url}/v1/chat/completions?api-version=2024-10-21&x=%20`, headers, body);
    const direct = received.at(-1)!;
    const ended = capture.nextEnd();
    await send(`${capture.base}/v1/chat/completions?api-version=2024-10-21&x=%20`, headers, body);
    const proxied = received.at(-1)!;

    expect([proxied.method, proxied.url]).toEqual([direct.method, direct.url]);
    expect(proxied.body.equals(direct.body)).toBe(true);
    expect(proxied.body.toString()).toBe(body);
    const hop = ['connection', 'keep-alive', 'te', 'proxy-authorization', 'x-hop'];
    const expected = lower(headerPairs(direct.rawHeaders), hop).map(([name, value]) => (name === 'Accept-Encoding' ? [name, 'identity'] : [name, value]));
    // Node's own Connection header for its hop to the upstream aside.
    expect(lower(headerPairs(proxied.rawHeaders), ['connection'])).toEqual(expected);
    expect(proxied.rawHeaders.some((name) => /^(via|forwarded|x-forwarded-.*)$/i.test(name))).toBe(false);

    const stored = capture.recording(await ended);
    expect(stored.capture!.changed).toEqual(['accept-encoding: br → identity']);
    expect(stored.request).toMatchObject({ method: 'POST', url: `${upstream.url}/v1/chat/completions?api-version=2024-10-21&x=%20`, body: JSON.parse(body) });
    expect(stored.request!.headers['authorization']).toBe('Bearer sk-test-…6789');
    expect(stored.request!.headers['accept-encoding']).toBe('identity');
  });
});

describe('header names that are Object.prototype’s (constructor, __proto__, toString)', () => {
  it('are relayed and stored exactly, both ways: a name from the wire is never looked up on a prototype', async () => {
    const capture = await startTestProxy(upstream.url);
    try {
      const ended = capture.nextEnd();
      const answer = await send(`${capture.base}/prototype/chat/completions`, Object.fromEntries([['content-type', 'application/json'], ['constructor', 'asked'], ['__proto__', 'asked too'], ['valueOf', 'and this']]), '{"stream":true}');
      expect(lower(headerPairs(answer.response.rawHeaders), ['connection', 'transfer-encoding', 'date', 'keep-alive'])).toEqual([
        ['Constructor', 'one'],
        ['__proto__', 'two'],
        ['toString', 'three'],
        ['hasOwnProperty', 'four'],
        ['Content-Type', 'text/event-stream'],
      ]);
      expect(lower(headerPairs(received.at(-1)!.rawHeaders), ['connection', 'host', 'accept-encoding', 'content-length', 'content-type'])).toEqual([
        ['constructor', 'asked'],
        ['__proto__', 'asked too'],
        ['valueOf', 'and this'],
      ]);
      const stored = capture.recording(await ended);
      expect(Object.entries(stored.response!.headers)).toEqual([
        ['constructor', 'one'],
        ['__proto__', 'two'],
        ['tostring', 'three'],
        ['hasownproperty', 'four'],
        ['content-type', 'text/event-stream'],
      ]);
      expect(Object.entries(stored.request!.headers).filter(([name]) => ['constructor', '__proto__', 'valueof'].includes(name))).toEqual([
        ['constructor', 'asked'],
        ['__proto__', 'asked too'],
        ['valueof', 'and this'],
      ]);
      expect(bodyOf(stored).toString()).toBe(EVENTS.join(''));
    } finally {
      await capture.close();
    }
  });
});

describe('a request body the client streams (chunked)', () => {
  it('reaches the upstream as the same bytes with a Content-Length', async () => {
    const capture = await startTestProxy(upstream.url);
    try {
      const parts = ['{"model":"m",', '"stream":true,', '"messages":[]}'];
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(`${capture.base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' } });
        req.on('error', reject);
        req.on('response', (response) => response.resume().on('end', resolve));
        for (const part of parts) req.write(part);
        req.end();
      });
      const got = received.at(-1)!;
      expect(got.body.toString()).toBe(parts.join(''));
      expect(got.rawHeaders.map((value) => value.toLowerCase())).not.toContain('transfer-encoding');
      expect(headerPairs(got.rawHeaders).find(([name]) => name === 'content-length')).toEqual(['content-length', String(parts.join('').length)]);
    } finally {
      await capture.close();
    }
  });
});

describe('the answer the client gets', () => {
  it('is the upstream’s status line, headers (less hop-by-hop, case and repeats kept, no Date added) and bytes', async () => {
    const capture = await startTestProxy(upstream.url);
    try {
      const direct = await send(`${upstream.url}/headers`, { 'content-type': 'application/json' }, '{}');
      const ended = capture.nextEnd();
      const proxied = await send(`${capture.base}/headers`, { 'content-type': 'application/json' }, '{}');
      expect([proxied.response.statusCode, proxied.response.statusMessage]).toEqual([201, 'Created Somehow']);
      const hop = ['connection', 'keep-alive', 'transfer-encoding', 'x-internal'];
      expect(lower(headerPairs(proxied.response.rawHeaders), hop)).toEqual(lower(headerPairs(direct.response.rawHeaders), hop));
      expect(lower(headerPairs(proxied.response.rawHeaders), hop)).toEqual([
        ['X-Mixed-Case', 'Yes'],
        ['Set-Cookie', 'a=1; Path=/'],
        ['Set-Cookie', 'b=2'],
        ['Content-Type', 'text/event-stream'],
      ]);
      expect(proxied.body.equals(direct.body)).toBe(true);
      // Not asked to stream, but answered text/event-stream: a stream all the same, and recorded.
      const exchange = await ended;
      expect(exchange).toMatchObject({ stream: true, status: 201, outcome: 'eof' });
      expect(bodyOf(capture.recording(exchange)).equals(direct.body)).toBe(true);
    } finally {
      await capture.close();
    }
  });
});

describe('compression', () => {
  it('by default: the upstream is asked for identity, the client gets plain bytes, the recording says the header changed', async () => {
    const capture = await startTestProxy(upstream.url);
    try {
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, { headers: { 'accept-encoding': 'gzip' }, body: { model: 'm', stream: true } });
      expect(received.at(-1)!.rawHeaders).toEqual(expect.arrayContaining(['accept-encoding', 'identity']));
      expect([answer.headers['content-encoding'], answer.body.toString()]).toEqual([undefined, EVENTS.join('')]);
      const stored = capture.recording(await ended);
      expect(stored.capture!.changed).toEqual(['accept-encoding: gzip → identity']);
      expect(bodyOf(stored).toString()).toBe(EVENTS.join(''));
    } finally {
      await capture.close();
    }
  });

  it('with keepEncoding: the client gets the gzip bytes untouched, the recording holds them decoded, with a compressed-stream finding', async () => {
    const capture = await startTestProxy(upstream.url, { keepEncoding: true });
    try {
      const ended = capture.nextEnd();
      const answer = await rawRequest(`${capture.base}/v1/chat/completions`, { headers: { 'accept-encoding': 'gzip' }, body: { model: 'm', stream: true } });
      expect(received.at(-1)!.rawHeaders).toEqual(expect.arrayContaining(['accept-encoding', 'gzip']));
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.body.equals(GZIPPED)).toBe(true);
      expect(answer.reads.length).toBe(3);
      const exchange = await ended;
      expect(exchange).toMatchObject({ outcome: 'eof', bytes: GZIPPED.length });
      const stored = capture.recording(exchange);
      expect(stored.capture!.changed).toEqual([]);
      expect(stored.response!.headers['content-encoding']).toBe('gzip');
      expect(bodyOf(stored).toString()).toBe(EVENTS.join(''));
      const analysis = analyzeRecording(stored);
      expect(analysis.diagnostics.map((found) => found.code)).toContain('compressed-stream');
      expect(analysis.choices[0]!.message.content).toBe('Héllo 😀');
    } finally {
      await capture.close();
    }
  });
});
