// `npm run bench -- --only eventstream`: our AWS event-stream parser (shared/framing/aws-eventstream/)
// against the AWS SDK's own decoder of a stream, @smithy/core's EventStreamMarshaller (what
// @smithy/eventstream-serde-node, and so @aws-sdk/client-bedrock-runtime, runs: it gathers each
// frame from the reads, decodes it with @smithy/eventstream-codec's EventStreamCodec and hands it to
// a deserializer), on the same bytes: 100,000 ConverseStream frames, one a read and in 16 KiB reads.
// docs/performance.md, "The AWS event-stream parser", explains the figures.

import { EventStreamCodec } from '@smithy/eventstream-codec';
import { UniversalEventStreamMarshaller } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/core/serde';
import { createEventStreamParser } from '../shared/framing/aws-eventstream/parser.ts';
import { createRng } from '../electron/backend/simulator/timing.ts';
import { readsOfSize } from './inputs.ts';
import type { Body } from './inputs.ts';
import { compareAsync, median } from './measure.ts';
import type { CompareOptions } from './measure.ts';

const KiB = 1024;
const MB = 1e6;

export type TimingOptions = CompareOptions;

interface Side {
  readonly medianMs: number;
  readonly mbPerS: number;
  readonly runsMs: number[];
}

export interface EventStreamBenchResult {
  readonly name: string;
  readonly description: string;
  readonly inputBytes: number;
  readonly reads: number;
  readonly frames: number;
  readonly passesPerRun: number;
  readonly ours: Side;
  readonly peer: Side;
  /** How much faster ours is (above 1: ours faster): the median over the run pairs of peer time / our time. */
  readonly ratio: number;
  readonly ratioOfMedians: number;
}

// ---------------------------------------------------------------- input

const TOKENS = [' the', ' of', ' and', ' to', ' a', ' stream', ' frame', ' model', ' bytes', ',', '.', '\n\n', ' café', ' —', ' 東京', ' 😀', 'ing', ' Bedrock'];
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A ConverseStream answer of `frames` frames as Bedrock sends it, encoded by the AWS SDK's encoder:
 * messageStart, a text block of one token a contentBlockDelta, contentBlockStop, messageStop,
 * metadata; every payload with Bedrock's `p` padding (1–50 random alphanumerics).
 */
export function converseStream(frames: number, seed = 7): Body {
  const random = createRng(seed);
  const codec = new EventStreamCodec(toUtf8, fromUtf8);
  const padding = (): string => Array.from({ length: 1 + Math.floor(random() * 50) }, () => ALNUM[Math.floor(random() * ALNUM.length)]).join('');
  const event = (type: string, payload: Record<string, unknown>): Uint8Array =>
    codec.encode({
      headers: { ':event-type': { type: 'string', value: type }, ':content-type': { type: 'string', value: 'application/json' }, ':message-type': { type: 'string', value: 'event' } },
      body: fromUtf8(JSON.stringify({ ...payload, p: padding() })),
    });
  const parts = [event('messageStart', { role: 'assistant' })];
  for (let i = 0; i < frames - 4; i++) parts.push(event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: TOKENS[Math.floor(random() * TOKENS.length)] } }));
  parts.push(event('contentBlockStop', { contentBlockIndex: 0 }));
  parts.push(event('messageStop', { stopReason: 'end_turn' }));
  parts.push(event('metadata', { usage: { inputTokens: 25, outputTokens: frames - 4, totalTokens: frames + 21 }, metrics: { latencyMs: 4210 } }));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  const eventEnds: number[] = [];
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
    eventEnds.push(at);
  }
  return { bytes, eventEnds, events: frames };
}

// ---------------------------------------------------------------- the two sides

interface Count {
  frames: number;
  dataChars: number;
}

/** The reads as a network stream hands them on: an async iterable, as both decoders are driven by one. */
async function* streamOf(reads: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const read of reads) yield read;
}

async function ours(reads: readonly Uint8Array[]): Promise<Count> {
  const count: Count = { frames: 0, dataChars: 0 };
  const parser = createEventStreamParser({
    onEvent(message) {
      count.frames++;
      count.dataChars += message.data?.length ?? 0;
    },
  });
  for await (const read of streamOf(reads)) parser.feed(read);
  parser.end();
  return count;
}

const marshaller = new UniversalEventStreamMarshaller({ utf8Encoder: toUtf8, utf8Decoder: fromUtf8 });

/** The SDK's stream decoding; its deserializer decodes each payload to text (the SDK's goes on to JSON.parse it). */
async function peer(reads: readonly Uint8Array[]): Promise<Count> {
  const count: Count = { frames: 0, dataChars: 0 };
  const events = marshaller.deserialize(streamOf(reads), async (event) => {
    for (const type in event) return toUtf8(event[type]!.body);
    return '';
  });
  for await (const text of events) {
    count.frames++;
    count.dataChars += text.length;
  }
  return count;
}

// ---------------------------------------------------------------- timing

// ---------------------------------------------------------------- cases

const cases = [
  { name: 'eventstream 100k, 1 frame/read', description: '100,000 ConverseStream frames (messageStart, contentBlockDelta of one token, contentBlockStop, messageStop, metadata), one read a frame', reads: (body: Body) => readsPerFrame(body) },
  { name: 'eventstream 100k, 16 KiB reads', description: 'the same frames in 16 KiB reads cut anywhere (inside preludes, headers and payloads)', reads: (body: Body) => readsOfSize(body, 16 * KiB) },
];

function readsPerFrame(body: Body): Uint8Array[] {
  let from = 0;
  return body.eventEnds.map((end) => body.bytes.subarray(from, (from = end)));
}

function check(name: string, expected: Body, a: Count, b: Count): void {
  if (a.frames !== expected.events || b.frames !== expected.events || a.dataChars !== b.dataChars) {
    throw new Error(`"${name}": ours read ${a.frames} frames (${a.dataChars} payload chars), the SDK ${b.frames} (${b.dataChars}); the input has ${expected.events}`);
  }
}

const fmt = (value: number, digits = 1): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export async function runEventStreamBenchmarks(selected: (name: string) => boolean, options: TimingOptions): Promise<EventStreamBenchResult[]> {
  const chosen = cases.filter((testCase) => selected(testCase.name));
  if (chosen.length === 0) return [];
  const body = converseStream(100_000);
  const results: EventStreamBenchResult[] = [];
  console.log('');
  const widths = [32, 9, 8, 9, 10, 10, 9, 9, 9];
  const row = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
  row(['event stream: input', 'size MB', 'reads', 'frames', 'ours MB/s', 'sdk MB/s', 'ratio', 'ours ms', 'sdk ms']);
  for (const testCase of chosen) {
    const reads = testCase.reads(body);
    check(testCase.name, body, await ours(reads), await peer(reads));
    const timing = await compareAsync(() => ours(reads), () => peer(reads), options);
    check(testCase.name, body, await ours(reads), await peer(reads));
    const side = (runsMs: number[]): Side => {
      const medianMs = median(runsMs);
      return { medianMs, mbPerS: body.bytes.length / MB / (medianMs / 1000), runsMs };
    };
    const result: EventStreamBenchResult = {
      name: testCase.name,
      description: testCase.description,
      inputBytes: body.bytes.length,
      reads: reads.length,
      frames: body.events,
      passesPerRun: timing.passesPerRun,
      ours: side(timing.a),
      peer: side(timing.b),
      ratio: median(timing.a.map((oursMs, i) => timing.b[i]! / oursMs)),
      ratioOfMedians: median(timing.b) / median(timing.a),
    };
    results.push(result);
    row([result.name, fmt(result.inputBytes / MB), result.reads.toLocaleString('en-US'), result.frames.toLocaleString('en-US'), fmt(result.ours.mbPerS, 0), fmt(result.peer.mbPerS, 0), fmt(result.ratio, 2), fmt(result.ours.medianMs), fmt(result.peer.medianMs)]);
  }
  return results;
}
