// What each Responses and Anthropic Messages scenario of the simulator is meant to show once
// recorded (docs/simulator.md, "Responses and Messages"), for the tests that record them: through
// the recorder (./dialect-simulator.test.ts) and through `streamscope record --api`
// (../cli/record-dialects.test.ts).

import type { Dialect } from '../simulator/index.ts';

/** What each scenario yields, recorded with no waits (so no timing finding) and no padding; sorted. */
export const RESPONSES: Record<string, string[]> = {
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
export const MESSAGES: Record<string, string[]> = {
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

export const EXPECTED: Record<Dialect, Record<string, string[]>> = { responses: RESPONSES, messages: MESSAGES };
export const PROTOCOLS = { responses: 'responses', messages: 'anthropic-messages' } as const;

// As in simulator.test.ts: timing findings a loaded machine can cause on its own.
export const TIMING_CODES = new Set(['buffered-delivery', 'idle-gap']);
export const STALL_MS = 100;

/**
 * The codes found, sorted, without the timing findings a loaded machine can cause on its own (a
 * stall of STALL_MS between two reads) unless the scenario is meant to show them.
 */
export function scriptedCodes(found: readonly string[], expected: readonly string[], times: readonly number[]): string[] {
  const stalled = times.some((t, i) => i > 0 && t - times[i - 1]! >= STALL_MS);
  const sorted = [...found].sort();
  return stalled ? sorted.filter((code) => !TIMING_CODES.has(code) || expected.includes(code)) : sorted;
}
