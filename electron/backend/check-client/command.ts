// Running the user's command for one case (issue 30, "Bounded"): in a process group of its own
// (`detached`), so that the whole group — children that outlive it included — is killed when it
// exits or when the case's time is up; stdout read up to a bound for the verdict, and of stdout
// and stderr the first and last KEPT_OUTPUT_BYTES kept for the report, the bytes between counted.

import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { KEPT_OUTPUT_BYTES, keptOutput } from '../../../shared/conformance/client/report.ts';

/** How much of stdout the judge reads: far more than any case's answer, far less than a runaway's output. */
export const JUDGED_STDOUT_BYTES = 1024 * 1024;

/** How long the pipes are waited on after the command exited and its group was killed. */
const PIPE_GRACE_MS = 1000;

export interface CommandRun {
  /** Set when the command could not be started at all (no such file, not executable): nothing else holds. */
  readonly startError: string | null;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly durationMs: number;
  /** stdout up to JUDGED_STDOUT_BYTES, for the judge. */
  readonly stdout: string;
  readonly stdoutBytes: number;
  /** The head and tail of each, for the report. */
  readonly stdoutKept: string;
  readonly stderrKept: string;
}

export interface CommandOptions {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** An output's first bytes up to `judged`, its first and last KEPT_OUTPUT_BYTES, and how many there were. */
class Captured {
  private readonly judgedParts: Buffer[] = [];
  private judgedBytes = 0;
  /** The whole output while it is short enough to keep whole; then null, and head and tail hold. */
  private whole: Buffer | null = Buffer.alloc(0);
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);
  bytes = 0;

  constructor(private readonly judged: number) {}

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.judgedBytes < this.judged) {
      const part = chunk.subarray(0, this.judged - this.judgedBytes);
      this.judgedParts.push(part);
      this.judgedBytes += part.length;
    }
    if (this.whole !== null) {
      this.whole = Buffer.concat([this.whole, chunk]);
      if (this.whole.length <= 2 * KEPT_OUTPUT_BYTES) return;
      this.head = this.whole.subarray(0, KEPT_OUTPUT_BYTES);
      this.tail = this.whole.subarray(this.whole.length - KEPT_OUTPUT_BYTES);
      this.whole = null;
      return;
    }
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail = joined.subarray(joined.length - KEPT_OUTPUT_BYTES);
  }

  judgedText(): string {
    return Buffer.concat(this.judgedParts).toString('utf8');
  }

  kept(): string {
    if (this.whole !== null) return this.whole.toString('utf8');
    return keptOutput(this.head.toString('utf8'), this.tail.toString('utf8'), this.bytes - 2 * KEPT_OUTPUT_BYTES);
  }
}

/** Kills the process group `pid` leads; a group already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Whether any process of group `pid` is left (a killed one dies when next scheduled, not at the kill). */
function groupLeft(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the group is gone, or after GROUP_GONE_WAIT_MS (an unreaped zombie still counts as there). */
async function groupGone(pid: number): Promise<void> {
  const until = performance.now() + GROUP_GONE_WAIT_MS;
  while (groupLeft(pid) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
}

const GROUP_GONE_WAIT_MS = 1000;

export async function runCommand(options: CommandOptions): Promise<CommandRun> {
  const run = await runInGroup(options);
  if (run.pid !== null) await groupGone(run.pid);
  return run.result;
}

function runInGroup(options: CommandOptions): Promise<{ pid: number | null; result: CommandRun }> {
  const started = performance.now();
  const stdout = new Captured(JUDGED_STDOUT_BYTES);
  const stderr = new Captured(0);
  return new Promise((resolve) => {
    const [file, ...args] = options.argv;
    const child = spawn(file!, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: options.env, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) });
    let timedOut = false;
    let exited: { code: number | null; signal: string | null } | null = null;
    let open = 2;
    let done = false;
    const finish = (startError: string | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ pid: child.pid ?? null, result: {
        startError,
        exitCode: exited?.code ?? null,
        signal: exited?.signal ?? null,
        timedOut,
        durationMs: Math.round(performance.now() - started),
        stdout: stdout.judgedText(),
        stdoutBytes: stdout.bytes,
        stdoutKept: stdout.kept(),
        stderrKept: stderr.kept(),
      } });
    };
    const kill = (): void => {
      if (child.pid !== undefined) killGroup(child.pid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = (): void => kill();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => stdout.add(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
    // Done when it has exited and both pipes are closed: killing the group at its exit closes the
    // pipes a child that outlived it still held.
    const closed = (): void => {
      if (--open === 0 && exited !== null) finish(null);
    };
    child.stdout.once('close', closed);
    child.stderr.once('close', closed);
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      finish(`${file}: ${error.code === 'ENOENT' ? 'no such command' : error.code === 'EACCES' ? 'permission denied' : error.message}`);
    });
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      kill();
      if (open === 0) return finish(null);
      // A child that left the group (setsid) may hold the pipes for ever: they are not waited on long.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, PIPE_GRACE_MS).unref();
    });
  });
}
