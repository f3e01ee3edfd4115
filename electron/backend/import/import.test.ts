// importFile and importFiles: every recording of a file stored in one transaction, or none;
// a bad file is one line naming it and what is wrong, and leaves the store as it was.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { concatBytes, serializeSsrec } from '../../../shared/index.ts';
import { harLog } from '../../../shared/export/har.ts';
import { realStream } from '../../../shared/test/streams.ts';
import { traceOf } from '../../../shared/test/curl-dump.ts';
import { openStore } from '../store/index.ts';
import { cleanBody, rawConnection, tempDbPath, timedRecording } from '../store/test-support.ts';
import { ImportError, importFile, importFiles, readImportFile } from './import.ts';
import type { ImportedRecording } from './import.ts';

/** The one recording a file holds. */
function only(recordings: ImportedRecording[]): ImportedRecording {
  expect(recordings).toHaveLength(1);
  return recordings[0]!;
}

const dir = mkdtempSync(join(tmpdir(), 'streamscope-import-'));
let files = 0;
function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, `${++files}-${name}`);
  writeFileSync(path, content);
  return path;
}

/** A HAR holding each recording as an entry, and a page entry between them. */
function harOf(...bodies: string[]): string {
  const entries = bodies.map((body) => (harLog(timedRecording({ body })) as { log: { entries: unknown[] } }).log.entries[0]);
  const page = { startedDateTime: '2026-11-30T08:00:00.000Z', time: 1, request: { method: 'GET', url: 'https://example.com/', headers: [] }, response: { status: 200, headers: [{ name: 'content-type', value: 'text/html' }], content: { mimeType: 'text/html', text: '<p>hi</p>' } } };
  return JSON.stringify({ log: { version: '1.2', entries: [page, ...entries] } });
}

/** An HTML page with the look of the report's raw view: data: lines, each alone, never a blank line after one. */
const PAGE = '<!doctype html>\n<html><head><style>\n:root{color-scheme:light dark}\n</style></head><body><pre>\ndata: {"choices":[]}<span>\\n</span>\ndata: [DONE]<span>\\n</span>\n</pre></body></html>\n';

function rowCounts(path: string) {
  const db = rawConnection(path);
  const counts = ['recordings', 'reads', 'event_runs', 'recording_diagnostics'].map((table) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number);
  db.close();
  return counts;
}

describe("a key a file's request carries, echoed in its response", () => {
  const KEY = 'sk-proj-Qx7WmV2rT9bN4yL1pZ3sK8dF6hJ0cA5eUo';
  const MASKED = `sk-proj-${'*'.repeat(KEY.length - 12)}${KEY.slice(-4)}`;
  const echo = (key: string) => cleanBody(['Your key is ', key]);
  const fileText = (path: string) => [path, `${path}-wal`].map((name) => { try { return readFileSync(name, 'latin1'); } catch { return ''; } }).join('');

  it('is masked before it is stored, from a HAR and from a .ssrec.jsonl, and the recording says where', async () => {
    const har = file('echo.har', JSON.stringify({
      log: {
        version: '1.2',
        entries: [{
          startedDateTime: '2026-11-30T08:00:00.000Z',
          request: { method: 'POST', url: 'https://api.example.com/v1/chat/completions', headers: [{ name: 'Authorization', value: `Bearer ${KEY}` }], postData: { mimeType: 'application/json', text: '{"model":"m","stream":true}' } },
          response: { status: 200, headers: [{ name: 'content-type', value: 'text/event-stream' }, { name: 'x-debug', value: `Bearer ${KEY}` }], content: { mimeType: 'text/event-stream', text: echo(KEY) } },
        }],
      },
    }));
    const recording = timedRecording({ body: echo(KEY) });
    const ssrec = file('echo.ssrec.jsonl', serializeSsrec({ ...recording, request: { ...recording.request!, headers: { authorization: `Bearer ${KEY}` } } }));
    const path = tempDbPath();
    const store = openStore(path);
    const ids = [...(await importFile(store, har)), ...(await importFile(store, ssrec))];
    const stored = ids.map((id) => store.get(id)!);
    store.close();
    for (const one of stored) expect(new TextDecoder().decode(concatBytes(one.reads.map((read) => read.bytes)))).toBe(echo(MASKED));
    expect(stored.map((one) => one.secretsMasked)).toEqual([{ headers: ['x-debug'], bodyPlaces: 1 }, { headers: [], bodyPlaces: 1 }]);
    expect(stored[0]!.response!.headers['x-debug']).toBe(`Bearer ${MASKED}`);
    expect(fileText(path)).not.toContain(KEY.slice(10, 30));
    expect(fileText(path)).toContain(MASKED);
  });
});

describe('importFile', () => {
  it('stores a HAR\'s three streamed entries, named after the file and the entry, and their bodies', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    const har = file('chat.har', harOf(cleanBody(['One']), cleanBody(['Two']), cleanBody(['Three'])));
    const ids = await importFile(store, har, { tags: ['bug-123'] });
    expect(ids).toHaveLength(3);
    expect(ids.map((id) => store.get(id)!.name)).toEqual([2, 3, 4].map((entry) => `${files}-chat.har (entry ${entry})`));
    expect(ids.map((id) => Buffer.from(concatBytes(store.get(id)!.reads.map((read) => read.bytes))).toString())).toEqual([cleanBody(['One']), cleanBody(['Two']), cleanBody(['Three'])]);
    expect(store.get(ids[0]!)!.tags).toEqual(['bug-123']);
    expect(store.summary(ids[0]!)!.source).toBe('har');
    store.close();
  });

  it('stores .sse and .ssrec.jsonl files, and names them --name when asked', async () => {
    const store = openStore(tempDbPath());
    const sse = file('body.sse', realStream('openai-gpt4o-parallel-tool-calls.sse'));
    const ssrec = file('run.ssrec.jsonl', serializeSsrec(timedRecording()));
    const imported = await importFiles(store, [sse, ssrec], { name: 'bug report' });
    expect(imported.map((item) => [item.part, store.get(item.id)!.name, store.get(item.id)!.source])).toEqual([
      [null, 'bug report', 'sse'],
      [null, 'bug report', 'ssrec'],
    ]);
    expect(store.get(imported[1]!.id)!.reads).toEqual(timedRecording().reads);
    store.close();
  });

  it.each([
    ['empty.sse', '', 'the file is empty'],
    ['broken.ssrec.jsonl', '{"t":1,"text":"a"}\n{"t":0,"text":"b"}\n', 'line 2: "t" goes back in time (0 after 1)'],
    ['pages.har', '{"log":{"entries":[{"request":{"url":"https://example.com/"},"response":{"status":200,"content":{"mimeType":"text/html","text":"x"}}}]}}', 'no streamed entry among 1'],
    ['broken.har', '{"log":{"entries":[{"request":{"url":"u","postData":{"text":"{\\"stream\\":true}"}},"response":{"status":200,"content":{"text":"%%","encoding":"base64"}}}]}}', 'entry 0: content.text is not valid base64'],
    ['not.har', '{"log": {"pages": []}}', 'not a HAR file (no log.entries array)'],
    ['text.trace', '== Info: Connected\nsomething else\n', 'no request in the trace'],
    ['junk.trace', 'hello\n', 'line 1: not a line of a curl trace'],
    ['hostname', 'myhost\n', 'not a format Streamscope reads'],
    ['report.html', PAGE, 'not a format Streamscope reads (no SSE event, as a blank line ends one; an HTML page, as a Streamscope report is, holds no stream'],
    ['unended.txt', 'data: {"choices":[]}\ndata: {"choices":[]}\n', 'not a format Streamscope reads (no SSE event, as a blank line ends one)'],
  ])('refuses %s in one line naming the file and what is wrong, storing nothing', async (name, content, error) => {
    const path = tempDbPath();
    const store = openStore(path);
    const bad = file(name, content);
    const before = rowCounts(path);
    const failure = await importFile(store, bad).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(ImportError);
    expect((failure as Error).message).toContain(`${bad}: `);
    expect((failure as Error).message).toContain(error);
    expect((failure as Error).message).not.toContain('\n');
    expect(rowCounts(path)).toEqual(before);
    store.close();
  });

  it('imports a file of no event when its name says it is an SSE body, and one of an event whatever its name', async () => {
    expect(only(await readImportFile(file('report.sse', PAGE))).recording.source).toBe('sse');
    expect(only(await readImportFile(file('stream', 'data: {"choices":[]}\n\n'))).recording.reads).toHaveLength(1);
  });

  it('names a file that cannot be read', async () => {
    const store = openStore(tempDbPath());
    await expect(importFile(store, join(dir, 'missing.har'))).rejects.toThrow(`${join(dir, 'missing.har')}: cannot read it (no such file)`);
    store.close();
  });

  it('stores nothing from any file when one of them fails, and nothing of a file whose last recording fails to store', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    const good = file('good.har', harOf(cleanBody(['One']), cleanBody(['Two'])));
    const bad = file('bad.ssrec.jsonl', 'not json\n');
    await expect(importFiles(store, [good, bad])).rejects.toThrow(`${bad}: line 1: not JSON`);
    expect(rowCounts(path)).toEqual([0, 0, 0, 0]);

    // A failure inside the transaction (the database refuses the second recording's row) rolls the first back too.
    const recordings = await readImportFile(good);
    expect(() => store.importRecordings([{ recording: recordings[0]!.recording }, { recording: { ...recordings[1]!.recording, source: undefined as never } }])).toThrow();
    expect(rowCounts(path)).toEqual([0, 0, 0, 0]);
    store.close();
  });

  it('decodes a gzip body of a hex curl trace, keeping each decoded piece at the time of its read', async () => {
    const body = Buffer.from(cleanBody(['Hello', ' world']));
    const gz = gzipSync(body);
    const reads = [gz.subarray(0, 10), gz.subarray(10, 40), gz.subarray(40)].map((bytes, i) => ({ t: 100 + i * 10, bytes: new Uint8Array(bytes) }));
    const trace = traceOf('hex', {
      request: 'POST /v1/chat/completions HTTP/1.1\r\nHost: api.example.com\r\n\r\n',
      requestBody: '{"model":"m","stream":true}',
      responseHead: ['HTTP/1.1 200 OK', 'content-type: text/event-stream', 'content-encoding: gzip'],
      reads,
    });
    const { recording } = only(await readImportFile(file('gzip.trace', trace)));
    expect(Buffer.from(concatBytes(recording.reads.map((read) => read.bytes))).equals(body)).toBe(true);
    expect(recording.reads.every((read) => [100, 110, 120].includes(read.t!))).toBe(true);
    expect(recording.end).toMatchObject({ outcome: 'eof' });
  });
});
