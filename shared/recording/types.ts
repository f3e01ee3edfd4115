import type { CaptureInfo } from '../capture/types.ts';

// One HTTP exchange as recorded (docs/architecture.md, "Data model"): the raw truth from
// which every analysis is derived. Times are milliseconds since the request
// started, on a monotonic clock; null for a source that carried no timing.

/** What was masked in an exchange, so that the analysis can say so (diagnostic `secret-echoed`; secrets/echoes.ts). */
export interface SecretsMasked {
  /** Response headers whose value held a secret that was sent, by name. */
  readonly headers: readonly string[];
  /** How many times the body held one. */
  readonly bodyPlaces: number;
}

/** How the exchange ended. `recording` is one still under way; `interrupted` one whose recorder died. */
export type Outcome = 'eof' | 'error' | 'aborted' | 'timeout' | 'recording' | 'interrupted';

export const OUTCOMES: readonly Outcome[] = ['eof', 'error', 'aborted', 'timeout', 'recording', 'interrupted'];

/**
 * `live`: sent by Streamscope itself; `check`: sent by it too, as a request of a conformance run
 * (`streamscope check`, tagged `check-run:ID`); `capture`: an app's exchange through the capture
 * proxy; the others: imported files.
 */
export const RECORDING_SOURCES = ['live', 'check', 'capture', 'sse', 'ssrec', 'har', 'curl'] as const;

export type RecordingSource = (typeof RECORDING_SOURCES)[number];

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  /** Secrets already redacted. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export interface RecordedResponse {
  readonly t: number | null;
  readonly status: number;
  readonly httpVersion: string | null;
  readonly headers: Readonly<Record<string, string>>;
}

export interface RecordedRead {
  readonly t: number | null;
  readonly bytes: Uint8Array;
}

export interface RecordedEnd {
  readonly t: number | null;
  readonly outcome: Outcome;
  readonly error?: string;
  /** Set when the recording stopped keeping the body (the client still got every byte): at its size cap, or when the recorder fell behind; absent when it holds the whole body. */
  readonly truncated?: RecordingTruncation;
}

/** Where a recording stopped keeping the body: it holds the first `atBytes`, and `droppedBytes` more came after them. */
export interface RecordingTruncation {
  readonly atBytes: number;
  readonly droppedBytes: number;
  /** Why: the recording's size cap (absent, as recordings made before the cause was kept say nothing else), or the capture proxy's recorder falling behind the relay (docs/capture.md, "Two clocks"). */
  readonly cause?: TruncationCause;
}

export type TruncationCause = 'size-cap' | 'recorder-behind';
export const TRUNCATION_CAUSES: readonly TruncationCause[] = ['size-cap', 'recorder-behind'];

export interface Recording {
  readonly source: RecordingSource;
  /** ISO 8601 wall-clock time of the request, when known. */
  readonly startedAt: string | null;
  readonly request: RecordedRequest | null;
  readonly response: RecordedResponse | null;
  readonly reads: readonly RecordedRead[];
  readonly end: RecordedEnd | null;
  /** A key the request carried that the server sent back, masked before it was kept (secrets/echoes.ts); absent when there was none. */
  readonly secretsMasked?: SecretsMasked;
  /** Set on a recording the capture proxy made: where it came from and the relay's clock. */
  readonly capture?: CaptureInfo;
  /**
   * The recording process's own event-loop stalls while Streamscope sent the request itself
   * (source live or check), [from, to] in ms on the recording's clock: reads that came in one was
   * stamped together at its end, a burst that is ours, not the server's (docs/diagnostics.md,
   * capture-lagged). Absent when there was none, and for recordings made before it was measured.
   */
  readonly recorderLag?: readonly (readonly [number, number])[];
}

/** A recording is timed when every read carries its arrival time. */
export function isTimed(recording: Recording): boolean {
  return recording.reads.length > 0 && recording.reads.every((read) => read.t !== null);
}

/** Looks a header up case-insensitively. */
export function header(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const key in headers) if (key.toLowerCase() === wanted) return headers[key];
  return undefined;
}
