// A stored recording packed for the recording view: its body in one piece, with each read's
// time and length beside it. A hundred thousand reads as as many byte arrays cost a hundred
// thousand objects to walk, encode and decode on the way (serve mode's JSON has to base64 each);
// packed, they are one array of bytes and two of numbers, and the view cuts the reads back out
// of the body without copying.

import type { RecordedRead } from '../recording/types.ts';
import type { StoredRecording } from './recordings.ts';

export interface PackedRecording {
  /** The stored recording without its reads. */
  readonly recording: Omit<StoredRecording, 'reads'>;
  /** The index of the first read here: this holds reads fromRead, fromRead + 1, … */
  readonly fromRead: number;
  /** How many reads the recording has in all. */
  readonly readCount: number;
  /** Every read's bytes, in order. */
  readonly body: Uint8Array;
  /** Each read's arrival time (null: untimed), in order. */
  readonly readTimes: readonly (number | null)[];
  /** Each read's length in bytes, in order. */
  readonly readLengths: readonly number[];
}

export function packRecording(stored: StoredRecording): PackedRecording {
  const { reads, ...recording } = stored;
  return { recording, fromRead: 0, readCount: reads.length, ...packReads(reads) };
}

/** Reads (from any source: a recording, a database's rows) packed into one body, copied once. */
export function packReads(reads: Iterable<{ readonly t: number | null; readonly bytes: Uint8Array }>): Pick<PackedRecording, 'body' | 'readTimes' | 'readLengths'> {
  const pieces: Uint8Array[] = [];
  const readTimes: (number | null)[] = [];
  const readLengths: number[] = [];
  let size = 0;
  for (const { t, bytes } of reads) {
    pieces.push(bytes);
    readTimes.push(t);
    readLengths.push(bytes.length);
    size += bytes.length;
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    body.set(piece, at);
    at += piece.length;
  }
  return { body, readTimes, readLengths };
}

/** The reads a pack holds, as views into its body; null when the lengths do not add up to the body (a damaged message). */
export function unpackReads(packed: PackedRecording): RecordedRead[] | null {
  const { body, readTimes, readLengths } = packed;
  if (readTimes.length !== readLengths.length) return null;
  const reads: RecordedRead[] = [];
  let at = 0;
  for (let i = 0; i < readLengths.length; i++) {
    const length = readLengths[i]!;
    if (!Number.isInteger(length) || length < 0 || at + length > body.length) return null;
    reads.push({ t: readTimes[i]!, bytes: body.subarray(at, at + length) });
    at += length;
  }
  return at === body.length ? reads : null;
}

/** The stored recording again, from a pack of all its reads; null for a damaged pack or one that holds only some. */
export function unpackRecording(packed: PackedRecording): StoredRecording | null {
  const reads = unpackReads(packed);
  if (!reads || packed.fromRead !== 0 || reads.length !== packed.readCount) return null;
  return { ...packed.recording, reads };
}
