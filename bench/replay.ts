// Replay timing fidelity (`npm run bench`): the gaps between events a client observes, against
// the recorded gaps, for our replay server (its default timing, and its precise timing that keeps
// the process awake through every wait: electron/backend/replay/clock.ts) and for
// @copilotkit/aimock replaying the same recording in its recorded-timing mode (our aimock export),
// at speed 1, in the same run.
//
// The client is a raw node:http request that stamps each read with performance.now() first thing
// in its data callback; an event's arrival is the stamp of the read that completed it. It runs in
// the servers' process, as the recorder's capture benchmark does: the stamp is then taken by a
// process that is already awake (it has just written), so it carries none of the hundreds of µs
// to milliseconds a sleeping process, and the idle vCPU under it, take to wake in this VM; a
// client in a process of its own measured that wake-up, for both servers alike, more than them. The error of a gap is |observed gap - recorded gap| between consecutive
// chunk events ([DONE] left out: aimock sends it at once after the finish chunk, whatever the
// recording did). Drift is the error of each event's time since the first event, which shows
// whether errors add up: one late write costs an absolute schedule two gap errors (the gap before
// it, and the one after, which it shortens) and a relative one a single gap error, but only the
// relative one carries the lateness to every later event.

import { request } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { LLMock } from '@copilotkit/aimock';
import type { FixtureFileEntry } from '@copilotkit/aimock';
import { analyzeRecording, createSseParser, percentile } from '../shared/index.ts';
import type { Recording } from '../shared/index.ts';
import { toAimockFixture } from '../shared/export/aimock.ts';
import { recordStream } from '../electron/backend/recorder/record.ts';
import { startReplayServer } from '../electron/backend/replay/index.ts';
import { startSimulator } from '../electron/backend/simulator/index.ts';
import { collect } from './measure.ts';

const TARGET_P99_MS = 1;
/** Replays of each recording by each server, interleaved (ours, ours precise, aimock, ours, …); the statistics pool their gaps. */
const RUNS = 3;

export interface GapStats {
  /** Gaps compared (chunk events - 1, times runs). */
  readonly gaps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** |observed - recorded| time of each event since the first event (drift: errors that add up), p99 and max over the runs. */
  readonly driftP99Ms: number;
  readonly maxDriftMs: number;
  /** CPU time of the whole process (server and in-process client alike) over the replays' wall time, in % of one core. */
  readonly cpuPercent: number;
}

export interface ReplayFidelityResult {
  readonly name: string;
  readonly description: string;
  readonly events: number;
  readonly recordedMs: number;
  /** Our default timing (asleep on a timer until shortly before each write, then blocked: clock.ts). */
  readonly ours: GapStats;
  /** Our precise timing (`--precise`). */
  readonly oursPrecise: GapStats;
  readonly aimock: GapStats;
  /** aimock's error / ours (above 1: ours closer to the recording), at p50, p99 and max. */
  readonly ratio: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly ratioPrecise: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly withinTarget: boolean;
  readonly betterThanAimock: boolean;
  readonly preciseWithinTarget: boolean;
  readonly preciseBetterThanAimock: boolean;
  /** The machine's 1-minute load average when the case started: timing is only as good as the CPU the servers get. */
  readonly loadAverage: number;
}

interface Case {
  readonly name: string;
  readonly description: string;
  readonly sim: Record<string, number>;
}

const CASES: readonly Case[] = [
  { name: 'replay 80/s', description: 'a simulator text stream recorded at ~80 events/s with jitter 0.35 (gaps ~6-17 ms)', sim: { chunks: 300, tps: 80, ttft_ms: 200, jitter: 0.35 } },
  { name: 'replay 1000/s', description: 'a simulator text stream recorded at ~1,000 events/s (gaps ~1 ms)', sim: { chunks: 1000, tps: 1000, ttft_ms: 50, jitter: 0.35 } },
];

/** Records the case from the simulator, through the real recorder (every read with its stamp). */
async function record(sim: Record<string, number>): Promise<Recording> {
  const simulator = await startSimulator({ port: 0, timeScale: 1 });
  try {
    const result = await recordStream({
      url: `${simulator.url}/chat/completions`,
      headers: {},
      body: { model: 'sim-text', messages: [{ role: 'user', content: 'Time me.' }], seed: 5, sim, stream_options: { include_obfuscation: false } },
    });
    return result.recording;
  } finally {
    await simulator.close();
  }
}

interface Observed {
  /** The chunk events' arrival times, ms since the request was sent. */
  readonly times: number[];
  /** CPU time of the process (user + system) and wall time, ms, from the request to the response's end. */
  readonly cpuMs: number;
  readonly wallMs: number;
}

/** POSTs `body` and stamps every read: the chunk events' arrival times, and what the process spent meanwhile. */
function observe(url: string, body: unknown): Promise<Observed> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const reads: { t: number; bytes: Buffer }[] = [];
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.on('data', (bytes: Buffer) => {
        const t = performance.now();
        reads.push({ t, bytes });
      });
      res.on('error', reject);
      res.on('end', () => {
        const wallMs = performance.now() - start;
        const cpu = process.cpuUsage(cpuStart);
        const times: number[] = [];
        const parser = createSseParser({ onEvent: (event) => event.data !== '[DONE]' && times.push(reads[event.read]!.t - start) });
        for (const read of reads) parser.feed(read.bytes);
        parser.end();
        resolve({ times, cpuMs: (cpu.user + cpu.system) / 1000, wallMs });
      });
    });
    req.on('error', reject);
    req.setNoDelay(true);
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    req.end(payload);
  });
}

function stats(recorded: readonly number[], runs: readonly Observed[]): GapStats {
  const errors: number[] = [];
  const drifts: number[] = [];
  for (const { times: observed } of runs) {
    if (observed.length !== recorded.length) throw new Error(`the client saw ${observed.length} chunk events, the recording has ${recorded.length}`);
    for (let i = 1; i < observed.length; i++) {
      errors.push(Math.abs(observed[i]! - observed[i - 1]! - (recorded[i]! - recorded[i - 1]!)));
      drifts.push(Math.abs(observed[i]! - observed[0]! - (recorded[i]! - recorded[0]!)));
    }
  }
  errors.sort((a, b) => a - b);
  drifts.sort((a, b) => a - b);
  const cpuPercent = (100 * runs.reduce((sum, run) => sum + run.cpuMs, 0)) / runs.reduce((sum, run) => sum + run.wallMs, 0);
  return { gaps: errors.length, p50Ms: percentile(errors, 50)!, p99Ms: percentile(errors, 99)!, maxMs: errors.at(-1)!, driftP99Ms: percentile(drifts, 99)!, maxDriftMs: drifts.at(-1)!, cpuPercent };
}

export async function replayFidelity(testCase: Case): Promise<ReplayFidelityResult> {
  const loadAverage = loadavg()[0]!;
  const recording = await record(testCase.sim);
  const recorded = analyzeRecording(recording)
    .events.filter((event) => event.sse.data !== '[DONE]')
    .map((event) => event.t!);
  const body = recording.request!.body as Record<string, unknown>;
  // The garbage of making the recording (through the simulator) is collected now, not during a replay.
  collect();

  const ours = await startReplayServer({ sources: [{ label: testCase.name, recording }], speed: 1 });
  const precise = await startReplayServer({ sources: [{ label: testCase.name, recording }], speed: 1, precise: true });
  const aimock = new LLMock({ port: 0 });
  aimock.addFixturesFromJSON(toAimockFixture(recording).fixtures as FixtureFileEntry[]);
  await aimock.start();
  const oursRuns: Observed[] = [];
  const preciseRuns: Observed[] = [];
  const aimockRuns: Observed[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      oursRuns.push(await observe(`${ours.baseUrl}/chat/completions`, body));
      preciseRuns.push(await observe(`${precise.baseUrl}/chat/completions`, body));
      aimockRuns.push(await observe(`${aimock.url}/v1/chat/completions`, { ...body, stream: true }));
    }
  } finally {
    await ours.close();
    await precise.close();
    await aimock.stop();
  }
  const oursStats = stats(recorded, oursRuns);
  const preciseStats = stats(recorded, preciseRuns);
  const aimockStats = stats(recorded, aimockRuns);
  const ratio = (side: GapStats) => ({ p50: aimockStats.p50Ms / side.p50Ms, p99: aimockStats.p99Ms / side.p99Ms, max: aimockStats.maxMs / side.maxMs });
  return {
    name: testCase.name,
    description: testCase.description,
    events: recorded.length,
    recordedMs: recorded.at(-1)! - recorded[0]!,
    ours: oursStats,
    oursPrecise: preciseStats,
    aimock: aimockStats,
    ratio: ratio(oursStats),
    ratioPrecise: ratio(preciseStats),
    withinTarget: oursStats.p99Ms < TARGET_P99_MS,
    betterThanAimock: oursStats.p99Ms < aimockStats.p99Ms,
    preciseWithinTarget: preciseStats.p99Ms < TARGET_P99_MS,
    preciseBetterThanAimock: preciseStats.p99Ms < aimockStats.p99Ms,
    loadAverage,
  };
}

/** Runs the selected replay cases and prints their table. */
export async function runReplayBenchmarks(selected: (name: string) => boolean): Promise<ReplayFidelityResult[]> {
  const fmt = (value: number, digits = 3): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const results: ReplayFidelityResult[] = [];
  for (const testCase of CASES) {
    if (!selected(testCase.name)) continue;
    if (results.length === 0) {
      console.log(`\nreplay timing fidelity at speed 1: |observed gap - recorded gap| between chunk events, ${RUNS} replays each (ms)`);
      console.log(`${'case'.padEnd(16)}${'server'.padEnd(10)}${'gaps'.padStart(7)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'max'.padStart(9)}${'drift99'.padStart(10)}${'drift max'.padStart(10)}${'CPU %'.padStart(8)}   target p99 < ${TARGET_P99_MS} ms, better than aimock`);
    }
    const result = await replayFidelity(testCase);
    results.push(result);
    const verdict = (within: boolean, better: boolean, ratio: number): string => `   ${within ? 'ok' : 'MISS'}, ${better ? 'better' : 'NOT better'} (aimock/ours p99 ${fmt(ratio, 1)}×)`;
    for (const [server, side, note] of [
      ['ours', result.ours, verdict(result.withinTarget, result.betterThanAimock, result.ratio.p99)],
      ['precise', result.oursPrecise, verdict(result.preciseWithinTarget, result.preciseBetterThanAimock, result.ratioPrecise.p99)],
      ['aimock', result.aimock, `   (load average ${fmt(result.loadAverage, 1)})`],
    ] as const) {
      console.log(`${(server === 'ours' ? result.name : '').padEnd(16)}${server.padEnd(10)}${String(side.gaps).padStart(7)}${fmt(side.p50Ms).padStart(9)}${fmt(side.p99Ms).padStart(9)}${fmt(side.maxMs).padStart(9)}${fmt(side.driftP99Ms).padStart(10)}${fmt(side.maxDriftMs).padStart(10)}${fmt(side.cpuPercent, 1).padStart(8)}${note}`);
    }
  }
  return results;
}
