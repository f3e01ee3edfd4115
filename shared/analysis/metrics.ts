// Timing metrics of a timed recording, in milliseconds since the request
// started (docs/metrics.md has the definitions). An event's time is the
// arrival time of the read that completed it.
//
// The token metrics follow vLLM's benchmark_serving definitions: TPOT is
// (time of the last token − time of the first token) / (output tokens − 1),
// and the decode rate is its inverse; output tokens come from usage (Chat
// Completions' completion_tokens, Responses' and Anthropic's output_tokens), so
// they are null when the stream carried none.

import { DEFAULT_PROTOCOL, descriptorOf } from '../dialects/registry.ts';
import type { Protocol } from '../dialects/types.ts';
import type { Recording } from '../recording/types.ts';
import { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_REFUSAL, TOKEN_TOOL } from './stream.ts';
import type { AnalyzedEvent, ReadInfo } from './stream.ts';

export interface Metrics {
  /** Response headers received. */
  headers_ms: number | null;
  /** First byte of the body. */
  ttfb_ms: number | null;
  /** First complete SSE event (a comment counts). */
  first_event_ms: number | null;
  /** First token of any kind: content, reasoning, refusal or a tool-call fragment. */
  ttft_ms: number | null;
  first_content_ms: number | null;
  first_reasoning_ms: number | null;
  first_refusal_ms: number | null;
  first_tool_ms: number | null;
  /** Last token of any kind. */
  last_token_ms: number | null;
  /** The end of the exchange: the end line, or the last read when there is none. */
  duration_ms: number | null;
  /** Gaps between consecutive events' arrival times. */
  gap_p50_ms: number | null;
  gap_p90_ms: number | null;
  gap_p99_ms: number | null;
  gap_max_ms: number | null;
  /** Longest silence between consecutive reads. */
  read_gap_max_ms: number | null;
  /** Events per second between the first and the last event. */
  events_per_s: number | null;
  /** completion_tokens (Chat Completions) or output_tokens (Responses, Anthropic Messages) from usage. */
  output_tokens: number | null;
  /** Time per output token after the first (vLLM's TPOT). */
  tpot_ms: number | null;
  /** Output tokens per second after the first token (1000 / TPOT). */
  tokens_per_s: number | null;
}

export function computeMetrics(recording: Recording, reads: readonly ReadInfo[], events: readonly AnalyzedEvent[], usage: Readonly<Record<string, unknown>> | null, protocol: Protocol | null = DEFAULT_PROTOCOL): Metrics | null {
  if (reads.length === 0 || reads.some((read) => read.t === null)) return null;

  // One pass for the first event of each kind of token, and the last token.
  let firstContent: number | null = null;
  let firstReasoning: number | null = null;
  let firstRefusal: number | null = null;
  let firstTool: number | null = null;
  let ttft: number | null = null;
  let lastToken: number | null = null;
  for (const event of events) {
    const tokens = event.tokens;
    if (tokens === 0) continue;
    if (tokens & TOKEN_CONTENT) firstContent ??= event.t;
    if (tokens & TOKEN_REASONING) firstReasoning ??= event.t;
    if (tokens & TOKEN_REFUSAL) firstRefusal ??= event.t;
    if (tokens & TOKEN_TOOL) firstTool ??= event.t;
    ttft ??= event.t;
    lastToken = event.t;
  }

  // The gaps between consecutive events' times, sorted; no array of the times themselves (a typed
  // array of a hundred thousand is fresh memory, slow to come by on a virtual machine).
  const sorted = new Float64Array(Math.max(0, events.length - 1));
  let previous = events[0]?.t ?? 0;
  for (let i = 1; i < events.length; i++) {
    const t = events[i]!.t!;
    sorted[i - 1] = t - previous;
    previous = t;
  }
  sorted.sort();
  const first = events.length > 0 ? events[0]!.t : null;
  let readGap: number | null = null;
  for (let i = 1; i < reads.length; i++) readGap = Math.max(readGap ?? 0, reads[i]!.t! - reads[i - 1]!.t!);

  const span = events.length > 1 ? previous - first! : 0;
  // Each dialect's usage counts output tokens by its own name (completion_tokens, output_tokens).
  const completion = usage?.[protocol ? descriptorOf(protocol).outputTokensField : 'output_tokens'];
  const outputTokens = typeof completion === 'number' && Number.isFinite(completion) ? completion : null;
  const tpot = outputTokens !== null && outputTokens > 1 && ttft !== null && lastToken !== null && lastToken > ttft ? (lastToken - ttft) / (outputTokens - 1) : null;

  return {
    headers_ms: recording.response?.t ?? null,
    ttfb_ms: reads.find((read) => read.length > 0)?.t ?? null,
    first_event_ms: first,
    ttft_ms: ttft,
    first_content_ms: firstContent,
    first_reasoning_ms: firstReasoning,
    first_refusal_ms: firstRefusal,
    first_tool_ms: firstTool,
    last_token_ms: lastToken,
    duration_ms: recording.end?.t ?? reads.at(-1)!.t,
    gap_p50_ms: percentile(sorted, 50),
    gap_p90_ms: percentile(sorted, 90),
    gap_p99_ms: percentile(sorted, 99),
    gap_max_ms: sorted.length > 0 ? sorted[sorted.length - 1]! : null,
    read_gap_max_ms: readGap,
    events_per_s: span > 0 ? ((events.length - 1) / span) * 1000 : null,
    output_tokens: outputTokens,
    tpot_ms: tpot,
    tokens_per_s: tpot !== null && tpot > 0 ? 1000 / tpot : null,
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
