// Gemini's JSON error written raw after the events of a 200 (vercel/ai #5217): `{"error": {code,
// message, status}}`, often pretty-printed, with no `data:` and no blank line, so SSE's framing
// leaves it unframed at the body's end (the analysis hands it over as the context's `tail`). An
// SSE client skips it and a cut answer looks complete; this reads it back as the error it is.

import { isObject } from '../../is-object.ts';
import type { UnframedTail } from '../types.ts';

export interface ErrorTail {
  readonly code: number | string | null;
  readonly message: string | null;
  readonly status: string | null;
  readonly start: number;
  readonly end: number;
  readonly reads: readonly number[];
}

/** The error object an unframed tail holds, or null when it holds none (or is no JSON at all). */
export function errorTail(tail: UnframedTail | null | undefined): ErrorTail | null {
  if (!tail) return null;
  let json: unknown;
  try {
    // A `data: ` before it (an SSE event cut short) is not the raw tail: that is the event's own to read.
    json = JSON.parse(tail.text);
  } catch {
    return null;
  }
  if (!isObject(json) || !isObject(json.error)) return null;
  const { error } = json;
  return {
    code: typeof error.code === 'number' || typeof error.code === 'string' ? error.code : null,
    message: typeof error.message === 'string' ? error.message : null,
    status: typeof error.status === 'string' ? error.status : null,
    start: tail.start,
    end: tail.end,
    reads: tail.reads,
  };
}
