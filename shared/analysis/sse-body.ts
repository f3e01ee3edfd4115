// What only a body read as SSE has (its partial event's fields, its line endings and BOM), for
// the few readers that show SSE's own figures: null for a body in another framing.

import type { SsePartialEvent, SseStats } from '../framing/sse/types.ts';
import type { BodyPartial, BodyStats, FramingName } from '../framing/types.ts';

/** The SSE partial event of a body read as SSE; null for another framing's, or none. */
export function ssePartial(body: { readonly framing: FramingName; readonly partial: BodyPartial | null }): SsePartialEvent | null {
  return body.framing === 'sse' ? (body.partial as SsePartialEvent | null) : null;
}

/** The SSE parser's figures of a body read as SSE; null for another framing's. */
export function sseStats(body: { readonly framing: FramingName; readonly stats: BodyStats }): SseStats | null {
  return body.framing === 'sse' ? (body.stats as SseStats) : null;
}
