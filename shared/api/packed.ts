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
  let size = 0;
  for (const read of reads) size += read.bytes.length;
  const body = new Uint8Array(size);
  const readTimes: (number | null)[] = [];
  const readLengths: number[] = [];
  let at = 0;
  for (const read of reads) {
    body.set(read.bytes, at);
    at += read.bytes.length;
    readTimes.push(read.t);
    readLengths.push(read.bytes.length);
  }
  return { recording, body, readTimes, readLengths };
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
