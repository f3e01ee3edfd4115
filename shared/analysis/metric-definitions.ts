// What each metric is called and what it means, in one line (docs/metrics.md has the full
// definitions): for reports that show the metrics to a reader, in the order they read best.

import type { Metrics } from './metrics.ts';

export interface MetricDefinition {
  readonly key: keyof Metrics;
  readonly label: string;
  readonly definition: string;
  /** Where benchmark tools define the metric differently: which one this follows, and how the others differ. */
  readonly benchmark?: string;
}

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  { key: 'headers_ms', label: 'response headers', definition: 'Response headers received, since the request started.' },
  { key: 'ttfb_ms', label: 'first byte', definition: 'First byte of the body (first non-empty read).' },
  { key: 'first_event_ms', label: 'first event', definition: 'First complete SSE event, comments included.' },
  { key: 'ttft_ms', label: 'first token (any kind)', definition: 'First event with content, reasoning or refusal text, or a tool-call fragment.', benchmark: "TTFT as vLLM's benchmark_serving and LLMPerf measure it (responses without a token skipped), except that reasoning counts as a token." },
  { key: 'first_reasoning_ms', label: 'first reasoning', definition: 'First event carrying reasoning text.' },
  { key: 'first_content_ms', label: 'first content', definition: 'First event carrying content text.' },
  { key: 'first_refusal_ms', label: 'first refusal', definition: 'First event carrying refusal text.' },
  { key: 'first_tool_ms', label: 'first tool fragment', definition: 'First event carrying a tool-call fragment.' },
  { key: 'last_token_ms', label: 'last token', definition: 'Last event carrying a token of any kind.' },
  { key: 'duration_ms', label: 'end', definition: 'End of the exchange: the end line, or the last read when there is none.' },
  { key: 'gap_p50_ms', label: 'event gap p50', definition: 'Median gap between consecutive events (nearest rank).', benchmark: "Gaps between SSE events, whatever they carry; vLLM's ITL takes only the gaps between chunks with text, after the first token." },
  { key: 'gap_p90_ms', label: 'event gap p90', definition: '90th percentile of the gaps between consecutive events.' },
  { key: 'gap_p99_ms', label: 'event gap p99', definition: '99th percentile of the gaps between consecutive events.' },
  { key: 'gap_max_ms', label: 'event gap max', definition: 'Longest gap between consecutive events.' },
  { key: 'read_gap_max_ms', label: 'longest silence between reads', definition: 'Longest time between two network reads.' },
  { key: 'events_per_s', label: 'events per second', definition: '(events − 1) / (last event time − first event time).' },
  { key: 'output_tokens', label: 'output tokens (usage)', definition: 'completion_tokens from usage; not guessed when the stream carried none.' },
  { key: 'tpot_ms', label: 'time per output token', definition: '(last token − first token) / (output tokens − 1), as vLLM defines TPOT.', benchmark: "vLLM's benchmark_serving TPOT; GenAI-Perf's inter-token latency also leaves the first token out, LLMPerf's includes the time to first token and so reads higher." },
  { key: 'tokens_per_s', label: 'output tokens per second', definition: '1000 / time per output token: the decode rate after the first token.', benchmark: "1000 / vLLM's TPOT; a rate of all output tokens over the whole request (first token included) reads lower." },
];
