// Record once, replay in CI: `record` writes one cassette per exchange (those that do not stream
// too); `replay` answers from them with no network — the openai SDK gets the same content — and a
// request with no cassette gets a 404 naming what was asked and what the folder holds; `auto`
// answers what it has and forwards (and records) what it has not.

import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSsrec } from '../../../shared/formats/ssrec.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { closedPort, rawRequest, startTestProxy, tempDir } from './test-support.ts';

const MESSAGES = [{ role: 'user' as const, content: 'How does streaming work?' }];

let simulator: Simulator;
let simulatorRequests = 0;
const dir = tempDir('streamscope-proxy-cassettes-');

beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0, onRequest: () => simulatorRequests++ });
});
afterAll(() => simulator.close());

/** What the openai SDK makes of three exchanges: a stream, a whole completion and the model list. */
async function run(baseURL: string) {
  const client = new OpenAI({ baseURL, apiKey: 'sk-test-cassettes', maxRetries: 0, logLevel: 'off' });
  const chunks: unknown[] = [];
  for await (const chunk of await client.chat.completions.create({ model: 'sim-text', stream: true, messages: MESSAGES })) chunks.push(chunk);
  const whole = await client.chat.completions.create({ model: 'sim-tool-call', messages: MESSAGES });
  const models = (await client.models.list()).data.map((model) => model.id);
  return { chunks, whole, models };
}

let recorded: Awaited<ReturnType<typeof run>>;

describe('record mode', () => {
  it('writes one .ssrec.jsonl per exchange, streaming or not, each telling its request and answer', async () => {
    const capture = await startTestProxy(simulator.url, { cassettes: { dir, mode: 'record' } });
    try {
      recorded = await run(capture.base);
      while (capture.proxy.exchanges.length < 3) await capture.nextEnd();
      // In the order they were asked (the log lists them as they end: a stream's recording ends on its own thread).
      const exchanges = [...capture.proxy.exchanges].sort((a, b) => a.id - b.id);
      expect(exchanges.map((exchange) => [exchange.method, exchange.path, exchange.stream, exchange.cassette])).toEqual([
        ['POST', '/v1/chat/completions', true, expect.stringMatching(/^POST-chat-completions-[0-9a-f]{16}\.ssrec\.jsonl$/)],
        ['POST', '/v1/chat/completions', false, expect.stringMatching(/^POST-chat-completions-[0-9a-f]{16}\.ssrec\.jsonl$/)],
        ['GET', '/v1/models', false, expect.stringMatching(/^GET-models-[0-9a-f]{16}\.ssrec\.jsonl$/)],
      ]);
      expect(readdirSync(dir).sort()).toEqual(exchanges.map((exchange) => exchange.cassette).sort());
      const files = exchanges.map((exchange) => parseSsrec(readFileSync(join(dir, exchange.cassette!), 'utf8')));
      expect(files.map((file) => file.ok && [file.value.request?.method, file.value.response?.status, file.value.end?.outcome, file.value.capture?.servedBy])).toEqual([
        ['POST', 200, 'eof', 'proxy'],
        ['POST', 200, 'eof', 'proxy'],
        ['GET', 200, 'eof', 'proxy'],
      ]);
      expect(capture.store.list().total).toBe(1);
    } finally {
      await capture.close();
    }
  });
});

describe('replay mode', () => {
  it('answers the openai SDK from the cassettes with the same content, with no network (the upstream is a closed port)', async () => {
    const before = simulatorRequests;
    const capture = await startTestProxy(`http://127.0.0.1:${await closedPort()}/v1`, { cassettes: { dir, mode: 'replay', speed: 0 } });
    try {
      expect(capture.proxy.cassetteCount).toBe(3);
      const replayed = await run(capture.base);
      expect(replayed).toEqual(recorded);
      while (capture.proxy.exchanges.length < 3) await capture.nextEnd();
      expect(capture.proxy.exchanges.map((exchange) => [exchange.servedBy, exchange.status, exchange.outcome])).toEqual([
        ['cassette', 200, 'eof'],
        ['cassette', 200, 'eof'],
        ['cassette', 200, 'eof'],
      ]);
      expect(simulatorRequests).toBe(before);
    } finally {
      await capture.close();
    }
  });

  it('answers a request no cassette matches with a 404 naming what was asked and what the folder holds', async () => {
    const capture = await startTestProxy(`http://127.0.0.1:${await closedPort()}/v1`, { cassettes: { dir, mode: 'replay', speed: 0 } });
    try {
      const answer = await rawRequest(`${capture.base}/chat/completions`, { body: { model: 'sim-refusal', stream: true, messages: MESSAGES } });
      const held = readdirSync(dir).sort((a, b) => (a < b ? -1 : 1));
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body.toString())).toEqual({
        error: {
          message: `Streamscope proxy: no cassette in ${dir} matches POST /v1/chat/completions (model "sim-refusal"): a cassette answers the same method, path, query and body. The folder holds 3: ${held.join(', ')}. Record it with --mode record or --mode auto.`,
          type: 'proxy_error',
          code: 'no_cassette',
          cassettes: 3,
        },
      });
    } finally {
      await capture.close();
    }
  });

  it('logs a cassette the client hung up on as aborted, and one cut by a fault as an error', async () => {
    const stalled = await startTestProxy(`http://127.0.0.1:${await closedPort()}/v1`, { cassettes: { dir, mode: 'replay', speed: 0, faults: { stalls: [{ beforeEvent: 2, ms: 60_000 }] } } });
    const cut = await startTestProxy(`http://127.0.0.1:${await closedPort()}/v1`, { cassettes: { dir, mode: 'replay', speed: 0, faults: { cutAfterEvent: 1 } } });
    try {
      const body = { model: 'sim-text', stream: true, messages: MESSAGES };
      const left = await rawRequest(`${stalled.base}/chat/completions`, { body, onRead: (_bytes, response) => response.destroy() });
      expect(left.ending).toBe('aborted');
      expect(await stalled.ended(1)).toMatchObject({ servedBy: 'cassette', status: 200, outcome: 'aborted', error: 'the client closed the connection before the cassette was played to its end' });
      const broken = await rawRequest(`${cut.base}/chat/completions`, { body });
      expect(broken.ending).toBe('aborted');
      expect(await cut.ended(1)).toMatchObject({ servedBy: 'cassette', status: 200, outcome: 'error', error: 'the cassette cut the connection (as the recorded exchange broke, or by a fault)' });
    } finally {
      await stalled.close();
      await cut.close();
    }
  });

  it('refuses to start on a folder holding a cassette it cannot read', async () => {
    const broken = tempDir('streamscope-proxy-cassettes-broken-');
    cpSync(dir, broken, { recursive: true });
    writeFileSync(join(broken, 'x.ssrec.jsonl'), '{"recording": 99}\n');
    await expect(startTestProxy(simulator.url, { cassettes: { dir: broken, mode: 'replay' } })).rejects.toThrow(`cannot read the cassettes in ${broken}: x.ssrec.jsonl: `);
  });

  it('refuses to start, at once and saying why, on a folder holding a FIFO at a cassette’s name (it never waits on it)', async () => {
    const planted = tempDir('streamscope-proxy-cassettes-fifo-');
    execFileSync('mkfifo', [join(planted, 'POST-chat-completions-0000000000000000.ssrec.jsonl')]);
    await expect(startTestProxy(simulator.url, { cassettes: { dir: planted, mode: 'replay' } })).rejects.toThrow(
      `cannot read the cassettes in ${planted}: POST-chat-completions-0000000000000000.ssrec.jsonl: is not a regular file (a FIFO, a device or a socket), so it is not opened`,
    );
  });
});

describe('auto mode', () => {
  it('answers what the folder has, forwards and records what it has not, then answers that too', async () => {
    const folder = tempDir('streamscope-proxy-cassettes-auto-');
    cpSync(dir, folder, { recursive: true });
    const capture = await startTestProxy(simulator.url, { cassettes: { dir: folder, mode: 'auto', speed: 0 } });
    try {
      const before = simulatorRequests;
      const client = new OpenAI({ baseURL: capture.base, apiKey: 'sk-test-cassettes', maxRetries: 0, logLevel: 'off' });
      expect((await client.models.list()).data.map((model) => model.id)).toEqual(recorded.models);
      expect(simulatorRequests).toBe(before);

      const ask = () => client.chat.completions.create({ model: 'sim-refusal', messages: MESSAGES });
      const fresh = await ask();
      expect(simulatorRequests).toBe(before + 1);
      // Asked again at once: answered from the cassette just made.
      expect(await ask()).toEqual(fresh);
      expect(simulatorRequests).toBe(before + 1);
      const [listed, forwarded, replayed] = [await capture.ended(1), await capture.ended(2), await capture.ended(3)];
      expect([listed.servedBy, forwarded.servedBy, replayed.servedBy]).toEqual(['cassette', 'proxy', 'cassette']);
      expect(replayed.cassette).toBe(forwarded.cassette);
      expect(readdirSync(folder).sort()).toEqual([...readdirSync(dir), forwarded.cassette].sort());
    } finally {
      await capture.close();
    }
  });
});
