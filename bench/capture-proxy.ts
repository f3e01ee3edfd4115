// The capture proxy in a process of its own, for the relay-cost benchmark (bench/capture.ts):
// `node bin/run-ts.mjs bench/capture-proxy.ts UPSTREAM_URL [--no-store]`, started with an IPC
// channel. It starts `startCaptureProxy` for one upstream with a store in a fresh temporary
// directory, as in real use (every stream recorded; with `--no-store`, none: each stream is
// still analysed in memory, as the proxy does without a store, but nothing is written), and
// answers its parent over IPC:
//   → { type: 'ready', baseUrl, pid }                 once listening
//   ← 'usage'  → { type: 'usage', cpu, relayThreadCpu, threads, exchanges, held, socket }   this process's CPU
//                 time (every thread: the relay's, the recording thread, SQLite's checkpoint worker)
//                 and the relay thread's alone, per kind of thread (/proc), the answers' own work
//                 taken out of all three (reading the relay clocks back from the store is the
//                 benchmark's work, not the proxy's), the exchanges ended since
//                 the last ask, and their relay clocks as stored (the recordings' capture.relay):
//                 for each upstream read, how long the proxy held it before it issued the write
//                 to the client, and how long the socket then took to take it
//   ← 'ended'  → { type: 'ended', exchanges, truncated }   the exchanges ended since the last ask
//                 and how many of their recordings ended truncated, nothing read from the store
//                 (bench/proxy-memory.ts: what the proxy holds stays its own)
//   ← 'close'  → the proxy and store closed, the directory removed, exit 0
// Its CPU time is the proxy's alone: the upstream and the client run in the parent.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planRoutes } from '../shared/capture/routes.ts';
import type { CaptureExchange } from '../shared/capture/types.ts';
import { startCaptureProxy } from '../electron/backend/proxy/index.ts';
import { openStore } from '../electron/backend/store/index.ts';

export interface ProxyReady {
  readonly type: 'ready';
  readonly baseUrl: string;
  readonly pid: number;
}

export interface ProxyUsage {
  readonly type: 'usage';
  /** process.cpuUsage() in µs. */
  readonly cpu: { readonly user: number; readonly system: number };
  /** The relay thread's alone (process.threadCpuUsage() on the main thread, Node ≥ 23.9), in µs; null without it. */
  readonly relayThreadCpu: { readonly user: number; readonly system: number } | null;
  /** CPU time so far per kind of thread, in µs (/proc/self/task/TID/schedstat, by the thread's name): `relay` (the main thread), `recording` (the recording thread), `v8` (V8's helpers: the collector, the compiler), `other` (libuv's pool, SQLite's checkpoints, …); threads that ended are not counted. Empty where /proc is missing. */
  readonly threads: Readonly<Record<string, number>>;
  /** Every exchange ended so far, in brief: a stream recorded to its end is `eof` with a recording id and its events counted. */
  readonly exchanges: readonly Pick<CaptureExchange, 'id' | 'recording' | 'outcome' | 'events' | 'bytes' | 'status'>[];
  /** Per upstream read of those exchanges, write issued − read arrived (ms, the proxy's clock): the time the read waited in the proxy before it was written on. */
  readonly held: readonly number[];
  /** Per write, socket took it − write issued (ms); writes the socket never took are left out. */
  readonly socket: readonly number[];
}

export interface ProxyEnded {
  readonly type: 'ended';
  readonly exchanges: ProxyUsage['exchanges'];
  /** Of those, the recordings that ended truncated (recording-truncated). */
  readonly truncated: number;
}

const [upstream, flag] = process.argv.slice(2);
if (!upstream || (flag !== undefined && flag !== '--no-store') || !process.send) throw new Error('usage: node bin/run-ts.mjs bench/capture-proxy.ts UPSTREAM_URL [--no-store] (with an IPC channel)');
const routing = planRoutes([{ url: upstream }]);
if (!routing.ok) throw new Error(routing.error);

const dir = mkdtempSync(join(tmpdir(), 'streamscope-bench-proxy-'));
const store = flag === '--no-store' ? null : openStore(join(dir, 'capture.db'));
const ended: ProxyUsage['exchanges'][number][] = [];
let truncated = 0;
// STREAMSCOPE_BENCH_RECORDING_IDLE_MS=N keeps the recording thread N ms with no recording under way (IDLE_EXIT_MS by default,
// shorter than the other paths' rounds: each round then starts a thread, whose start counts in its CPU).
const idleMs = process.env.STREAMSCOPE_BENCH_RECORDING_IDLE_MS;
const proxy = await startCaptureProxy({
  routes: routing.routes,
  ...(idleMs ? { recordingThreadIdleMs: Number(idleMs) } : {}),
  ...(store ? { store } : {}),
  onExchangeEnd: ({ id, recording, outcome, events, bytes, status, findings }) => {
    ended.push({ id, recording, outcome, events, bytes, status });
    if (findings.codes.includes('recording-truncated')) truncated++;
  },
});

/** The kind of a thread of this process, by the name Node and V8 give it. */
const kindOf = (name: string): string => (name === 'MainThread' ? 'relay' : name === 'WorkerThread' ? 'recording' : name.startsWith('V8') ? 'v8' : 'other');

function threadCpu(): Record<string, number> {
  const kinds: Record<string, number> = {};
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
        const ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        const kind = kindOf(name);
        kinds[kind] = (kinds[kind] ?? 0) + ns / 1000;
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // No /proc: no breakdown.
  }
  return kinds;
}

/** CPU time (µs) the answers to 'usage' spent on the main thread so far: taken out of what they report. */
let answering = 0;
const minus = (cpu: { user: number; system: number }, us: number): { user: number; system: number } => ({ user: cpu.user - us, system: cpu.system });

process.on('message', (message) => {
  if (message === 'usage') {
    const from = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage();
    const cpu = minus(process.cpuUsage(), answering);
    const relayThreadCpu = typeof process.threadCpuUsage === 'function' ? minus(process.threadCpuUsage(), answering) : null;
    const threads = threadCpu();
    if (threads.relay !== undefined) threads.relay -= answering;
    const exchanges = ended.splice(0);
    const held: number[] = [];
    const socket: number[] = [];
    for (const exchange of exchanges) {
      const writes = exchange.recording === null ? [] : (store?.get(exchange.recording)?.capture?.relay?.writes ?? []);
      for (const [arrived, issued, flushed] of writes) {
        held.push(issued - arrived);
        if (flushed !== null) socket.push(flushed - issued);
      }
    }
    const usage: ProxyUsage = { type: 'usage', cpu, relayThreadCpu, threads, exchanges, held, socket };
    process.send!(usage);
    const to = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage();
    answering += to.user + to.system - from.user - from.system;
  } else if (message === 'ended') {
    const ends: ProxyEnded = { type: 'ended', exchanges: ended.splice(0), truncated };
    truncated = 0;
    process.send!(ends);
  } else if (message === 'close') {
    void proxy.close().then(() => {
      store?.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
const ready: ProxyReady = { type: 'ready', baseUrl: proxy.bases[0]!.baseUrl, pid: process.pid };
process.send(ready);
