// A stored recording packed for the recording view: its reads' bytes in one piece, each read
// coded against the one before it (read-deltas.ts), with each read's time and length beside it.
// A hundred thousand reads as as many byte arrays cost a hundred thousand objects to walk, encode
// and decode on the way (serve mode's JSON has to base64 each); packed, they are one array of
// bytes and two of numbers, and the view cuts the reads back out of the decoded body without
// copying. Coded, a stream's reads take a fraction of their size (most repeat the chunk before
// with other content), which is what serve mode's page waits for: Chromium takes a body in at
// ~35 MB/s on this machine, and a 100,000-event recording is ~26 MB.

import type { RecordedRead } from '../recording/types.ts';
import { decodeReadDeltas, encodeReadDeltas } from './read-deltas.ts';
import type { StoredRecording } from './recordings.ts';

export interface PackedRecording {
  /** The stored recording without its reads. */
  readonly recording: Omit<StoredRecording, 'reads'>;
  /** The index of the first read here: this holds reads fromRead, fromRead + 1, … */
  readonly fromRead: number;
  /** How many reads the recording has in all. */
  readonly readCount: number;
  /** Every read's bytes, in order, each coded against the one before (`encodeReadDeltas`). */
  readonly codedReads: Uint8Array;
  /** Each read's arrival time (null: untimed), in order. */
  readonly readTimes: readonly (number | null)[];
  /** Each read's length in bytes, in order. */
  readonly readLengths: readonly number[];
}

export function packRecording(stored: StoredRecording): PackedRecording {
  const { reads, ...recording } = stored;
  return { recording, fromRead: 0, readCount: reads.length, ...packReads(reads) };
}

/** Reads (from any source: a recording, a database's rows) packed, their bytes coded against one another. */
export function packReads(reads: Iterable<{ readonly t: number | null; readonly bytes: Uint8Array }>): Pick<PackedRecording, 'codedReads' | 'readTimes' | 'readLengths'> {
  const bytes: Uint8Array[] = [];
  const readTimes: (number | null)[] = [];
  const readLengths: number[] = [];
  for (const read of reads) {
    bytes.push(read.bytes);
    readTimes.push(read.t);
    readLengths.push(read.bytes.length);
  }
  return { codedReads: encodeReadDeltas(bytes), readTimes, readLengths };
}

/** The reads a pack holds, as views into one body; null when the coding does not fit the lengths (a damaged message). */
export function unpackReads(packed: PackedRecording): RecordedRead[] | null {
  const { readTimes, readLengths } = packed;
  if (readTimes.length !== readLengths.length) return null;
  const body = decodeReadDeltas(packed.codedReads, readLengths);
  if (!body) return null;
  const reads: RecordedRead[] = [];
  let at = 0;
  for (let i = 0; i < readLengths.length; i++) {
    const length = readLengths[i]!;
    reads.push({ t: readTimes[i]!, bytes: body.subarray(at, at + length) });
    at += length;
  }
  return reads;
}

/** The stored recording again, from a pack of all its reads; null for a damaged pack or one that holds only some. */
export function unpackRecording(packed: PackedRecording): StoredRecording | null {
  const reads = unpackReads(packed);
  if (!reads || packed.fromRead !== 0 || reads.length !== packed.readCount) return null;
  return { ...packed.recording, reads };
}
