// Real clients through the capture proxy: the official openai SDK (streaming and not), the Vercel
// AI SDK, fetch and curl -N each get through the proxy exactly what they get without it (status,
// headers less hop-by-hop and Date, body byte for byte), and the recording holds the bytes the
// upstream sent. Upstreams: the simulator, and Debian's nginx (proxy_buffering off) in front of
// it. Two identical simulators answer in lockstep, one direct and one behind the proxy, so even
// their per-request ids match.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureExchange } from '../../../shared/capture/types.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { bodyOf, comparable, NGINX, startBufferlessNginx, startTestProxy, tempDir } from './test-support.ts';
import type { Nginx, TestProxy } from './test-support.ts';
import { installed } from '../system-tools.ts';

const CURL = ['/usr/bin/curl', '/usr/local/bin/curl', '/bin/curl'].find((path) => existsSync(path));
installed(NGINX, 'nginx', 'proxy/clients.test.ts, the nginx cases');
if (!CURL) console.warn('proxy/clients.test.ts: the curl cases are skipped, curl is not installed (apt-get install curl)');

const KEY = 'sk-test-proxy-clients-0123456789abcdef';
const MESSAGES = [{ role: 'user' as const, content: 'How does streaming work?' }];
/** The simulator a hundred times faster than life: real pacing, short tests. */
const TIME_SCALE = 0.01;

interface Seen {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  /** What the client itself made of it (chunks, text). */
  readonly result: unknown;
}

/** A fetch that hands the client the response as it came and keeps a copy of its bytes. */
function tapFetch() {
  const seen: Promise<Omit<Seen, 'result'>>[] = [];
  const tapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const [mine, theirs] = response.body ? response.body.tee() : [null, null];
    seen.push(new Response(mine).arrayBuffer().then((bytes) => ({ status: response.status, headers: comparable(response.headers), body: Buffer.from(bytes) })));
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return { fetch: tapped, last: () => seen[seen.length - 1]! };
}

type Client = (base: string) => Promise<Seen>;

const openaiStreaming: Client = async (base) => {
  const tap = tapFetch();
  const client = new OpenAI({ baseURL: base, apiKey: KEY, maxRetries: 0, logLevel: 'off', fetch: tap.fetch });
  const stream = await client.chat.completions.create({ model: 'sim-text', messages: MESSAGES, stream: true, stream_options: { include_usage: true } });
  const chunks: unknown[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { ...(await tap.last()), result: chunks };
};

const openaiWhole: Client = async (base) => {
  const tap = tapFetch();
  const client = new OpenAI({ baseURL: base, apiKey: KEY, maxRetries: 0, logLevel: 'off', fetch: tap.fetch });
  const completion = await client.chat.completions.create({ model: 'sim-text', messages: MESSAGES });
  return { ...(await tap.last()), result: completion };
};

const vercelAi: Client = async (base) => {
  const tap = tapFetch();
  const openai = createOpenAI({ baseURL: base, apiKey: KEY, fetch: tap.fetch });
  const result = streamText({ model: openai.chat('sim-text'), prompt: 'How does streaming work?', maxRetries: 0 });
  const parts: string[] = [];
  for await (const part of result.textStream) parts.push(part);
  return { ...(await tap.last()), result: [parts.join(''), await result.finishReason, await result.usage] };
};

const plainFetch: Client = async (base) => {
  const response = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ model: 'sim-text', messages: MESSAGES, stream: true }),
  });
  const reads: Uint8Array[] = [];
  for await (const read of response.body!) reads.push(read);
  const body = Buffer.concat(reads);
  return { status: response.status, headers: comparable(response.headers), body, result: body.toString('utf8') };
};

const curl: Client = async (base) => {
  const dir = tempDir('streamscope-proxy-curl-');
  const [head, out] = [join(dir, 'head'), join(dir, 'body')];
  const args = ['-sS', '-N', '-D', head, '-o', out, `${base}/chat/completions`, '-H', 'content-type: application/json', '-H', `authorization: Bearer ${KEY}`];
  const data = JSON.stringify({ model: 'sim-text', messages: MESSAGES, stream: true });
  const child = spawn(CURL!, [...args, '-d', data], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (text: Buffer) => (stderr += text.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`curl exited with ${code}: ${stderr}`);
  const [statusLine, ...lines] = readFileSync(head, 'latin1').trimEnd().split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const body = readFileSync(out);
  return { status: Number(statusLine!.split(' ')[1]), headers: comparable(headers), body, result: statusLine };
};

interface Upstreams {
  /** Where a client goes without the proxy. */
  readonly direct: string;
  /** What the proxy forwards to: the twin of `direct`. */
  readonly behind: string;
  /** Bytes the proxied simulator wrote, by its x-request-id. */
  readonly sent: Map<string, number>;
  stop(): Promise<void>;
}

async function twinSimulators(): Promise<{ direct: Simulator; behind: Simulator; sent: Map<string, number> }> {
  const sent = new Map<string, number>();
  const direct = await startSimulator({ timeScale: TIME_SCALE });
  const behind = await startSimulator({ timeScale: TIME_SCALE, onWrite: (write) => sent.set(write.requestId, (sent.get(write.requestId) ?? 0) + write.bytes) });
  return { direct, behind, sent };
}

const UPSTREAMS: [string, boolean, () => Promise<Upstreams>][] = [
  [
    'the simulator',
    true,
    async () => {
      const { direct, behind, sent } = await twinSimulators();
      return { direct: direct.url, behind: behind.url, sent, stop: async () => void (await Promise.all([direct.close(), behind.close()])) };
    },
  ],
  [
    'nginx (proxy_buffering off) in front of the simulator',
    NGINX !== undefined,
    async () => {
      const { direct, behind, sent } = await twinSimulators();
      const nginx: Nginx = await startBufferlessNginx([direct.url.replace(/\/v1$/, ''), behind.url.replace(/\/v1$/, '')]);
      return {
        direct: `http://127.0.0.1:${nginx.ports[0]}/v1`,
        behind: `http://127.0.0.1:${nginx.ports[1]}/v1`,
        sent,
        stop: async () => {
          await nginx.stop();
          await Promise.all([direct.close(), behind.close()]);
        },
      };
    },
  ],
];

describe.each(UPSTREAMS)('through the proxy to %s', (_name, available, start) => {
  let upstreams: Upstreams;
  let capture: TestProxy;

  beforeAll(async () => {
    if (!available) return;
    upstreams = await start();
    capture = await startTestProxy(upstreams.behind);
  }, 20_000);
  afterAll(async () => {
    await capture?.close();
    await upstreams?.stop();
  });

  /** The client direct, then through the proxy; the proxy's log line for its exchange. */
  async function both(client: Client): Promise<{ direct: Seen; proxied: Seen; exchange: CaptureExchange }> {
    const direct = await client(upstreams.direct);
    const ended = capture.nextEnd();
    const proxied = await client(capture.base);
    return { direct, proxied, exchange: await ended };
  }

  /** fetch (and the SDKs on it) asks for compression, which the proxy turns into identity; curl asks for none. */
  const FETCH_ENCODING = ['accept-encoding: gzip, deflate → identity'];
  const streaming: [string, boolean, Client, string[]][] = [
    ['the openai SDK, streaming', true, openaiStreaming, FETCH_ENCODING],
    ['the Vercel AI SDK (createOpenAI().chat, streamText)', true, vercelAi, FETCH_ENCODING],
    ['fetch', true, plainFetch, FETCH_ENCODING],
    ['curl -N', CURL !== undefined, curl, []],
  ];

  it.skipIf(!available).each(streaming)('%s gets the same status, headers and bytes, and the recording holds the upstream’s bytes', async (_client, runs, client, changed) => {
    if (!runs) return;
    const { direct, proxied, exchange } = await both(client);
    expect(proxied.status).toBe(200);
    expect(proxied.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(proxied.headers).toEqual(direct.headers);
    expect(proxied.body.equals(direct.body)).toBe(true);
    expect(proxied.result).toEqual(direct.result);

    expect(exchange).toMatchObject({ servedBy: 'proxy', stream: true, status: 200, outcome: 'eof', error: null, bytes: direct.body.length });
    const stored = capture.recording(exchange);
    expect(bodyOf(stored).equals(direct.body)).toBe(true);
    expect(upstreams.sent.get(proxied.headers['x-request-id']!)).toBe(direct.body.length);
    expect(stored.source).toBe('capture');
    expect(stored.end).toMatchObject({ outcome: 'eof' });
    expect(stored.response?.status).toBe(200);
    expect(comparable(stored.response!.headers)).toEqual(direct.headers);
    expect(stored.capture).toMatchObject({ session: 'test-session', servedBy: 'proxy', upstream: upstreams.behind, changed });
    expect(stored.capture!.relay!.writes.length).toBe(stored.reads.length);
  });

  it.skipIf(!available)('the openai SDK, not streaming, gets the same completion byte for byte; the exchange is logged, not stored', async () => {
    const { direct, proxied, exchange } = await both(openaiWhole);
    expect(proxied.status).toBe(200);
    expect(proxied.headers).toEqual(direct.headers);
    expect(proxied.body.equals(direct.body)).toBe(true);
    expect(proxied.result).toEqual(direct.result);
    expect(exchange).toMatchObject({ method: 'POST', path: '/v1/chat/completions', model: 'sim-text', stream: false, recording: null, status: 200, outcome: 'eof', bytes: direct.body.length });
    expect(upstreams.sent.get(proxied.headers['x-request-id']!)).toBe(direct.body.length);
  });
});
