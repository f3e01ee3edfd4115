// Who may use the proxy: requests addressed to a loopback name only (no DNS rebinding), and no
// web page unless its origin was named. A refused request never reaches the upstream.

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from './server.ts';
import { rawRequest, startTestProxy, startUpstream } from './test-support.ts';
import type { TestProxy } from './test-support.ts';

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let requests = 0;
let capture: TestProxy;
let open: TestProxy;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    requests++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  capture = await startTestProxy(upstream.url);
  open = await startTestProxy(upstream.url, { allowOrigins: ['http://localhost:5173'] });
});
afterAll(async () => {
  await capture.close();
  await open.close();
  await upstream.close();
});

/** A request through the proxy with these headers: its status, the error it got, whether the upstream saw it. */
async function through(proxy: TestProxy, headers: Record<string, string>) {
  const before = requests;
  const answer = await rawRequest(`${proxy.base}/v1/models`, { headers });
  const error = answer.status === 200 ? null : (JSON.parse(answer.body.toString()) as { error: { code: string; message: string } }).error;
  return { status: answer.status, code: error?.code ?? null, message: error?.message ?? null, reachedUpstream: requests > before };
}

describe('the Host header', () => {
  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'])('%s (with the port) is served', async (name) => {
    expect(await through(capture, { host: `${name}:${capture.proxy.port}` })).toEqual({ status: 200, code: null, message: null, reachedUpstream: true });
  });

  it.each(['evil.example', '127.0.0.1.nip.io', 'localhost.evil.example', '10.0.0.1'])('%s is refused with 403, and the upstream never sees it', async (name) => {
    const host = `${name}:${capture.proxy.port}`;
    const ended = capture.nextEnd();
    expect(await through(capture, { host })).toEqual({
      status: 403,
      code: 'foreign_host',
      message: `Streamscope proxy: refused a request for host "${host}": the proxy answers only 127.0.0.1, localhost and [::1]`,
      reachedUpstream: false,
    });
    expect(await ended).toMatchObject({ servedBy: 'refused', status: 403, recording: null });
  });
});

describe('a web page (an Origin header)', () => {
  it('is refused with 403 unless its origin is allowed, and the upstream never sees it', async () => {
    expect(await through(capture, { origin: 'http://localhost:5173' })).toEqual({
      status: 403,
      code: 'origin_refused',
      message: 'Streamscope proxy: refused a request from the web page at http://localhost:5173: start the proxy with --allow-origin http://localhost:5173 (in the app: "Allowed web pages" in the Capture form) to let it through',
      reachedUpstream: false,
    });
  });

  it('is served when allowOrigins names its origin exactly, and only then', async () => {
    expect(await through(open, { origin: 'http://localhost:5173' })).toMatchObject({ status: 200, reachedUpstream: true });
    expect(await through(open, { origin: 'http://localhost:5174' })).toMatchObject({ status: 403, code: 'origin_refused', reachedUpstream: false });
    expect(await through(open, { origin: 'null' })).toMatchObject({ status: 403, code: 'origin_refused', reachedUpstream: false });
  });
});

describe('a web page’s request without an Origin (an <img>, a <script>, a no-cors fetch)', () => {
  it.each(['cross-site', 'same-site'])('marked Sec-Fetch-Site: %s by the browser is refused with 403, and the upstream never sees it', async (site) => {
    const ended = capture.nextEnd();
    expect(await through(capture, { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' })).toEqual({
      status: 403,
      code: 'cross_site',
      message: `Streamscope proxy: refused: a "${site}" request (Sec-Fetch-Site), sent by a web page of another site: the proxy forwards only what a program sends, or a page --allow-origin names`,
      reachedUpstream: false,
    });
    expect(await ended).toMatchObject({ servedBy: 'refused', status: 403, recording: null, cassette: null });
  });

  it('is served when the user typed the address (none) or it is the proxy’s own origin (same-origin)', async () => {
    expect(await through(capture, { 'sec-fetch-site': 'none' })).toMatchObject({ status: 200, reachedUpstream: true });
    expect(await through(capture, { 'sec-fetch-site': 'same-origin' })).toMatchObject({ status: 200, reachedUpstream: true });
  });

  it('is refused even by a proxy that allows some origin; that origin’s own calls still go through', async () => {
    expect(await through(open, { 'sec-fetch-site': 'same-site' })).toMatchObject({ status: 403, code: 'cross_site', reachedUpstream: false });
    expect(await through(open, { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' })).toMatchObject({ status: 200, reachedUpstream: true });
  });
});

describe('a path no route takes', () => {
  it('gets a 404 naming what the proxy forwards, and reaches no upstream', async () => {
    const prefixed = await startTestProxy([{ url: `${upstream.url}/v1`, name: 'local' }]);
    try {
      const before = requests;
      const answer = await rawRequest(`${prefixed.proxy.origin}/elsewhere/v1/models`);
      expect([answer.status, JSON.parse(answer.body.toString()).error]).toEqual([
        404,
        { message: `Streamscope proxy: no upstream for /elsewhere/v1/models: this proxy forwards /local/… → ${upstream.url}`, type: 'proxy_error', code: 'no_route' },
      ]);
      expect(requests).toBe(before);
    } finally {
      await prefixed.close();
    }
  });
});

describe('a request body past the limit', () => {
  it('gets a 413 from the proxy at once, while it is still being sent, and reaches no upstream', async () => {
    const before = requests;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // It declares one byte more than the proxy takes and sends only a little of it: the answer must not wait for the rest.
      const sending = httpRequest(`${capture.base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': MAX_REQUEST_BYTES + 1 } }, (response) => {
        let body = '';
        response.on('data', (bytes: Buffer) => (body += bytes.toString()));
        response.on('end', () => {
          sending.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      sending.on('error', reject);
      sending.write('{"model":"m","messages":[');
    });
    expect([answer.status, JSON.parse(answer.body).error]).toEqual([
      413,
      { message: `Streamscope proxy: the request body is larger than ${MAX_REQUEST_BYTES} bytes`, type: 'proxy_error', code: 'request_too_large' },
    ]);
    expect(requests).toBe(before);
  });
});
