// Timing helpers: a monotonic clock, medians, a forced GC between runs, and the machine.

import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Milliseconds on a monotonic clock. */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// A full collection before each timed run, so that one side does not pay for the other's garbage.
v8.setFlagsFromString('--expose-gc');
const gcFunction = vm.runInNewContext('gc') as () => void;
export function collect(): void {
  gcFunction();
}

/** Times `passes` calls of `fn`; returns milliseconds per pass. */
export function timePasses(fn: () => void, passes: number): number {
  collect();
  const start = now();
  for (let i = 0; i < passes; i++) fn();
  return (now() - start) / passes;
}

export interface Comparison {
  /** Milliseconds per pass, one value per run. */
  readonly a: number[];
  readonly b: number[];
  readonly passesPerRun: number;
}

export interface CompareOptions {
  readonly runs: number;
  /** Each run repeats the pass until at least this much work (estimated from the warm-up). */
  readonly minRunMs: number;
  readonly warmupMs: number;
}

/**
 * Warms both functions up, then times `runs` runs of each, interleaved (a, b, a, b, ...) so that
 * drift in the machine's speed hits both alike. The passes per run are fixed after the warm-up,
 * from the faster side, so that every run of either side is at least `minRunMs` and both sides
 * do the same number of passes.
 */
export function compare(a: () => void, b: () => void, options: CompareOptions): Comparison {
  let fastest = Infinity;
  for (const fn of [a, b]) {
    const start = now();
    let passes = 0;
    let last = 0;
    while (passes < 2 || now() - start < options.warmupMs) {
      const t = now();
      fn();
      last = now() - t;
      passes++;
    }
    fastest = Math.min(fastest, last);
  }
  const passesPerRun = Math.max(1, Math.ceil(options.minRunMs / Math.max(fastest, 1e-3)));
  const result: Comparison = { a: [], b: [], passesPerRun };
  for (let run = 0; run < options.runs; run++) {
    result.a.push(timePasses(a, passesPerRun));
    result.b.push(timePasses(b, passesPerRun));
  }
  return result;
}

/** `compare` for async sides: the same warm-up, passes a run and interleaving, each pass awaited. */
export async function compareAsync(a: () => Promise<unknown>, b: () => Promise<unknown>, options: CompareOptions): Promise<Comparison> {
  let fastest = Infinity;
  for (const fn of [a, b]) {
    const start = now();
    let passes = 0;
    let last = 0;
    while (passes < 2 || now() - start < options.warmupMs) {
      const t = now();
      await fn();
      last = now() - t;
      passes++;
    }
    fastest = Math.min(fastest, last);
  }
  const passesPerRun = Math.max(1, Math.ceil(options.minRunMs / Math.max(fastest, 1e-3)));
  const result: Comparison = { a: [], b: [], passesPerRun };
  for (let run = 0; run < options.runs; run++) {
    result.a.push(await timePassesAsync(a, passesPerRun));
    result.b.push(await timePassesAsync(b, passesPerRun));
  }
  return result;
}

async function timePassesAsync(fn: () => Promise<unknown>, passes: number): Promise<number> {
  collect();
  const start = now();
  for (let i = 0; i < passes; i++) await fn();
  return (now() - start) / passes;
}

/** The median of `runs` timed calls of `fn`, in milliseconds: for a load too slow to repeat within a run. */
export function medianOfCalls(fn: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const begin = now();
    fn();
    times.push(now() - begin);
  }
  return median(times);
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly date: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}
