// Stored recordings as the UI and the CLI see them: the rows of the list, one recording
// rebuilt, its events, and the list's query. The store (electron/backend/store) answers
// these; the one API (./contract.ts) carries them to the renderer.

import type { DiagnosticCode, Severity } from '../analysis/diagnostics/catalogue.ts';
import type { Protocol } from '../dialects/types.ts';
import type { Outcome, Recording, RecordingSource } from '../recording/types.ts';
import type { SseEvent } from '../framing/sse/parser.ts';

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
  /** The dialect: by the analysis once it ended, by the request path while it records; null when it could not be told. */
  readonly protocol: Protocol | null;
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
  /** The capture session of a recording the capture proxy made (shared/capture/types.ts); null for any other. */
  readonly captureSession: string | null;
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
  /** Sent by Streamscope itself (`live`, and `check` for a conformance run's requests), captured by its proxy (`capture`), or imported from a file (the other sources). */
  readonly origin?: RecordingOrigin;
  /** Recordings of one capture session. */
  readonly captureSession?: string;
  /** Default 50. */
  readonly limit?: number;
  /** Default 0. */
  readonly offset?: number;
}

export const RECORDING_ORIGINS = ['sent', 'captured', 'imported'] as const;

export type RecordingOrigin = (typeof RECORDING_ORIGINS)[number];

export interface ListResult {
  /** Newest first. */
  readonly items: RecordingSummary[];
  /** How many recordings match, ignoring limit and offset. */
  readonly total: number;
}

