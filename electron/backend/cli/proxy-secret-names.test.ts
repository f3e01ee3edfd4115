// Keys under other names than Authorization (gateways', clouds', a name given with
// --redact-header, ?code= and ?subscription-key= in the query), sent through `streamscope proxy`
// to an upstream that sends them all back: the upstream and the client get every byte as sent,
// while no piece of any key is in the database files, the cassette, the curl export or the log;
// harmless headers (accept, x-request-id, content-encoding) are kept as they were.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { curlCommand } from '../../../shared/export/curl.ts';
import { parseSsrec } from '../../../shared/formats/ssrec.ts';
import { rawRequest, startUpstream } from '../proxy/test-support.ts';
import { openStore } from '../store/index.ts';
import { captureOutput } from './output.ts';
import { proxyCommand } from './proxy.ts';

const random = (length: number): string => [...randomBytes(length)].map((byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62]).join('');
/** Each key by where it is sent. */
const HEADER_KEYS: Record<string, string> = Object.fromEntries(['x-rapidapi-key', 'x-functions-key', 'x-access-key', 'x-portkey-virtual-key', 'x-tenant-pass'].map((name) => [name, random(40)]));
const QUERY_KEYS = { code: random(40), 'subscription-key': random(40) };
const ALL = [...Object.values(HEADER_KEYS), ...Object.values(QUERY_KEYS)];
/** A piece of each key's middle: found anywhere, that key leaked. */
const PIECES = ALL.map((key) => key.slice(10, 30));
const REQUEST_ID = `req_${random(32)}`;
const UPSTREAM_SESSION = random(40);

const STOP = 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n';
const streamBody = (keys: readonly string[]) => `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"keys ${keys.join(' ')}"},"finish_reason":null}]}\n\n${STOP}data: [DONE]\n\n`;
const maskedOf = (key: string) => '*'.repeat(key.length - 4) + key.slice(-4);

const databaseText = (db: string): string => [db, `${db}-wal`, `${db}-shm`].filter(existsSync).map((file) => readFileSync(file, 'latin1')).join('');

describe('keys under other names through streamscope proxy', () => {
  it('reach the upstream as sent, come back to the client unchanged, and are nowhere in the database, the cassette, the curl export or the log', async () => {
    let received: { url: string; headers: IncomingHttpHeaders } | null = null;
    const upstream = await startUpstream((req, res) => {
      received = { url: req.url!, headers: req.headers };
      req.resume();
      req.on('end', () => {
        const sent = [...Object.keys(HEADER_KEYS).map((name) => String(req.headers[name])), ...Object.keys(QUERY_KEYS).map((name) => new URL(req.url!, 'http://x').searchParams.get(name)!)];
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'content-encoding': 'identity',
          'x-request-id': REQUEST_ID,
          'x-upstream-session': UPSTREAM_SESSION,
          'x-tenant-pass': String(req.headers['x-tenant-pass']),
          'x-echo': sent.join(','),
        });
        res.end(streamBody(sent));
      });
    });
    const dir = mkdtempSync(join(tmpdir(), 'streamscope-secret-names-'));
    const db = join(dir, 'capture.db');
    const cassettes = join(dir, 'cassettes');
    const run = captureOutput();
    let answer: Awaited<ReturnType<typeof rawRequest>> | null = null;
    try {
      const exit = await proxyCommand(['--upstream', upstream.url, '--db', db, '--cassettes', cassettes, '--mode', 'record', '--redact-header', 'X-Tenant-Pass'], run, async (proxy) => {
        const query = new URLSearchParams(QUERY_KEYS).toString();
        answer = await rawRequest(`${proxy.bases[0]!.baseUrl}/chat/completions?${query}&api-version=2024-10-21`, {
          headers: { ...HEADER_KEYS, accept: 'text/event-stream', 'x-request-id': REQUEST_ID },
          body: { model: 'm', stream: true, messages: [] },
        });
      });
      expect(exit).toBe(0);
    } finally {
      await upstream.close();
    }

    // What was relayed: the real keys, both ways.
    for (const [name, key] of Object.entries(HEADER_KEYS)) expect(received!.headers[name]).toBe(key);
    expect(received!.url).toBe(`/chat/completions?code=${QUERY_KEYS.code}&subscription-key=${QUERY_KEYS['subscription-key']}&api-version=2024-10-21`);
    expect(answer!.body.toString()).toBe(streamBody(ALL));
    expect(answer!.headers['x-echo']).toBe(ALL.join(','));
    expect(answer!.headers['x-tenant-pass']).toBe(HEADER_KEYS['x-tenant-pass']);

    // What was stored: every key redacted by name, every echo masked at its length, harmless headers as sent.
    const store = openStore(db);
    const [summary] = store.list({ origin: 'captured' }).items;
    const stored = store.get(summary!.id)!;
    store.close();
    expect(stored.request!.url).toBe(`${upstream.url}/chat/completions?code=…${QUERY_KEYS.code.slice(-4)}&subscription-key=…${QUERY_KEYS['subscription-key'].slice(-4)}&api-version=2024-10-21`);
    for (const [name, key] of Object.entries(HEADER_KEYS)) expect(stored.request!.headers[name], name).toBe(`…${key.slice(-4)}`);
    expect([stored.request!.headers['accept'], stored.request!.headers['x-request-id']]).toEqual(['text/event-stream', REQUEST_ID]);
    expect(stored.response!.headers).toMatchObject({ 'content-encoding': 'identity', 'x-request-id': REQUEST_ID, 'x-upstream-session': UPSTREAM_SESSION, 'x-tenant-pass': `…${HEADER_KEYS['x-tenant-pass']!.slice(-4)}`, 'x-echo': ALL.map(maskedOf).join(',') });
    expect(Buffer.concat(stored.reads.map((read) => read.bytes)).toString()).toBe(streamBody(ALL.map(maskedOf)));

    // The curl script reads each key from a variable.
    const curl = curlCommand(stored);
    expect(curl).toContain('-H "x-rapidapi-key: $X_RAPIDAPI_KEY"');
    expect(curl).toContain('-H "x-tenant-pass: $X_TENANT_PASS"');
    expect(curl).toContain(`/chat/completions?code='"$API_KEY"'&subscription-key='"$API_KEY"'&api-version=2024-10-21' \\\n`);

    // The cassette: the same, and the upstream's random-looking session header redacted too; the request id kept.
    const [file] = readdirSync(cassettes);
    const cassetteText = readFileSync(join(cassettes, file!), 'utf8');
    const parsed = parseSsrec(cassetteText);
    if (!parsed.ok) throw new Error('the cassette does not parse');
    const cassette = parsed.value;
    expect(cassette.request!.headers['x-functions-key']).toBe(`…${HEADER_KEYS['x-functions-key']!.slice(-4)}`);
    expect(cassette.response!.headers).toMatchObject({ 'content-encoding': 'identity', 'x-request-id': REQUEST_ID, 'x-upstream-session': `…${UPSTREAM_SESSION.slice(-4)}` });

    const log = run.out;
    expect(log).toContain(`POST /chat/completions?code=…${QUERY_KEYS.code.slice(-4)}&subscription-key=…`);
    const closed = databaseText(db);
    expect(closed).toContain(maskedOf(QUERY_KEYS.code));
    for (const [where, text] of [['database', closed], ['curl', curl], ['cassette', cassetteText], ['log', log]] as const) {
      for (const piece of PIECES) expect(text, where).not.toContain(piece);
    }
  });

  it.each([
    ['redacts a random-looking value under a name it does not know', [], `…${UPSTREAM_SESSION.slice(-4)}`],
    ['keeps it with --keep-high-entropy-headers', ['--keep-high-entropy-headers'], UPSTREAM_SESSION],
  ])('in a cassette, %s, and a header named a secret redacted either way', async (_, flags, session) => {
    const key = HEADER_KEYS['x-rapidapi-key']!;
    const upstream = await startUpstream((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-upstream-session': UPSTREAM_SESSION });
        res.end(streamBody([]));
      });
    });
    const cassettes = join(mkdtempSync(join(tmpdir(), 'streamscope-high-entropy-')), 'cassettes');
    try {
      const exit = await proxyCommand(['--upstream', upstream.url, '--db', join(cassettes, '..', 'capture.db'), '--cassettes', cassettes, '--mode', 'record', ...flags], captureOutput(), async (proxy) => {
        await rawRequest(`${proxy.bases[0]!.baseUrl}/chat/completions`, { headers: { 'x-rapidapi-key': key, 'x-client-session': UPSTREAM_SESSION }, body: { model: 'm', stream: true, messages: [] } });
      });
      expect(exit).toBe(0);
    } finally {
      await upstream.close();
    }
    const parsed = parseSsrec(readFileSync(join(cassettes, readdirSync(cassettes)[0]!), 'utf8'));
    if (!parsed.ok) throw new Error('the cassette does not parse');
    expect(parsed.value.response!.headers['x-upstream-session']).toBe(session);
    expect(parsed.value.request!.headers['x-client-session']).toBe(session);
    expect(parsed.value.request!.headers['x-rapidapi-key']).toBe(`…${key.slice(-4)}`);
  });
});
