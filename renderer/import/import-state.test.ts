import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transferCalls } from '../../electron/backend/api/transfer.ts';
import { openStore } from '../../electron/backend/store/store.ts';
import { tempDbPath } from '../../electron/backend/store/test-support.ts';
import { importedWords, importReducer, failureWords, kindWords, progressWords } from './import-state.ts';
import type { ImportItem } from './import-state.ts';

const realStreams = join(import.meta.dirname, '..', '..', 'shared', 'test', 'fixtures', 'real-streams');
const sse = readFileSync(join(realStreams, 'openai-gpt4o-parallel-tool-calls.sse'));
const store = openStore(tempDbPath());
const calls = transferCalls(store);
afterAll(() => store.close());

/** What the backend says of a file it cannot import, word for word. */
async function refusal(name: string, bytes: Uint8Array): Promise<string> {
  try {
    await calls.importFile({ name, bytes });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${name} was imported`);
}

function lines(...files: { name: string; size: number }[]): readonly ImportItem[] {
  return importReducer([], { type: 'added', files: files.map((file, i) => ({ key: i + 1, ...file })) });
}

describe('an import line', () => {
  it('goes from waiting through reading and sending to the ids it became', () => {
    let items = lines({ name: 'parallel.sse', size: sse.length });
    expect(progressWords(items[0]!)).toBe('waiting (7.5 KiB)');
    items = importReducer(items, { type: 'reading', key: 1, loaded: 3864 });
    expect(progressWords(items[0]!)).toBe('reading 50 % (3.8 KiB of 7.5 KiB)');
    items = importReducer(items, { type: 'sending', key: 1, bytes: sse });
    expect(items[0]).toMatchObject({ stage: 'sending', loaded: sse.length, kind: 'sse' });
    expect(progressWords(items[0]!)).toBe('sending 7.5 KiB as an SSE body…');
    items = importReducer(items, { type: 'imported', key: 1, ids: [12] });
    expect(items[0]).toMatchObject({ stage: 'imported', ids: [12], error: null });
    expect(progressWords(items[0]!)).toBe('imported as');
  });

  it('names the kind of file from its name or its first bytes, as the backend detects it', () => {
    const har = new TextEncoder().encode('{"log":{"version":"1.2","entries":[]}}');
    const trace = new TextEncoder().encode('08:00:00.000000 == Info: Connected to 127.0.0.1\n');
    let items = lines({ name: 'capture', size: har.length }, { name: 'trace.txt', size: trace.length }, { name: 'run.ssrec.jsonl', size: 10 });
    items = importReducer(items, { type: 'sending', key: 1, bytes: har });
    items = importReducer(items, { type: 'sending', key: 2, bytes: trace });
    items = importReducer(items, { type: 'sending', key: 3, bytes: new TextEncoder().encode('{"t":1,"text":"x"}') });
    expect(items.map((item) => item.kind && kindWords(item.kind))).toEqual(['a HAR file', 'a curl trace', 'a timed recording']);
  });

  it('leaves the other lines alone, and clearing forgets only those that are done', () => {
    let items = lines({ name: 'a.sse', size: 1 }, { name: 'b.sse', size: 2 }, { name: 'a.sse', size: 3 });
    items = importReducer(items, { type: 'imported', key: 1, ids: [4] });
    items = importReducer(items, { type: 'failed', key: 3, message: 'importFile: a.sse: the file is empty' });
    expect(items.map((item) => item.stage)).toEqual(['imported', 'waiting', 'failed']);
    expect(importReducer(items, { type: 'cleared' }).map((item) => item.key)).toEqual([2]);
  });

  it('words one id and several ids (a HAR of several streamed entries)', () => {
    expect(importedWords(1)).toBe('imported as');
    expect(importedWords(3)).toBe('imported 3 recordings:');
  });
});

describe('the reason a file is not imported', () => {
  it('is the backend’s own line, without the call’s name and the file name the line already shows', async () => {
    const message = await refusal('notes.md', new TextEncoder().encode('# Shopping list\n\n- milk\n'));
    expect(message).toMatch(/^importFile: notes\.md: not a format Streamscope reads/);
    expect(failureWords('notes.md', message)).toBe(
      'not a format Streamscope reads (no SSE field, no .ssrec.jsonl line, no HAR log, no curl trace line); name it .sse to import it as an SSE body anyway',
    );
  });

  it('says an empty file is empty, and a broken HAR what is wrong with it', async () => {
    expect(failureWords('empty.sse', await refusal('empty.sse', new Uint8Array()))).toBe('the file is empty');
    const broken = failureWords('broken.har', await refusal('broken.har', new TextEncoder().encode('{"log": {"entries": [')));
    expect(broken).not.toMatch(/^importFile|broken\.har/);
    expect(broken.length).toBeGreaterThan(5);
  });

  it('drops a folder a drop put before the name, as the backend does', async () => {
    const message = await refusal('downloads/empty.sse', new Uint8Array());
    expect(failureWords('downloads/empty.sse', message)).toBe('the file is empty');
  });

  it('keeps a message that does not name the file whole (a transport failure)', () => {
    expect(failureWords('big.sse', 'importFile: the request is larger than 256 MiB')).toBe('the request is larger than 256 MiB');
    expect(failureWords('big.sse', 'Failed to fetch')).toBe('Failed to fetch');
  });
});
