// A stored recording fetched a slice of reads at a time (`openRecording` with fromRead and
// readLimit), each slice handed over while the next ones are on their way: the backend reads the
// next rows from SQLite while the page receives and analyses the last ones, instead of one
// waiting for the other. (Measured in `npm run bench -- --only ui`: opening 100,000 events took a
// median of ~1.45 s with 20,000-read slices one ahead, ~1.25 s with 10,000 three ahead.)

import type { PackedRecording } from '../../../shared/api/packed.ts';
import { unpackReads } from '../../../shared/api/packed.ts';
import type { StoredRecording } from '../../../shared/api/recordings.ts';
import type { RecordedRead } from '../../../shared/recording/types.ts';

/** Reads a slice: enough that a call's own cost is small, few enough that fetching and analysing overlap finely. */
export const SLICE_READS = 10_000;

export type OpenRecording = (input: { readonly id: number; readonly fromRead: number; readonly readLimit: number }) => Promise<PackedRecording | null>;

export interface Slice {
  /** The recording without its reads (as of the first slice). */
  readonly recording: Omit<StoredRecording, 'reads'>;
  readonly reads: readonly RecordedRead[];
  /** Reads loaded so far, this slice's included, and how many the recording has. */
  readonly loaded: number;
  readonly total: number;
}

/** Slices asked for ahead of the one being analysed: the backend always has the next one to read. */
export const SLICES_AHEAD = 3;

/**
 * Loads recording `id`, calling `onSlice` with each slice in order; resolves true when it has
 * handed over every read, false for an unknown id. Throws on a damaged slice.
 */
export async function loadInSlices(open: OpenRecording, id: number, onSlice: (slice: Slice) => void, sliceReads = SLICE_READS): Promise<boolean> {
  // Slices asked for and not yet handed over, in order. The backend answers one call at a time, so
  // with more than one in flight it starts on the next as soon as it has sent one, while the page
  // is still receiving and analysing it.
  const pending: Promise<PackedRecording | null>[] = [];
  let asked = 0;
  const ask = (): void => {
    const slice = open({ id, fromRead: asked, readLimit: sliceReads });
    // A slice still on its way when an earlier one failed is not waited for: its failure is not news.
    slice.catch(() => {});
    pending.push(slice);
    asked += sliceReads;
  };
  ask();
  let recording: Slice['recording'] | null = null;
  let loaded = 0;
  for (;;) {
    const packed = await pending.shift()!;
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
    if (more && pending.length === 0) ask();
    while (more && pending.length < SLICES_AHEAD && asked < packed.readCount) ask();
    onSlice({ recording, reads, loaded, total: Math.max(packed.readCount, loaded) });
    if (!more) return true;
  }
}

/** Recording `id` without its reads (its request, summary, end): one read is asked for, the least a call takes; null for an unknown id. */
export async function loadHead(open: OpenRecording, id: number): Promise<Slice['recording'] | null> {
  return (await open({ id, fromRead: 0, readLimit: 1 }))?.recording ?? null;
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
