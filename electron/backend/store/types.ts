// The store's public types.

import type {
  AnalyzedEvent,
  Diagnostic,
  DiagnosticCode,
  Outcome,
  RecordedEnd,
  RecordedRequest,
  RecordedResponse,
  Recording,
  RecordingSource,
  Severity,
  SseEvent,
} from '../../../shared/index.ts';
import type { Analysis } from '../../../shared/index.ts';

/** One row of the recordings list: what the list view shows and filters on. */
export interface RecordingSummary {
  readonly id: number;
  readonly name: string | null;
  /** ISO 8601: when the request started (or, when that is unknown, when the recording was imported). */
  readonly createdAt: string;
  readonly source: RecordingSource;
  readonly method: string | null;
  /** Secrets redacted. */
  readonly url: string | null;
  /** From the URL (host[:port]), lower case. */
  readonly host: string | null;
  /** The model the stream named, else the one the request asked for. */
  readonly model: string | null;
  readonly status: number | null;
  /** Null when the recording says nothing about its end (a plain .sse body). */
  readonly outcome: Outcome | null;
  readonly error: string | null;
  readonly bytes: number;
  readonly readCount: number;
  readonly eventCount: number;
  readonly durationMs: number | null;
  readonly ttftMs: number | null;
  /** The worst diagnostic severity; null when there is no finding (or none computed yet). */
  readonly worstSeverity: Severity | null;
  /** Distinct finish reasons, in choice order. */
  readonly finishReasons: readonly string[];
  readonly tags: readonly string[];
  /** Diagnostic codes found, sorted. */
  readonly codes: readonly DiagnosticCode[];
}

/** A stored recording, rebuilt: the raw `Recording` plus what the store adds. */
export type StoredRecording = Recording & {
  readonly id: number;
  readonly name: string | null;
  readonly tags: readonly string[];
  readonly createdAt: string;
  readonly summary: RecordingSummary;
};

/** A stored SSE event: the parser's event with its arrival time. Interpret it with `interpretEvent` when needed. */
export interface StoredEvent extends SseEvent {
  readonly t: number | null;
}

export interface ListQuery {
  /** Substring (case-insensitive) of the name, URL, model or a tag. */
  readonly text?: string;
  /** Exact model (case-insensitive). */
  readonly model?: string;
  /** Exact host (case-insensitive), with its port when the URL had one. */
  readonly host?: string;
  readonly outcome?: Outcome;
  /** Recordings with a finding of this diagnostic code. */
  readonly code?: string;
  /** Recordings with this exact tag. */
  readonly tag?: string;
  readonly source?: RecordingSource;
  /** Default 50. */
  readonly limit?: number;
  /** Default 0. */
  readonly offset?: number;
}

export interface ListResult {
  /** Newest first. */
  readonly items: RecordingSummary[];
  /** How many recordings match, ignoring limit and offset. */
  readonly total: number;
}

/** What a finished recording says about itself; `summarize(analysis)` builds it from the core's analysis. */
export interface FinishSummary {
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
  finish(end: RecordedEnd, summary?: FinishSummary | Analysis): boolean;
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
}

export interface Store {
  readonly path: string;
  /** Recordings found still 'recording' (their writer died) and marked 'interrupted' when the store opened. */
  readonly recovered: readonly number[];
  beginRecording(options: BeginRecordingOptions): RecordingWriter;
  /** Stores a whole recording in one transaction; returns its id. */
  importRecording(recording: Recording, options?: ImportOptions): number;
  list(query?: ListQuery): ListResult;
  get(id: number): StoredRecording | null;
  /** The stored events in order; null for an unknown id. */
  events(id: number): StoredEvent[] | null;
  summary(id: number): RecordingSummary | null;
  rename(id: number, name: string | null): boolean;
  setTags(id: number, tags: readonly string[]): boolean;
  delete(id: number): boolean;
  /** Flushes live writers (their recordings are marked interrupted) and closes the database. */
  close(): void;
}
