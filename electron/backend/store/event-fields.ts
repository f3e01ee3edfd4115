// A stored event's fields, read again from its bytes (event-runs.ts keeps only where it lies):
// the project's own parser of the recording's framing run over the event's range of the reads
// gives the event it gave when the body was recorded, field for field, by construction
// (docs/architecture.md, "Framing"): SSE's, or the AWS event stream's for Bedrock's frames.

import { framingOf } from '../../../shared/framing/registry.ts';
import { createSseParser } from '../../../shared/framing/sse/parser.ts';
import type { SseEvent, SseFields as MessageFields } from '../../../shared/framing/sse/parser.ts';
import type { FramedMessage, FramingName } from '../../../shared/framing/types.ts';
import type { SseField } from '../../../shared/index.ts';
import type { StoredEvent } from './types.ts';
import type { EventRange } from './event-runs.ts';
import type { EventFieldsRow } from './event-runs.ts';

const EMPTY: readonly never[] = Object.freeze([]);
// Fed before a range: a blank line outside any event, so that the range does not start the body
// and a U+FEFF it starts with stays a character of its first line, as in the body (only the
// body's very first bytes can be a BOM).
const BLANK = new Uint8Array([0x0a]);
const NO_FIELDS: MessageFields = { data: null, event: null, id: null, retry: null, comments: EMPTY, unknownFields: EMPTY };

/** A body as its stored reads: each read's bytes, time and offset. */
export interface StoredReads {
  readonly bytes: readonly Uint8Array[];
  readonly times: readonly (number | null)[];
  /** Where each read starts in the body, and the body's length last. */
  readonly offsets: readonly number[];
}

export function storedReads(rows: Iterable<readonly [t: number | null, bytes: Uint8Array]>): StoredReads {
  const bytes: Uint8Array[] = [];
  const times: (number | null)[] = [];
  const offsets: number[] = [0];
  let at = 0;
  for (const [t, read] of rows) {
    bytes.push(read);
    times.push(t);
    at += read.length;
    offsets.push(at);
  }
  return { bytes, times, offsets };
}

/** One parser's catch: the event its range dispatched. */
class Catch {
  event: FramedMessage | null = null;
  onEvent(event: SseEvent | FramedMessage): void {
    this.event ??= event;
  }
}

/** The fields of the event at [start, end) of the body, as the framing's parser reads them there (SSE's by default). */
export function fieldsOfRange(reads: StoredReads, start: number, end: number, from = readAt(reads, start), framing: FramingName = 'sse'): MessageFields {
  const caught = new Catch();
  // A range of an event-stream body is one whole frame, read from its first byte as the body's first.
  const parser = framing === 'sse' ? createSseParser(caught) : framingOf(framing).parse(caught);
  if (framing === 'sse') parser.feed(BLANK);
  const { bytes, offsets } = reads;
  for (let read = from; read < bytes.length && offsets[read]! < end; read++) {
    const offset = offsets[read]!;
    const piece = bytes[read]!;
    const begin = Math.max(start - offset, 0);
    const stop = Math.min(end - offset, piece.length);
    if (stop > begin) parser.feed(begin === 0 && stop === piece.length ? piece : piece.subarray(begin, stop));
  }
  parser.end();
  const event = caught.event;
  if (event === null) return NO_FIELDS;
  return { data: event.data, event: event.event, id: event.id, retry: event.retry, comments: event.comments, unknownFields: event.unknownFields };
}

/** The read holding body offset `at` (the last read that starts at or before it). */
function readAt(reads: StoredReads, at: number): number {
  const { offsets } = reads;
  let low = 0;
  let high = reads.bytes.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return Math.max(low, 0);
}

/** The stored events, from their ranges and the reads (in the recording's framing), or the fields kept apart for those the reads cannot give back. */
export function eventsFromRanges(ranges: readonly EventRange[], kept: ReadonlyMap<number, EventFieldsRow>, reads: StoredReads, framing: FramingName = 'sse'): StoredEvent[] {
  const events: StoredEvent[] = new Array<StoredEvent>(ranges.length);
  let read = 0;
  for (let i = 0; i < ranges.length; i++) {
    const { index, start, end, read: completedBy } = ranges[i]!;
    const row = kept.get(index);
    if (row !== undefined) {
      const [, t, event, id, retry, data, comments, unknownFields] = row;
      events[i] = {
        index,
        start,
        end,
        read: completedBy,
        t,
        event,
        id,
        retry,
        data,
        comments: comments === null ? EMPTY : (JSON.parse(comments) as string[]),
        unknownFields: unknownFields === null ? EMPTY : (JSON.parse(unknownFields) as SseField[]),
      };
      continue;
    }
    // Events come in the body's order: the read holding the next one's start is found by walking on.
    const { offsets } = reads;
    if (offsets[read]! > start) read = readAt(reads, start);
    while (read + 1 < reads.bytes.length && offsets[read + 1]! <= start) read++;
    const fields = fieldsOfRange(reads, start, end, read, framing);
    events[i] = {
      index,
      start,
      end,
      read: completedBy,
      t: reads.times[completedBy] ?? null,
      event: fields.event,
      id: fields.id,
      retry: fields.retry,
      data: fields.data,
      comments: fields.comments,
      unknownFields: fields.unknownFields,
    };
  }
  return events;
}
