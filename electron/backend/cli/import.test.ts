// streamscope import: files into the store, one line per recording made; a bad file stores nothing.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingFromSse, serializeSsrec } from '../../../shared/index.ts';
import { exporterFor } from '../../../shared/export/registry.ts';
import { harLog } from '../../../shared/export/har.ts';
import { realStream } from '../../../shared/test/streams.ts';
import { openStore } from '../store/index.ts';
import { cleanBody, tempDbPath, timedRecording } from '../store/test-support.ts';
import { runCli } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'streamscope-cli-import-'));
const path = (name: string, content: string | Uint8Array) => {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
};

const sse = path('tool.sse', realStream('openai-gpt4o-parallel-tool-calls.sse'));
const ssrec = path('run.ssrec.jsonl', serializeSsrec(timedRecording()));
const twoEntries = (harLog(timedRecording()) as { log: { entries: unknown[] } }).log;
const har = path('two.har', JSON.stringify({ log: { ...twoEntries, entries: [twoEntries.entries[0], (harLog(timedRecording({ body: cleanBody(['Bye']) })) as { log: { entries: unknown[] } }).log.entries[0]] } }));

const run = (...args: string[]) => runCli('import', ...args);

describe('streamscope import', () => {
  it('stores every file and prints one line per recording, its id first', async () => {
    const db = tempDbPath();
    const { code, out, err } = await run(sse, ssrec, har, '--db', db, '--tag', 'ci', '--tag', 'bug-7');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      `1  ${sse}  gpt-4o-2024-08-06, 26 events, untimed`,
      `2  ${ssrec}  gpt-4o-mini, 6 events, 5 timed reads`,
      `3  ${har} (entry 1)  gpt-4o-mini, 6 events, untimed`,
      `4  ${har} (entry 2)  gpt-4o-mini, 4 events, untimed`,
      '',
    ]);
    const store = openStore(db);
    expect(store.list().items.map((item) => [item.id, item.name, item.source, item.tags]).sort()).toEqual([
      [1, 'tool.sse', 'sse', ['ci', 'bug-7']],
      [2, 'run.ssrec.jsonl', 'ssrec', ['ci', 'bug-7']],
      [3, 'two.har (entry 1)', 'har', ['ci', 'bug-7']],
      [4, 'two.har (entry 2)', 'har', ['ci', 'bug-7']],
    ]);
    store.close();
  });

  it('prints the recordings as JSON with --json, named with --name', async () => {
    const db = tempDbPath();
    const { code, out } = await run(ssrec, '--db', db, '--json', '--name', 'nightly');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual([{ id: 1, file: ssrec, part: null, source: 'ssrec', timed: true, model: 'gpt-4o-mini', events: 6, reads: 5 }]);
    const store = openStore(db);
    expect(store.get(1)!.name).toBe('nightly');
    store.close();
  });

  it('exits 2 with one line naming the file, the line and what is wrong, and stores nothing from any file', async () => {
    const db = tempDbPath();
    const bad = path('bad.ssrec.jsonl', '{"t":1,"text":"a"}\n{"t":2,"end":"finished"}\n');
    const { code, out, err } = await run(sse, bad, '--db', db);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`streamscope import: ${bad}: line 2: "end" must be one of eof, error, aborted, timeout, recording, interrupted\n`);
    const store = openStore(db);
    expect(store.list().total).toBe(0);
    store.close();
  });

  it("refuses Streamscope's own HTML report, a file with data: lines but no event, in one line with exit code 2, storing nothing", async () => {
    const db = tempDbPath();
    const report = path('report.html', exporterFor('html')!.export(recordingFromSse(realStream('openai-gpt4o-parallel-tool-calls.sse')), { name: 'tool', id: 1 }) as string);
    const { code, out, err } = await run(report, '--db', db);
    expect({ code, out, err }).toEqual({
      code: 2,
      out: '',
      err: `streamscope import: ${report}: not a format Streamscope reads (no SSE event, as a blank line ends one; an HTML page, as a Streamscope report is, holds no stream: import the recording it was made from); name it .sse to import it as an SSE body anyway\n`,
    });
    const store = openStore(db);
    expect(store.list().total).toBe(0);
    store.close();
  });

  it('asks for a file', async () => {
    expect(await run('--db', tempDbPath())).toEqual({ code: 2, out: '', err: 'streamscope import: missing FILE (see --help)\n' });
  });
});
