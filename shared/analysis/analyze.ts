// A whole recording, analysed: events, the final client state, diagnostics
// and metrics. The same fold as the live view, run to the end.

import type { StreamState } from '../dialects/chat/accumulate.ts';
import { createAccumulator } from '../dialects/chat/accumulate.ts';
import type { ChoiceMessage } from '../dialects/chat/message.ts';
import { identityOfFinal } from '../dialects/kit/identity.ts';
import type { Identity } from '../dialects/kit/identity.ts';
import { raw } from '../dialects/raw.ts';
import { descriptorOf, registeredDialect } from '../dialects/registry.ts';
import type { AnyDialect, Protocol } from '../dialects/types.ts';
import type { RecordedRead, Recording } from '../recording/types.ts';
import type { BodyPartial, FramingName } from '../framing/types.ts';
import { header } from '../recording/types.ts';
import { mediaTypeOfBareBody } from '../framing/registry.ts';
import { diagnose } from './diagnostics/diagnose.ts';
import type { Diagnostic } from './diagnostics/catalogue.ts';
import { DEFAULT_DIAGNOSTIC_OPTIONS } from './diagnostics/context.ts';
import type { AnalysisLimit, DiagnosticOptions } from './diagnostics/context.ts';
import { computeMetrics } from './metrics.ts';
import type { Metrics } from './metrics.ts';
import { Analyzer } from './fold.ts';
import type { AnalyzedEvent, ReadInfo, StreamStats } from './stream.ts';

export type { Identity };

export interface Analysis {
  /** The dialect the stream was read in; null when it could not be told (the events are shown raw). */
  readonly protocol: Protocol | null;
  /** The framing the body was read in (framing/registry.ts): `partial` and `stats` are its own. */
  readonly framing: FramingName;
  readonly recording: Recording;
  readonly events: readonly AnalyzedEvent[];
  readonly reads: readonly ReadInfo[];
  readonly partial: BodyPartial | null;
  readonly stats: StreamStats;
  /** Chat Completions' client state (empty for another dialect: `final` has what it built). */
  readonly state: StreamState;
  /** The dialect's own accumulated state (its accumulator's; null for the raw reading). */
  readonly dialectState: unknown;
  readonly identity: Identity;
  /** Chat Completions' messages (empty for another dialect). */
  readonly choices: ChoiceMessage[];
  /**
   * The dialect's final object, as its official SDK's stream helper ends with it: Chat
   * Completions' choices, the Responses `response`, the Anthropic `message`; null when raw.
   */
  readonly final: unknown;
  /** The usage as the provider sent it (the contract's top-level `usage`), or null. */
  readonly usage: Record<string, unknown> | null;
  readonly metrics: Metrics | null;
  readonly diagnostics: Diagnostic[];
}

/** How a recording's dialect is chosen: forced (`inspect --protocol`), else told by its request path or first events. */
export interface ProtocolOption {
  readonly protocol?: Protocol;
}

export function analyzeRecording(recording: Recording, options: Partial<DiagnosticOptions> & ProtocolOption = {}): Analysis {
  const analysis = createRecordingAnalysis(recording, options);
  for (const read of recording.reads) analysis.feed(read);
  return analysis.end(options);
}

/** A stored recording analysed as its reads come in (from a store, a slice at a time). */
export interface RecordingAnalysis {
  /** Feeds the next read; its bytes must stay unchanged while the analysis lives (events read their data from them). */
  feed(read: RecordedRead): void;
  /** The analysis of the whole recording, once its last read was fed. */
  end(options?: Partial<DiagnosticOptions>): Analysis;
}

/** `recording`: everything but its reads, which `feed` brings. */
export function createRecordingAnalysis(recording: Omit<Recording, 'reads'>, { protocol }: ProtocolOption = {}): RecordingAnalysis {
  const reads: RecordedRead[] = [];
  // The analysis keeps the reads' bytes: events read their data from them instead of keeping a copy.
  // The response's content-type tells the framing when the dialect is not known before the body;
  // a bare body (no response head: a file) is told by its first read (mediaTypeOfBareBody).
  const contentType = recording.response
    ? (header(recording.response.headers, 'content-type') ?? null)
    : () => mediaTypeOfBareBody(reads[0]?.bytes);
  const analyzer = new Analyzer({ url: recording.request?.url ?? null, contentType, ...(protocol ? { protocol } : {}) }, reads);
  let ended = false;
  return {
    feed(read) {
      if (ended) throw new Error('createRecordingAnalysis: feed after end');
      reads.push(read);
      analyzer.feed(read.bytes, read.t);
    },
    end(options = {}) {
      if (ended) throw new Error('createRecordingAnalysis: end called twice');
      ended = true;
      const { partial, stats } = analyzer.end();
      return finishAnalysis({ ...recording, reads }, analyzer, { partial, stats }, options);
    },
  };
}

/** What an analysis is made of: a fold, fed what it will be fed (StreamAnalyzer is one). */
export interface FinishedFold {
  readonly events: readonly AnalyzedEvent[];
  readonly reads: readonly ReadInfo[];
  /** undefined: not yet told (the events are still held); null: raw. */
  readonly protocol: Protocol | null | undefined;
  /** The framing the body is read in. */
  readonly framing: FramingName;
  /** The dialect's accumulated state. */
  readonly dialectState: unknown;
}

/** The registered dialect of this name, or the raw reading for a stream whose dialect could not be told. */
export function dialectOf(protocol: Protocol | null | undefined): AnyDialect {
  return protocol ? registeredDialect(protocol) : raw;
}

/** Completes an analysis from a fold and the end of its body (also what the live recorder and the live view call). */
export function finishAnalysis(
  recording: Recording,
  fold: FinishedFold,
  { partial, stats }: { readonly partial: BodyPartial | null; readonly stats: StreamStats },
  options: Partial<DiagnosticOptions> = {},
  limit: AnalysisLimit | null = null,
): Analysis {
  const { events, reads, dialectState, framing } = fold;
  const protocol = fold.protocol ?? null;
  const dialect = dialectOf(protocol);
  // Analysis.state and .choices are Chat Completions' (the contract keeps `choices` in every
  // dialect): a dialect that ends in choices (its descriptor's final shape) has that state and
  // final; another gets them empty.
  const choiceShaped = protocol !== null && descriptorOf(protocol).final.shape === 'choices';
  const state = choiceShaped ? (dialectState as StreamState) : createAccumulator().state;
  // An event is `done` when its data is `[DONE]` (interpret.ts), which is cheaper to ask than its data.
  const doneAt = events.findIndex((event) => event.interpretation.kind === 'done');
  const diagnostics = diagnose({
    recording,
    events,
    reads,
    framing,
    partial,
    stats,
    dialect,
    dialectState,
    doneAt,
    // Past the event bound, past the byte bound or past the recording's cut, the end of the stream
    // was not analysed: its checks (an unterminated last event, no [DONE]) would be false alarms.
    ended: recording.end?.outcome !== 'recording' && stats.events === events.length && limit === null && recording.end?.truncated === undefined,
    limit,
    options: { ...DEFAULT_DIAGNOSTIC_OPTIONS, ...options },
  });
  const usage = dialect.usage(dialectState);
  const final = dialect.final(dialectState);
  const choices = choiceShaped ? (final as ChoiceMessage[]) : [];
  return {
    protocol,
    framing,
    recording,
    events,
    reads,
    partial,
    stats,
    state,
    dialectState,
    identity: dialect.identity?.(events) ?? identityOfFinal(final),
    choices,
    final,
    usage,
    metrics: computeMetrics(recording, reads, events, usage, protocol),
    diagnostics,
  };
}
