import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCheckpointer } from './checkpointer.ts';
import { openStore } from './store.ts';
import { nativeAddon } from './native-addon.ts';
import { openDatabase, rawConnection, tempDbPath, tempDir } from './test-support.ts';

const CAPTURE = fileURLToPath(new URL('../../../shared/test/fixtures/real-streams/deepseek-reasoner-reasoning-content.sse', import.meta.url));
const MiB = 1 << 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `done`, checking every 10 ms, for at most `ms`; true when it came. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

describe('the checkpoint worker', () => {
  it('copies committed pages into the database file from its own thread, the writers\' connection never checkpointing', async () => {
    const path = tempDbPath();
    const db = openDatabase(path);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE reads (bytes BLOB NOT NULL)');
    const checkpointer = createCheckpointer(db, path, nativeAddon(), (error) => {
      throw error;
    });
    // A real capture, a transaction of 1 MiB of it at a time, 12 MiB in all: the worker starts at 4 MiB.
    const capture = readFileSync(CAPTURE);
    const insert = db.prepare('INSERT INTO reads (bytes) VALUES (?)');
    const commit = db.transaction(() => {
      for (let written = 0; written < MiB; written += capture.length) insert.run(capture);
    });
    for (let i = 0; i < 12; i++) {
      commit();
      checkpointer.wrote(MiB);
    }
    const before = statSync(path).size;
    expect(await until(() => statSync(path).size >= 8 * MiB, 20_000)).toBe(true);
    console.log(`database file: ${(before / MiB).toFixed(1)} MiB after the commits, ${(statSync(path).size / MiB).toFixed(1)} MiB once the worker copied them`);
    checkpointer.close();
    db.close();
    // Closing waited for the worker's connection, so the writers' was the last and removed the WAL.
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('stores a live recording past the 4 MiB that start the worker whole, and the store closes with no WAL left', () => {
    const path = tempDbPath();
    const store = openStore(path);
    const writer = store.beginRecording({ startedAt: '2026-11-30T08:00:00.000Z', request: { method: 'POST', url: 'https://api.deepseek.com/chat/completions', headers: {}, body: {} } });
    // The capture, read after read in 1 KiB pieces, until 12 MiB went by.
    const capture = readFileSync(CAPTURE);
    let written = 0;
    let reads = 0;
    while (written < 12 * MiB) {
      for (let at = 0; at < capture.length; at += 1024) {
        const piece = capture.subarray(at, at + 1024);
        writer.read(reads++, piece);
        written += piece.length;
      }
    }
    expect(writer.finish({ t: reads, outcome: 'eof' })).toBe(true);
    store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const db = rawConnection(path);
    expect(db.prepare('SELECT count(*) AS reads, sum(length(bytes)) AS bytes FROM reads').get()).toEqual({ reads, bytes: written });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('keeps the WAL near its limit through a burst faster than the disk, the writers\' connection catching up past it', () => {
    const path = tempDbPath();
    const db = openDatabase(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE reads (bytes BLOB NOT NULL)');
    // The limit at 16 MiB here (a quarter of a gigabyte in the store), so the burst stays small.
    const checkpointer = createCheckpointer(
      db,
      path,
      nativeAddon(),
      (error) => {
        throw error;
      },
      16 * MiB,
    );
    const capture = readFileSync(CAPTURE);
    const insert = db.prepare('INSERT INTO reads (bytes) VALUES (?)');
    let written = 0;
    const commit = db.transaction(() => {
      for (let inBatch = 0; inBatch < MiB; inBatch += capture.length, written += capture.length) insert.run(capture);
    });
    // 96 transactions of whole captures, a little over 1 MiB each, as fast as SQLite takes them.
    let largestWal = 0;
    for (let i = 0; i < 96; i++) {
      commit();
      checkpointer.wrote(MiB);
      largestWal = Math.max(largestWal, statSync(`${path}-wal`).size);
    }
    checkpointer.close();
    console.log(`${(written / MiB).toFixed(0)} MiB committed at full speed: the WAL reached ${(largestWal / MiB).toFixed(1)} MiB`);
    // The limit, plus what is committed between two checks (4 MiB) and one transaction, plus room for SQLite's own pages.
    expect(largestWal).toBeLessThan(24 * MiB);
    expect(db.prepare('SELECT sum(length(bytes)) FROM reads').pluck().get()).toBe(written);
    db.close();
  });

  it('reports a worker that cannot open its database, puts the writers\' connection back to SQLite\'s default checkpoints, and closes at once after it', async () => {
    const errors: string[] = [];
    const writerConnection = openDatabase(':memory:');
    const checkpointer = createCheckpointer(writerConnection, join(tempDir(), 'missing', 'store.db'), nativeAddon(), (error) => errors.push(error.message));
    // The worker starts once 4 MiB were committed.
    checkpointer.wrote(4 * MiB);
    expect(await until(() => errors.length > 0, 20_000)).toBe(true);
    expect(errors).toEqual(['Cannot open database because the directory does not exist']);
    expect(writerConnection.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    checkpointer.wrote(8 * MiB);
    const started = performance.now();
    checkpointer.close();
    // No wait for a worker that is gone (the close would otherwise wait up to 5 s).
    expect(performance.now() - started).toBeLessThan(1000);
    writerConnection.close();
  });
});
