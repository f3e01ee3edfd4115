// A stored recording packed for the recording view: its body in one piece, with each read's
// time and length beside it. A hundred thousand reads as as many byte arrays cost a hundred
// thousand objects to walk, encode and decode on the way (serve mode's JSON has to base64 each);
// packed, they are one array of bytes and two of numbers, and the view cuts the reads back out
// of the body without copying.

import type { StoredRecording } from './recordings.ts';

export interface PackedRecording {
  /** The stored recording without its reads. */
  readonly recording: Omit<StoredRecording, 'reads'>;
  /** Every read's bytes, in order. */
  readonly body: Uint8Array;
  /** Each read's arrival time (null: untimed), in order. */
  readonly readTimes: readonly (number | null)[];
  /** Each read's length in bytes, in order. */
  readonly readLengths: readonly number[];
}

export function packRecording(stored: StoredRecording): PackedRecording {
  const { reads, ...recording } = stored;
  return { recording, ...packReads(reads) };
}

/** Reads (from any source: a recording, a database's rows) packed into one body, copied once. */
export function packReads(reads: Iterable<{ readonly t: number | null; readonly bytes: Uint8Array }>): Omit<PackedRecording, 'recording'> {
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

/** The stored recording again; its reads are views into the packed body. Null when the lengths do not add up to the body (a damaged message). */
export function unpackRecording(packed: PackedRecording): StoredRecording | null {
  const { recording, body, readTimes, readLengths } = packed;
  if (readTimes.length !== readLengths.length) return null;
  const reads: { t: number | null; bytes: Uint8Array }[] = [];
  let at = 0;
  for (let i = 0; i < readLengths.length; i++) {
    const length = readLengths[i]!;
    if (!Number.isInteger(length) || length < 0 || at + length > body.length) return null;
    reads.push({ t: readTimes[i]!, bytes: body.subarray(at, at + length) });
    at += length;
  }
  if (at !== body.length) return null;
  return { ...recording, reads };
}
