// The store's public types.

import type { AnalyzedEvent, Diagnostic, RecordedEnd, RecordedRequest, RecordedResponse, Recording, RecordingSource } from '../../../shared/index.ts';
import type { Analysis, Protocol } from '../../../shared/index.ts';
import type { ListQuery, ListResult, RecordingSummary, StoredEvent, StoredRecording } from '../../../shared/api/recordings.ts';
import type { PackedRecording } from '../../../shared/api/packed.ts';
import type { CaptureInfo } from '../../../shared/capture/types.ts';
import type { SecretsMasked } from '../../../shared/recording/types.ts';
import type { CheckRunStore } from './check-runs.ts';
import type { ClientRunStore } from './client-runs.ts';

// The list's rows and query are the API's types (the renderer needs them too).
export type { ListQuery, ListResult, RecordingSummary, StoredEvent, StoredRecording };

/** What a finished recording says about itself; `summarize(analysis)` builds it from the core's analysis. */
export interface FinishSummary {
  /** The dialect the analysis read it in; absent: the one told at the start is kept. */
  readonly protocol?: Protocol | null;
  readonly model?: string | null;
  readonly diagnostics?: readonly Diagnostic[];
  readonly finishReasons?: readonly (string | null)[];
  readonly ttftMs?: number | null;
  /** Defaults to the end's time. */
  readonly durationMs?: number | null;
}

export interface FlushInfo {
  /** Totals stored so far. */
  readonly reads: number;
  readonly events: number;
  readonly bytes: number;
}

export interface BeginRecordingOptions {
  readonly name?: string | null;
  /** ISO 8601 wall-clock time of the request. */
  readonly startedAt: string | null;
  /** Default 'live'. */
  readonly source?: RecordingSource;
  /** Secret headers and URL parameters are redacted (again) before they are stored. */
  readonly request: RecordedRequest;
  readonly tags?: readonly string[];
  /** Set for a recording the capture proxy makes (source 'capture'): stored at once, so its session lists it while it streams. */
  readonly capture?: CaptureInfo;
  /** A flush that failed (the writer retries; past its memory bound it gives up and keeps what it stored). Default: a process warning. */
  readonly onError?: (error: Error) => void;
  /** Called after every committed flush. */
  readonly onFlush?: (info: FlushInfo) => void;
  /** Longest time a read or event waits in memory before it is written. Default 40 ms. */
  readonly flushIntervalMs?: number;
  /** Buffered bytes that trigger an immediate flush. Default 1 MiB. */
  readonly maxBufferBytes?: number;
  /** Buffered rows (reads + events) that trigger an immediate flush. Default 2,000. */
  readonly maxBufferRows?: number;
}

/** What only the end of a recording knows, stored with it. */
export interface FinishExtras {
  /** What of a key sent was masked in the response (shared/recording/secrets/echoes.ts). */
  readonly secretsMasked?: SecretsMasked;
  /** A capture's info with the relay's clock (replaces the one given at the start). */
  readonly capture?: CaptureInfo;
  /** The recording process's own event-loop stalls (Recording.recorderLag). */
  readonly recorderLag?: Recording['recorderLag'];
}

/** Writes one live recording as it happens. */
export interface RecordingWriter {
  readonly id: number;
  /** Records the response head (stored with the next flush). */
  response(response: RecordedResponse): void;
  /** Records a network read. The bytes are copied: the caller may reuse its buffer. */
  read(t: number | null, bytes: Uint8Array): void;
  /** Records an event the stream analyzer completed. */
  event(event: AnalyzedEvent): void;
  /** Writes what is buffered now; false when that failed (reported through onError). */
  flush(): boolean;
  /**
   * Flushes, then stores the outcome, summary and diagnostics (given as a summary, or as the core's
   * whole analysis); false when storing failed (reported through onError).
   */
  finish(end: RecordedEnd, summary?: FinishSummary | Analysis, extras?: FinishExtras): boolean;
  /** Bytes and rows waiting in memory. */
  readonly pendingBytes: number;
  readonly pendingRows: number;
  /** What is committed so far. */
  readonly stored: FlushInfo;
  /** The last storage error, or null. */
  readonly lastError: Error | null;
  /** Set when the writer gave up storing (the recording keeps what was stored before). */
  readonly failed: boolean;
  readonly finished: boolean;
}

export interface ImportOptions {
  readonly name?: string | null;
  readonly tags?: readonly string[];
  /** The analysis of this recording, when the caller has it; computed with `analyzeRecording` otherwise. */
  readonly analysis?: Analysis;
}

export interface StoreOptions {
  /** Fail instead of creating a new database file. */
  readonly mustExist?: boolean;
  /**
   * better-sqlite3's compiled addon to load: the Electron app passes its own build for Electron's ABI
   * (docs/desktop.md). Without it, the build for this Node's ABI (native-addon.ts): node_modules'
   * own when it is for this Node, else one kept per ABI.
   */
  readonly nativeBinding?: string;
  /**
   * Mark recordings whose writer died as interrupted (default true). False for a second connection
   * of the same process (a worker thread's): it cannot tell the first one's live recordings from dead ones.
   */
  readonly recover?: boolean;
  /**
   * Live recordings flushed in one transaction (default 8, with a turn of the event loop between
   * transactions, so that a thread relaying streams is never held long). A connection on a thread
   * that does nothing else (the capture proxy's recording thread) flushes them all in one: fewer,
   * larger commits write far fewer WAL pages.
   */
  readonly writersPerFlush?: number;
}

export type { BeginCheckRunOptions, CheckRunQuery, CheckRunStore, FinishedState } from './check-runs.ts';
export type { BeginClientRunOptions, ClientRunStore } from './client-runs.ts';

/** The recordings, and the conformance runs (./check-runs.ts, ./client-runs.ts) whose requests or streams are among them. */
export interface Store extends CheckRunStore, ClientRunStore {
  readonly path: string;
  /** Recordings found still 'recording' (their writer died) and marked 'interrupted' when the store opened. */
  readonly recovered: readonly number[];
  /** The addon it was opened with (StoreOptions.nativeBinding): another thread opening the file needs the same. */
  readonly nativeBinding: string | undefined;
  beginRecording(options: BeginRecordingOptions): RecordingWriter;
  /**
   * The first half of beginRecording: stores the recording's row (under way) and returns its id, for a
   * writer on another connection of this process to take up (resumeRecording); this store counts it
   * as live (recovery leaves it alone) until releaseRecording.
   */
  reserveRecording(options: BeginRecordingOptions): number;
  /** A writer for a recording reserved by another connection to this file in this process, with the options it was reserved with. */
  resumeRecording(id: number, options: BeginRecordingOptions): RecordingWriter;
  /** A reserved recording was finished elsewhere; with `error`, its writer was lost: it is marked interrupted if it was still under way. */
  releaseRecording(id: number, error?: string): void;
  /** Stores a whole recording in one transaction; returns its id. */
  importRecording(recording: Recording, options?: ImportOptions): number;
  /** Stores several recordings in one transaction: all of them, or none (the first failure is thrown). Returns their ids in order. */
  importRecordings(items: readonly { readonly recording: Recording; readonly options?: ImportOptions }[]): number[];
  list(query?: ListQuery): ListResult;
  get(id: number): StoredRecording | null;
  /**
   * The recording packed for the recording view (its reads in one body: shared/api/packed.ts),
   * copied once from the rows: all its reads, or `readLimit` of them from `fromRead`; null for an unknown id.
   */
  packed(id: number, fromRead?: number, readLimit?: number): PackedRecording | null;
  /** The stored events in order; null for an unknown id. */
  events(id: number): StoredEvent[] | null;
  /** `get` and `events` at once, in one transaction, the reads read once (the events are read again from them); null for an unknown id. */
  withEvents(id: number): { readonly recording: StoredRecording; readonly events: StoredEvent[] } | null;
  summary(id: number): RecordingSummary | null;
  rename(id: number, name: string | null): boolean;
  setTags(id: number, tags: readonly string[]): boolean;
  delete(id: number): boolean;
  /** Flushes live writers (their recordings are marked interrupted) and closes the database. */
  close(): void;
}
