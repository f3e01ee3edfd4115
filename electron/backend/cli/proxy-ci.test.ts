// docs/capture.md's "Record once, replay in CI", run as written: the real `streamscope proxy`
// process in front of an upstream, the official SDK's test recorded once with a key, then run
// again with no key and no upstream at all (the simulator stands in for the real API).

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { startProxyProcess } from './test-support.ts';
import type { ProxyProcess } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-proxy-ci-'));
const cassettes = join(dir, 'cassettes');
const KEY = 'sk-proj-recordedOnce0123456789abcdefghijklMN';
let simulator: Simulator;

beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0.02 });
});
afterAll(() => simulator.close());

/** `streamscope proxy ARGS` on a fresh port, storing beside the cassettes. */
function startProxy(args: string[]): Promise<ProxyProcess> {
  return startProxyProcess(['--port', '0', '--db', join(dir, 'streamscope.db'), ...args]);
}

/** The app's own test, as docs/capture.md shows it. */
async function haiku(baseURL: string, apiKey: string): Promise<string> {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
  const stream = await client.chat.completions.create({ model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'A haiku about rivers' }] });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  return text;
}

describe('record once, replay in CI (docs/capture.md)', () => {
  it('records the SDK test through the proxy process, then replays it with no key and no network, the cassette holding no key', async () => {
    const recording = await startProxy(['--upstream', simulator.url, '--cassettes', cassettes, '--mode', 'record']);
    const recorded = await haiku(recording.baseUrl, KEY);
    expect(await recording.stop()).toBe(0);
    const files = readdirSync(cassettes);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(cassettes, files[0]!), 'utf8')).not.toContain(KEY);

    // In CI: the same upstream URL in the command, but nothing listens there; no key.
    const replaying = await startProxy(['--upstream', 'http://127.0.0.1:9/v1', '--cassettes', cassettes, '--mode', 'replay', '--speed', '0']);
    expect(await haiku(replaying.baseUrl, 'no-key-in-ci')).toBe(recorded);
    expect(await replaying.stop()).toBe(0);
    expect(replaying.output()).toMatch(/POST \/v1\/chat\/completions sim-text → 200, cassette POST-chat-completions-[0-9a-f]{16}\.ssrec\.jsonl, [\d,]+ bytes in \d+ ms/);
    expect(recorded.length).toBeGreaterThan(20);
  }, 60_000);
});
