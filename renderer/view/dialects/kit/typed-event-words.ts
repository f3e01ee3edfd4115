// What the inspector says of an event of a dialect whose events are typed (Responses, Anthropic
// Messages; a stream read raw too), in the dialect's own terms: its `data.type` and the dialect's
// word for its kind, the Responses `sequence_number`, an `event:` name that differs from its type,
// the operations the dialect read, and the member that carries its change (`delta`: a string for
// a Responses delta, an object for an Anthropic one).

import type { AnalyzedEvent } from '../../../../shared/analysis/stream.ts';
import type { JsonEntry } from '../../inspector/json-view.ts';

export interface TypedEventWords {
  /** `data.type` (`response.output_item.added`, `content_block_delta`), or null when there is none. */
  readonly type: string | null;
  /** The dialect's word for the event's kind (`item`, `text-done`, `block-start`, `ping`). */
  readonly kind: string;
  /** The Responses `sequence_number`; null when absent (or another dialect). */
  readonly sequence: number | null;
  /** The SSE `event:` name when it differs from `data.type`; null otherwise. */
  readonly eventName: string | null;
  /** The operations the dialect read from the event, as JSON. */
  readonly ops: readonly string[];
}

/** The dialect's own reading of the event (read again from its data), in words. */
export function typedEventWords(event: AnalyzedEvent): TypedEventWords {
  const reading = event.dialectInterpretation as AnalyzedEvent['dialectInterpretation'] & { readonly type?: string | null; readonly sequence?: number | null; readonly eventName?: string | null };
  return {
    type: reading.type ?? null,
    kind: reading.kind,
    sequence: reading.sequence ?? null,
    eventName: reading.eventName ?? null,
    ops: reading.ops.map((op) => JSON.stringify(op)),
  };
}

/** The member of an event's data that carries its change: `delta`, when it has one. */
export function deltaMemberOf(value: unknown): JsonEntry[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('delta' in value)) return [];
  return [{ key: 'delta', value: (value as Record<string, unknown>).delta }];
}
