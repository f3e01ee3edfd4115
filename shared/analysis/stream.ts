// The analysis as a fold over reads: feed each network read with its arrival
// time, and at every step the events so far, their annotations and the state a
// correct client would hold are there to look at (the live view and the
// timeline scrubber read them). `end` closes the body. The fold itself is in
// fold.ts.

import type { KeptEvent, ReadInfo } from '../dialects/kit/kept.ts';
import type { Protocol } from '../dialects/types.ts';
import type { BodyPartial, BodyStats, FramingName } from '../framing/types.ts';
import { Analyzer } from './fold.ts';

export { MAX_ANALYSED_EVENTS, TOKEN_CONTENT, TOKEN_REASONING, TOKEN_REFUSAL, TOKEN_TOOL } from './fold.ts';

/** An analysed event (dialects/kit/kept.ts): its framed message, its arrival time, the views' and its dialect's readings of it. */
export type AnalyzedEvent = KeptEvent;

export type { ReadInfo };

/**
 * The framing parser's figures (SSE's line endings and BOM, the event stream's CRC mismatches…),
 * and how many events the body held: past MAX_ANALYSED_EVENTS, more than the analysis keeps.
 */
export type StreamStats = BodyStats & { readonly events: number };

export interface StreamAnalyzer {
  /** Feeds one read; returns the events it completed. */
  feed(bytes: Uint8Array, t: number | null): readonly AnalyzedEvent[];
  /** Ends the body; returns the events a pending CR held back and what was left unfinished. */
  end(): { readonly events: readonly AnalyzedEvent[]; readonly partial: BodyPartial | null; readonly stats: StreamStats };
  /** The framing the body is read in, chosen before its first byte (fold.ts, framingFor). */
  readonly framing: FramingName;
  readonly events: readonly AnalyzedEvent[];
  readonly reads: readonly ReadInfo[];
  /** The dialect the stream is read in: null when it could not be told (raw), undefined while not yet told. */
  readonly protocol: Protocol | null | undefined;
  /** The dialect's accumulated state: what its accumulator built (Chat Completions' StreamState, the Responses' and Anthropic's own, the raw reading's); null while not told. */
  readonly dialectState: unknown;
  /** Bytes, reads, line endings and events seen so far. */
  readonly stats: StreamStats;
}

export interface StreamAnalyzerOptions {
  /** Called for every event as it completes. */
  onEvent?(event: AnalyzedEvent): void;
  /** The dialect, when it is known (`inspect --protocol`); else the request path's, else the first events'. */
  readonly protocol?: Protocol;
  /** The request URL or path, which tells the dialect (`/chat/completions`, `/responses`, `/messages`). */
  readonly url?: string | null;
  /**
   * The reads the caller will feed, in order, whose bytes it keeps unchanged while the analysis
   * lives (a live recording keeps them for its end): the events then read their data from them
   * instead of keeping a copy each, a sixth of the memory (docs/performance.md, "Capture proxy: memory").
   */
  readonly keptReads?: readonly { readonly bytes: Uint8Array }[];
  /**
   * False: the events are handed to `onEvent` and counted, not kept (`events` stays empty), for a
   * caller that analyses the body again at its end from where it stored it (the capture proxy's
   * recordings: docs/performance.md, "Capture proxy: memory"). Default true.
   */
  readonly keepEvents?: boolean;
  /**
   * The response's content-type, which tells the framing when the dialect is not known before the
   * first byte; a function when the head comes after the analyzer is made (read at the first byte).
   */
  readonly contentType?: string | null | (() => string | null | undefined);
}

export function createStreamAnalyzer(options: StreamAnalyzerOptions = {}): StreamAnalyzer {
  return new Analyzer(options, options.keptReads ?? null);
}
