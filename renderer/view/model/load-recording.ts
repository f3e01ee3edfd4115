// A stored recording fetched a slice of reads at a time (`openRecording` with fromRead and
// readLimit), each slice handed over while the next is on its way: the backend reads the next
// rows from SQLite while the page analyses the last ones, instead of one waiting for the other.

import type { PackedRecording } from '../../../shared/api/packed.ts';
import { unpackReads } from '../../../shared/api/packed.ts';
import type { StoredRecording } from '../../../shared/api/recordings.ts';
import type { RecordedRead } from '../../../shared/recording/types.ts';

/** Reads a slice: enough that a call's own cost is small, few enough that fetching and analysing overlap. */
export const SLICE_READS = 20_000;

export type OpenRecording = (input: { readonly id: number; readonly fromRead: number; readonly readLimit: number }) => Promise<PackedRecording | null>;

export interface Slice {
  /** The recording without its reads (as of the first slice). */
  readonly recording: Omit<StoredRecording, 'reads'>;
  readonly reads: readonly RecordedRead[];
  /** Reads loaded so far, this slice's included, and how many the recording has. */
  readonly loaded: number;
  readonly total: number;
}

/**
 * Loads recording `id`, calling `onSlice` with each slice in order; resolves true when it has
 * handed over every read, false for an unknown id. Throws on a damaged slice.
 */
export async function loadInSlices(open: OpenRecording, id: number, onSlice: (slice: Slice) => void, sliceReads = SLICE_READS): Promise<boolean> {
  let next = open({ id, fromRead: 0, readLimit: sliceReads });
  let recording: Slice['recording'] | null = null;
  let loaded = 0;
  for (;;) {
    const packed = await next;
    if (!packed) {
      if (recording === null) return false;
      throw new Error(`recording ${id} went away while it was loading`);
    }
    recording ??= packed.recording;
    const reads = unpackReads(packed);
    if (!reads) throw new Error('the backend sent a damaged recording (its read lengths do not add up to its body)');
    loaded += reads.length;
    // A short slice is the last (a recording still growing has more than it said at first).
    const more = reads.length === sliceReads;
    if (more) next = open({ id, fromRead: loaded, readLimit: sliceReads });
    onSlice({ recording, reads, loaded, total: Math.max(packed.readCount, loaded) });
    if (!more) return true;
  }
}

/** The whole stored recording, its reads gathered from the slices. */
export async function loadWhole(open: OpenRecording, id: number): Promise<StoredRecording | null> {
  let recording: Slice['recording'] | null = null;
  const reads: RecordedRead[] = [];
  const found = await loadInSlices(open, id, (slice) => {
    recording ??= slice.recording;
    for (const read of slice.reads) reads.push(read);
  });
  return found && recording ? { ...(recording as Slice['recording']), reads } : null;
}
