// Real recordings of the simulator's scenarios, and what a gateway might do to them, done to the
// bytes by hand: the events rewritten one by one, the body sent in one read, the head held to the
// first body byte, a reset ended cleanly, everything later. Each mutation keeps the recording's
// own times, so the comparison sees what it would see of a real gateway that did just that.

import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import { descriptorOf } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { concatBytes } from '../../../shared/formats/bytes.ts';
import type { RecordedRead, Recording } from '../../../shared/recording/types.ts';
import { withProtocolHeaders } from '../recorder/profiles.ts';
import { recordStream } from '../recorder/record.ts';
import type { Simulator } from '../simulator/index.ts';
import { gatewayScenarios } from './gateway-scenarios.ts';

/** The scenario recorded from the simulator, as gateway mode sends it. */
export async function recordScenario(simulator: Simulator, protocol: Protocol, id: string): Promise<Analysis> {
  const [scenario] = gatewayScenarios([protocol], [id]);
  if (scenario === undefined) throw new Error(`no gateway scenario ${id} in ${protocol}`);
  const recorded = await recordStream({ url: simulator.url + descriptorOf(protocol).pathEnding, headers: withProtocolHeaders(protocol), body: scenario.body });
  return recorded.analysis;
}

export const analyse = (recording: Recording): Analysis => analyzeRecording(recording);

const text = new TextDecoder();
const bytes = new TextEncoder();

/**
 * Each event's bytes through `rewrite` (null drops it), in the read that brought it, at its time;
 * with `at`, each event in a read of its own at the time `at` says. Whatever followed the last
 * event (a cut one) is kept as a read of its own.
 */
export function eachEvent(analysis: Analysis, rewrite: (raw: string, event: AnalyzedEvent) => string | null, at?: (event: AnalyzedEvent) => number): Recording {
  const { recording } = analysis;
  const body = concatBytes(recording.reads.map((read) => read.bytes));
  const reads: { t: number | null; text: string; from: number }[] = [];
  for (const event of analysis.events) {
    const rewritten = rewrite(text.decode(body.subarray(event.sse.start, event.sse.end)), event) ?? '';
    const last = reads.at(-1);
    if (at === undefined && last !== undefined && last.from === event.sse.read) last.text += rewritten;
    else reads.push({ t: at === undefined ? recording.reads[event.sse.read]!.t : at(event), text: rewritten, from: event.sse.read });
  }
  const kept: RecordedRead[] = reads.filter((read) => read.text !== '').map((read) => ({ t: read.t, bytes: bytes.encode(read.text) }));
  const last = analysis.events.at(-1)?.sse.end ?? 0;
  if (last < body.length) kept.push({ t: recording.reads.at(-1)!.t, bytes: body.subarray(last) });
  return { ...recording, reads: kept };
}

/** The whole body in one read, when its last byte came. */
export function oneRead(recording: Recording): Recording {
  return { ...recording, reads: [{ t: recording.reads.at(-1)!.t, bytes: concatBytes(recording.reads.map((read) => read.bytes)) }] };
}

/** The head sent only with the first body byte. */
export function headWithBody(recording: Recording): Recording {
  return { ...recording, response: { ...recording.response!, t: recording.reads[0]!.t } };
}

/** However the body ended, a clean end. */
export function cleanEnd(recording: Recording): Recording {
  return { ...recording, end: { t: recording.end!.t, outcome: 'eof' } };
}

/** Every read and the end `ms` later (the head as it was). */
export function later(recording: Recording, ms: number): Recording {
  return { ...recording, reads: recording.reads.map((read) => ({ ...read, t: read.t! + ms })), end: { ...recording.end!, t: recording.end!.t! + ms } };
}

/** Each read cut in two halves, the second a tenth of a millisecond later. */
export function halves(recording: Recording): Recording {
  return { ...recording, reads: recording.reads.flatMap((read) => [{ t: read.t, bytes: read.bytes.subarray(0, read.bytes.length >> 1) }, { t: read.t! + 0.1, bytes: read.bytes.subarray(read.bytes.length >> 1) }]) };
}

/** Every two reads sent as one, when the second came: a gateway that coalesces its writes. */
export function inPairs(recording: Recording): Recording {
  const reads = recording.reads;
  return { ...recording, reads: Array.from({ length: Math.ceil(reads.length / 2) }, (_, index) => ({ t: reads[Math.min(2 * index + 1, reads.length - 1)]!.t, bytes: concatBytes(reads.slice(2 * index, 2 * index + 2).map((read) => read.bytes)) })) };
}

/** The answered status, and a JSON body of the gateway's own instead of the stream. */
export function answeredWith(recording: Recording, status: number, body: string): Recording {
  return { ...recording, response: { ...recording.response!, status, headers: { 'content-type': 'application/json' } }, reads: [{ t: recording.reads[0]!.t, bytes: bytes.encode(body) }] };
}

/** A JSON value written again with its members in reverse order: the same values, other bytes. */
export function reversedMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedMembers);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, member]) => [key, reversedMembers(member)]));
}
