// A plain `.sse` body (what `curl -N` saves): the bytes, with no timing.

import type { Recording } from '../recording/types.ts';

export function recordingFromSse(body: Uint8Array): Recording {
  return { source: 'sse', startedAt: null, request: null, response: null, reads: body.length > 0 ? [{ t: null, bytes: body }] : [], end: null };
}
