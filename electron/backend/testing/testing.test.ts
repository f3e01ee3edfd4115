// The JavaScript API a test author imports (`startProxy`, `startMock`): the official SDK through
// it in this process, the cassette it writes replayed with nothing listening upstream, a real
// captured stream served, misuse told in one error, and a process that can exit right after close().

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { startMock, startProxy } from './index.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COHERE = join(ROOT, 'shared/test/fixtures/real-streams/cohere-compat-command-r7b.sse');
const dir = mkdtempSync(join(tmpdir(), 'streamscope-api-'));
const KEY = 'sk-proj-recordedOnce0123456789abcdefghijklMN';
let simulator: Simulator;

beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0.02 });
});
afterAll(() => simulator.close());

async function haiku(baseURL: string, apiKey = KEY, defaultHeaders: Record<string, string> = {}): Promise<string> {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0, defaultHeaders });
  const stream = await client.chat.completions.create({ model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'A haiku about rivers' }] });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  return text;
}

describe('startProxy', () => {
  it('records the SDK through the proxy into a cassette, then replays it with no upstream listening', async () => {
    const cassettes = join(dir, 'cassettes');
    const recording = await startProxy({ upstream: simulator.url, cassettes, mode: 'record', db: join(dir, 'streamscope.db') });
    expect(recording.url).toBe(`http://127.0.0.1:${recording.port}/v1`);
    const recorded = await haiku(recording.url);
    await recording.close();
    expect(recording.exchanges.map((exchange) => [exchange.path, exchange.status, exchange.servedBy])).toEqual([['/v1/chat/completions', 200, 'proxy']]);
    const files = readdirSync(cassettes);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(cassettes, files[0]!), 'utf8')).not.toContain(KEY);

    const replaying = await startProxy({ upstream: 'http://127.0.0.1:9/v1', cassettes, mode: 'replay', speed: 0, db: false });
    try {
      expect(await haiku(replaying.url, 'no-key-in-ci')).toBe(recorded);
      expect(replaying.exchanges.map((exchange) => [exchange.servedBy, exchange.cassette])).toEqual([['cassette', files[0]]]);
    } finally {
      await replaying.close();
    }
    expect(recorded.length).toBeGreaterThan(20);
  }, 60_000);

  it('redacts the headers named in redactHeaders, as --redact-header does, in the stored recording and the cassette', async () => {
    // Words, not a random run: nothing but the name can tell this value is a secret.
    const passphrase = 'open-sesame-tenant-passphrase';
    const cassettes = join(dir, 'named');
    const db = join(dir, 'named.db');
    const proxy = await startProxy({ upstream: simulator.url, cassettes, mode: 'record', db, redactHeaders: ['X-Tenant-Pass'] });
    await haiku(proxy.url, KEY, { 'x-tenant-pass': passphrase });
    await proxy.close();
    const store = openStore(db);
    const stored = store.get(proxy.exchanges[0]!.recording!)!;
    store.close();
    expect(stored.request!.headers['x-tenant-pass']).toBe('open-…rase');
    const [file] = readdirSync(cassettes);
    const cassette = readFileSync(join(cassettes, file!), 'utf8');
    expect(cassette).toContain('"x-tenant-pass":"open-…rase"');
    expect(cassette).not.toContain(passphrase);
  }, 60_000);

  it('keeps random-looking header values in the cassette with keepHighEntropyHeaders, and the key redacted still', async () => {
    const session = 'Qz7w9fK2mR4tV8xB1nH6jL3pS5dF0gA2cE7uY9iO';
    for (const [keep, expected] of [[false, `…${session.slice(-4)}`], [true, session]] as const) {
      const cassettes = join(dir, `high-entropy-${keep}`);
      const proxy = await startProxy({ upstream: simulator.url, cassettes, mode: 'record', db: false, keepHighEntropyHeaders: keep });
      await haiku(proxy.url, KEY, { 'x-session': session });
      await proxy.close();
      const [file] = readdirSync(cassettes);
      const cassette = readFileSync(join(cassettes, file!), 'utf8');
      expect(cassette).toContain(`"x-session":"${expected}"`);
      expect(cassette).not.toContain(KEY);
    }
  }, 60_000);

  it('applies faults to what a cassette answers, as --cut-after-event does', async () => {
    const cassettes = join(dir, 'cut');
    const recording = await startProxy({ upstream: simulator.url, cassettes, mode: 'record', db: false });
    await haiku(recording.url);
    await recording.close();
    const cut = await startProxy({ upstream: 'http://127.0.0.1:9/v1', cassettes, mode: 'replay', speed: 0, faults: { cutAfterEvent: 1 }, db: false });
    try {
      await expect(haiku(cut.url)).rejects.toThrow();
    } finally {
      await cut.close();
    }
  }, 60_000);

  it('says which option is wrong, and starts nothing', async () => {
    await expect(startProxy({ upstream: 'api.openai.com' })).rejects.toThrow('startProxy: upstream: Invalid URL');
    await expect(startProxy({ upstream: simulator.url, cassettes: dir })).rejects.toThrow('startProxy: mode: cassettes take a mode: "record", "replay" or "auto"');
    await expect(startProxy({ upstream: simulator.url, cassettes: dir, mode: 'replay', speed: -1 })).rejects.toThrow('startProxy: speed: Too small: expected number to be >=0');
    await expect(startProxy({ upstream: simulator.url, speed: 2, db: false })).rejects.toThrow('startProxy: speed: speed and faults apply to what cassettes answer: give mode "replay" or "auto"');
    await expect(startProxy({ upstream: simulator.url, db: false, mode: 'play' } as never)).rejects.toThrow(/^startProxy: mode: Invalid option: expected one of "record"\|"replay"\|"auto"$/);
    await expect(startProxy({ upstream: simulator.url, db: false, prot: 1 } as never)).rejects.toThrow('startProxy: options: Unrecognized key: "prot"');
    await expect(startProxy({ upstream: simulator.url, db: false, redactHeaders: ['x-tenant pass'] })).rejects.toThrow(`startProxy: redactHeaders.0: "x-tenant pass": not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only)`);
    await expect(startProxy({ profiles: ['nosuch'], db: false })).rejects.toThrow(/^startProxy: unknown profile "nosuch" \(known: openai, /);
  });

  it('says a port in use in one line', async () => {
    const first = await startProxy({ upstream: simulator.url, db: false });
    try {
      await expect(startProxy({ upstream: simulator.url, db: false, port: first.port })).rejects.toThrow(`startProxy: port ${first.port} is already in use on 127.0.0.1 (--port 0 picks a free one)`);
    } finally {
      await first.close();
    }
  });
});

describe('startMock', () => {
  it('serves a captured stream (.sse) to the openai SDK', async () => {
    const mock = await startMock({ recordings: [COHERE], speed: 0, untimedIntervalMs: 0 });
    try {
      expect(mock.url).toBe(`http://127.0.0.1:${mock.port}/v1`);
      const client = new OpenAI({ baseURL: mock.url, apiKey: 'none', maxRetries: 0 });
      const stream = await client.chat.completions.create({ model: 'command-r7b-12-2024', stream: true, messages: [{ role: 'user', content: 'Say this is a test' }] });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('This is a test.');
      expect(mock.requests.map((request) => [request.path, request.status, request.outcome])).toEqual([['/v1/chat/completions', 200, 'complete']]);
    } finally {
      await mock.close();
    }
  });

  it('says which recording it cannot read, and which option is wrong', async () => {
    await expect(startMock({ recordings: [join(dir, 'missing.sse')] })).rejects.toThrow(`startMock: cannot read ${join(dir, 'missing.sse')}: `);
    await expect(startMock({ recordings: [] })).rejects.toThrow('startMock: recordings: ');
    await expect(startMock({ recordings: COHERE, faults: { status: { code: 99 } } })).rejects.toThrow('startMock: faults.status.code: Too small: expected number to be >=200');
  });
});

describe('close()', () => {
  it('leaves nothing running: a process that records, replays and closes exits by itself', async () => {
    const cassettes = join(dir, 'exit');
    // Through the package's own entry (lib/index.mjs), as a project that installed it imports it.
    const script = `
      const { startProxy, startMock } = await import(${JSON.stringify(join(ROOT, 'lib/index.mjs'))});
      const body = JSON.stringify({ model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'hi' }] });
      const post = async (url) => (await fetch(url + '/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
      const proxy = await startProxy({ profiles: ['simulator'], cassettes: ${JSON.stringify(cassettes)}, mode: 'record', db: ${JSON.stringify(join(dir, 'exit.db'))} });
      const recorded = await post(proxy.url);
      await proxy.close();
      const [cassette] = (await import('node:fs')).readdirSync(${JSON.stringify(cassettes)});
      const mock = await startMock({ recordings: [${JSON.stringify(cassettes)} + '/' + cassette], speed: 0 });
      const served = await post(mock.url);
      await mock.close();
      console.log(served === recorded ? 'same answer, closed' : 'different answers');
    `;
    writeFileSync(join(dir, 'exits.mjs'), script);
    const child = spawn(process.execPath, [join(dir, 'exits.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (bytes: Buffer) => (output += bytes.toString()));
    child.stderr.on('data', (bytes: Buffer) => (output += bytes.toString()));
    const started = performance.now();
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(output).toBe('same answer, closed\n');
    expect(code).toBe(0);
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
