// Gateway mode's changes (issue 29, "Gateway mode"): what a gateway did to a stream that passed
// through it, found by comparing the recording made through it with the one made directly of the
// same scenario. One entry a code: its severity and why. docs/conformance.md, "Gateway mode",
// tables them; catalogue.test.ts holds the table to this.

import type { Severity } from '../../findings/finding.ts';

export const GATEWAY_CHANGE_CODES = [
  'status-changed',
  'bytes-changed',
  'ids-changed',
  'done-dropped',
  'usage-changed',
  'error-lost',
  'buffered',
  'rechunked',
  'head-held',
  'reset-masked',
  'delay-added',
  'cut-short',
] as const;

export type GatewayChangeCode = (typeof GATEWAY_CHANGE_CODES)[number];

/** One thing the gateway changed, in words. */
export interface GatewayChange {
  readonly code: GatewayChangeCode;
  readonly severity: Severity;
  readonly message: string;
}

export interface GatewayChangeEntry {
  /** The severity; `bytes-changed` is graded by what changed (see `severityNote`). */
  readonly severity: Severity;
  /** One line: what the change is. */
  readonly description: string;
  /** Why it counts as much as it does. */
  readonly why: string;
  /** Where the severity depends on the case, how. */
  readonly severityNote?: string;
}

/** A first byte or an end later by this much through the gateway than directly is time it added (a loopback gateway adds a few ms). */
export const DELAY_ADDED_MS = 250;
/**
 * The head is held when, through the gateway, it comes at least HEAD_HELD_MS later than directly
 * and with the first body byte: less than HEAD_GAP_SHARE of the time the upstream left between
 * its head and its first body byte (a tenth of 450 ms at the simulator's pace). A share, not a
 * fixed margin, since a loaded machine may stamp the head and the first read a few ms apart.
 */
export const HEAD_HELD_MS = 100;
export const HEAD_GAP_SHARE = 0.1;
/** Deliveries (reads that complete an event) through the gateway at least this many times as many, or as few, as directly: re-chunked. */
export const RECHUNK_FACTOR = 2;
/** …and differing by at least this many (a proxy's reads vary by one or two from TCP's coalescing alone). */
export const RECHUNK_MIN_DELIVERIES = 4;

export const GATEWAY_CHANGES: Readonly<Record<GatewayChangeCode, GatewayChangeEntry>> = {
  'status-changed': {
    severity: 'error',
    description: 'The gateway answered another status than the upstream did (its own error for a stream the upstream served).',
    why: 'A client gets an error where the upstream answered, or an answer where it refused: nothing else of the stream can be compared.',
  },
  'bytes-changed': {
    severity: 'error',
    description: "Events' data rewritten, events dropped or added, keep-alives or line endings changed.",
    why: 'Values changed or events lost change what a client builds; keep-alives dropped let an idle timeout trip in a long pause; re-serialised JSON with the same values is harmless to a JSON client but shows the gateway parses and re-writes the stream.',
    severityNote: 'error when a value changed or an event was dropped or added; warning when only keep-alives or line endings changed; info when the JSON was only re-serialised, its values the same',
  },
  'ids-changed': {
    severity: 'warning',
    description: 'An id (a member named `id` or ending in `_id`) differs through the gateway.',
    why: 'A client that logs, resumes or matches tool results by id gets the gateway’s, not the provider’s; the stream itself still folds.',
  },
  'done-dropped': {
    severity: 'error',
    description: "The dialect's terminal event (`[DONE]`, `response.completed`, `message_stop`) is lost through the gateway.",
    why: 'Without it a client cannot tell a complete answer from a cut one; the SDKs raise or hang.',
  },
  'usage-changed': {
    severity: 'error',
    description: 'The usage differs, is lost, or moved to another event.',
    why: 'Billing and token counts are read from it; a moved usage breaks a client that reads it where the provider puts it.',
  },
  'error-lost': {
    severity: 'error',
    description: 'A mid-stream error event the upstream sent is absent through the gateway.',
    why: 'The SDKs raise at an error event; without it a client takes a failed answer as complete.',
  },
  buffered: {
    severity: 'error',
    description: 'The gateway held the events back and delivered them together (buffered-delivery through it, not directly).',
    why: 'A streamed answer exists to arrive as it is made; buffered, the user waits for the whole answer.',
  },
  rechunked: {
    severity: 'info',
    description: 'Events delivered in far more or far fewer reads than the upstream wrote them (a buffered body re-sent one event a write), or split across reads the upstream sent whole.',
    why: 'A correct SSE parser is unaffected; it shows the gateway re-frames the stream, and a parser that expects one event per read breaks on split events.',
  },
  'head-held': {
    severity: 'warning',
    description: 'The response head came only with the first body byte, long after the upstream sent it.',
    why: 'A client cannot see the status or start its own timers until the first token: a slow first token looks like a dead connection.',
  },
  'reset-masked': {
    severity: 'error',
    description: 'The upstream cut the connection (a reset, an error) and the gateway ended the body cleanly instead.',
    why: 'A client that sees a clean end takes the truncated answer as complete unless the dialect’s terminal event is missing and it checks.',
  },
  'delay-added': {
    severity: 'warning',
    description: `The first byte or the end came ${DELAY_ADDED_MS} ms or more later through the gateway than directly.`,
    why: 'Time to first token is what a user feels; a loopback gateway adds a few milliseconds, not hundreds.',
  },
  'cut-short': {
    severity: 'error',
    description: 'A request through the gateway (or directly) was cut by the run (it did not end within the timeout, or its body passed the size bound), or directly got no response at all.',
    why: 'A stream that never ends through the gateway but does directly is the gateway’s doing; nothing after the cut can be compared.',
  },
};

/** A change of this code, with its catalogued severity unless the case grades it. */
export function change(code: GatewayChangeCode, message: string, severity: Severity = GATEWAY_CHANGES[code].severity): GatewayChange {
  return { code, severity, message };
}
