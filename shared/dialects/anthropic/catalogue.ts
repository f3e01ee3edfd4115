// The codes the Anthropic Messages dialect reports (docs/diagnostics.md), with their severity and how to
// fix what they find; the codes other dialects report too keep the one severity and title of kit/codes.ts.

import { findingIn } from '../../findings/finding.ts';
import type { CatalogueEntry } from '../../findings/finding.ts';
import { EVENT_DIALECT_ENTRIES, SHARED_CODES } from '../kit/codes.ts';

declare module '../types.ts' {
  interface DialectCodes {
    'anthropic-messages': keyof typeof ANTHROPIC_CODES;
  }
}

export const ANTHROPIC_CODES = {
  ...EVENT_DIALECT_ENTRIES,
  'missing-message-stop': {
    ...SHARED_CODES['missing-message-stop'],
    hint: 'The stream ended without message_stop: it did not finish. The Anthropic SDK\'s finalMessage() rejects ("stream ended without producing a Message"); treat the message as cut and retry.',
  },
  'block-not-stopped': {
    severity: 'warning',
    title: 'Content block never stopped',
    hint: 'A content block got no content_block_stop: a client that waits for it to parse tool input or close the block waits forever. The stream was cut, or the server skips stop events.',
  },
  'delta-unknown-block': {
    severity: 'error',
    title: 'Delta for an unknown block',
    hint: 'A content_block_delta names a block index never started, or a delta type its block cannot take: the Anthropic SDK silently drops it. Send content_block_start first, with the matching block type.',
  },
  'stop-max-tokens': {
    ...SHARED_CODES['stop-max-tokens'],
    hint: 'stop_reason "max_tokens": the output was cut. Raise max_tokens, and tell the user the answer is incomplete (a cut tool_use input may not be valid JSON).',
  },
  'missing-stop-reason': {
    severity: 'warning',
    title: 'No stop reason',
    hint: 'The message ended (message_stop) with stop_reason null in every message_delta: a client cannot tell a finished answer from a cut one, and the SDK ends with stop_reason null. Send stop_reason ("end_turn", "max_tokens", "tool_use" …) in the last message_delta.',
  },
  'stop-refusal': {
    severity: 'warning',
    title: 'Refusal',
    hint: 'stop_reason "refusal": the model declined to continue. Show the user that the answer stopped, instead of an empty or truncated reply.',
  },
  'usage-not-cumulative': {
    severity: 'warning',
    title: 'Usage not cumulative',
    hint: 'message_delta usage is cumulative (each value replaces the last): a later one reporting fewer output tokens means the server sends per-delta counts, and clients that replace (as the SDK does) under-count. Fix the server or gateway.',
  },
  'invocation-metrics-disagree': {
    severity: 'info',
    title: "Bedrock's count differs from Anthropic's usage",
    hint: "On Bedrock's InvokeModelWithResponseStream the last event carries Bedrock's own count (amazon-bedrock-invocationMetrics), which real Claude streams show differing from the usage message_start and message_delta report. Bedrock bills by its own count: read invocationMetrics for cost, the message's usage for what the model reported, and never add the two.",
  },
  ping: {
    severity: 'info',
    title: 'Ping events',
    hint: 'event: ping keeps the connection alive and carries nothing: a client that JSON-dispatches every event must skip it.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** A finding of this dialect: its code's severity and hint, a message and the events that show it. */
export const finding = findingIn(ANTHROPIC_CODES);
