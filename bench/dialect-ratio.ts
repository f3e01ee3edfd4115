// The full analysis of each non-OpenAI dialect beside Chat Completions' on 100,000 events
// (issue 32, "Measured": within 1.5× of Chat's), both measured in the same run, alternately, so
// that the ratio holds on a loaded machine, and both bodies cut into reads the same way: a read
// costs the analysis its own work (its time, the buffering and idle checks), so a body of 100,000
// reads beside one of a single read would measure the reads, not the dialect. One line a case
// (DIALECTS). `--only "beside Chat"` runs them all, `--only "beside Chat: 100k Gemini"` one.

import { analyzeRecording } from '../shared/analysis/analyze.ts';
import type { Protocol } from '../shared/dialects/types.ts';
import { concatBytes } from '../shared/formats/bytes.ts';
import { recordingFromSse } from '../shared/formats/sse.ts';
import type { Recording } from '../shared/recording/types.ts';
import { bedrockBenchFrames, geminiBenchStream } from './dialect-inputs.ts';
import { openAiStream, readsPerEvent } from './inputs.ts';
import { collect, median, now } from './measure.ts';

/** What a dialect's analysis may take, as a multiple of Chat Completions' on as many events. */
export const RATIO_TARGET = 1.5;
const EVENTS = 100_000;
const RUNS = 5;

/** How both sides' bodies are cut into reads: whole, as a file is read (`inspect body.sse`, `inspect body.bin`), or one event a read, as a server flushes each. */
type Reads = 'one read' | 'an event a read';

interface DialectCase {
  readonly name: string;
  readonly protocol: Protocol;
  readonly reads: Reads;
  /** A recording of EVENTS events in the dialect, as its server sends a long answer. */
  readonly make: () => Recording;
}

const encode = (text: string) => new TextEncoder().encode(text);

export const DIALECTS: readonly DialectCase[] = [
  { name: 'analysis beside Chat: 100k Gemini untimed', protocol: 'gemini', reads: 'one read', make: () => recordingFromSse(encode(geminiBenchStream(EVENTS))) },
  { name: 'analysis beside Chat: 100k Bedrock untimed', protocol: 'bedrock-converse', reads: 'one read', make: () => bedrockRecording([concatBytes(bedrockBenchFrames(EVENTS))]) },
  { name: 'analysis beside Chat: 100k Bedrock, a frame a read', protocol: 'bedrock-converse', reads: 'an event a read', make: () => bedrockRecording(bedrockBenchFrames(EVENTS)) },
];

/** Chat Completions' typical stream, as the analysis bench reads it ("analysis: 100k untimed (.sse)"), cut into reads as `reads` says. */
function chatRecording(reads: Reads): Recording {
  const body = openAiStream({ events: EVENTS, seed: 1 });
  const whole = recordingFromSse(body.bytes);
  return reads === 'one read' ? whole : { ...whole, reads: readsPerEvent(body).map((bytes) => ({ t: null, bytes })) };
}

/** A ConverseStream recording of these reads, with the request path and content-type Bedrock's answer has. */
function bedrockRecording(reads: readonly Uint8Array[]): Recording {
  return {
    source: 'live',
    startedAt: null,
    request: { method: 'POST', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/converse-stream', headers: {}, body: null },
    response: { t: null, status: 200, httpVersion: '1.1', headers: { 'content-type': 'application/vnd.amazon.eventstream' } },
    reads: reads.map((bytes) => ({ t: null, bytes })),
    end: { t: null, outcome: 'eof' },
  };
}

export interface DialectRatioResult {
  readonly name: string;
  readonly protocol: Protocol;
  readonly reads: Reads;
  readonly events: number;
  readonly bytes: number;
  readonly chatBytes: number;
  readonly chatMs: number;
  readonly dialectMs: number;
  /** dialectMs / chatMs, the medians' ratio. */
  readonly ratio: number;
  readonly target: number;
  readonly withinTarget: boolean;
  readonly runs: { readonly chatMs: number[]; readonly dialectMs: number[] };
}

function timed(recording: Recording): number {
  collect();
  const start = now();
  analyzeRecording(recording);
  return now() - start;
}

const bytesOf = (recording: Recording) => recording.reads.reduce((sum, read) => sum + read.bytes.length, 0);

export function runDialectRatios(selected: (name: string) => boolean, fail: (message: string) => never): DialectRatioResult[] {
  const cases = DIALECTS.filter((kase) => selected(kase.name));
  if (cases.length === 0) return [];
  const chats = new Map<Reads, Recording>();
  const chatBytes = openAiStream({ events: EVENTS, seed: 1 }).bytes.length;
  const results: DialectRatioResult[] = [];
  const widths = [44, 8, 10, 10, 10, 8, 10];
  console.log('');
  print(['full analysis beside Chat Completions', 'events', 'MB', 'Chat ms', 'dialect ms', 'ratio', 'target'], widths);
  for (const kase of cases) {
    const recording = kase.make();
    const first = analyzeRecording(recording);
    if (first.protocol !== kase.protocol || first.events.length !== EVENTS) fail(`"${kase.name}": read as ${String(first.protocol)} with ${first.events.length} events, not ${kase.protocol} with ${EVENTS}.`);
    if (first.diagnostics.some((found) => found.severity !== 'info')) fail(`"${kase.name}": the clean stream has findings: ${first.diagnostics.map((found) => found.code).join(', ')}.`);
    let chat = chats.get(kase.reads);
    if (chat === undefined) chats.set(kase.reads, (chat = chatRecording(kase.reads)));
    const reads = kase.reads === 'one read' ? 1 : EVENTS;
    if (chat.reads.length !== reads || recording.reads.length !== reads || bytesOf(chat) !== chatBytes) fail(`"${kase.name}": ${chat.reads.length} reads of Chat's body beside ${recording.reads.length} of the dialect's, not ${kase.reads}.`);
    analyzeRecording(chat);
    const runs = { chatMs: [] as number[], dialectMs: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      runs.chatMs.push(timed(chat));
      runs.dialectMs.push(timed(recording));
    }
    const chatMs = median(runs.chatMs);
    const dialectMs = median(runs.dialectMs);
    const ratio = dialectMs / chatMs;
    const result: DialectRatioResult = { name: kase.name, protocol: kase.protocol, reads: kase.reads, events: EVENTS, bytes: bytesOf(recording), chatBytes: bytesOf(chat), chatMs, dialectMs, ratio, target: RATIO_TARGET, withinTarget: ratio <= RATIO_TARGET, runs };
    results.push(result);
    print([kase.name, EVENTS.toLocaleString('en-US'), (result.bytes / 1e6).toFixed(1), chatMs.toFixed(1), dialectMs.toFixed(1), `${ratio.toFixed(2)}×`, result.withinTarget ? `≤ ${RATIO_TARGET}× ok` : `> ${RATIO_TARGET}× MISS`], widths);
  }
  return results;
}

function print(cells: readonly string[], widths: readonly number[]): void {
  console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
}
