// What each scenario of the simulator is meant to show once recorded, in every registered dialect
// (docs/simulator.md), for the tests that record them: through the recorder (./simulator.test.ts)
// and through `streamscope record --api` (../cli/record-dialects.test.ts). Keyed by `Protocol`:
// a registered dialect without its table is a type error here.

import type { Protocol } from '../../../shared/dialects/types.ts';

/** What each scenario yields, recorded with no waits (so no timing finding), no padding and no usage asked for; sorted. */
const CHAT: Record<string, string[]> = {
  text: [],
  reasoning: [],
  refusal: ['refusal'],
  'tool-call': [],
  'parallel-tool-calls': ['tool-calls-interleaved'],
  'n-choices': [],
  length: ['finish-length'],
  'content-filter': ['finish-content-filter'],
  'keep-alive': ['comment'],
  'long-silence': [],
  'stream-error': ['missing-finish-reason', 'no-done', 'stream-error'],
  'connection-drop': ['connection-error', 'missing-finish-reason', 'no-done'],
  'no-finish-reason': ['missing-finish-reason'],
  'no-done': ['no-done'],
  buffered: [],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
  'invalid-json': ['invalid-json'],
  crlf: [],
  'mixed-line-endings': ['mixed-line-endings'],
  'usage-ignored': ['usage-missing'],
  large: [],
};

const RESPONSES: Record<string, string[]> = {
  text: [],
  reasoning: [],
  refusal: ['refusal'],
  'tool-call': [],
  'parallel-tool-calls': [],
  length: ['response-incomplete'],
  // Failed mid-answer: the message item is in response.failed but never got output_item.done.
  'stream-error': ['item-not-done', 'response-failed', 'stream-error'],
  failed: ['item-not-done', 'response-failed'],
  // Cut mid-answer: the message item was added and never done.
  'connection-drop': ['connection-error', 'item-not-done', 'missing-terminal-event'],
  'cut-before-end': ['missing-terminal-event'],
  'sequence-gap': ['sequence-gap'],
  'long-silence': [],
  buffered: [],
  // The delta cut in half is lost to every client: its text is missing from what the deltas built
  // (the .done event and the terminal response have it), and its sequence_number is unreadable.
  'invalid-json': ['done-text-mismatch', 'final-mismatch', 'invalid-json'],
  crlf: [],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
  large: [],
};

/** Every Messages stream has its ping (an info note), as Anthropic sends one. */
const MESSAGES: Record<string, string[]> = {
  text: ['ping'],
  reasoning: ['ping'],
  refusal: ['ping', 'stop-refusal'],
  'tool-call': ['ping'],
  'parallel-tool-calls': ['ping'],
  length: ['ping', 'stop-max-tokens'],
  // Cut mid-answer: the text block never got its content_block_stop.
  'stream-error': ['block-not-stopped', 'missing-message-stop', 'ping', 'stream-error'],
  'connection-drop': ['block-not-stopped', 'connection-error', 'missing-message-stop', 'ping'],
  'cut-before-end': ['missing-message-stop', 'ping'],
  'keep-alive': ['ping'],
  'long-silence': ['ping'],
  buffered: ['ping'],
  'invalid-json': ['invalid-json', 'ping'],
  crlf: ['ping'],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
  overloaded: ['http-status'],
  large: ['ping'],
};

// Gemini's stream error is the raw JSON error it writes after the events (pretty-printed, LF, no
// `data:`): outside SSE's framing, it reads as an event the body ends inside, and Gemini reads the
// error object in it (stream-error).
const GEMINI: Record<string, string[]> = {
  text: [],
  reasoning: [],
  'tool-call': [],
  'parallel-tool-calls': [],
  length: ['finish-max-tokens'],
  'stream-error': ['missing-finish-reason', 'mixed-line-endings', 'partial-event', 'stream-error'],
  'connection-drop': ['connection-error', 'missing-finish-reason'],
  'cut-before-end': ['missing-finish-reason'],
  'long-silence': [],
  buffered: [],
  'invalid-json': ['invalid-json'],
  crlf: [],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
};

// Bedrock's stream error is an exception frame inside the 200 (modelStreamErrorException), after
// which the body ends: no messageStop, no metadata (so no usage either).
const BEDROCK: Record<string, string[]> = {
  text: [],
  reasoning: [],
  'tool-call': [],
  'parallel-tool-calls': [],
  length: ['stop-max-tokens'],
  'stream-error': ['missing-message-stop', 'stream-exception', 'usage-missing'],
  'connection-drop': ['connection-error', 'missing-message-stop', 'usage-missing'],
  'cut-before-end': ['missing-message-stop', 'usage-missing'],
  'long-silence': [],
  buffered: [],
  'invalid-json': ['invalid-json'],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
};

export const EXPECTED: Readonly<Record<Protocol, Record<string, string[]>>> = { 'chat-completions': CHAT, responses: RESPONSES, 'anthropic-messages': MESSAGES, gemini: GEMINI, 'bedrock-converse': BEDROCK };

/**
 * Timing findings a loaded machine can cause on its own: the simulator writes with no waits, so
 * a silence of a tenth of a second between reads can only be this process held off the CPU, and
 * then the events after it do arrive in a clump, and the recording rightly says so.
 */
export const TIMING_CODES = new Set(['buffered-delivery', 'idle-gap']);
export const STALL_MS = 100;

/**
 * The codes found, in their order, without the timing findings a loaded machine can cause on its
 * own (a stall of STALL_MS between two reads, `times` counted from the request's start) unless
 * the scenario is meant to show them.
 */
export function withoutStallFindings(found: readonly string[], expected: readonly string[], times: readonly number[]): string[] {
  const stalled = times.some((t, i) => i > 0 && t - times[i - 1]! >= STALL_MS);
  return stalled ? found.filter((code) => !TIMING_CODES.has(code) || expected.includes(code)) : [...found];
}

/** The same, sorted. */
export function scriptedCodes(found: readonly string[], expected: readonly string[], times: readonly number[]): string[] {
  return withoutStallFindings([...found].sort(), expected, times);
}
