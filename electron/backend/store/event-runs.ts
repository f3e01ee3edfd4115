// Where each stored event lies in the body (docs/architecture.md, "Data model"): the reads are the
// truth and the events a cache of them, so an event is kept as its byte range and the read that
// completed it, and its fields are its bytes read again by the SSE parser when asked
// (event-fields.ts). Events of consecutive indexes are packed into one row, a run: per event three
// varints (its start after the previous event's end, its length, its read after the previous
// event's read), about 4 bytes where a row of its own cost 25 and an index entry more. An event
// its stored reads cannot give back (its bytes not among them, or a time other than its read's)
// keeps its fields in `event_fields` beside its range.

import type { AnalyzedEvent } from '../../../shared/index.ts';
import type { Statements } from './statements.ts';

/** Events a run holds at most: a large import is cut into rows of a few tens of KB. */
export const RUN_EVENTS = 8192;
/** Reads whose times a writer remembers to tell that an event's time is its read's (an event is completed by one of the last reads). */
const RECENT_READS = 256;

/** An event's position, as a run keeps it. */
export interface EventRange {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly read: number;
}

/** The fields of an event kept apart (`event_fields`), in insertEventFields' order after the recording id. */
export type EventFieldsRow = [seq: number, t: number | null, event: string | null, id: string | null, retry: number | null, data: string | null, comments: string | null, unknownFields: string | null];

export function eventFieldsRow(event: AnalyzedEvent): EventFieldsRow {
  const { sse } = event;
  return [
    sse.index,
    event.t,
    sse.event,
    sse.id,
    sse.retry,
    sse.data,
    sse.comments.length > 0 ? JSON.stringify(sse.comments) : null,
    sse.unknownFields.length > 0 ? JSON.stringify(sse.unknownFields.map(({ name, value }) => ({ name, value }))) : null,
  ];
}

/** Packs ranges into runs, a run for each stretch of consecutive indexes (and at most RUN_EVENTS). */
export class RunPacker {
  #bytes = new Uint8Array(256);
  #length = 0;
  #first = -1;
  #count = 0;
  #nextIndex = -1;
  #end = 0;
  #read = 0;
  #done: [firstSeq: number, ranges: Uint8Array][] = [];

  add(index: number, start: number, end: number, read: number): void {
    if (index !== this.#nextIndex || this.#count === RUN_EVENTS) this.#close();
    if (this.#first === -1) {
      this.#first = index;
      this.#end = 0;
      this.#read = 0;
    }
    this.#varint(zigzag(start - this.#end));
    this.#varint(zigzag(end - start));
    this.#varint(zigzag(read - this.#read));
    this.#end = end;
    this.#read = read;
    this.#nextIndex = index + 1;
    this.#count++;
  }

  /** The runs packed so far (the last one still open to more events). */
  rows(): [firstSeq: number, ranges: Uint8Array][] {
    return this.#first === -1 ? this.#done : [...this.#done, [this.#first, this.#bytes.subarray(0, this.#length)]];
  }

  /** Forgets every run: the next event begins a new one. */
  clear(): void {
    this.#done = [];
    this.#first = -1;
    this.#count = 0;
    this.#length = 0;
    this.#nextIndex = -1;
  }

  #close(): void {
    if (this.#first === -1) return;
    this.#done.push([this.#first, this.#bytes.slice(0, this.#length)]);
    this.#first = -1;
    this.#count = 0;
    this.#length = 0;
  }

  #varint(value: number): void {
    if (this.#length + 8 > this.#bytes.length) {
      const grown = new Uint8Array(this.#bytes.length * 2);
      grown.set(this.#bytes);
      this.#bytes = grown;
    }
    while (value >= 0x80) {
      this.#bytes[this.#length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.#bytes[this.#length++] = value;
  }
}

/** Signed to unsigned, small magnitudes small (safe beyond 32 bits, unlike the shifts). */
function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

/** The ranges of the runs given in order of their first index. */
export function unpackRuns(rows: Iterable<readonly [firstSeq: number, ranges: Uint8Array]>): EventRange[] {
  const ranges: EventRange[] = [];
  for (const [first, bytes] of rows) {
    let at = 0;
    const varint = (): number => {
      let value = 0;
      let scale = 1;
      for (;;) {
        const byte = bytes[at++]!;
        value += (byte & 0x7f) * scale;
        if (byte < 0x80) return unzigzag(value);
        scale *= 0x80;
      }
    };
    let end = 0;
    let read = 0;
    for (let index = first; at < bytes.length; index++) {
      const start = end + varint();
      end = start + varint();
      read += varint();
      ranges.push({ index, start, end, read });
    }
  }
  return ranges;
}

/**
 * The events of one recording on their way to the store: their ranges packed, and the fields of
 * those the reads will not give back. `read` is told of every read before the events it completed,
 * so it knows which bytes and times the store holds.
 */
export class PendingEvents {
  readonly #runs = new RunPacker();
  #fields: EventFieldsRow[] = [];
  #count = 0;
  // The body bytes given so far, the reads, and the times of the last RECENT_READS of them.
  #bodyBytes = 0;
  #reads = 0;
  readonly #times = new Array<number | null>(RECENT_READS);

  get length(): number {
    return this.#count;
  }

  /** A read of the body, in order. */
  read(t: number | null, length: number): void {
    this.#times[this.#reads % RECENT_READS] = t;
    this.#reads++;
    this.#bodyBytes += length;
  }

  event(event: AnalyzedEvent): void {
    const { sse } = event;
    const { index, start, end, read } = sse;
    this.#runs.add(index, start, end, read);
    this.#count++;
    if (!this.#derivable(start, end, read, event.t)) this.#fields.push(eventFieldsRow(event));
  }

  /** Writes the pending runs and fields of recording `id` (kept until `clear`: a transaction that fails is tried again). */
  insert(statements: Statements, id: number): void {
    for (const [first, ranges] of this.#runs.rows()) statements.insertEventRun.run(id, first, ranges);
    for (const row of this.#fields) statements.insertEventFields.run(id, ...row);
  }

  clear(): void {
    this.#runs.clear();
    this.#fields = [];
    this.#count = 0;
  }

  /** Whether the stored reads give the event back: its bytes are among them, and its time is its read's. */
  #derivable(start: number, end: number, read: number, t: number | null): boolean {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start > end || end > this.#bodyBytes) return false;
    if (!Number.isSafeInteger(read) || read < 0 || read >= this.#reads || read < this.#reads - RECENT_READS) return false;
    return Object.is(this.#times[read % RECENT_READS], t);
  }
}
