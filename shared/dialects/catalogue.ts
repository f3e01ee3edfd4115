// The codes the Responses and Anthropic Messages dialects report (docs/architecture.md, "Dialects": the dialect diagnostics), with their severity and how to fix what they
// find. Codes Chat Completions already has (refusal, usage-missing, tool-arguments-invalid,
// stream-error, malformed-chunk) keep its severity; their hint here says the fix in the dialect's
// own terms, and each finding carries its hint, so one code reads right in every dialect.

import type { CatalogueEntry } from '../analysis/diagnostics/catalogue.ts';
import type { DialectDiagnostic } from './types.ts';

export const DIALECT_CATALOGUE = {
  // Both
  'event-name-mismatch': {
    severity: 'warning',
    title: 'Event name differs from its type',
    hint: 'Clients that dispatch on the SSE event name (EventSource listeners, the Anthropic SDK for ping and error) and clients that read data.type see different events: make the server write event: equal to data.type.',
  },
  'unknown-event': {
    severity: 'info',
    title: 'Unknown event type',
    hint: 'An event type outside the documented set: lenient clients skip it; the official SDKs throw on some. Check the API version, or ignore unknown types in the client.',
  },
  'stream-error': {
    severity: 'error',
    title: 'Error in the stream',
    hint: 'The server reported an error after the response started (with status 200): handle error events in the stream, not only HTTP statuses, and retry when the error is transient (overloaded, rate limit, server error).',
  },
  'malformed-chunk': {
    severity: 'error',
    title: 'Malformed event',
    hint: 'An event field has the wrong type: a typed client (the official SDKs, zod schemas) rejects the event or accumulates garbage. Fix the server or gateway that produced it.',
  },
  'tool-arguments-invalid': {
    severity: 'error',
    title: 'Tool arguments are not JSON',
    hint: 'JSON.parse of the joined argument fragments fails: the output was cut, or the model produced invalid JSON. Check why the output stopped, use strict tool schemas, and handle the parse error instead of running the tool.',
  },
  // Responses
  'inconsistent-metadata': {
    severity: 'warning',
    title: 'Inconsistent metadata',
    hint: 'The lifecycle events of one stream should carry one response (one id, one model): the openai SDK throws when the id changes, and a client that correlates by id splits the stream. Fix the gateway that rewrites them.',
  },
  'response-failed': {
    severity: 'error',
    title: 'Response failed',
    hint: 'The terminal event is response.failed: read response.error, show the user that there is no complete answer, and retry if the error is transient.',
  },
  'response-incomplete': {
    severity: 'warning',
    title: 'Response incomplete',
    hint: 'The terminal event is response.incomplete: the output stopped early (incomplete_details.reason). Raise max_output_tokens for max_output_tokens, and tell the user the answer is cut.',
  },
  'missing-terminal-event': {
    severity: 'error',
    title: 'No terminal event',
    hint: 'The stream ended without response.completed, response.incomplete or response.failed: it did not finish. Treat the response as cut and retry; the SDK\'s finalResponse() returns a response still "in_progress".',
  },
  'sequence-gap': {
    severity: 'warning',
    title: 'Sequence numbers skip',
    hint: 'sequence_number did not go up by one: events were lost between the server and the client (a proxy, a resumed stream). Resume with starting_after the last number received, or retry.',
  },
  'sequence-disorder': {
    severity: 'error',
    title: 'Sequence numbers out of order',
    hint: 'sequence_number went back or repeated: events arrived out of order or twice, and a client that applies them in arrival order builds the wrong text. Fix the proxy or fan-out that reorders them.',
  },
  'delta-unknown-item': {
    severity: 'error',
    title: 'Delta for an unknown item or part',
    hint: 'A delta names an output item, content part or summary part that was never added (or of another type): the openai SDK throws, lenient clients drop the text. Send response.output_item.added and content_part.added first.',
  },
  'item-not-done': {
    // An error for a call the client runs (function_call, custom_tool_call: the call is lost), a warning for any other item (responses/diagnostics.ts).
    severity: 'error',
    title: 'Output item never done',
    hint: 'An output item was added but never got response.output_item.done, even if the terminal response holds it: the Vercel AI SDK (@ai-sdk/openai) emits a function call\'s tool call and a message\'s text end only on output_item.done, so its streamText returns no tool call and finish reason stop. The stream was cut, or the server skips done events: send output_item.done for every item added.',
  },
  'done-text-mismatch': {
    severity: 'error',
    title: '.done text differs from the deltas',
    hint: 'A .done event carries a full text or arguments that differ from the deltas joined: clients that render deltas and clients that read .done (the openai SDK lets .done overwrite) disagree. Fix the server; trust one of the two consistently.',
  },
  'final-mismatch': {
    severity: 'error',
    title: 'Terminal response differs from the stream',
    hint: 'The output in the terminal event is not what the deltas built: the openai SDK copies the terminal response as its finalResponse(), so it and a client that renders deltas show different answers. Fix the server or gateway that rewrites one of them.',
  },
  'item-id-changed': {
    severity: 'info',
    title: 'Item id changed at the end (extension)',
    hint: 'The terminal response names an output item with another id than the stream did (OpenRouter streams temporary ids): take ids from the terminal response before referring to items in a later request.',
  },
  refusal: {
    severity: 'warning',
    title: 'Refusal',
    hint: 'The model refused in a refusal content part: a client that reads only output_text shows an empty answer. Render refusal parts too.',
  },
  'usage-missing': {
    severity: 'warning',
    title: 'Usage missing',
    hint: 'The terminal response carries no usage: the provider or a gateway dropped it. Token accounting and cost tracking see nothing for this response.',
  },
  // Anthropic Messages
  'missing-message-stop': {
    severity: 'error',
    title: 'No message_stop',
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
    severity: 'warning',
    title: 'Output cut at max_tokens',
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
  ping: {
    severity: 'info',
    title: 'Ping events',
    hint: 'event: ping keeps the connection alive and carries nothing: a client that JSON-dispatches every event must skip it.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type DialectCode = keyof typeof DIALECT_CATALOGUE;

/** A finding: the code's severity and hint, a message and the events that show it. */
export function dialectFinding(code: DialectCode, message: string, events: readonly number[] = []): DialectDiagnostic {
  const entry: CatalogueEntry = DIALECT_CATALOGUE[code];
  return { code, severity: entry.severity, message, hint: entry.hint, events };
}

/** At most this many event numbers are listed as a finding's evidence; the message counts them all. */
export const MAX_EVIDENCE = 1000;
