// The codes more than one dialect reports (docs/architecture.md, "Dialects"): one severity and one
// title each, wherever found; each dialect's catalogue gives the fix in its own terms. The codes the
// two event-typed dialects (Responses, Anthropic Messages) both report share their fix too.

import type { CatalogueEntry, CodeInfo } from '../../findings/finding.ts';

export const SHARED_CODES = {
  'event-name-mismatch': { severity: 'warning', title: 'Event name differs from its type' },
  'unknown-event': { severity: 'info', title: 'Unknown event type' },
  'stream-error': { severity: 'error', title: 'Error in the stream' },
  'missing-finish-reason': { severity: 'error', title: 'Missing finish reason' },
  'malformed-chunk': { severity: 'error', title: 'Malformed chunk (extension)' },
  'tool-arguments-invalid': { severity: 'error', title: 'Tool arguments are not JSON' },
  refusal: { severity: 'warning', title: 'Refusal' },
  'usage-missing': { severity: 'warning', title: 'Usage missing' },
  'inconsistent-metadata': { severity: 'warning', title: 'Inconsistent metadata' },
  // Anthropic Messages' and Bedrock ConverseStream's (whose events are Anthropic's, camel-cased).
  'missing-message-stop': { severity: 'error', title: 'No message_stop' },
  'stop-max-tokens': { severity: 'warning', title: 'Output cut at max_tokens' },
} as const satisfies Record<string, CodeInfo>;

/** The entries of the codes Responses and Anthropic Messages both report, with the fix in their terms. */
export const EVENT_DIALECT_ENTRIES = {
  'event-name-mismatch': {
    ...SHARED_CODES['event-name-mismatch'],
    hint: 'Clients that dispatch on the SSE event name (EventSource listeners, the Anthropic SDK for ping and error) and clients that read data.type see different events: make the server write event: equal to data.type.',
  },
  'unknown-event': {
    ...SHARED_CODES['unknown-event'],
    hint: 'An event type outside the documented set: lenient clients skip it; the official SDKs throw on some. Check the API version, or ignore unknown types in the client.',
  },
  'stream-error': {
    ...SHARED_CODES['stream-error'],
    hint: 'The server reported an error after the response started (with status 200): handle error events in the stream, not only HTTP statuses, and retry when the error is transient (overloaded, rate limit, server error).',
  },
  'malformed-chunk': {
    ...SHARED_CODES['malformed-chunk'],
    hint: 'An event field has the wrong type: a typed client (the official SDKs, zod schemas) rejects the event or accumulates garbage. Fix the server or gateway that produced it.',
  },
  'tool-arguments-invalid': {
    ...SHARED_CODES['tool-arguments-invalid'],
    hint: 'JSON.parse of the joined argument fragments fails: the output was cut, or the model produced invalid JSON. Check why the output stopped, use strict tool schemas, and handle the parse error instead of running the tool.',
  },
} as const satisfies Record<string, CatalogueEntry>;
