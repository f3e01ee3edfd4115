// `npm run bench`: parser throughput against eventsource-parser, the full analysis of a
// 100,000-event stream (and each dialect's beside Chat Completions', bench/dialect-ratio.ts), the recorder's capture fidelity, ingest speed and memory, a capture's
// database beside its body (bench/storage.ts), the replay's
// timing fidelity against aimock, the capture proxy's relay cost beside nginx and no proxy
// (bench/capture.ts), `streamscope check`'s server battery against the simulator beside plain fetch
// (bench/check.ts), and the recording view in Chromium (open, scroll, scrub, live). Prints a table and writes bench/results.json (docs/performance.md
// explains the figures).
//
// Options (after `npm run bench --`): `--only <text>` runs only the cases whose name contains
// the text (results.json is then left alone); `--runs <n>` changes the number of timed runs.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Recording } from '../shared/index.ts';
import { analyzeRecording, recordingFromSse } from '../shared/index.ts';
import { Analyzer } from '../shared/analysis/fold.ts';
import type { Body } from './inputs.ts';
import { dialectBody, messagesBenchStream, responsesBenchStream } from './dialect-inputs.ts';
import { anthropicFinalMessage, openaiFinalResponse } from './dialect-sdk.ts';
import { hugeLine, openAiStream, readsOfSize, readsPerEvent, tinyEvents } from './inputs.ts';
import { collect, compare, machine, median, now } from './measure.ts';
import type { ParseCount } from './parsers.ts';
import { parseOurs, parsePeer } from './parsers.ts';
import { runEventStreamBenchmarks } from './eventstream.ts';
import { runDialectRatios } from './dialect-ratio.ts';
import { runRecordingBenchmarks } from './recording.ts';
import { measureProxyMemory, PROXY_MEMORY_CASE } from './proxy-memory.ts';
import { runStorageBenchmarks } from './storage.ts';
import type { CaptureRelayResult } from './capture.ts';
import type { CheckBatteryResult } from './check.ts';
import type { ReplayFidelityResult } from './replay.ts';
import type { UiResults } from './ui.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const only = option('--only');
const RUNS = Number(option('--runs') ?? 7);
const MIN_RUN_MS = 200;
const WARMUP_MS = 300;
const ANALYSIS_RUNS = 5;
const ANALYSIS_TARGET_MS = 500;
const KiB = 1024;
const MB = 1e6; // throughput is in MB/s, 10^6 bytes per second

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function peerVersion(): string {
  try {
    const path = join(root, 'node_modules', 'eventsource-parser', 'package.json');
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const selected = (name: string): boolean => only === undefined || name.includes(only);

function fail(message: string): never {
  console.error(`\nbench aborted: ${message}`);
  process.exit(1);
}

// ---------------------------------------------------------------- inputs

interface ParserCase {
  readonly name: string;
  readonly description: string;
  readonly make: () => { body: Body; reads: Uint8Array[] };
}

let typical: Body | undefined;
const typicalStream = (): Body => (typical ??= openAiStream({ events: 100_000, seed: 1 }));
let padded: Body | undefined;
const paddedStream = (): Body => (padded ??= openAiStream({ events: 100_000, obfuscation: true, seed: 2 }));
let large: Body | undefined;
const largeStream = (): Body => (large ??= openAiStream({ events: 25_000, contentChars: 850, seed: 3 }));

const parserCases: ParserCase[] = [
  {
    name: 'openai 100k, 1 event/read',
    description: 'a typical OpenAI chat.completion.chunk stream, 100,000 events, one read per event',
    make: () => ({ body: typicalStream(), reads: readsPerEvent(typicalStream()) }),
  },
  {
    name: 'openai 100k, 16 KiB reads',
    description: 'the same stream in 16 KiB reads cut anywhere (mid-line, mid-character)',
    make: () => ({ body: typicalStream(), reads: readsOfSize(typicalStream(), 16 * KiB) }),
  },
  {
    name: 'obfuscation 100k, 1 event/read',
    description: 'the same stream with an `obfuscation` field of 0-64 random characters per event, one read per event',
    make: () => ({ body: paddedStream(), reads: readsPerEvent(paddedStream()) }),
  },
  {
    name: 'obfuscation 100k, 16 KiB reads',
    description: 'the obfuscation stream in 16 KiB reads',
    make: () => ({ body: paddedStream(), reads: readsOfSize(paddedStream(), 16 * KiB) }),
  },
  {
    name: '~1 KB events 25k, 1 event/read',
    description: '25,000 OpenAI events of ~1 KB each (850 content characters), one read per event',
    make: () => ({ body: largeStream(), reads: readsPerEvent(largeStream()) }),
  },
  {
    name: '~1 KB events 25k, 16 KiB reads',
    description: 'the ~1 KB-event stream in 16 KiB reads',
    make: () => ({ body: largeStream(), reads: readsOfSize(largeStream(), 16 * KiB) }),
  },
  {
    name: 'one 10 MB line, 64 KiB reads',
    description: 'a single 10 MB `data:` line (one event), in 64 KiB reads',
    make: () => {
      const body = hugeLine(10_000_000);
      return { body, reads: readsOfSize(body, 64 * KiB) };
    },
  },
  {
    name: 'one 50 MB line, 64 KiB reads',
    description: 'a single 50 MB `data:` line (one event), in 64 KiB reads: the linear-time check',
    make: () => {
      const body = hugeLine(50_000_000);
      return { body, reads: readsOfSize(body, 64 * KiB) };
    },
  },
  {
    name: 'one 100 MB line, 64 KiB reads',
    description: 'a single 100 MB `data:` line (one event), in 64 KiB reads: the scaling check beyond the CPU caches',
    make: () => {
      const body = hugeLine(100_000_000);
      return { body, reads: readsOfSize(body, 64 * KiB) };
    },
  },
  {
    name: '1M tiny events, 64 KiB reads',
    description: 'a million `data: x\\n\\n` events, in 64 KiB reads',
    make: () => {
      const body = tinyEvents(1_000_000);
      return { body, reads: readsOfSize(body, 64 * KiB) };
    },
  },
];

// ---------------------------------------------------------------- output helpers

const fmt = (value: number, digits = 1): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pad = (text: string, width: number, left = false): string => (left ? text.padEnd(width) : text.padStart(width));

function printRow(cells: readonly string[], widths: readonly number[]): void {
  console.log(cells.map((cell, i) => pad(cell, widths[i]!, i === 0)).join('  '));
}

// ---------------------------------------------------------------- parser throughput

interface SideResult {
  readonly medianMs: number;
  readonly mbPerS: number;
  readonly runsMs: number[];
}

interface ParserResult {
  readonly name: string;
  readonly description: string;
  readonly inputBytes: number;
  readonly reads: number;
  readonly events: number;
  readonly passesPerRun: number;
  readonly ours: SideResult;
  readonly peer: SideResult;
  /** How much faster ours is (above 1: ours faster): the median over the runs of peer time / our time in the same run pair. */
  readonly ratio: number;
  /** ours MB/s / eventsource-parser MB/s, from the two medians. */
  readonly ratioOfMedians: number;
}

function checkCounts(name: string, expected: number, ours: ParseCount, peer: ParseCount): void {
  if (ours.events !== peer.events) {
    fail(`"${name}": event counts differ: ours dispatched ${ours.events}, eventsource-parser ${peer.events}.`);
  }
  if (ours.events !== expected) fail(`"${name}": both parsers dispatched ${ours.events} events, the input has ${expected}.`);
  if (ours.dataChars !== peer.dataChars) {
    fail(`"${name}": total data length differs: ours ${ours.dataChars} UTF-16 units, eventsource-parser ${peer.dataChars}.`);
  }
}

const machineInfo = machine();
console.log('Streamscope benchmark');
console.log(`machine: ${machineInfo.cpu}, ${machineInfo.cores} cores, ${machineInfo.memoryGiB} GiB RAM, ${machineInfo.platform}`);
console.log(`node ${machineInfo.node} (V8 ${machineInfo.v8}), eventsource-parser ${peerVersion()}, ${machineInfo.date}`);
console.log(`method: median of ${RUNS} runs after ${WARMUP_MS} ms of warm-up per side, each run >= ${MIN_RUN_MS} ms; MB = 10^6 bytes;`);
console.log('ratio = how much faster ours is than eventsource-parser (above 1: ours faster), median over run pairs');
console.log('');

const parserResults: ParserResult[] = [];
const widths = [32, 9, 8, 9, 10, 10, 9, 9, 9];
const header = ['parser: input', 'size MB', 'reads', 'events', 'ours MB/s', 'peer MB/s', 'ratio', 'ours ms', 'peer ms'];
let printedHeader = false;
for (const testCase of parserCases) {
  if (!selected(testCase.name)) continue;
  if (!printedHeader) {
    printRow(header, widths);
    printedHeader = true;
  }
  const { body, reads } = testCase.make();
  checkCounts(testCase.name, body.events, parseOurs(reads), parsePeer(reads));
  const result = compare(
    () => parseOurs(reads),
    () => parsePeer(reads),
    { runs: RUNS, minRunMs: MIN_RUN_MS, warmupMs: WARMUP_MS },
  );
  checkCounts(testCase.name, body.events, parseOurs(reads), parsePeer(reads));
  const side = (runsMs: number[]): SideResult => {
    const medianMs = median(runsMs);
    return { medianMs, mbPerS: body.bytes.length / MB / (medianMs / 1000), runsMs };
  };
  const ours = side(result.a);
  const peer = side(result.b);
  const row: ParserResult = {
    name: testCase.name,
    description: testCase.description,
    inputBytes: body.bytes.length,
    reads: reads.length,
    events: body.events,
    passesPerRun: result.passesPerRun,
    ours,
    peer,
    // Each run of ours is followed at once by a run of the peer: the ratio within a pair is
    // less sensitive to a machine whose speed drifts (other processes) than the two medians.
    ratio: median(result.a.map((oursMs, i) => result.b[i]! / oursMs)),
    ratioOfMedians: ours.mbPerS / peer.mbPerS,
  };
  parserResults.push(row);
  printRow(
    [
      row.name,
      fmt(row.inputBytes / MB),
      row.reads.toLocaleString('en-US'),
      row.events.toLocaleString('en-US'),
      fmt(ours.mbPerS, 0),
      fmt(peer.mbPerS, 0),
      fmt(row.ratio, 2),
      fmt(ours.medianMs),
      fmt(peer.medianMs),
    ],
    widths,
  );
}

// The linear-time check: time per MB of one long line should not grow with its length.
const lines = parserResults.filter((row) => row.name.startsWith('one ') && row.name.includes(' MB line'));
const scaling = lines.map((row) => ({
  name: row.name,
  megabytes: row.inputBytes / MB,
  oursMs: row.ours.medianMs,
  peerMs: row.peer.medianMs,
  oursMsPerMB: row.ours.medianMs / (row.inputBytes / MB),
  peerMsPerMB: row.peer.medianMs / (row.inputBytes / MB),
}));
if (scaling.length > 1) {
  console.log('');
  console.log('one long line, time per MB (constant = linear time):');
  for (const row of scaling) {
    console.log(
      `  ${pad(fmt(row.megabytes, 0), 4)} MB: ours ${pad(fmt(row.oursMs, 0), 5)} ms = ${fmt(row.oursMsPerMB, 2)} ms/MB,` +
        ` eventsource-parser ${pad(fmt(row.peerMs, 0), 5)} ms = ${fmt(row.peerMsPerMB, 2)} ms/MB`,
    );
  }
}

// ---------------------------------------------------------------- the AWS event-stream parser against the AWS SDK's decoder (bench/eventstream.ts)

const eventStreamResults = await runEventStreamBenchmarks(selected, { runs: RUNS, minRunMs: MIN_RUN_MS, warmupMs: WARMUP_MS });

// ---------------------------------------------------------------- full analysis

interface AnalysisResult {
  readonly name: string;
  readonly reads: number;
  readonly events: number;
  readonly diagnostics: number;
  readonly analysisMs: number;
  readonly foldMs: number;
  readonly parseMs: number;
  readonly parseShare: number;
  readonly targetMs: number;
  readonly withinTarget: boolean;
  readonly runs: { analysisMs: number[]; foldMs: number[]; parseMs: number[] };
}

function timedRecording(body: Body): Recording {
  const reads = readsPerEvent(body).map((bytes, i) => ({ t: 300 + i * 12.5, bytes }));
  return {
    source: 'ssrec',
    startedAt: '2026-01-01T00:00:00.000Z',
    request: null,
    response: { t: 250, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } },
    reads,
    end: { t: reads[reads.length - 1]!.t! + 1, outcome: 'eof' },
  };
}

/** The stream fold alone (parse, interpret, accumulate), as analyzeRecording runs it, without diagnostics and metrics. */
function foldOnly(recording: Recording): number {
  // The recording keeps its reads' bytes, so events read their data from them (the live fold keeps it).
  const analyzer = new Analyzer({}, recording.reads);
  for (const read of recording.reads) analyzer.feed(read.bytes, read.t);
  analyzer.end();
  return analyzer.events.length;
}

// The other two dialects' streams of the same length, read by the same fold through the dialect interface.
let responsesBody: Body | undefined;
const responsesStream = (): Body => (responsesBody ??= dialectBody(responsesBenchStream(100_000), 100_000));
let messagesBody: Body | undefined;
const messagesStream = (): Body => (messagesBody ??= dialectBody(messagesBenchStream(100_000), 100_000));

const analysisResults: AnalysisResult[] = [];
/** The SDK's accumulation of the same bytes, where the dialect has an official SDK (dialect-sdk.ts). */
type SdkPeer = { readonly name: string; readonly final: (body: Uint8Array) => Promise<unknown> };
const analysisCases: { name: string; make: () => Recording; events: () => number; sdk?: SdkPeer }[] = [
  { name: 'analysis: 100k untimed (.sse)', make: () => recordingFromSse(typicalStream().bytes), events: () => typicalStream().events },
  { name: 'analysis: 100k timed, 1 read/event', make: () => timedRecording(typicalStream()), events: () => typicalStream().events },
  {
    name: 'analysis: 100k Responses untimed',
    make: () => recordingFromSse(responsesStream().bytes),
    events: () => responsesStream().events,
    sdk: { name: 'openai responses.stream().finalResponse()', final: openaiFinalResponse },
  },
  {
    name: 'analysis: 100k Anthropic untimed',
    make: () => recordingFromSse(messagesStream().bytes),
    events: () => messagesStream().events,
    sdk: { name: '@anthropic-ai/sdk messages.stream().finalMessage()', final: anthropicFinalMessage },
  },
];

interface SdkPeerResult {
  readonly name: string;
  readonly peer: string;
  readonly analysisMs: number;
  readonly sdkMs: number;
  /** ours / the SDK's: how much longer the full analysis takes than the SDK's final object alone. */
  readonly ratio: number;
  readonly runs: number[];
}
const sdkPeerResults: SdkPeerResult[] = [];
const analysisWidths = [36, 8, 9, 8, 12, 10, 10, 11, 8];
let printedAnalysisHeader = false;
for (const analysisCase of analysisCases) {
  if (!selected(analysisCase.name)) continue;
  if (!printedAnalysisHeader) {
    console.log('');
    printRow(['full analysis', 'reads', 'events', 'diags', 'analysis ms', 'fold ms', 'parse ms', 'parse share', 'target'], analysisWidths);
    printedAnalysisHeader = true;
  }
  const recording = analysisCase.make();
  const reads = recording.reads.map((read) => read.bytes);
  const first = analyzeRecording(recording);
  const expected = analysisCase.events();
  if (first.events.length !== expected) fail(`"${analysisCase.name}": the analysis found ${first.events.length} events, the input has ${expected}.`);
  if (foldOnly(recording) !== expected || parseOurs(reads).events !== expected) fail(`"${analysisCase.name}": the fold or the parser lost events.`);

  analyzeRecording(recording);
  foldOnly(recording);
  parseOurs(reads);
  const runs = { analysisMs: [] as number[], foldMs: [] as number[], parseMs: [] as number[] };
  const time = (fn: () => unknown): number => {
    collect();
    const start = now();
    fn();
    return now() - start;
  };
  for (let run = 0; run < ANALYSIS_RUNS; run++) {
    runs.analysisMs.push(time(() => analyzeRecording(recording)));
    runs.foldMs.push(time(() => foldOnly(recording)));
    runs.parseMs.push(time(() => parseOurs(reads)));
  }
  const analysisMs = median(runs.analysisMs);
  const result: AnalysisResult = {
    name: analysisCase.name,
    reads: reads.length,
    events: first.events.length,
    diagnostics: first.diagnostics.length,
    analysisMs,
    foldMs: median(runs.foldMs),
    parseMs: median(runs.parseMs),
    parseShare: median(runs.parseMs) / analysisMs,
    targetMs: ANALYSIS_TARGET_MS,
    withinTarget: analysisMs < ANALYSIS_TARGET_MS,
    runs,
  };
  analysisResults.push(result);
  if (analysisCase.sdk) {
    const { sdk } = analysisCase;
    const body = reads[0]!;
    await sdk.final(body);
    const sdkRuns: number[] = [];
    for (let run = 0; run < ANALYSIS_RUNS; run++) {
      collect();
      const start = now();
      await sdk.final(body);
      sdkRuns.push(now() - start);
    }
    const sdkMs = median(sdkRuns);
    sdkPeerResults.push({ name: analysisCase.name, peer: sdk.name, analysisMs, sdkMs, ratio: analysisMs / sdkMs, runs: sdkRuns });
  }
  printRow(
    [
      result.name,
      result.reads.toLocaleString('en-US'),
      result.events.toLocaleString('en-US'),
      String(result.diagnostics),
      fmt(result.analysisMs),
      fmt(result.foldMs),
      fmt(result.parseMs),
      `${fmt(result.parseShare * 100, 0)} %`,
      result.withinTarget ? `< ${ANALYSIS_TARGET_MS} ok` : `> ${ANALYSIS_TARGET_MS} MISS`,
    ],
    analysisWidths,
  );
}

if (sdkPeerResults.length > 0) {
  const widths = [36, 52, 12, 10, 8];
  console.log('');
  printRow(['full analysis beside the SDK', 'the SDK\'s own accumulation (peer)', 'analysis ms', 'SDK ms', 'ratio'], widths);
  for (const peer of sdkPeerResults) printRow([peer.name, peer.peer, fmt(peer.analysisMs), fmt(peer.sdkMs), `${fmt(peer.ratio, 2)}×`], widths);
}

// ---------------------------------------------------------------- each dialect's full analysis beside Chat Completions' (dialect-ratio.ts)

const dialectRatioResults = runDialectRatios(selected, fail);

// ---------------------------------------------------------------- recording (capture fidelity, ingest, 1 GB)

// The timing cases below measure how late a process is: the parser inputs are dropped first, so that
// a full collection of a heap they kept large does not fall in the middle of one (the replay and
// the recording view run in processes of their own: bench/section.ts).
typical = padded = large = responsesBody = messagesBody = undefined;
collect();

const recordingResults = await runRecordingBenchmarks(selected);

// ---------------------------------------------------------------- storage: a capture's database beside its body, opening 100,000 events

const storageResults = await runStorageBenchmarks(selected);

// ---------------------------------------------------------------- the capture proxy's memory with 300 large streams (the proxy in a process of its own)

if (selected(PROXY_MEMORY_CASE)) console.log('');
const proxyMemoryResults = selected(PROXY_MEMORY_CASE) ? await measureProxyMemory() : null;

// ---------------------------------------------------------------- replay timing fidelity, ours and aimock's

/** Runs a section in a process of its own (bench/section.ts) and reads back its results. */
async function inOwnProcess<T>(section: 'replay' | 'capture' | 'check' | 'ui'): Promise<T> {
  collect();
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-bench-'));
  const out = join(dir, `${section}.json`);
  try {
    const child = spawn(process.execPath, [join(root, 'bin', 'run-ts.mjs'), join(root, 'bench', 'section.ts'), section, only ?? '-', out, String(RUNS)], { stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
    if (code !== 0) fail(`the ${section} section failed (exit ${code})`);
    return JSON.parse(readFileSync(out, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const replayResults = await inOwnProcess<ReplayFidelityResult[]>('replay');

// ---------------------------------------------------------------- the capture proxy's relay cost, beside nginx and no proxy

const captureRelayResults = await inOwnProcess<CaptureRelayResult[]>('capture');

// ---------------------------------------------------------------- `streamscope check`: the server battery against the simulator, beside plain fetch

const checkResults = await inOwnProcess<CheckBatteryResult[]>('check');

// ---------------------------------------------------------------- the recording view in Chromium

const uiResults = await inOwnProcess<UiResults | null>('ui');

// ---------------------------------------------------------------- results.json

console.log('');
if (only === undefined && option('--runs') === undefined) {
  const out = join(root, 'bench', 'results.json');
  const results = {
    command: 'npm run bench',
    machine: machineInfo,
    peer: { name: 'eventsource-parser', version: peerVersion() },
    method: {
      runs: RUNS,
      minRunMs: MIN_RUN_MS,
      warmupMsPerSide: WARMUP_MS,
      analysisRuns: ANALYSIS_RUNS,
      throughputUnit: 'MB/s, MB = 10^6 bytes of input',
      ratio: 'ours MB/s / eventsource-parser MB/s (above 1: ours faster)',
      peerDriving: 'each read decoded with one streaming TextDecoder (decode(read, {stream: true})) and fed as text',
    },
    parser: parserResults,
    longLineScaling: scaling,
    eventStream: eventStreamResults,
    analysis: analysisResults,
    dialectSdkPeers: sdkPeerResults,
    dialectsBesideChat: dialectRatioResults,
    recording: recordingResults,
    storage: storageResults,
    replay: replayResults,
    captureRelay: captureRelayResults,
    proxyMemory: proxyMemoryResults,
    check: checkResults,
    ui: uiResults,
  };
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  console.log(`wrote ${out}`);
} else {
  console.log('partial run (--only / --runs): bench/results.json left as it was');
}
