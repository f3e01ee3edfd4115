// What a replay sends, and when: the recorded status, headers and body, split
// into the same writes as the recorded reads, each at its recorded time scaled
// by the speed, with the faults applied. Pure: the server only carries it out.
//
// Times are milliseconds after the request arrived. The response line goes out
// at 0; a read's time is taken relative to the recorded response line (or the
// first read, when there is none), so the replay reproduces the stream's own
// pacing, not the network and queueing time that came before it.

import { concatBytes } from '../formats/bytes.ts';
import type { Recording } from '../recording/types.ts';
import { isTimed } from '../recording/types.ts';
import type { SseEvent } from '../framing/sse/parser.ts';
import { framingOfRecording } from '../analysis/fold.ts';
import { framingOf } from '../framing/registry.ts';
import type { FramedMessage, FramingName } from '../framing/types.ts';
import { replayProtocol } from './dialect.ts';
import type { Protocol } from './dialect.ts';
import { faultEdits } from './edits.ts';
import type { ByteEdit } from './edits.ts';
import { checkFaults, describeFaults } from './faults.ts';
import type { ReplayFaults } from './faults.ts';
import { statusErrorBody } from './errors.ts';
import { streamErrorTail } from './stream-error.ts';
import { replayHeaders } from './headers.ts';

export interface ReplayWrite {
  /** Milliseconds after the request arrived. */
  readonly at: number;
  readonly bytes: Uint8Array;
}

/** `end`: a clean end of the body; `destroy`: the connection is destroyed (no terminating chunk). */
export type ReplayEnding = 'end' | 'destroy';

export interface ReplayPlan {
  /** Null when the recorded exchange got no response at all: the connection is destroyed at `end.at` unanswered. */
  readonly status: number | null;
  readonly headers: readonly (readonly [string, string])[];
  /** In order, times never decreasing; never empty bytes. */
  readonly writes: readonly ReplayWrite[];
  readonly end: { readonly at: number; readonly how: ReplayEnding };
  /** What the faults did, or why one had nothing to do, in words. */
  readonly applied: readonly string[];
  /** Recorded headers left out, each with why: `content-encoding (no longer holds)`, `set-cookie (secret)`. */
  readonly droppedHeaders: readonly string[];
}

export interface ReplayPlanOptions {
  /** 1 recorded pace (default), 2 twice as fast, 0 as fast as possible. */
  readonly speed?: number;
  readonly faults?: ReplayFaults;
  /** Pause between the events of an untimed source (a plain .sse), before scaling by speed; 0 none. */
  readonly untimedIntervalMs?: number;
  /** The recording's dialect, whose words the drops and the status fault's body take; default told from the recording (dialect.ts). */
  readonly protocol?: Protocol;
}

export const DEFAULT_UNTIMED_INTERVAL_MS = 20;

/** A piece of the body on its way out: its time, its bytes, and the offset of its first byte in what is sent. */
interface Segment {
  at: number;
  bytes: Uint8Array;
  offset: number;
}

export function planReplay(recording: Recording, options: ReplayPlanOptions = {}): ReplayPlan {
  const speed = options.speed ?? 1;
  const interval = options.untimedIntervalMs ?? DEFAULT_UNTIMED_INTERVAL_MS;
  const faults = options.faults ?? {};
  if (!(Number.isFinite(speed) && speed >= 0)) throw new RangeError(`speed must be a number, 0 or more, not ${speed}`);
  if (!(Number.isFinite(interval) && interval >= 0)) throw new RangeError(`untimedIntervalMs must be a number, 0 or more, not ${interval}`);
  checkFaults(faults);
  const protocol = options.protocol ?? replayProtocol(recording);
  if (faults.status) return statusPlan(faults, protocol);

  const scale = speed === 0 ? 0 : 1 / speed;
  const { response, reads, end } = recording;
  const how: ReplayEnding = end?.outcome === 'error' ? 'destroy' : 'end';
  if (response === null && reads.length === 0 && recording.request !== null && end !== null) {
    return { status: null, headers: [], writes: [], end: { at: Math.max(0, (end.t ?? 0) * scale), how: 'destroy' }, applied: unanswered(faults, protocol), droppedHeaders: [] };
  }

  const body = concatBytes(reads.map((read) => read.bytes));
  const framing = framingOfRecording(recording);
  const events = framedEvents(framing, reads.map((read) => read.bytes));
  const timed = isTimed(recording);
  const origin = response?.t ?? reads[0]?.t ?? 0;
  const sources = timed ? reads.map((read) => ({ t: ((read.t ?? origin) - origin) * scale, length: read.bytes.length })) : eventPieces(events, body.length, interval * scale);
  let last = 0;
  const timeline = sources.map((source) => (last = Math.max(last, source.t)));
  const endAt = Math.max(last, timed && end?.t != null ? (end.t - origin) * scale : 0);

  const { edits, applied } = faultEdits(body, events, faults, protocol, framing);
  const segments = applyEdits(body, sources, timeline, edits);
  const toSent = (offset: number): number => sentOffset(edits, offset);
  const ending = { at: endAt, how };

  for (const stall of faults.stalls ?? []) {
    const event = events[stall.beforeEvent];
    if (!event) {
      applied.push(`stall before event ${stall.beforeEvent}: no such event (the recording has ${events.length})`);
      continue;
    }
    const at = toSent(event.start);
    splitAt(segments, at);
    for (const segment of segments) if (segment.offset >= at) segment.at += stall.ms;
    ending.at += stall.ms;
    applied.push(`stalled ${stall.ms} ms before event ${stall.beforeEvent}`);
  }

  if (faults.errorAfterEvent !== undefined) {
    const tail = streamErrorTail(body, events, faults.errorAfterEvent, protocol, framing);
    applied.push(tail.note);
    if (tail.bytes !== null) {
      const at = toSent(tail.offset);
      splitAt(segments, at);
      segments.length = segments.filter((segment) => segment.offset < at).length;
      // The error goes in a write of its own, at the time event N's last byte went; then a clean end.
      ending.at = segments[segments.length - 1]?.at ?? 0;
      ending.how = 'end';
      segments.push({ at: ending.at, bytes: tail.bytes, offset: at });
    }
  }

  const sent = segments.reduce((sum, segment) => sum + segment.bytes.length, 0);
  const cut = cutPoint(faults, events, sent, toSent, applied);
  if (cut !== null) {
    splitAt(segments, cut);
    const kept = segments.filter((segment) => segment.offset < cut);
    ending.at = cut === 0 ? 0 : cut > sent ? ending.at : kept[kept.length - 1]!.at;
    ending.how = 'destroy';
    segments.length = kept.length;
  }

  let writes: ReplayWrite[] = segments.filter((segment) => segment.bytes.length > 0).map(({ at, bytes }) => ({ at, bytes }));
  if (faults.bufferAll && writes.length > 0) {
    const bytes = concatBytes(writes.map((write) => write.bytes));
    writes = [{ at: ending.at, bytes }];
    applied.push(`held all ${bytes.length} bytes until ${round(ending.at)} ms`);
  }

  // A bare body is served under its framing's media type: SSE's, or the event stream's for a body of frames.
  const headers = response ? replayHeaders(response.headers) : { headers: framing === 'sse' ? SSE_HEADERS : [['content-type', framingOf(framing).mediaType] as const], dropped: [] };
  return { status: response?.status ?? 200, headers: headers.headers, writes, end: ending, applied, droppedHeaders: headers.dropped };
}

/** The body's events in its framing, each with its byte range. */
function framedEvents(framing: FramingName, reads: readonly Uint8Array[]): SseEvent[] {
  const events: FramedMessage[] = [];
  const parser = framingOf(framing).parse({ onEvent: (event) => void events.push(event) });
  for (const read of reads) parser.feed(read);
  parser.end();
  return events as SseEvent[];
}

/** What a source with no response line (a plain .sse body) is served with. */
const SSE_HEADERS: readonly (readonly [string, string])[] = [
  ['content-type', 'text/event-stream; charset=utf-8'],
  ['cache-control', 'no-cache'],
];

/** An untimed body goes out one event a write, `gap` apart; bytes after the last event (a partial one) in a last write. */
function eventPieces(events: readonly SseEvent[], length: number, gap: number): { t: number; length: number }[] {
  const pieces: { t: number; length: number }[] = [];
  let from = 0;
  for (const event of events) {
    pieces.push({ t: pieces.length * gap, length: event.end - from });
    from = event.end;
  }
  if (from < length) pieces.push({ t: pieces.length * gap, length: length - from });
  return pieces;
}

/** The pieces of the body with the edits made; each edit's replacement goes where the replaced bytes began. */
function applyEdits(body: Uint8Array, sources: readonly { length: number }[], times: readonly number[], edits: readonly ByteEdit[]): Segment[] {
  const segments: Segment[] = [];
  let next = 0;
  let start = 0;
  let offset = 0;
  sources.forEach((source, i) => {
    const end = start + source.length;
    const parts: Uint8Array[] = [];
    let pos = start;
    while (pos < end) {
      const edit = edits[next];
      if (!edit || edit.start >= end) {
        parts.push(body.subarray(pos, end));
        break;
      }
      if (edit.start > pos) parts.push(body.subarray(pos, edit.start));
      if (edit.start >= pos) parts.push(edit.insert);
      pos = Math.min(edit.end, end);
      if (edit.end <= end) next++;
    }
    const bytes = parts.length === 1 ? parts[0]! : concatBytes(parts);
    segments.push({ at: times[i]!, bytes, offset });
    offset += bytes.length;
    start = end;
  });
  return segments;
}

/** Where the recorded body's byte `offset` lands in what is sent; an offset inside an edit lands after its replacement. */
function sentOffset(edits: readonly ByteEdit[], offset: number): number {
  let shift = 0;
  for (const edit of edits) {
    if (edit.end <= offset) shift += edit.insert.length - (edit.end - edit.start);
    else if (edit.start < offset) return edit.start + shift + edit.insert.length;
    else break;
  }
  return offset + shift;
}

/** Splits the segment that holds sent offsets on both sides of `at`, so that `at` begins a segment. */
function splitAt(segments: Segment[], at: number): void {
  const i = segments.findIndex((segment) => segment.offset < at && at < segment.offset + segment.bytes.length);
  if (i === -1) return;
  const segment = segments[i]!;
  const cut = at - segment.offset;
  segments.splice(i, 1, { ...segment, bytes: segment.bytes.subarray(0, cut) }, { at: segment.at, bytes: segment.bytes.subarray(cut), offset: at });
}

/**
 * How many sent bytes go before the connection is destroyed, or null for no cut. Past the end of
 * the body, everything goes and the connection is destroyed when the stream would have ended.
 */
function cutPoint(faults: ReplayFaults, events: readonly SseEvent[], sent: number, toSent: (offset: number) => number, applied: string[]): number | null {
  const cuts: number[] = [];
  if (faults.cutAfterEvent !== undefined) {
    const event = events[faults.cutAfterEvent];
    if (event) {
      cuts.push(toSent(event.end));
      applied.push(`cut after event ${faults.cutAfterEvent} (byte ${toSent(event.end)})`);
    } else {
      cuts.push(sent + 1);
      applied.push(`cut after event ${faults.cutAfterEvent}: no such event (the recording has ${events.length}), cut at the end`);
    }
  }
  if (faults.cutAfterByte !== undefined) {
    cuts.push(faults.cutAfterByte > sent ? sent + 1 : faults.cutAfterByte);
    applied.push(faults.cutAfterByte > sent ? `cut after byte ${faults.cutAfterByte}: the body has ${sent}, cut at the end` : `cut after byte ${faults.cutAfterByte}`);
  }
  return cuts.length === 0 ? null : Math.min(...cuts);
}

function statusPlan(faults: ReplayFaults, protocol: Protocol): ReplayPlan {
  const { code, body } = faults.status!;
  const text = body ?? statusErrorBody(code, protocol);
  const bytes = new TextEncoder().encode(text);
  const others = describeFaults({ ...faults, status: undefined }, [protocol]);
  return {
    status: code,
    headers: [
      ['content-type', isJson(text) ? 'application/json' : 'text/plain; charset=utf-8'],
      ['content-length', String(bytes.length)],
    ],
    writes: bytes.length > 0 ? [{ at: 0, bytes }] : [],
    end: { at: 0, how: 'end' },
    applied: [`answered HTTP ${code} instead of the recording`, ...(others.length > 0 ? [`ignored (no stream is sent): ${others.join(', ')}`] : [])],
    droppedHeaders: [],
  };
}

function unanswered(faults: ReplayFaults, protocol: Protocol): string[] {
  const words = describeFaults(faults, [protocol]);
  return ['the recorded exchange got no response: the connection is dropped unanswered', ...(words.length > 0 ? [`ignored (no stream is sent): ${words.join(', ')}`] : [])];
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
