import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, parseSsrec, toContract } from '../../../shared/index.ts';
import { startSimulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-record-'));
const FAST = '{"sim":{"time_scale":0}}';

const run = runCli;

describe('streamscope record', () => {
  it('records from the built-in simulator with no key, printing events live, storing the recording and writing the timed file', async () => {
    const db = join(dir, 'a.db');
    const file = join(dir, 'a.ssrec.jsonl');
    const { code, out, err } = await run('record', '--profile', 'simulator', '--model', 'sim-tool-call', '--body', FAST, '--db', db, '--out', file, '--name', 'first');
    expect([code, err]).toEqual([0, '']);
    expect(out).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions {2}model sim-tool-call\n/);
    expect(out).toMatch(/ {5}1 +[\d.]+ +[\d.]+ +1 {2}tool {9}tool_calls\[0\] \{ id = "call_/);
    expect(out).toContain('Message (choice 0, finish_reason "tool_calls")');
    expect(out).toContain(`stored as recording 1 in ${db}`);

    const store = openStore(db, { mustExist: true });
    try {
      const stored = store.get(1)!;
      expect(stored.name).toBe('first');
      const parsed = parseSsrec(readFileSync(file, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.error);
      // The timed file and the database hold the same exchange, read for read.
      expect(parsed.value.reads).toEqual(stored.reads);
      expect(toContract(analyzeRecording(parsed.value))).toEqual(toContract(analyzeRecording(stored)));
      expect(parsed.value.request).toEqual(stored.request);
    } finally {
      store.close();
    }
  });

  it('exits 1 with the reason in one line when the exchange fails', async () => {
    const db = join(dir, 'b.db');
    const { code, err, out } = await run('record', '--profile', 'simulator', '--model', 'sim-rate-limit', '--body', FAST, '--db', db, '--quiet');
    expect([code, err]).toEqual([1, 'streamscope record: HTTP 429\n']);
    expect(out).toContain('http-status: HTTP 429');
    const dropped = await run('record', '--profile', 'simulator', '--model', 'sim-connection-drop', '--body', FAST, '--db', db, '--quiet');
    expect(dropped.code).toBe(1);
    expect(dropped.err).toBe('streamscope record: error: the connection closed before the response was complete\n');
    const json = await run('record', '--profile', 'simulator', '--model', 'sim-json-response', '--body', FAST, '--no-store', '--quiet');
    expect([json.code, json.err]).toEqual([1, 'streamscope record: The response is application/json, not text/event-stream.\n']);
  });

  it('prints the analysis contract with its recording id under --json', async () => {
    const { code, out } = await run('record', '--profile', 'simulator', '--model', 'sim-text', '--body', FAST, '--db', join(dir, 'c.db'), '--json');
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.recording_id).toBe(1);
    expect(json.choices[0].finish_reason).toBe('stop');
  });

  it('explains bad arguments and a missing key in one line, with exit code 2, before sending anything', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      expect(await run('record', '--profile', 'openai', '--no-store')).toEqual({ code: 2, out: '', err: 'streamscope record: no API key: set OPENAI_API_KEY, or pass --api-key-env VAR or --api-key-file FILE\n' });
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
    expect((await run('record', '--profile', 'nope')).err).toMatch(/^streamscope record: unknown profile "nope" \(one of openai, azure, anthropic/);
    expect((await run('record')).err).toBe('streamscope record: give --profile NAME or --base-url URL (see --help)\n');
    expect((await run('record', '--base-url', 'ftp://x/v1', '--model', 'm')).err).toBe('streamscope record: --base-url must be http or https, not ftp:\n');
    expect((await run('record', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--body', '[1]')).err).toBe('streamscope record: --body must be a JSON object\n');
    expect((await run('record', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--messages', join(dir, 'none.json'))).err).toBe(
      `streamscope record: cannot read messages file ${join(dir, 'none.json')}: no such file\n`,
    );
  });
});

describe('streamscope record and the secrets a user hands it (issue 17, "Keys")', () => {
  it('shows the URL on its first line as it is stored: a password in it and a key in the query redacted', async () => {
    const simulator = await startSimulator({ port: 0 });
    try {
      const password = 'sk-proj-PasswordInTheUrl0123456789Ab12';
      const token = 'sk-TokenInTheQuery0123456789Cd34';
      const key = 'sk-KeyFromTheQueryFlag0123456789Ef56';
      const base = simulator.url.replace('http://', `http://user:${password}@`) + `?token=${token}`;
      const db = join(dir, 'url.db');
      const { code, out } = await run('record', '--base-url', base, '--query', `key=${key}`, '--model', 'sim-text', '--body', FAST, '--db', db);
      expect(code).toBe(0);
      const origin = simulator.url.replace(/\/v1$/, '').replace('http://', '');
      expect(out.split('\n')[0]).toBe(`POST http://user:sk-proj-…Ab12@${origin}/v1/chat/completions?token=sk-…Cd34&key=sk-…Ef56  model sim-text`);
      for (const secret of [password, token, key]) expect(out).not.toContain(secret.slice(3, -4));
      const store = openStore(db, { mustExist: true });
      try {
        expect(store.get(1)!.request!.url).toBe(`http://user:sk-proj-…Ab12@${origin}/v1/chat/completions?token=sk-…Cd34&key=sk-…Ef56`);
      } finally {
        store.close();
      }
    } finally {
      await simulator.close();
    }
  });

  it('refuses a header or a key that HTTP cannot carry in one line, exit code 2, storing nothing and never echoing the key', async () => {
    const db = join(dir, 'refused.db');
    const args = ['record', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--db', db];
    expect(await run(...args, '--header', 'x-note: café €')).toEqual({ code: 2, out: '', err: 'streamscope record: --header "x-note": holds U+20AC, which is not Latin-1\n' });
    expect(await run(...args, '--header', 'x-note: a\r\nx-injected: 1')).toEqual({ code: 2, out: '', err: 'streamscope record: --header "x-note": holds a carriage return (CR)\n' });
    expect(await run(...args, '--header', 'x note: a')).toEqual({
      code: 2,
      out: '',
      err: "streamscope record: --header \"x note\": not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only)\n",
    });
    expect(await run(...args, '--api-key', 'sk-secret€0123456789')).toEqual({ code: 2, out: '', err: 'streamscope record: the API key holds U+20AC, which is not Latin-1 (it is sent in a header)\n' });
    const file = join(dir, 'two-keys.txt');
    writeFileSync(file, 'sk-first0123456789\nsk-second0123456789\n');
    expect(await run(...args, '--api-key-file', file)).toEqual({ code: 2, out: '', err: 'streamscope record: the API key holds a line feed (LF) (it is sent in a header)\n' });
    // A header or query with no name may be a bare key: said without echoing it.
    expect(await run(...args, '--header', 'Bearer sk-bare0123456789')).toEqual({ code: 2, out: '', err: `streamscope record: --header takes 'NAME: VALUE': one has no name before its ":" (not echoed: it may hold a key)\n` });
    expect(await run(...args, '--query', 'sk-bare0123456789')).toEqual({ code: 2, out: '', err: 'streamscope record: --query takes K=V: one has no name before its "=" (not echoed: it may hold a key)\n' });
    expect(existsSync(db)).toBe(false);
  });
});
