// A proxy sees every key its clients send. After a run with a key — streaming and not, through
// the openai SDK and raw, a key in a query too, with cassettes recorded, and an upstream that
// sends the key back in a header and in the body — the key's bytes are nowhere in the database
// files, the cassettes, any export or the log lines, while the client still got every byte the
// upstream sent.

import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exporters } from '../../../shared/export/registry.ts';
import { writeChunk } from '../http/write-chunk.ts';
import { bodyOf, rawRequest, startTestProxy, startUpstream, tempDir } from './test-support.ts';
import type { TestProxy } from './test-support.ts';

const KEY = 'sk-proj-' + [...randomBytes(40)].map((byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[byte % 62]).join('');
/** How a key sent back is kept: masked at its own length, its public prefix and last four shown. */
const MASKED = `sk-proj-${'*'.repeat(36)}${KEY.slice(-4)}`;
/** A piece of the key's random part: found anywhere, the key leaked. */
const PIECE = KEY.slice(14, 30);

const chunk = (content: string) => `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"${content}"},"finish_reason":null}]}\n\n`;
const STOP = 'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n';
const streamBody = (key: string) => chunk('Hello') + chunk(`your key is ${key}`) + STOP + 'data: [DONE]\n\n';
const wholeBody = (key: string) => JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: `your key is ${key}` }, finish_reason: 'stop' }] });

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let capture: TestProxy;
const cassettes = tempDir('streamscope-proxy-key-cassettes-');

beforeAll(async () => {
  // Sends the key back: in a harmless-named header and in the body, cut inside the key across writes.
  upstream = await startUpstream((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const key = (req.headers.authorization ?? '').replace(/^Bearer /, '') || new URL(req.url!, 'http://x').searchParams.get('key') || '';
      const stream = (JSON.parse(Buffer.concat(parts).toString() || '{}') as { stream?: boolean }).stream === true;
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json', 'x-debug': `Bearer ${key}` });
      const body = stream ? streamBody(key) : wholeBody(key);
      const cut = body.indexOf('sk-proj-') + 11;
      writeChunk(res, body.slice(0, cut), () => writeChunk(res, body.slice(cut, cut + 9), () => res.end(body.slice(cut + 9))));
    });
  });
  capture = await startTestProxy(upstream.url, { cassettes: { dir: cassettes, mode: 'record' } });
});
afterAll(async () => {
  await capture.close();
  await upstream.close();
});

/** The database file and its companions, as bytes read raw. */
const databaseText = (db: string): string => [db, `${db}-wal`, `${db}-shm`].filter(existsSync).map((file) => readFileSync(file, 'latin1')).join('');

describe('a key through the proxy', () => {
  it('reaches the client unchanged when the upstream sends it back, and is masked in the recording', async () => {
    const ended = capture.nextEnd();
    const answer = await rawRequest(`${capture.base}/v1/chat/completions`, { headers: { authorization: `Bearer ${KEY}` }, body: { model: 'm', stream: true } });
    expect(answer.headers['x-debug']).toBe(`Bearer ${KEY}`);
    expect(answer.body.toString()).toBe(streamBody(KEY));
    expect(answer.reads.map((read) => read.toString()).join('')).toBe(streamBody(KEY));

    const stored = capture.recording(await ended);
    expect(bodyOf(stored).toString()).toBe(streamBody(MASKED));
    expect(stored.response!.headers['x-debug']).toBe(`Bearer ${MASKED}`);
    expect(stored.request!.headers['authorization']).toBe(`Bearer sk-proj-…${KEY.slice(-4)}`);
    expect(stored.secretsMasked).toEqual({ headers: ['x-debug'], bodyPlaces: 1 });
  });

  it('is nowhere in the database files, the cassettes, any export or the log lines after a run', async () => {
    const client = new OpenAI({ baseURL: `${capture.base}/v1`, apiKey: KEY, maxRetries: 0, logLevel: 'off' });
    const whole = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(whole.choices[0]!.message.content).toBe(`your key is ${KEY}`);
    const chunks: string[] = [];
    for await (const part of await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] })) chunks.push(part.choices[0]?.delta.content ?? '');
    expect(chunks.join('')).toBe(`Helloyour key is ${KEY}`);
    const inQuery = await rawRequest(`${capture.base}/v1/chat/completions?key=${KEY}`, { body: { model: 'm', stream: true } });
    expect(inQuery.body.toString()).toBe(streamBody(KEY));
    while (capture.proxy.exchanges.length < 4) await capture.nextEnd();

    // In the order they were asked (the log lists them as they end).
    const recorded = capture.proxy.exchanges.filter((exchange) => exchange.recording !== null).sort((a, b) => a.id - b.id);
    expect(recorded.length).toBe(3);
    const stored = recorded.map((exchange) => capture.recording(exchange));
    for (const recording of stored) {
      for (const exporter of exporters()) {
        const content = exporter.export(recording, { name: 'captured', id: 1 });
        const text = typeof content === 'string' ? content : Buffer.from(content).toString('latin1');
        expect(text, exporter.format).not.toContain(PIECE);
      }
    }
    expect(stored.at(-1)!.request!.url).toBe(`${upstream.url}/v1/chat/completions?key=sk-proj-…${KEY.slice(-4)}`);

    const files = readdirSync(cassettes);
    expect(files.length).toBe(4);
    for (const file of files) expect(readFileSync(join(cassettes, file), 'latin1'), file).not.toContain(PIECE);

    const logged = JSON.stringify(capture.lines);
    expect(logged).not.toContain(PIECE);
    expect(logged).toContain(`/v1/chat/completions?key=sk-proj-…${KEY.slice(-4)}`);

    // While the store is open (the WAL holds the latest pages), and once it is closed (checkpointed into the file).
    expect(databaseText(capture.db)).not.toContain(PIECE);
    await capture.close();
    const closed = databaseText(capture.db);
    expect(closed).not.toContain(PIECE);
    // Not vacuous: the masked forms were written.
    expect(closed).toContain(MASKED);
  });
});

describe('an Anthropic key (x-api-key) through the proxy', () => {
  const ANTHROPIC_KEY = 'sk-ant-api03-' + KEY.slice(8);
  const ANTHROPIC_PIECE = ANTHROPIC_KEY.slice(20, 36);
  const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const messagesBody = (key: string) =>
    event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } } }) +
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: `your key is ${key}` } }) +
    event('content_block_stop', { index: 0 }) +
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 6 } }) +
    event('message_stop', {});

  it('sent as x-api-key (curl, as Anthropic documents it) or by the @anthropic-ai/sdk reaches the upstream, is stored redacted and masked, and is nowhere in the database files or the log', async () => {
    const echo = await startUpstream((req, res) => {
      req.resume();
      req.on('end', () => {
        const key = String(req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '') ?? '');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(messagesBody(key));
      });
    });
    const anthropic = await startTestProxy(echo.url);
    try {
      const request = { model: 'claude', max_tokens: 16, stream: true, messages: [{ role: 'user' as const, content: 'hi' }] };
      const raw = await rawRequest(`${anthropic.base}/v1/messages`, { headers: { 'x-api-key': ANTHROPIC_KEY, 'anthropic-version': '2023-06-01' }, body: request });
      expect(raw.body.toString()).toBe(messagesBody(ANTHROPIC_KEY));
      // The SDK sends its key its own way (this version: Authorization); what it ends with has the key the upstream sent back.
      const client = new Anthropic({ baseURL: anthropic.base, apiKey: ANTHROPIC_KEY, maxRetries: 0, logLevel: 'off' });
      const message = await client.messages.stream(request).finalMessage();
      expect(message.content).toEqual([{ type: 'text', text: `your key is ${ANTHROPIC_KEY}` }]);
      while (anthropic.proxy.exchanges.length < 2) await anthropic.nextEnd();

      const [viaCurl, viaSdk] = [...anthropic.proxy.exchanges].sort((a, b) => a.id - b.id).map((exchange) => anthropic.recording(exchange));
      expect(viaCurl!.request!.headers['x-api-key']).toBe(`sk-ant-…${ANTHROPIC_KEY.slice(-4)}`);
      for (const stored of [viaCurl!, viaSdk!]) {
        expect(bodyOf(stored).toString()).toBe(messagesBody(`sk-ant-${'*'.repeat(ANTHROPIC_KEY.length - 11)}${ANTHROPIC_KEY.slice(-4)}`));
        expect(stored.secretsMasked).toEqual({ headers: [], bodyPlaces: 1 });
      }
      expect(JSON.stringify(anthropic.lines)).not.toContain(ANTHROPIC_PIECE);
      await anthropic.close();
      expect(databaseText(anthropic.db)).not.toContain(ANTHROPIC_PIECE);
    } finally {
      await anthropic.close();
      await echo.close();
    }
  });
});
