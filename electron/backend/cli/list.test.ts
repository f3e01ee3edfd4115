import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/index.ts';
import { contentChunk, roleChunk, tempDbPath, tempDir, timedRecording } from '../store/test-support.ts';
import { listCommand } from './list.ts';
import { captureOutput } from './output.ts';

// Dates print in local time: pin it.
const timeZone = process.env.TZ;
beforeAll(() => void (process.env.TZ = 'UTC'));
afterAll(() => void (timeZone === undefined ? delete process.env.TZ : (process.env.TZ = timeZone)));

const path = tempDbPath();
{
  const store = openStore(path);
  store.importRecording(timedRecording({ startedAt: '2026-11-30T08:01:00.000Z' }), { name: 'Greeting test', tags: ['smoke'] });
  store.importRecording(
    timedRecording({ startedAt: '2026-11-30T08:02:00.000Z', url: 'https://api.groq.com/openai/v1/chat/completions', model: 'llama-3.3-70b-versatile', status: 200 }),
  );
  store.importRecording(timedRecording({ startedAt: '2026-11-30T08:03:00.000Z', body: roleChunk() + contentChunk('Hel'), outcome: 'error' }), { name: 'connection drop' });
  const writer = store.beginRecording({ startedAt: '2026-11-30T08:04:00.000Z', request: { method: 'POST', url: 'http://127.0.0.1:8080/v1/chat/completions', headers: {}, body: { model: 'qwen3:8b' } } });
  writer.flush();
  // Closed mid-recording: the recording is marked interrupted.
  store.close();
}

async function run(...args: string[]) {
  const out = captureOutput();
  const code = await listCommand(args, out, {});
  return { code, out: out.out, err: out.err };
}

describe('streamscope list', () => {
  it('prints the recordings newest first, as a table', async () => {
    const { code, out } = await run('--db', path);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'ID  CREATED           NAME / MODEL                   HOST            STATUS         EVENTS  DURATION  FINDINGS',
        ' 4  2026-11-30 08:04  qwen3:8b                       127.0.0.1:8080  — interrupted       0         —  —',
        ' 3  2026-11-30 08:03  connection drop (gpt-4o-mini)  api.openai.com  200 error           2    142 ms  error (3)',
        ' 2  2026-11-30 08:02  llama-3.3-70b-versatile        api.groq.com    200 eof             6    142 ms  clean',
        ' 1  2026-11-30 08:01  Greeting test (gpt-4o-mini)    api.openai.com  200 eof             6    142 ms  clean',
        '',
        '1–4 of 4 recordings',
        '',
      ].join('\n'),
    );
  });

  it('filters and pages, saying where the next page starts', async () => {
    expect((await run('--db', path, '--host', 'api.openai.com', '--limit', '1')).out.split('\n').slice(1)).toEqual([
      ' 3  2026-11-30 08:03  connection drop (gpt-4o-mini)  api.openai.com  200 error       2    142 ms  error (3)',
      '',
      '1–1 of 2 recordings (--offset 1 for more)',
      '',
    ]);
    expect((await run('--db', path, '--code', 'no-done')).out).toContain('1–1 of 1 recording\n');
    expect((await run('--db', path, '--search', 'GREETING')).out).toContain(' 1  2026-11-30 08:01  Greeting test');
    expect((await run('--db', path, '--model', 'llama-3.3-70b-versatile', '--outcome', 'eof')).out).toContain('1–1 of 1 recording\n');
    expect(await run('--db', path, '--search', 'nothing like it')).toEqual({ code: 0, out: 'No recording matches.\n', err: '' });
    expect((await run('--db', path, '--offset', '10')).out).toBe('No recordings past 10 (4 recordings match).\n');
  });

  it('prints the items and the total as JSON with --json', async () => {
    const { code, out } = await run('--db', path, '--outcome', 'eof', '--json');
    expect(code).toBe(0);
    const store = openStore(path);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(store.list({ outcome: 'eof' }))));
    store.close();
    expect(JSON.parse(out).items.map((item: { id: number }) => item.id)).toEqual([2, 1]);
  });

  it('says there is nothing yet when the default database does not exist, without creating it', async () => {
    const missing = join(tempDir(), 'none.db');
    const out = captureOutput();
    expect(await listCommand([], out, { STREAMSCOPE_DB: missing })).toBe(0);
    expect(out.out).toBe(`No recordings yet in ${missing}.\n`);
  });

  it('rejects bad arguments and a missing --db file with one clear line', async () => {
    await expect(run('--db', join(tempDir(), 'missing.db'))).rejects.toThrow(/^no database at .*missing\.db$/);
    await expect(run('--db', path, '--outcome', 'done')).rejects.toThrow('--outcome takes one of eof, error, aborted, timeout, recording, interrupted, not "done"');
    await expect(run('--db', path, '--code', 'nope')).rejects.toThrow('unknown diagnostic code "nope" (see docs/diagnostics.md)');
    await expect(run('--db', path, '--limit', '0')).rejects.toThrow('--limit takes a whole number of 1 or more, not "0"');
    await expect(run('--db', path, '--offset', '-3')).rejects.toThrow(/--offset/);
    await expect(run('--db', path, 'extra')).rejects.toThrow('list takes no FILE, got "extra" (see --help)');
  });
});
