// How the fold keeps an event (docs/architecture.md, "Analysis"): what every analysed event
// offers the views, the checks and the store, and the optional hook by which a dialect keeps its
// own events smaller or reads them faster than the fold's generic way (Dialect.keeper).

import type { FramedMessage } from '../../framing/types.ts';
import type { DialectAccumulator, DialectInterpretation } from '../types.ts';
import type { ViewInterpretation } from './view.ts';

/** One network read of the body: its arrival time (null when untimed) and where its bytes lie. */
export interface ReadInfo {
  readonly t: number | null;
  readonly offset: number;
  readonly length: number;
}

/** An analysed event, as the analysis keeps it. */
export interface KeptEvent {
  readonly sse: FramedMessage;
  /** Arrival time: the time of the read that completed the event; null when untimed. */
  readonly t: number | null;
  /** The event in the views' words (kit/view.ts). */
  readonly interpretation: ViewInterpretation;
  /** The dialect's own reading of the event. */
  readonly dialectInterpretation: DialectInterpretation;
  /** The one-line annotation, worded when asked for (a view shows only some rows at a time). */
  readonly annotation: string;
  /** The kinds of token the event carried, as TOKEN_* bits: what the timing checks need of its operations. */
  readonly tokens: number;
  /** How many operations the event carried. */
  readonly opCount: number;
}

/** What an analysis shares with the events it keeps. */
export interface KeptSource {
  readonly reads: readonly ReadInfo[];
  /** The reads' bytes when the caller keeps them unchanged for as long as the analysis lives (a recording does); else null. */
  readonly kept: readonly { readonly bytes: Uint8Array }[] | null;
}

/**
 * One analysis's way of reading and keeping the events of its dialect, in stream order. One call an
 * event, so that each dialect's reading, accumulating and keeping are called from its own code
 * (one shape at each call site, whatever other dialects the process reads).
 */
export interface EventKeeper<I extends DialectInterpretation> {
  /**
   * Reads the next event (the reading may remember the events before it: Chat Completions' chunk
   * template), applies it to `accumulator` unless that is null (a client stopped reading at a
   * `[DONE]`), and returns it as the analysis keeps it.
   */
  take(event: FramedMessage, accumulator: DialectAccumulator<I, unknown> | null): KeptEvent;
}
