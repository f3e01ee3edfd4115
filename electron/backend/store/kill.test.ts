import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import { INTERRUPTED_ERROR, openStore } from './store.ts';
import { concat, rawConnection, stored, tempDbPath } from './test-support.ts';

const CHILD = fileURLToPath(new URL('./test/live-writer-child.ts', import.meta.url));
const KILL_AFTER_MS = 300;

interface Line {
  readonly at: number;
  readonly text: string;
}

/** Runs the writer child, kills it with SIGKILL ~300 ms after its first flush, and returns what it printed, stamped on arrival. */
function runAndKill(path: string): Promise<{ lines: Line[]; killedAt: number; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Line[] = [];
    let pending = '';
    let stderr = '';
    let killedAt = -1;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      const at = performance.now();
      pending += text;
      const parts = pending.split('\n');
      pending = parts.pop()!;
      for (const part of parts) {
        lines.push({ at, text: part });
        if (killedAt < 0 && part.startsWith('flushed ')) {
          killedAt = 0;
          setTimeout(() => {
            killedAt = performance.now();
            child.kill('SIGKILL');
          }, KILL_AFTER_MS);
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    // 'exit' comes once the child is reaped: its pid is then gone, as after a real crash.
    child.on('exit', (_code, signal) => {
      if (killedAt <= 0) reject(new Error(`the child exited before it was killed: ${stderr}`));
      else resolve({ lines: lines.filter((line) => line.at <= killedAt), killedAt, signal });
    });
  });
}

describe('kill -9 in the middle of a recording', () => {
  it('keeps everything flushed before the kill, contiguous, and marks the recording interrupted', async () => {
    const path = tempDbPath();
    const { lines, killedAt, signal } = await runAndKill(path);
    expect(signal).toBe('SIGKILL');
    expect(lines.filter((line) => line.text.startsWith('error'))).toEqual([]);

    const id = Number(lines.find((line) => line.text.startsWith('id '))!.text.slice(3));
    const flushed = lines.filter((line) => line.text.startsWith('flushed ')).map((line) => ({ at: line.at, reads: Number(line.text.split(' ')[1]) }));
    const written = lines.filter((line) => line.text.startsWith('wrote ')).map((line) => ({ at: line.at, seq: Number(line.text.split(' ')[1]) }));
    // Every read written more than 50 ms before the kill had been flushed.
    const mustHave = Math.max(
      flushed.at(-1)!.reads,
      ...written.filter((line) => line.at <= killedAt - 50).map((line) => line.seq + 1),
    );

    const store = openStore(path);
    expect(store.recovered).toEqual([id]);
    const recording = store.get(id)!;
    const events = store.events(id)!;
    console.log(
      `killed after ${written.length} reads written (${flushed.length} flushes seen); ${recording.reads.length} reads and ${events.length} events survived; ${mustHave} had to`,
    );
    expect(recording.end).toEqual({ t: recording.reads.at(-1)!.t, outcome: 'interrupted', error: INTERRUPTED_ERROR });
    expect(recording.reads.length).toBeGreaterThanOrEqual(mustHave);
    expect(recording.summary).toMatchObject({ outcome: 'interrupted', readCount: recording.reads.length, eventCount: events.length, model: 'gpt-test' });

    // The reads are contiguous, and the stored events are exactly those the stored reads complete.
    const db = rawConnection(path);
    const rows = db.prepare('SELECT seq, offset, length(bytes) AS length FROM reads WHERE recording_id = ? ORDER BY seq').all(id) as { seq: number; offset: number; length: number }[];
    let offset = 0;
    expect(rows.map((row) => [row.seq, row.offset])).toEqual(rows.map((row, i) => [i, (offset += row.length) - row.length]));
    expect(events).toEqual(analyzeRecording(recording).events.map(stored));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    store.close();
  });

  it('stores what was buffered when the process exits mid-recording, and marks it interrupted', async () => {
    const path = tempDbPath();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, 'exit'], { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    expect(code).toBe(0);
    const store = openStore(path);
    expect(store.recovered).toEqual([]);
    const [item] = store.list().items;
    expect(item).toMatchObject({ outcome: 'interrupted', error: 'the process exited before the stream ended', readCount: 3, durationMs: 2 });
    expect(new TextDecoder().decode(concat(store.get(item!.id)!.reads))).toBe(': read 0\n\n: read 1\n\n: read 2\n\n');
    store.close();
  });

  // `kill -9` returns before the process is gone, and a parent that has not called wait() leaves it a zombie,
  // which kill(pid, 0) still calls alive: a serve restarted at once took the killed recording for one under way.
  it.skipIf(process.platform !== 'linux')(
    'marks the recording of a writer killed a moment ago, not yet reaped, interrupted at the next start-up, and leaves a live writer’s alone',
    async () => {
      const path = tempDbPath();
      // One after the other: two writers starting at once on a cold machine (each compiling the
      // sources through tsx, both creating the store) took over the test's 30 s in one CI run.
      const killed = startUnreaped(path);
      let living: ReturnType<typeof startUnreaped> | null = null;
      try {
        const victim = await killed.flushed;
        living = startUnreaped(path);
        const survivor = await living.flushed;
        process.kill(victim.pid, 'SIGKILL');
        await until(() => procState(victim.pid) === 'Z');

        const store = openStore(path);
        expect(store.recovered).toEqual([victim.id]);
        expect(store.summary(victim.id)).toMatchObject({ outcome: 'interrupted', error: INTERRUPTED_ERROR });
        expect(store.summary(survivor.id)).toMatchObject({ outcome: 'recording', error: null });
        store.close();
      } finally {
        killed.stop();
        living?.stop();
      }
    },
  );
});

/**
 * The writer child under a parent that never reaps it (sh execs into sleep), as a supervisor that has not
 * yet seen its child die: resolves with the child's pid and recording once it has flushed.
 */
function startUnreaped(path: string): { flushed: Promise<{ pid: number; id: number }>; stop: () => void } {
  const parent: ChildProcess = spawn('sh', ['-c', '"$0" --import tsx "$1" "$2" & echo "pid $!"; exec sleep 60', process.execPath, CHILD, path], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pid = -1;
  let watch: ReturnType<typeof setInterval> | undefined;
  const flushed = new Promise<{ pid: number; id: number }>((resolve, reject) => {
    let text = '';
    let stderr = '';
    let id = -1;
    parent.stdout!.setEncoding('utf8');
    parent.stdout!.on('data', (chunk: string) => {
      text += chunk;
      pid = Number(/^pid (\d+)$/m.exec(text)?.[1] ?? -1);
      id = Number(/^id (\d+)$/m.exec(text)?.[1] ?? -1);
      if (pid > 0 && id > 0 && /^flushed /m.test(text)) resolve({ pid, id });
    });
    // The parent sleeps on whatever the writer does: a writer that dies before it flushed says so here, with what it printed.
    watch = setInterval(() => {
      if (pid > 0 && (procState(pid) ?? 'Z') === 'Z') reject(new Error(`the writer ended before it flushed: ${stderr || '(nothing on stderr)'}`));
    }, 50);
    parent.stderr!.setEncoding('utf8');
    parent.stderr!.on('data', (chunk: string) => (stderr += chunk));
    parent.on('error', reject);
    parent.on('exit', () => reject(new Error(`the writer's parent exited first: ${stderr}`)));
  }).finally(() => clearInterval(watch));
  return {
    flushed,
    stop: () => {
      clearInterval(watch);
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      // The sleep's end hands the zombie to init, which reaps it.
      parent.kill('SIGKILL');
    },
  };
}

/** The process's state letter in /proc (Z: a zombie), or null once it is gone. */
function procState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
