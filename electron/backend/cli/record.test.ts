import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, parseSsrec, toContract } from '../../../shared/index.ts';
import { openStore } from '../store/index.ts';
import { main } from './main.ts';
import { captureOutput } from './output.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-record-'));
const FAST = '{"sim":{"time_scale":0}}';

async function run(...args: string[]) {
  const out = captureOutput();
  const code = await main(args, out);
  return { code, out: out.out, err: out.err };
}

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
    expect((await run('record', '--profile', 'nope')).err).toMatch(/^streamscope record: unknown profile "nope" \(one of openai, azure/);
    expect((await run('record')).err).toBe('streamscope record: give --profile NAME or --base-url URL (see --help)\n');
    expect((await run('record', '--base-url', 'ftp://x/v1', '--model', 'm')).err).toBe('streamscope record: --base-url must be http or https, not ftp:\n');
    expect((await run('record', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--body', '[1]')).err).toBe('streamscope record: --body must be a JSON object\n');
    expect((await run('record', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm', '--messages', join(dir, 'none.json'))).err).toBe(
      `streamscope record: cannot read messages file ${join(dir, 'none.json')}: no such file\n`,
    );
  });
});
