// An HTTPS upstream, as every real provider is, through the real `streamscope proxy` process: a
// stream relayed byte for byte and recorded, and, when the upstream's certificate is not trusted,
// the client told so by the proxy rather than left with a broken stream. The certificate is made
// by openssl for this run; the proxy trusts it only through NODE_EXTRA_CA_CERTS, as a user behind
// a company's TLS-inspecting gateway would (docs/capture.md).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStream } from '../../../shared/test/streams.ts';
import { openStore } from '../store/index.ts';
import { startProxyProcess } from './test-support.ts';
import type { ProxyProcess } from './test-support.ts';

const OPENSSL = '/usr/bin/openssl';
const STREAM = realStream('openai-gpt4o-structured-text-usage.sse');
const KEY = 'sk-proj-httpsUpstream0123456789abcdefghijklMN';
const dir = mkdtempSync(join(tmpdir(), 'streamscope-proxy-https-'));
const certificate = join(dir, 'cert.pem');

let upstream: Server;
let upstreamUrl: string;
/** What the upstream was asked: method, path and the key it got. */
const asked: { method: string; path: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  if (!existsSync(OPENSSL)) return;
  const key = join(dir, 'key.pem');
  execFileSync(OPENSSL, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', certificate, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  upstream = createServer({ key: readFileSync(key), cert: readFileSync(certificate) }, (req, res) => {
    asked.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_https' });
      res.flushHeaders();
      // One write per event, a few milliseconds apart, as a provider streams.
      const events = Buffer.from(STREAM).toString('latin1').split(/(?<=\n\n)/);
      let i = 0;
      const next = (): void => {
        if (i === events.length) return void res.end();
        res.write(Buffer.from(events[i++]!, 'latin1'));
        setTimeout(next, 2);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `https://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve())));

/** `streamscope proxy` in front of the HTTPS upstream, with `env` added. */
function startProxy(db: string, env: Record<string, string>): Promise<ProxyProcess> {
  return startProxyProcess(['--upstream', upstreamUrl, '--port', '0', '--db', db], env);
}

async function streamThrough(baseUrl: string): Promise<{ status: number; contentType: string | null; body: Buffer }> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

describe.runIf(existsSync(OPENSSL))('the proxy in front of an HTTPS upstream', () => {
  it('relays a stream byte for byte and records it, the key sent upstream and kept nowhere, once the upstream\'s certificate is trusted', async () => {
    const db = join(mkdtempSync(join(dir, 'trusted-')), 'streamscope.db');
    const proxy = await startProxy(db, { NODE_EXTRA_CA_CERTS: certificate });
    try {
      const got = await streamThrough(proxy.baseUrl);
      expect(got.status).toBe(200);
      expect(got.contentType).toBe('text/event-stream');
      expect(got.body.equals(Buffer.from(STREAM))).toBe(true);
      expect(asked.at(-1)).toEqual({ method: 'POST', path: '/v1/chat/completions', authorization: `Bearer ${KEY}` });
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
    const store = openStore(db);
    try {
      const [summary] = store.list().items;
      expect(summary).toMatchObject({ source: 'capture', outcome: 'eof' });
      const recording = store.get(summary!.id)!;
      expect(recording.request?.url).toBe(`${upstreamUrl}/chat/completions`);
      expect(recording.response).toMatchObject({ status: 200, headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req_https' } });
      expect(Buffer.concat(recording.reads.map((read) => read.bytes)).equals(Buffer.from(STREAM))).toBe(true);
    } finally {
      store.close();
    }
    for (const file of [db, `${db}-wal`].filter((path) => existsSync(path))) expect(readFileSync(file).includes(KEY)).toBe(false);
  }, 60_000);

  it('answers 502 with the proxy\'s one-line error naming the certificate when the upstream\'s is not trusted, and records the failure', async () => {
    const db = join(mkdtempSync(join(dir, 'untrusted-')), 'streamscope.db');
    const proxy = await startProxy(db, {});
    try {
      const got = await streamThrough(proxy.baseUrl);
      expect(got.status).toBe(502);
      const error = (JSON.parse(got.body.toString()) as { error: { message: string; type: string; code: string } }).error;
      expect(error).toMatchObject({ type: 'proxy_error', code: 'upstream_unreachable' });
      expect(error.message).toMatch(/^Streamscope proxy: the upstream https:\/\/127\.0\.0\.1:\d+ failed before answering: .*self[- ]signed certificate/);
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
    const store = openStore(db);
    try {
      const [summary] = store.list().items;
      expect(summary).toMatchObject({ source: 'capture', outcome: 'error' });
      expect(store.get(summary!.id)!.end?.error).toMatch(/self[- ]signed certificate/);
    } finally {
      store.close();
    }
  }, 60_000);
});
