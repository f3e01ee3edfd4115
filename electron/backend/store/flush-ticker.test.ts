import { afterEach, describe, expect, it } from 'vitest';
import { createFlushTicker, WRITERS_PER_TRANSACTION } from './flush-ticker.ts';
import type { Stageable } from './flush-ticker.ts';
import { openStore } from './index.ts';
import type { Store } from './index.ts';
import { openDatabase, tempDbPath, utf8 } from './test-support.ts';

const request = { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: { model: 'm' } };
let store: Store | undefined;
afterEach(() => store?.close());

/** Resolves once `check` holds, polling every few milliseconds. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the flush ticker', () => {
  it('flushes the writers due a few per transaction, each inside it, and counts them stored only after it commits', async () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE rows (writer INTEGER)');
    const commits: number[] = [];
    const ticker = createFlushTicker(db, 5000, (writers) => commits.push(writers));
    const settled: number[] = [];
    const writers: Stageable[] = Array.from({ length: 20 }, (_, n) => ({
      stage() {
        expect(db.inTransaction).toBe(true);
        db.prepare('INSERT INTO rows VALUES (?)').run(n);
        return () => settled.push(n);
      },
    }));
    for (const writer of writers) ticker.request(writer, 10);
    ticker.request(writers[0]!, 10);
    await until(() => settled.length === 20);
    expect(commits).toEqual([8, 8, 4].map((count) => Math.min(count, WRITERS_PER_TRANSACTION)));
    expect(settled).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(db.prepare('SELECT count(*) FROM rows').pluck().get()).toBe(20);
    db.close();
  });

  it('flushes every writer due in one transaction when told to (a thread that relays nothing)', async () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE rows (writer INTEGER)');
    const commits: number[] = [];
    const ticker = createFlushTicker(db, 5000, (writers) => commits.push(writers), Infinity);
    const settled: number[] = [];
    for (let n = 0; n < 20; n++) ticker.request({ stage: () => (db.prepare('INSERT INTO rows VALUES (?)').run(n), () => settled.push(n)) }, 10);
    await until(() => settled.length === 20);
    expect(commits).toEqual([20]);
    db.close();
  });

  it('keeps each writer apart: one that cannot write (its recording deleted under it) retries alone while the others commit', async () => {
    const path = tempDbPath();
    store = openStore(path);
    const errors: Error[] = [];
    const [doomed, kept] = [store.beginRecording({ startedAt: null, request, onError: (error) => errors.push(error) }), store.beginRecording({ startedAt: null, request })];
    const other = openDatabase(path);
    other.prepare('DELETE FROM recordings WHERE id = ?').run(doomed.id);
    doomed.read(1, utf8('data: 1\n\n'));
    kept.read(1, utf8('data: 2\n\n'));
    await until(() => kept.stored.reads === 1 && errors.length > 0);
    expect(doomed.stored.reads).toBe(0);
    expect(errors[0]!.message).toMatch(/FOREIGN KEY/);
    other.close();
  });
});
