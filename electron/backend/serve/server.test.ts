import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../shared/api/client.ts';
import { encodeFrame, FRAME_TYPE } from '../../../shared/api/codec.ts';
import type { LiveBatch, LiveFinished } from '../../../shared/api/contract.ts';
import { httpTransport } from '../../../renderer/api/http.ts';
import type { HttpTransport } from '../../../renderer/api/http.ts';
import { createBackend, memoryKeyVault } from '../api/index.ts';
import type { Backend } from '../api/index.ts';
import { eventually, hello } from '../api/test-support.ts';
import { tempDbPath } from '../store/test-support.ts';
import { CONTENT_SECURITY_POLICY, tokenMatches } from './security.ts';
import { startServeServer } from './server.ts';
import type { ServeServer } from './server.ts';
import { rawRequest, rendererFixture, tappedFetch } from './test-support.ts';


describe('the serve-mode bridge refuses', () => {
  let backend: Backend;
  let server: ServeServer;
  let own: Record<string, string>;
  const call = (headers: Record<string, string>, body: string | Buffer = '{}', path = '/api/call/listScenarios') => rawRequest(server.port, { method: 'POST', path, headers, body });

  beforeAll(async () => {
    backend = createBackend({ dbPath: tempDbPath(), keys: memoryKeyVault(), env: {} });
    server = await startServeServer({ backend, rendererDir: rendererFixture(), maxBodyBytes: 4096 });
    own = { host: `127.0.0.1:${server.port}`, authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await server.close();
    await backend.close();
  });

  it('hands out a fresh 32-byte token in the fragment of the address it prints', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await startServeServer({ backend, rendererDir: rendererFixture() });
    await other.close();
    expect(other.token).not.toBe(server.token);
  });

  it('answers a call that carries the token (the baseline the refusals below differ from)', async () => {
    const response = await call(own);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).value[0]).toEqual({ name: 'text', model: 'sim-text', description: expect.any(String) });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('a call without the token, with a wrong one, or with it in the query string, with 401', async () => {
    const { authorization: _, ...withoutToken } = own;
    const wrong = server.token.slice(0, -1) + (server.token.endsWith('A') ? 'B' : 'A');
    for (const response of [
      await call(withoutToken),
      await call({ ...own, authorization: `Bearer ${wrong}` }),
      await call({ ...own, authorization: `Bearer ${server.token}x` }),
      await call({ ...own, authorization: `Basic ${server.token}` }),
      await call(withoutToken, '{}', `/api/call/listScenarios?token=${server.token}`),
    ]) {
      expect(response.status).toBe(401);
      expect(JSON.parse(response.body)).toEqual({
        ok: false,
        error: { code: 'unauthorized', message: 'this request lacks the access token of this run: open the address `streamscope serve` printed' },
      });
    }
  });

  it('the event stream without the token, and opens it with the token as a header or (for EventSource) in the query', async () => {
    expect((await rawRequest(server.port, { path: '/api/events' })).status).toBe(401);
    expect((await rawRequest(server.port, { path: `/api/events?token=${server.token.toLowerCase()}` })).status).toBe(401);
    for (const response of [
      await rawRequest(server.port, { path: `/api/events?token=${server.token}`, streamMs: 200 }),
      await rawRequest(server.port, { path: '/api/events', headers: { authorization: own.authorization! }, streamMs: 200 }),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.body).toBe('retry: 1000\n\nid: 0\nevent: ready\ndata: {}\n\n');
    }
  });

  it('a foreign Host with 403, token or not (DNS rebinding), and answers localhost:PORT', async () => {
    for (const host of ['evil.example', `evil.example:${server.port}`, `127.0.0.1:${server.port + 1}`, '127.0.0.1', `127.0.0.2:${server.port}`, `[::1]:${server.port}`]) {
      const response = await call({ ...own, host });
      expect(response.status, host).toBe(403);
      expect(JSON.parse(response.body).error.code).toBe('unauthorized');
      expect((await rawRequest(server.port, { path: '/', headers: { host } })).status).toBe(403);
    }
    expect((await call({ ...own, host: `localhost:${server.port}` })).status).toBe(200);
    expect((await call({ ...own, host: `LOCALHOST:${server.port}` })).status).toBe(200);
  });

  it('a foreign Origin or a cross-site request with 403, token or not (CSRF), and answers its own origins', async () => {
    for (const origin of ['http://evil.example', 'null', `https://127.0.0.1:${server.port}`, `http://127.0.0.1:${server.port + 1}`, `http://localhost:${server.port}.evil.example`]) {
      const response = await call({ ...own, origin });
      expect(response.status, origin).toBe(403);
      expect(JSON.parse(response.body).error.message).toMatch(/^refused: requests from /);
    }
    for (const site of ['cross-site', 'same-site']) expect((await call({ ...own, 'sec-fetch-site': site })).status).toBe(403);
    expect((await call({ ...own, origin: `http://127.0.0.1:${server.port}`, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await call({ ...own, origin: `http://localhost:${server.port}` })).status).toBe(200);
  });

  it('a call that is not JSON (what a form or a text/plain fetch sends without a preflight) with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      const response = await call({ ...own, 'content-type': type });
      expect(response.status, type).toBe(415);
    }
    const { 'content-type': _, ...untyped } = own;
    expect((await call(untyped)).status).toBe(415);
  });

  it('a body past its limit with 413, declared or streamed, and still answers on', async () => {
    const big = JSON.stringify({ name: 'a.sse', bytes: { $bytes: 'A'.repeat(8000) } });
    const declared = await call(own, big, '/api/call/importFile');
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ ok: false, error: { code: 'invalid-argument', message: 'importFile: the request is larger than 0 MiB' } });
    const streamed = await call({ ...own, 'transfer-encoding': 'chunked' }, big, '/api/call/importFile');
    expect(streamed.status).toBe(413);
    expect((await call(own)).status).toBe(200);
  });

  it('a frame, whose bytes are taken as they are (an import of bytes that are not UTF-8), and a damaged frame with 400', async () => {
    const bytes = new Uint8Array([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xff, 0x00, 0xc3, 0x0a, 0x0a]);
    const framed = { ...own, 'content-type': FRAME_TYPE };
    const imported = await call(framed, Buffer.from(encodeFrame({ name: 'odd.sse', bytes })), '/api/call/importFile');
    expect(imported.status).toBe(200);
    // Asked without `accept`, the reply is JSON.
    const { ids } = (JSON.parse(imported.body) as { value: { ids: number[] } }).value;
    const stored = await backend.api.getRecording({ id: ids[0]! });
    expect(Buffer.concat(stored!.recording.reads.map((read) => read.bytes))).toEqual(Buffer.from(bytes));
    expect(await call(framed, 'not a frame')).toMatchObject({ status: 400, body: '{"ok":false,"error":{"code":"invalid-argument","message":"listScenarios: the argument is not a bridge frame"}}' });
  });

  it('a body that is not JSON with 400, and a wrong method or path with 405 or 404, never with CORS headers', async () => {
    expect(await call(own, '{"name":')).toMatchObject({ status: 400, body: '{"ok":false,"error":{"code":"invalid-argument","message":"listScenarios: the argument is not bridge JSON"}}' });
    const get = await rawRequest(server.port, { path: '/api/call/listScenarios', headers: own });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const preflight = await rawRequest(server.port, {
      method: 'OPTIONS',
      path: '/api/call/listScenarios',
      headers: { host: own.host!, origin: `http://127.0.0.1:${server.port}`, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(405);
    expect((await rawRequest(server.port, { path: '/api/nothing', headers: own })).status).toBe(404);
    expect((await call(own, '{}', '/api/call/constructor')).body).toMatch(/"code":"unknown-call"/);
    for (const response of [get, preflight, await call(own)]) expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('files outside the renderer folder, and dot-files in it, with 404', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/.env', '/%2eenv', '/assets/', '/nothing.js']) {
      expect((await rawRequest(server.port, { path })).status, path).toBe(404);
    }
  });

  it('serves the page with a strict Content-Security-Policy and the other security headers', async () => {
    const page = await rawRequest(server.port, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cache-control': 'no-cache',
    });
    const policy = new Map(CONTENT_SECURITY_POLICY.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|\*|https?:/);
    const script = await rawRequest(server.port, { path: '/assets/app.js' });
    expect(script).toMatchObject({ status: 200, body: 'export {};\n', headers: { 'content-type': 'text/javascript; charset=utf-8', 'x-content-type-options': 'nosniff' } });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect((await rawRequest(server.port, { method: 'HEAD', path: '/index.html' })).body).toBe('');
    expect((await rawRequest(server.port, { method: 'POST', path: '/' })).status).toBe(405);
  });
});

describe('the token comparison', () => {
  it('matches the token only, whatever the length of what it is given', () => {
    const token = 'q4Yb9mJ1vX0Zb3sF7nT2wR8kL5pD6hC0aE1gU9iO3yM';
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token.slice(0, -1) + 'N', token)).toBe(false);
    expect(tokenMatches(token.slice(0, 10), token)).toBe(false);
    expect(tokenMatches(token + token, token)).toBe(false);
    expect(tokenMatches('', token)).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
  });
});

describe('the serve-mode event stream', () => {
  let backend: Backend;
  let server: ServeServer;
  let transport: HttpTransport;
  let resets: number;
  let tap: ReturnType<typeof tappedFetch>;

  async function start(pushLog?: { capacity: number }): Promise<void> {
    backend = createBackend({ dbPath: tempDbPath(), keys: memoryKeyVault(), env: {} });
    server = await startServeServer({ backend, rendererDir: rendererFixture(), ...(pushLog ? { pushLog } : {}) });
    tap = tappedFetch();
    resets = 0;
    transport = httpTransport({ origin: server.origin, token: server.token, fetch: tap.fetch, reconnectDelayMs: 50, onReset: () => (resets += 1) });
  }
  beforeEach(() => {
    resets = 0;
  });
  afterEach(async () => {
    transport.close();
    await server.close();
    await backend.close();
  });

  it('resumes after a dropped connection mid-recording, losing no push and repeating none', async () => {
    await start();
    const api = createApiClient(transport);
    const batches: LiveBatch[] = [];
    const finished: LiveFinished[] = [];
    api.on('live', (batch) => batches.push(batch));
    api.on('finished', (end) => finished.push(end));
    await transport.connected();
    // About a second of stream at 40 chunks a second: the drop falls in the middle of it.
    const started = await api.startRecording({ profile: 'simulator', messages: hello, params: { sim: { chunks: 40, tps: 40, ttft_ms: 0, jitter: 0 } } });
    await eventually(() => (batches.length >= 3 ? true : undefined), 'three batches');
    const release = tap.holdEvents();
    tap.dropEvents();
    const seenBeforeDrop = batches.length;
    await eventually(() => (tap.eventRequests.length === 2 ? true : undefined), 'the reconnection');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await eventually(() => finished[0], 'the end of the recording');

    expect(tap.eventRequests[0]).toEqual({ lastEventId: null });
    expect(Number(tap.eventRequests[1]!.lastEventId)).toBeGreaterThanOrEqual(seenBeforeDrop);
    expect(transport.state).toBe('connected');
    expect(resets).toBe(0);
    const stored = (await api.getRecording({ id: started.id }))!;
    expect(batches.flatMap((batch) => batch.events)).toEqual(stored.events);
    expect(batches.flatMap((batch) => batch.reads)).toEqual(stored.recording.reads);
    expect(batches.map((batch) => batch.firstRead)).toEqual(batches.map((_, i) => batches.slice(0, i).reduce((sum, batch) => sum + batch.reads.length, 0)));
    expect(finished).toEqual([{ id: started.id, end: stored.recording.end, summary: stored.recording.summary }]);
  });

  it('tells a client that comes back after its pushes left the log to start over', async () => {
    await start({ capacity: 1 });
    const api = createApiClient(transport);
    const finished: LiveFinished[] = [];
    api.on('finished', (end) => finished.push(end));
    await transport.connected();
    const release = tap.holdEvents();
    tap.dropEvents();
    await eventually(() => (tap.eventRequests.length === 2 ? true : undefined), 'the reconnection');
    // Recorded while away: a live batch and `finished`, one push more than the log keeps.
    const started = await api.startRecording({ profile: 'simulator', messages: hello, params: { sim: { time_scale: 0 } } });
    const ended = await new Promise<LiveFinished>((resolve) => backend.subscribe((push, payload) => push === 'finished' && resolve(payload as LiveFinished)));
    expect(ended.id).toBe(started.id);
    release();
    await eventually(() => (resets === 1 ? true : undefined), 'the reset');
    expect(finished).toEqual([]);
    await transport.connected();
    expect(transport.state).toBe('connected');
  });

  it('stops trying when the server refuses the token (it restarted with a new one)', async () => {
    await start();
    transport.close();
    transport = httpTransport({ origin: server.origin, token: 'stale', reconnectDelayMs: 10 });
    const api = createApiClient(transport);
    api.on('live', () => {});
    await eventually(() => (transport.state === 'refused' ? true : undefined), 'the refusal');
    await expect(api.listScenarios({})).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
