import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';
import { openStore } from './store.ts';
import { rawConnection, tempDbPath, tempDir } from './test-support.ts';

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
  it('copies a live recording into the database file from its own thread, and the store closes with no WAL left', async () => {
    const path = tempDbPath();
    const store = openStore(path);
    const writer = store.beginRecording({ startedAt: '2026-11-30T08:00:00.000Z', request: { method: 'POST', url: 'https://api.deepseek.com/chat/completions', headers: {}, body: {} } });
    // A real capture, read after read in 1 KiB pieces, until 12 MiB went by: flushes of 1 MiB, a checkpoint asked for every 4 MiB.
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
    expect(writer.flush()).toBe(true);
    // The writer's own connection checkpoints only past 256 MiB of WAL: a database file of 8 MiB or more is the worker's doing.
    const copied = await until(() => statSync(path).size >= 8 * MiB, 20_000);
    expect([copied, statSync(path).size >= 8 * MiB]).toEqual([true, true]);
    expect(writer.finish({ t: reads, outcome: 'eof' })).toBe(true);
    store.close();

    // Closing waited for the worker's connection, so the store's own was the last and removed the WAL.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const db = rawConnection(path);
    expect(db.prepare('SELECT count(*) AS reads, sum(length(bytes)) AS bytes FROM reads').get()).toEqual({ reads, bytes: written });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('reports a worker that cannot open its database (the store then checkpoints as SQLite does by default), and closes at once after it', async () => {
    const errors: string[] = [];
    const checkpointer = startCheckpointer(join(tempDir(), 'missing', 'store.db'), undefined, (error) => errors.push(error.message));
    expect(await until(() => errors.length > 0, 20_000)).toBe(true);
    expect(errors).toEqual(['Cannot open database because the directory does not exist']);
    checkpointer.wrote(8 * MiB);
    const started = performance.now();
    checkpointer.close();
    // No wait for a worker that is gone (the close would otherwise wait up to 5 s).
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
