// What the relay's thread and the recording thread say to each other (one contract for both
// sides). The relay posts each exchange's begin, head, reads and end in order, batched every few
// milliseconds (the reads packed together: read-batch.ts); the recording thread answers each
// batch of reads once handled (the relay bounds the bytes waiting) and each end with the
// exchange's figures.

import type { CaptureExchange, CaptureInfo, RelayTiming } from '../../../../shared/capture/types.ts';
import type { RecordedEnd, RecordedRequest, RecordedResponse, Recording } from '../../../../shared/index.ts';
import type { PackedReads } from './read-batch.ts';

/** Where the recording thread stores: the relay's store file, opened a second time. */
export interface StoreAddress {
  readonly path: string;
  readonly nativeBinding: string | undefined;
}

export interface RecordingThreadData {
  readonly store: StoreAddress | null;
  /** One BigInt64: the read bytes the thread handled, added as it handles each batch (the relay's bound on bytes waiting reads it; no answer wakes the relay's thread). */
  readonly processed: SharedArrayBuffer;
}

/** What the relay knows of an exchange when it begins. */
export interface RecordingStart {
  readonly startedAt: string;
  /** Already redacted. */
  readonly request: RecordedRequest;
  /** The keys the request carried, masked wherever the response sends them back. */
  readonly secrets: readonly string[];
  /** More header names that are secrets (`--redact-header`): redacted in the response head too. */
  readonly secretHeaders?: readonly string[];
  readonly tags: readonly string[] | undefined;
  /** With `relay: null`: the relay's clock comes with the end. */
  readonly capture: CaptureInfo;
  /** Stored (a stream) or only analysed in memory (an exchange kept for a cassette). */
  readonly stored: boolean;
  /** Send the whole recording back with the end (cassettes need it). */
  readonly keepRecording: boolean;
  /** Body bytes the recording keeps; the live recorder's default when absent. */
  readonly maxRecordingBytes?: number;
}

export type ToRecorder =
  | ({
      readonly type: 'begin';
      /** The exchange, per thread. */
      readonly key: number;
      /** The row the relay's store reserved for it; null when nothing is stored. */
      readonly id: number | null;
    } & Omit<RecordingStart, 'stored'>)
  | { readonly type: 'response'; readonly key: number; readonly head: RecordedResponse }
  /** The bytes as the upstream sent them (still encoded under --keep-encoding: the recording thread decodes a copy). */
  | PackedReads
  | {
      readonly type: 'finish';
      readonly key: number;
      readonly end: RecordedEnd;
      /** The client hung up: a normal end (`eof`) if the stream's final event had come, else `end` (aborted). */
      readonly clientLeft: boolean;
      readonly relay: PackedRelayTiming;
      /** Body bytes the relay kept from the recording thread, its last reads (the thread had fallen behind: MAX_PENDING_BYTES); absent when it sent them all. */
      readonly notRecorded?: number;
    }
  | { readonly type: 'close' };

/** The relay's clock with its writes packed (WriteStamps.packed: arrived, issued, flushed per write). */
export type PackedRelayTiming = Omit<RelayTiming, 'writes'> & { readonly writes: Float64Array };

/** The figures the proxy's log shows for a stream. */
export type ExchangeFigures = Pick<CaptureExchange, 'ttftMs' | 'events' | 'findings'>;

export type FromRecorder =
  | { readonly type: 'finished'; readonly key: number; readonly end: RecordedEnd; readonly figures: ExchangeFigures; readonly recording: Recording | null }
  /** The recording failed (its store, its analysis): the relay went on; the recording ends as an error. */
  | { readonly type: 'failed'; readonly key: number; readonly end: RecordedEnd; readonly error: string }
  /** The thread loaded and opened its store: from then on its death is a crash (a new thread takes the next exchanges), not a failure to start. */
  | { readonly type: 'ready' }
  /** A batch of reads handled (their bytes no longer wait for the thread): what the relay's bound on bytes waiting counts down. The worker counts it in RecordingThreadData.processed instead of posting it. */
  | { readonly type: 'processed'; readonly bytes: number }
  | { readonly type: 'closed' };
