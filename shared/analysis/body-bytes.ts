// A range of the body, read back from the reads that carried it: an event's bytes may span
// several reads (a slow server, a proxy re-chunking), and the recording keeps reads, not a body.

import { concatBytes } from '../formats/bytes.ts';
import type { ReadInfo } from './stream.ts';

export interface BodyBytes {
  /** The bytes of the range (as much of it as the reads hold). */
  readonly bytes: Uint8Array;
  /** The reads holding the range: `first` to `last`, inclusive; both -1 when none does. */
  readonly first: number;
  readonly last: number;
}

/** The first read that ends after `at` (binary search: reads are in body order). */
function readAt(reads: readonly ReadInfo[], at: number): number {
  let low = 0;
  let high = reads.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const read = reads[middle]!;
    if (read.offset + read.length <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The reads holding bytes `start` to `end` of the body: `first` to `last`, inclusive; both -1 when none does. */
export function readsHolding(reads: readonly ReadInfo[], start: number, end: number): { readonly first: number; readonly last: number } {
  const first = readAt(reads, start);
  if (end <= start || first >= reads.length || reads[first]!.offset >= end) return { first: -1, last: -1 };
  return { first, last: Math.min(reads.length - 1, readAt(reads, end - 1)) };
}

/**
 * Bytes `start` to `end` of the body. `reads` are the analysis's (their offsets), `kept` the
 * recording's (their bytes), index for index. A range inside one read is a view of it, not a copy.
 */
export function bodyBytes(reads: readonly ReadInfo[], kept: readonly { readonly bytes: Uint8Array }[], start: number, end: number): BodyBytes {
  const held = readsHolding(reads, start, end);
  const first = held.first;
  const last = Math.min(held.last, kept.length - 1);
  if (first < 0 || last < first) return { bytes: new Uint8Array(0), first: -1, last: -1 };
  const parts: Uint8Array[] = [];
  for (let index = first; index <= last; index++) {
    const { offset } = reads[index]!;
    const bytes = kept[index]!.bytes;
    parts.push(bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end - offset)));
  }
  return { bytes: parts.length === 1 ? parts[0]! : concatBytes(parts), first, last };
}
