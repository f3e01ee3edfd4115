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

/**
 * Bytes `start` to `end` of the body. `reads` are the analysis's (their offsets), `kept` the
 * recording's (their bytes), index for index. A range inside one read is a view of it, not a copy.
 */
export function bodyBytes(reads: readonly ReadInfo[], kept: readonly { readonly bytes: Uint8Array }[], start: number, end: number): BodyBytes {
  const first = readAt(reads, start);
  const parts: Uint8Array[] = [];
  let last = -1;
  for (let index = first; index < reads.length && index < kept.length && reads[index]!.offset < end; index++) {
    const { offset } = reads[index]!;
    const bytes = kept[index]!.bytes;
    const part = bytes.subarray(Math.max(0, start - offset), Math.min(bytes.length, end - offset));
    if (part.length > 0) {
      parts.push(part);
      last = index;
    }
  }
  if (parts.length === 0) return { bytes: new Uint8Array(0), first: -1, last: -1 };
  return { bytes: parts.length === 1 ? parts[0]! : concatBytes(parts), first, last };
}
