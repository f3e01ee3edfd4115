// `streamscope check`'s cost (issue 29): the whole server battery of every registered dialect
// (SERVER_BATTERIES over PROTOCOLS), run by runChecks against the built-in simulator, in memory
// and with a store, beside two peers: the same requests, one at a time, with a plain `fetch` that
// reads each body to the end and does nothing else (what the server and an HTTP client take), and
// with node:http, the recorder's own client, likewise. What runChecks adds beyond a peer is
// Streamscope's own work: the recorder's stamping and keeping of every read, the live analysis,
// the store's writes, and the judging. The analysis and judging are also timed apart, on
// recordings made once: analyzeRecording + judgeCheck over the battery, with no server.
//
// Three cases: the simulator at time scale 0 (no pacing: it answers as fast as it can, so the run is
// nearly all client work, the worst case for the share), at time scale 1 (its default pace, the
// shape of a real model's stream), and paced with `--concurrency 6` (every side sends six at once). The simulator runs in this process, as the CLI's
// `--profile simulator` runs it: the server's work and the client's share one thread, so the wall
// times are the sum of both. Runs are interleaved (fetch, http, memory, store, fetch, …) so that
// drift in the machine's speed hits all four.

import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeRecording } from '../shared/index.ts';
import type { Recording } from '../shared/index.ts';
import { judgeCheck } from '../shared/conformance/server/judge.ts';
import { SERVER_BATTERIES } from '../shared/conformance/server/registry.ts';
import type { ServerCheck } from '../shared/conformance/server/types.ts';
import { PROTOCOLS } from '../shared/dialects/registry.ts';
import { runChecks } from '../electron/backend/check/run.ts';
import { endpointUrl, withProtocolHeaders } from '../electron/backend/recorder/profiles.ts';
import { recordStream } from '../electron/backend/recorder/record.ts';
import { simulatorModelOf, startSimulator } from '../electron/backend/simulator/index.ts';
import { openStore } from '../electron/backend/store/index.ts';
import { collect, median, now } from './measure.ts';

/** Under this, the whole battery against a local server (the issue's target). */
const TARGET_WALL_MS = 10_000;
/** Streamscope's own work under this share of the run (the issue's target). */
const TARGET_SHARE = 0.05;

export interface CheckSideResult {
  /** The whole battery's wall time, median over the runs. */
  readonly medianMs: number;
  readonly runsMs: number[];
  /** Each check's time (median over the runs), by check id: for runChecks, from one verdict to the next. */
  readonly perCheckMs: Record<string, number>;
}

/** What runChecks adds beyond a peer, from the medians of the whole battery. */
export interface AddedCost {
  /** runChecks - peer, over the whole battery. */
  readonly addedMs: number;
  /** addedMs / checks. */
  readonly addedPerCheckMs: number;
  /** addedMs / runChecks: the share of the run that is Streamscope's own work. */
  readonly share: number;
}

export interface CheckBatteryResult {
  readonly name: string;
  readonly description: string;
  /** The simulator's time scale: 0, no pacing (it answers as fast as it can); 1, its default pace (a first token after ~hundreds of ms, tokens at its rate). */
  readonly timeScale: number;
  /** Requests at once, on every side (runChecks's `concurrency`; the peers likewise). */
  readonly concurrency: number;
  readonly checks: number;
  readonly protocols: readonly string[];
  readonly runs: number;
  /** The same requests with a plain fetch reading each body to the end: the server's own time (and undici's). */
  readonly fetchPeer: CheckSideResult;
  /** The same requests with node:http reading each body to the end: the recorder's own HTTP client, doing nothing with the bytes. */
  readonly httpPeer: CheckSideResult;
  /** runChecks with no store: recording in memory, live analysis, judging. */
  readonly memory: CheckSideResult;
  /** runChecks with a store (openStore on a fresh temporary file each run, opened and closed outside the time): the same, and every read and event written to SQLite. */
  readonly store: CheckSideResult;
  /** runChecks in memory / with a store, beside fetch and beside node:http. */
  readonly added: {
    readonly memoryVsFetch: AddedCost;
    readonly storeVsFetch: AddedCost;
    readonly memoryVsHttp: AddedCost;
    readonly storeVsHttp: AddedCost;
  };
  /** analyzeRecording + judgeCheck over every check's recording (made once, no server), median over the runs. */
  readonly analysisAndJudgingMs: number;
  readonly analysisAndJudgingRunsMs: number[];
  /** judgeCheck alone over the battery's analyses, median over the runs. */
  readonly judgingMs: number;
  /** Every verdict was `pass` in every run (the simulator is a faithful server). */
  readonly allPassed: boolean;
  readonly wallTargetMs: number;
  readonly shareTarget: number;
  /** runChecks's whole battery, with a store, under the target. */
  readonly withinWallTarget: boolean;
  /** The share beside fetch (the issue's peer), with a store, under the target. */
  readonly withinShareTarget: boolean;
  /** When the case started (ISO 8601, UTC). */
  readonly date: string;
  /** The machine's 1-minute load average when the case started and when it ended. */
  readonly loadAverage: readonly [number, number];
}

const modelOf = (check: ServerCheck): string => simulatorModelOf(check.id);

/** Each check through `send`, `concurrency` at once, in battery order as runChecks takes them; each one's own time. */
async function pooled(checks: readonly ServerCheck[], concurrency: number, send: (check: ServerCheck) => Promise<void>): Promise<{ totalMs: number; perCheck: number[] }> {
  const perCheck: number[] = checks.map(() => 0);
  const start = now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < checks.length) {
      const at = next++;
      const t = now();
      await send(checks[at]!);
      perCheck[at] = now() - t;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, checks.length) }, worker));
  return { totalMs: now() - start, perCheck };
}

/** The peer: each check's request as runChecks sends it (same URL, headers and body), with fetch, the body read to the end. */
function fetchBattery(baseUrl: string, checks: readonly ServerCheck[], concurrency: number): Promise<{ totalMs: number; perCheck: number[] }> {
  return pooled(checks, concurrency, async (check) => {
    const res = await fetch(endpointUrl(baseUrl, check.protocol, modelOf(check))!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...withProtocolHeaders(check.protocol) },
      body: JSON.stringify({ ...check.body(modelOf(check)), stream: true }),
    });
    const reader = res.body!.getReader();
    while (!(await reader.read()).done);
  });
}

/** The second peer: the same requests with node:http, the client the recorder itself uses (recorder/exchange.ts), each body read to the end. */
function httpOnce(url: URL, headers: Record<string, string>, payload: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(payload) } }, (res) => {
      res.on('data', () => {});
      res.on('error', reject);
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function httpBattery(baseUrl: string, checks: readonly ServerCheck[], concurrency: number): Promise<{ totalMs: number; perCheck: number[] }> {
  return pooled(checks, concurrency, (check) =>
    httpOnce(
      endpointUrl(baseUrl, check.protocol, modelOf(check))!,
      { 'content-type': 'application/json', accept: 'text/event-stream', ...withProtocolHeaders(check.protocol) },
      JSON.stringify({ ...check.body(modelOf(check)), stream: true }),
    ),
  );
}

/**
 * runChecks over the battery; each check's time is from the verdict before it (or the start) to its
 * own, one at a time (with concurrency the verdicts overlap: no check's own time, only the battery's).
 */
async function oursBattery(baseUrl: string, checks: readonly ServerCheck[], withStore: boolean, concurrency: number): Promise<{ totalMs: number; perCheck: number[]; passed: boolean }> {
  const dir = withStore ? mkdtempSync(join(tmpdir(), 'streamscope-bench-check-')) : null;
  const store = dir === null ? undefined : openStore(join(dir, 'check.db'));
  try {
    const perCheck: number[] = [];
    const start = now();
    let last = start;
    const run = await runChecks({
      baseUrl,
      checks,
      model: modelOf,
      concurrency,
      ...(store ? { store } : {}),
      onResult: () => {
        const t = now();
        perCheck.push(t - last);
        last = t;
      },
    });
    const totalMs = now() - start;
    return { totalMs, perCheck: concurrency === 1 ? perCheck : [], passed: run.results.length === checks.length && run.results.every((result) => result.status === 'pass') };
  } finally {
    store?.close();
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}

function side(checks: readonly ServerCheck[], runs: { totalMs: number; perCheck: number[] }[]): CheckSideResult {
  return {
    medianMs: median(runs.map((run) => run.totalMs)),
    runsMs: runs.map((run) => run.totalMs),
    perCheckMs: runs.every((run) => run.perCheck.length === checks.length) ? Object.fromEntries(checks.map((check, i) => [check.id, median(runs.map((run) => run.perCheck[i]!))])) : {},
  };
}


type Run = { totalMs: number; perCheck: number[] };

export async function checkBattery(name: string, timeScale: number, runs: number, concurrency = 1): Promise<CheckBatteryResult> {
  const date = new Date().toISOString();
  const loadBefore = loadavg()[0]!;
  const checks = PROTOCOLS.flatMap((protocol) => SERVER_BATTERIES[protocol]);
  const simulator = await startSimulator({ port: 0, timeScale });
  const fetchRuns: Run[] = [];
  const httpRuns: Run[] = [];
  const memoryRuns: Run[] = [];
  const storeRuns: Run[] = [];
  let allPassed = true;
  const recordings: Recording[] = [];
  try {
    if (timeScale === 0) {
      // Warm-up: one battery of each, not timed (paced, the first run is warm enough: the pace dwarfs the JIT).
      await fetchBattery(simulator.url, checks, concurrency);
      await httpBattery(simulator.url, checks, concurrency);
      allPassed &&= (await oursBattery(simulator.url, checks, false, concurrency)).passed;
      allPassed &&= (await oursBattery(simulator.url, checks, true, concurrency)).passed;
    }
    for (let run = 0; run < runs; run++) {
      collect();
      fetchRuns.push(await fetchBattery(simulator.url, checks, concurrency));
      collect();
      httpRuns.push(await httpBattery(simulator.url, checks, concurrency));
      collect();
      const memory = await oursBattery(simulator.url, checks, false, concurrency);
      memoryRuns.push(memory);
      collect();
      const stored = await oursBattery(simulator.url, checks, true, concurrency);
      storeRuns.push(stored);
      allPassed &&= memory.passed && stored.passed;
    }
    // The recordings the analysis and judging are timed on: each check recorded once, as runChecks records it.
    for (const check of checks) {
      const recorded = await recordStream({
        url: endpointUrl(simulator.url, check.protocol, modelOf(check))!.href,
        headers: withProtocolHeaders(check.protocol),
        body: check.body(modelOf(check)),
      });
      recordings.push(recorded.recording);
    }
  } finally {
    await simulator.close();
  }

  const analyzeAndJudge = (): number => {
    let passed = 0;
    checks.forEach((check, i) => {
      if (judgeCheck(check, analyzeRecording(recordings[i]!)).status === 'pass') passed++;
    });
    return passed;
  };
  if (analyzeAndJudge() !== checks.length) allPassed = false;
  const analyses = recordings.map((recording) => analyzeRecording(recording));
  const judgeOnly = (): void => {
    checks.forEach((check, i) => judgeCheck(check, analyses[i]!));
  };
  judgeOnly();
  const analysisRuns: number[] = [];
  const judgingRuns: number[] = [];
  for (let run = 0; run < Math.max(runs, 7); run++) {
    collect();
    let start = now();
    analyzeAndJudge();
    analysisRuns.push(now() - start);
    collect();
    start = now();
    judgeOnly();
    judgingRuns.push(now() - start);
  }

  const fetchPeer = side(checks, fetchRuns);
  const httpPeer = side(checks, httpRuns);
  const memory = side(checks, memoryRuns);
  const store = side(checks, storeRuns);
  const added = (ours: CheckSideResult, peer: CheckSideResult): AddedCost => {
    const addedMs = ours.medianMs - peer.medianMs;
    return { addedMs, addedPerCheckMs: addedMs / checks.length, share: addedMs / ours.medianMs };
  };
  const storeVsFetch = added(store, fetchPeer);
  return {
    name,
    description: `every dialect's server battery (${checks.length} checks over ${PROTOCOLS.join(', ')}) by runChecks (concurrency ${concurrency}) against startSimulator({ timeScale: ${timeScale} }) in this process, beside the same requests with fetch and with node:http, ${concurrency} at once`,
    timeScale,
    concurrency,
    checks: checks.length,
    protocols: PROTOCOLS,
    runs,
    fetchPeer,
    httpPeer,
    memory,
    store,
    added: { memoryVsFetch: added(memory, fetchPeer), storeVsFetch, memoryVsHttp: added(memory, httpPeer), storeVsHttp: added(store, httpPeer) },
    analysisAndJudgingMs: median(analysisRuns),
    analysisAndJudgingRunsMs: analysisRuns,
    judgingMs: median(judgingRuns),
    allPassed,
    wallTargetMs: TARGET_WALL_MS,
    shareTarget: TARGET_SHARE,
    withinWallTarget: store.medianMs < TARGET_WALL_MS,
    withinShareTarget: storeVsFetch.share < TARGET_SHARE,
    date,
    loadAverage: [loadBefore, loadavg()[0]!],
  };
}

const CASES = [
  { name: 'check: server battery, simulator unpaced', timeScale: 0 },
  { name: 'check: server battery, simulator paced', timeScale: 1 },
  { name: 'check: server battery, simulator paced, 6 at once', timeScale: 1, concurrency: 6 },
] as const;
/** The paced battery takes ~16 s a side: fewer runs. */
const PACED_RUNS = 3;

/** Runs the selected check cases and prints their tables. */
export async function runCheckBenchmarks(selected: (name: string) => boolean, runs: number): Promise<CheckBatteryResult[]> {
  const fmt = (value: number, digits = 1): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const row = (cells: readonly string[], widths: readonly number[]): void => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
  const pct = (cost: AddedCost): string => `${fmt(cost.share * 100)} %`;
  const results: CheckBatteryResult[] = [];
  for (const testCase of CASES) {
    if (!selected(testCase.name)) continue;
    const caseRuns = testCase.timeScale === 0 ? runs : Math.min(runs, PACED_RUNS);
    const concurrency = 'concurrency' in testCase ? testCase.concurrency : 1;
    const result = await checkBattery(testCase.name, testCase.timeScale, caseRuns, concurrency);
    results.push(result);
    const { added } = result;
    console.log(`\n${result.name}: ${result.checks} checks (${result.protocols.join(', ')}), startSimulator({ timeScale: ${result.timeScale} }), ${concurrency} at once, median of ${caseRuns} runs (ms)`);
    console.log('fetch / http = the same requests with fetch / node:http, each body read to the end (the peers); memory / store = runChecks without / with a store; + = runChecks - the fetch peer');
    const widths = [28, 9, 9, 9, 9, 9, 9];
    row(['check', 'fetch', 'http', 'memory', 'store', '+memory', '+store'], widths);
    const digits = result.timeScale === 0 ? 2 : 1;
    // With concurrency the verdicts overlap: the battery's time alone.
    for (const id of Object.keys(result.memory.perCheckMs)) {
      const peer = result.fetchPeer.perCheckMs[id]!;
      const memory = result.memory.perCheckMs[id]!;
      const store = result.store.perCheckMs[id]!;
      row([id, fmt(peer, digits), fmt(result.httpPeer.perCheckMs[id]!, digits), fmt(memory, digits), fmt(store, digits), fmt(memory - peer, digits), fmt(store - peer, digits)], widths);
    }
    row(
      ['whole battery', fmt(result.fetchPeer.medianMs), fmt(result.httpPeer.medianMs), fmt(result.memory.medianMs), fmt(result.store.medianMs), fmt(added.memoryVsFetch.addedMs), fmt(added.storeVsFetch.addedMs)],
      widths,
    );
    console.log(
      `Streamscope's share of the run beside fetch: ${pct(added.memoryVsFetch)} in memory, ${pct(added.storeVsFetch)} with a store` +
        ` (${fmt(added.memoryVsFetch.addedPerCheckMs, 2)} / ${fmt(added.storeVsFetch.addedPerCheckMs, 2)} ms a check);` +
        ` beside node:http: ${pct(added.memoryVsHttp)} / ${pct(added.storeVsHttp)} (${fmt(added.memoryVsHttp.addedPerCheckMs, 2)} / ${fmt(added.storeVsHttp.addedPerCheckMs, 2)} ms a check);` +
        ` target < ${result.shareTarget * 100} % (with a store, beside fetch): ${result.withinShareTarget ? 'ok' : 'MISS'}`,
    );
    console.log(
      `whole battery with a store ${fmt(result.store.medianMs)} ms (the fetch peer alone, the server's own time: ${fmt(result.fetchPeer.medianMs)} ms);` +
        ` target < ${result.wallTargetMs / 1000} s: ${result.withinWallTarget ? 'ok' : `MISS${result.fetchPeer.medianMs >= result.wallTargetMs ? " (the server's pace alone is over it)" : ''}`}`,
    );
    console.log(
      `analysis + judging alone, the battery's ${result.checks} recordings, no server: ${fmt(result.analysisAndJudgingMs, 2)} ms (judging alone ${fmt(result.judgingMs, 2)} ms);` +
        ` every verdict pass: ${result.allPassed ? 'yes' : 'NO'}; load average ${fmt(result.loadAverage[0], 2)} → ${fmt(result.loadAverage[1], 2)}`,
    );
    if (!result.allPassed) throw new Error('a check did not pass against the simulator: the figures are not of a faithful run');
  }
  return results;
}
