import type { AnyDialect } from '../../dialects/types.ts';
import type { Recording } from '../../recording/types.ts';
import type { BodyPartial, FramingName } from '../../framing/types.ts';
import type { AnalyzedEvent, ReadInfo, StreamStats } from '../stream.ts';
import type { Diagnostic } from './catalogue.ts';

export interface DiagnosticOptions {
  /** Silence between reads that counts as an idle gap, in ms. Default 10,000. */
  readonly idleGapMs: number;
}

/** The body the analysis stopped reading at its byte bound (the live recorder's), short of the body's end. */
export interface AnalysisLimit {
  /** The bound, in bytes. */
  readonly maxBytes: number;
  /** What the analysis read: whole reads, up to the bound. */
  readonly analysedBytes: number;
  /** What the recording holds. */
  readonly bodyBytes: number;
}

export const DEFAULT_DIAGNOSTIC_OPTIONS: DiagnosticOptions = { idleGapMs: 10_000 };

/** Everything a check may look at: the recording, its events and the dialect's final client state. */
export interface DiagnosticContext {
  readonly recording: Recording;
  readonly events: readonly AnalyzedEvent[];
  readonly reads: readonly ReadInfo[];
  /** The framing the body was read in: `partial` and `stats` are its own. */
  readonly framing: FramingName;
  readonly partial: BodyPartial | null;
  readonly stats: StreamStats;
  /** The dialect the stream was read in (raw when it could not be told): its own checks run on `dialectState`. */
  readonly dialect: AnyDialect;
  readonly dialectState: unknown;
  /** Index of the `[DONE]` event, or -1. */
  readonly doneAt: number;
  /** False while the recording is still under way, or when the end of its body was not read (cut, or past a bound): end-of-stream checks wait for an end. */
  readonly ended: boolean;
  /** Set when the analysis read the body's beginning only; null when it read it all. */
  readonly limit: AnalysisLimit | null;
  readonly options: DiagnosticOptions;
}

export type Check = (context: DiagnosticContext) => Diagnostic[];
