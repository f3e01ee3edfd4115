// The faults that remove or change bytes (drop the end of the stream, drop the finish reason,
// drop the usage, corrupt an event), as edits of the recorded body. Every byte an edit does not
// touch is sent as recorded, in the read it came in. The drops are the dialect's own
// (dialects/NAME/drops.ts); corrupting an event is the same in every dialect of a framing. An
// event-stream body's frames are edited as frames (frames.ts): written again, or their CRC flipped.

import type { SseEvent } from '../framing/sse/parser.ts';
import type { EventStreamMessage } from '../framing/aws-eventstream/types.ts';
import type { FramingName } from '../framing/types.ts';
import { corruptedCrc, nulledFrame, payloadValueRanges } from './frames.ts';
import { DEFAULT_PROTOCOL, registeredDialect } from '../dialects/registry.ts';
import type { DropContext } from '../dialects/kit/drops.ts';
import type { Protocol } from './dialect.ts';
import type { ReplayFaults } from './faults.ts';
import { dataValueRanges, jsonValueRanges } from './locate.ts';
import type { ByteRange, JsonStep } from './locate.ts';

/** Replaces the body's bytes `start`..`end` by `insert` (nothing, to remove them). */
export interface ByteEdit extends ByteRange {
  readonly insert: Uint8Array;
}

export interface FaultEdits {
  /** Sorted by start, never overlapping. */
  readonly edits: readonly ByteEdit[];
  /** What the faults did, or why one found nothing to do, in words. */
  readonly applied: string[];
}

const NOTHING = new Uint8Array(0);
const NULL = new TextEncoder().encode('null');

export function faultEdits(body: Uint8Array, events: readonly SseEvent[], faults: ReplayFaults, protocol: Protocol = DEFAULT_PROTOCOL, framing: FramingName = 'sse'): FaultEdits {
  const edits: ByteEdit[] = [];
  const applied: string[] = [];
  const dropped = new Set<number>();
  const frames = framing === 'aws-eventstream';
  // A frame's nulled values, written as one frame again once every drop has named its own.
  const nulled = new Map<number, ByteRange[]>();
  const context: DropContext = {
    body,
    events,
    faults,
    isDropped: (event) => dropped.has(event.index),
    untouchable: (event) => dropped.has(event.index) || event.index === faults.corruptEvent,
    drop(event) {
      dropped.add(event.index);
      edits.push({ start: event.start, end: event.end, insert: NOTHING });
    },
    nullOut(event, path) {
      if (frames) {
        const ranges = payloadValueRanges(event as EventStreamMessage, path);
        if (ranges.length > 0) nulled.set(event.index, [...(nulled.get(event.index) ?? []), ...ranges]);
        return ranges.length;
      }
      const ranges = valueRanges(body, event, path);
      for (const range of ranges) edits.push({ ...range, insert: NULL });
      return ranges.length;
    },
    note: (words) => void applied.push(words),
  };

  registeredDialect(protocol).drops.apply(context);
  for (const [index, ranges] of nulled) edits.push(nulledFrame(events[index] as EventStreamMessage, ranges));

  if (faults.corruptEvent !== undefined) {
    const corrupted: Corrupted = frames ? corruptFrame(body, events, faults.corruptEvent, dropped) : corrupt(body, events, faults.corruptEvent, dropped);
    if (corrupted.edit !== undefined) edits.push(corrupted.edit);
    applied.push(corrupted.note);
  }

  edits.sort((a, b) => a.start - b.start);
  return { edits, applied };
}

/** The body ranges of the values at `path` in the event's data that are not already null. */
function valueRanges(body: Uint8Array, event: SseEvent, path: readonly JsonStep[]): ByteRange[] {
  const lines = dataValueRanges(body, event.start, event.end);
  // The data buffer is the data lines joined with LF (§9.2.6); a string or literal never spans a
  // line, so each value found maps back into one line of the body.
  const joined: number[] = [];
  const starts: number[] = [];
  for (const line of lines) {
    if (starts.length > 0) joined.push(0x0a);
    starts.push(joined.length);
    for (let at = line.start; at < line.end; at++) joined.push(body[at]!);
  }
  const toBody = (offset: number): number => {
    let line = starts.length - 1;
    while (starts[line]! > offset) line--;
    return lines[line]!.start + offset - starts[line]!;
  };
  const data = new Uint8Array(joined);
  return jsonValueRanges(data, path)
    .filter((range) => !sameBytes(data.subarray(range.start, range.end), NULL))
    .map((range) => ({ start: toBody(range.start), end: toBody(range.start) + range.end - range.start }));
}

/** What corrupting an event made: its edit, or why there is none. */
type Corrupted = { readonly edit?: ByteEdit; readonly note: string };

/** Flips a bit of the frame's message CRC: the frame as recorded, but its CRC no longer holds. */
function corruptFrame(body: Uint8Array, events: readonly SseEvent[], index: number, dropped: ReadonlySet<number>): Corrupted {
  const frame = events[index];
  if (!frame) return { note: `corrupt event ${index}: no such event (the recording has ${events.length})` };
  if (dropped.has(index)) return { note: `corrupt event ${index}: the event is dropped by another fault` };
  return { edit: corruptedCrc(body, frame as EventStreamMessage), note: `corrupted event ${index} (its message CRC flipped)` };
}

/** Cuts the event's last non-empty data line in half (on a character boundary), as the simulator's invalid-json scenario does. */
function corrupt(body: Uint8Array, events: readonly SseEvent[], index: number, dropped: ReadonlySet<number>): Corrupted {
  const event = events[index];
  if (!event) return { note: `corrupt event ${index}: no such event (the recording has ${events.length})` };
  if (dropped.has(index)) return { note: `corrupt event ${index}: the event is dropped by another fault` };
  const lines = dataValueRanges(body, event.start, event.end);
  let line: ByteRange | undefined;
  for (const range of lines) if (range.end > range.start) line = range;
  if (!line) return { note: `corrupt event ${index}: the event carries no data` };
  let cut = line.start + Math.floor((line.end - line.start) / 2);
  while (cut > line.start && (body[cut]! & 0xc0) === 0x80) cut--;
  // A prefix of an object, array or string is never JSON; a number's may be: then the whole line goes.
  if (parsesAsJson(body, lines, line, cut)) cut = line.start;
  const edit = { start: cut, end: line.end, insert: NOTHING };
  const kept = cut - line.start;
  return { edit, note: `corrupted event ${index} (data cut to ${kept} of ${line.end - line.start} bytes)` };
}

function parsesAsJson(body: Uint8Array, lines: readonly ByteRange[], cutLine: ByteRange, cut: number): boolean {
  const decoder = new TextDecoder();
  const data = lines.map((line) => decoder.decode(body.subarray(line.start, line === cutLine ? cut : line.end))).join('\n');
  try {
    JSON.parse(data);
    return true;
  } catch {
    return false;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
