import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { captureOutput } from './output.ts';
import { proxyCommand } from './proxy.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-proxy-cli-'));
const KEY = 'sk-proj-cliTEST0123456789abcdefghijklmnop';
const MESSAGES = [{ role: 'user' as const, content: 'How does streaming work?' }];
let simulator: Simulator;

beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
});
afterAll(() => simulator.close());

/** Streams one completion with the official SDK through `baseURL`; its text. */
async function streamWithSdk(baseURL: string): Promise<string> {
  const client = new OpenAI({ baseURL, apiKey: KEY, maxRetries: 0 });
  const stream = await client.chat.completions.create({ model: 'sim-text', messages: MESSAGES, stream: true });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  return text;
}

describe('streamscope proxy', () => {
  it('prints the base URL with what to paste, relays an SDK stream, stores it as a captured recording and logs one line per exchange', async () => {
    const db = join(dir, 'capture.db');
    const run = captureOutput();
    let base = '';
    let captured = '';
    const direct = await streamWithSdk(simulator.url);
    const exit = await proxyCommand(['--upstream', simulator.url, '--db', db, '--tag', 'ci'], run, async (proxy) => {
      base = proxy.bases[0]!.baseUrl;
      captured = await streamWithSdk(base);
      await fetch(`${proxy.origin}/v1/models`).then((response) => response.text());
    });
    expect(exit).toBe(0);
    expect(captured).toBe(direct);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(run.out).toContain(`OPENAI_BASE_URL=${base}`);
    expect(run.out).toContain(`new OpenAI({ baseURL: '${base}' })`);
    expect(run.out).toContain('openai(id) speaks the Responses API');
    expect(run.out).toContain('a custom base URL turns off its stream_usage default');
    expect(run.out).toMatch(/POST \/v1\/chat\/completions sim-text → 200 recording #1, \d+ events, first token \d+ ms, \d+ ms/);
    expect(run.out).toMatch(/GET \/v1\/models → 200, [\d,]+ bytes in \d+ ms/);
    expect(run.out).toContain('Capture stopped: 2 exchanges, 1 recording stored.');

    const store = openStore(db);
    const [summary] = store.list({ origin: 'captured' }).items;
    const recording = store.get(summary!.id)!;
    store.close();
    expect([summary!.source, summary!.tags, summary!.model, recording.end?.outcome]).toEqual(['capture', ['ci'], 'sim-text', 'eof']);
    expect(recording.request!.headers.authorization).not.toContain(KEY);
    expect(recording.capture!.client.userAgent).toMatch(/^OpenAI\/JS /);
  });

  it('names each upstream of several by its prefix', async () => {
    const run = captureOutput();
    let bases: string[] = [];
    await proxyCommand(['--upstream', simulator.url, '--upstream', 'anthropic=https://api.anthropic.com', '--db', join(dir, 'two.db')], run, async (proxy) => {
      bases = proxy.bases.map((entry) => entry.baseUrl);
      expect(await streamWithSdk(bases[0]!)).toBe(await streamWithSdk(simulator.url));
    });
    expect(bases).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/local\/v1$/), expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/anthropic$/)]);
    expect(run.out).toContain(`ANTHROPIC_BASE_URL=${bases[1]}`);
  });

  it('records cassettes once, then answers from them with no upstream at all', async () => {
    const cassettes = join(dir, 'cassettes');
    let recorded = '';
    await proxyCommand(['--upstream', simulator.url, '--db', join(dir, 'record.db'), '--cassettes', cassettes, '--mode', 'record'], captureOutput(), async (proxy) => {
      recorded = await streamWithSdk(proxy.bases[0]!.baseUrl);
    });
    expect(readdirSync(cassettes)).toEqual([expect.stringMatching(/^POST-chat-completions-[0-9a-f]{16}\.ssrec\.jsonl$/)]);

    const run = captureOutput();
    let replayed = '';
    // Nothing listens on port 9: any attempt to reach the upstream would fail the test.
    await proxyCommand(['--upstream', 'http://127.0.0.1:9/v1', '--db', join(dir, 'replay.db'), '--cassettes', cassettes, '--mode', 'replay', '--speed', '0'], run, async (proxy) => {
      replayed = await streamWithSdk(proxy.bases[0]!.baseUrl);
      const missing = await fetch(`${proxy.bases[0]!.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"other","stream":true,"messages":[]}' });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'no_cassette', message: expect.stringContaining('The folder holds 1: POST-chat-completions-') });
    });
    expect(replayed).toBe(recorded);
    expect(run.out).toContain('(replay, 1 cassette loaded, speed 0)');
  });

  it('refuses what it cannot do with a one-line error and exit code 2', async () => {
    expect(await runCli('proxy')).toMatchObject({ code: 2, err: 'streamscope proxy: give --upstream URL or --profile NAME (see --help)\n' });
    expect(await runCli('proxy', '--upstream', 'ftp://example.com')).toMatchObject({ code: 2, err: 'streamscope proxy: ftp://example.com: the upstream must be http or https\n' });
    expect(await runCli('proxy', '--profile', 'nope', '--db', join(dir, 'x.db'))).toMatchObject({ code: 2, err: expect.stringMatching(/^streamscope proxy: unknown profile "nope" \(known: openai, /) });
    expect(await runCli('proxy', '--profile', 'azure', '--db', join(dir, 'x.db'))).toMatchObject({ code: 2, err: expect.stringContaining('the Azure OpenAI profile has no fixed URL') });
    expect(await runCli('proxy', '--upstream', simulator.url, '--cassettes', dir)).toMatchObject({ code: 2, err: 'streamscope proxy: --cassettes DIR takes --mode record, replay or auto\n' });
    expect(await runCli('proxy', '--upstream', simulator.url, '--cassettes', dir, '--mode', 'play')).toMatchObject({ code: 2, err: 'streamscope proxy: --mode takes record, replay or auto, not "play"\n' });
    expect(await runCli('proxy', '--upstream', simulator.url, '--drop-done')).toMatchObject({ code: 2, err: expect.stringContaining('the faults apply to what cassettes answer') });
    expect(await runCli('proxy', '--upstream', simulator.url, '--port', '70000')).toMatchObject({ code: 2, err: 'streamscope proxy: --port takes a port number from 0 to 65535, not "70000"\n' });
  });

  it('has a help page that names every option', async () => {
    const { code, out } = await runCli('proxy', '--help');
    expect(code).toBe(0);
    for (const option of ['--upstream', '--profile', '--port', '--db', '--tag', '--keep-encoding', '--allow-origin', '--max-recording-bytes', '--redact-header', '--keep-high-entropy-headers', '--cassettes', '--mode', '--speed', '--cut-after-event']) expect(out).toContain(option);
  });
});
