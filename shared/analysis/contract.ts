// The analysis contract (docs/architecture.md, "Analysis contract"): what
// `streamscope inspect FILE --json` prints, and what fixtures are compared with.

import { relayMetrics } from '../capture/relay-metrics.ts';
import type { RelayMetrics } from '../capture/relay-metrics.ts';
import type { CaptureInfo } from '../capture/types.ts';
import type { ChoiceMessage } from '../dialects/chat/message.ts';
import type { MessageObject } from '../dialects/anthropic/final.ts';
import type { ResponseObject } from '../dialects/responses/final.ts';
import { descriptorOf } from '../dialects/registry.ts';
import { dialectOf } from './analyze.ts';
import type { Analysis } from './analyze.ts';
import type { Severity } from './diagnostics/catalogue.ts';
import type { Metrics } from './metrics.ts';
import type { FramingName } from '../framing/types.ts';

/** Chat Completions' contract: the fields it always had, and `protocol`. */
export interface ChatContract extends ContractCommon {
  protocol: 'chat-completions';
}

/** The Responses API's: the final `response`, as the openai SDK's finalResponse() ends with it. */
export interface ResponsesContract extends ContractCommon {
  protocol: 'responses';
  response: ResponseObject;
}

/** Anthropic Messages': the final `message`, as @anthropic-ai/sdk's finalMessage() ends with it. */
export interface MessagesContract extends ContractCommon {
  protocol: 'anthropic-messages';
  message: MessageObject;
  /** On Bedrock's InvokeModelWithResponseStream: Bedrock's own count (`amazon-bedrock-invocationMetrics`), as sent; the `usage` stays Anthropic's. */
  invocation_metrics?: Record<string, unknown>;
}

/** A stream whose dialect could not be told: its events are shown raw, with the transport findings. */
export interface RawContract extends ContractCommon {
  protocol: null;
}

/** What `inspect --json` prints, by dialect (docs/architecture.md, "The stream" and "Dialects"). */
export type AnalysisContract = ChatContract | ResponsesContract | MessagesContract | RawContract;

/**
 * What every dialect's contract has. The identity and `choices` are Chat Completions' fields,
 * kept in every dialect so that a reader of any contract finds them: for another dialect the
 * identity is its final object's (Responses' `created_at` as `created`) and `choices` is empty.
 */
interface ContractCommon {
  /** How the body was framed (framing/registry.ts): `sse`, or `aws-eventstream` for Bedrock's binary frames. */
  framing: FramingName;
  id: string | null;
  model: string | null;
  created: number | null;
  system_fingerprint: string | null;
  choices: ChoiceMessage[];
  /** The usage as the provider sent it (in the final object too, for Responses and Anthropic Messages). */
  usage: Record<string, unknown> | null;
  counts: { events: number; chunks: number; reads: number; bytes: number };
  metrics: Metrics | null;
  diagnostics: { code: string; severity: Severity; message: string; hint: string; events: number[]; reads?: number[] }[];
  /** A recording the capture proxy made: where it came from, what the proxy changed, and the delay it added (relay-metrics.ts). */
  capture?: CaptureContract;
}

export interface CaptureContract {
  session: string;
  upstream: string;
  client: CaptureInfo['client'];
  changed: readonly string[];
  served_by: CaptureInfo['servedBy'];
  relay: RelayMetrics | null;
}

export function captureContract(capture: CaptureInfo): CaptureContract {
  return {
    session: capture.session,
    upstream: capture.upstream,
    client: capture.client,
    changed: capture.changed,
    served_by: capture.servedBy,
    relay: capture.relay ? relayMetrics(capture.relay) : null,
  };
}

/** The kinds of event that carry no JSON object of the dialect: not counted as chunks. */
const NOT_CHUNKS: ReadonlySet<string> = new Set(['comment', 'no-data', 'invalid-json', 'malformed', 'done']);

/**
 * The counts every recording has: events (comments included, those past the analysis bound too),
 * chunks (analysed events whose data is a JSON object of the dialect: Dialect.isChunk), reads,
 * body bytes.
 */
export function countsOf({ events, stats, protocol }: Pick<Analysis, 'events' | 'stats' | 'protocol'>): AnalysisContract['counts'] {
  const isChunk = dialectOf(protocol).isChunk ?? isDialectObject;
  let chunks = 0;
  for (const event of events) if (isChunk(event)) chunks++;
  return { events: stats.events, chunks, reads: stats.reads, bytes: stats.bytes };
}

/**
 * An event whose data is a JSON object of the dialect. The views' kind names the transport kinds
 * as the dialects do (dialects/kit/view.ts), and gives Anthropic's ping the kind of a comment: an
 * event of the dialect, with data, counted.
 */
function isDialectObject(event: Analysis['events'][number]): boolean {
  const kind = event.interpretation.kind;
  return !NOT_CHUNKS.has(kind) || (kind === 'comment' && event.sse.data !== null);
}

export function toContract(analysis: Analysis): AnalysisContract {
  // The fields in the order Chat Completions' contract always had them, after `protocol` and `framing`.
  const common: ContractCommon = {
    framing: analysis.framing,
    ...analysis.identity,
    choices: analysis.choices,
    usage: analysis.usage,
    counts: countsOf(analysis),
    metrics: analysis.metrics,
    diagnostics: analysis.diagnostics.map((diagnostic) => ({
      code: diagnostic.code,
      severity: diagnostic.severity,
      message: diagnostic.message,
      hint: diagnostic.hint,
      events: [...diagnostic.events],
      ...(diagnostic.reads ? { reads: [...diagnostic.reads] } : {}),
    })),
    ...(analysis.recording.capture ? { capture: captureContract(analysis.recording.capture) } : {}),
  };
  // The final object after the common fields, as the member its descriptor names (none for Chat
  // Completions, whose `choices` hold it); a raw stream has none.
  const member = analysis.protocol === null ? null : descriptorOf(analysis.protocol).final.member;
  // Then what the dialect reads beside it (Dialect.contractMembers: Bedrock's count on an invoke stream).
  const beside = dialectOf(analysis.protocol).contractMembers?.(analysis.dialectState) ?? {};
  return { protocol: analysis.protocol, ...common, ...(member === null ? {} : { [member]: analysis.final }), ...beside } as AnalysisContract;
}
