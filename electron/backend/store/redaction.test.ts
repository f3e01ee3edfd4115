import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openStore } from './store.ts';
import { contentChunk, roleChunk, tempDbPath, timedRecording, utf8 } from './test-support.ts';

/** A real-looking OpenAI project key: `sk-proj-` and 40 random characters. */
function fakeKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return 'sk-proj-' + [...randomBytes(40)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** The database file and its WAL, as bytes. */
function fileBytes(path: string): Buffer {
  return Buffer.concat([path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file)));
}

describe('secrets in the database file', () => {
  it('never writes a key given in Authorization, x-api-key or a ?key= URL, neither to the file nor to its WAL', () => {
    const key = fakeKey();
    const slice = key.slice(20, 32);
    const path = tempDbPath();
    const store = openStore(path);
    const request = {
      method: 'POST',
      url: `https://generativelanguage.googleapis.com/v1beta/openai/chat/completions?key=${key}&alt=sse`,
      headers: { Authorization: `Bearer ${key}`, 'x-api-key': key, 'content-type': 'application/json' },
      body: { model: 'gemini-2.5-flash', stream: true },
    };
    // Live, as the recorder writes, and imported, as a file would be.
    const writer = store.beginRecording({ startedAt: '2026-11-30T08:00:00.000Z', request });
    writer.response({ t: 10, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream', 'set-cookie': `session=${key}` } });
    writer.read(20, utf8(roleChunk('gemini-2.5-flash') + contentChunk('Hi', 'gemini-2.5-flash')));
    writer.finish({ t: 30, outcome: 'eof' });
    store.importRecording({ ...timedRecording(), request });

    const live = fileBytes(path);
    expect(existsSync(`${path}-wal`)).toBe(true);
    // Not vacuous: the redacted forms are there.
    expect(live.includes(`Bearer sk-proj-…${key.slice(-4)}`)).toBe(true);
    expect(live.includes(`?key=sk-proj-…${key.slice(-4)}&alt=sse`)).toBe(true);
    for (const needle of [key, slice, key.slice(8)]) expect(live.includes(needle)).toBe(false);

    store.close();
    const closed = fileBytes(path);
    expect(closed.includes(`x-api-key":"sk-proj-…${key.slice(-4)}`)).toBe(true);
    for (const needle of [key, slice, key.slice(8)]) expect(closed.includes(needle)).toBe(false);
  });
});
