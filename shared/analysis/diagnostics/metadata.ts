// Identity fields that change between chunks, unexpected object types, and
// fields outside the OpenAI shape.

import { extensionOwner } from '../../chunks/fields.ts';
import { finding } from './catalogue.ts';
import type { Diagnostic } from './catalogue.ts';
import { few, plural } from './context.ts';
import type { DiagnosticContext } from './context.ts';
import type { AnalyzedEvent } from '../stream.ts';

const CHUNK_OBJECT = 'chat.completion.chunk';

export function metadata({ events }: DiagnosticContext): Diagnostic[] {
  const chunks = events.filter((event) => event.interpretation.meta !== null && event.interpretation.kind !== 'error');
  return [...identity(chunks), ...objects(chunks), ...unknownFields(events)];
}

/**
 * Empty placeholders (`id: ""`, `created: 0`, Azure's prompt-filter frame) and
 * fields sent on only some chunks (vLLM's system_fingerprint) are not changes:
 * only two different real values are.
 */
function identity(chunks: readonly AnalyzedEvent[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  const changes: string[] = [];
  const evidence = new Set<number>();
  for (const key of ['id', 'model', 'system_fingerprint'] as const) {
    const seen = distinct(chunks, (value) => (typeof value === 'string' && value !== '' ? value : null), key);
    if (seen.size > 1) {
      const values = [...seen.keys()];
      changes.push(`${key} takes ${plural(values.length, 'value')} (${few(values.map((value) => JSON.stringify(value)), 3)})`);
      for (const first of seen.values()) evidence.add(first);
    }
  }
  if (changes.length > 0) {
    found.push(finding('inconsistent-metadata', `Chunks of one stream disagree: ${changes.join('; ')}.`, [...evidence].sort((a, b) => a - b)));
  }
  const created = distinct(chunks, (value) => (typeof value === 'number' && value > 0 ? String(value) : null), 'created');
  if (created.size > 1) {
    const values = [...created.keys()];
    found.push(finding('metadata-drift', `"created" changes during the stream: ${few(values, 4)} (${values.length} values).`, [...created.values()]));
  }
  return found;
}

/** Each distinct value, mapped to the first event that carried it. */
function distinct(chunks: readonly AnalyzedEvent[], normalise: (value: unknown) => string | null, key: 'id' | 'model' | 'system_fingerprint' | 'created'): Map<string, number> {
  const seen = new Map<string, number>();
  let previous: unknown = null;
  for (const event of chunks) {
    const meta = event.interpretation.meta;
    // Chunks with the same identity share one object (interpret.ts): nothing new to see.
    if (meta === previous) continue;
    previous = meta;
    const value = normalise(meta?.[key]);
    if (value !== null && !seen.has(value)) seen.set(value, event.sse.index);
  }
  return seen;
}

/** A chunk that carries nothing (Azure's `object: ""` filter frame) is harmless to drop, so it is not counted. */
function objects(chunks: readonly AnalyzedEvent[]): Diagnostic[] {
  const odd = chunks.filter((event) => event.interpretation.meta!.object !== CHUNK_OBJECT && event.opCount > 0);
  if (odd.length === 0) return [];
  const values = [...new Set(odd.map((event) => describeObject(event.interpretation.meta!.object)))];
  return [
    finding(
      'unexpected-object',
      `${plural(odd.length, 'chunk')} that ${odd.length === 1 ? 'carries' : 'carry'} deltas, a finish reason or usage ${odd.length === 1 ? 'has' : 'have'} object ${few(values, 3)} instead of "${CHUNK_OBJECT}": events ${few(odd.map((event) => event.sse.index))}.`,
      odd.map((event) => event.sse.index),
    ),
  ];
}

function describeObject(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

function unknownFields(events: readonly AnalyzedEvent[]): Diagnostic[] {
  const byPath = new Map<string, number[]>();
  for (const event of events) {
    for (const path of event.interpretation.unknownPaths) {
      let list = byPath.get(path);
      if (!list) byPath.set(path, (list = []));
      list.push(event.sse.index);
    }
  }
  if (byPath.size === 0) return [];
  const parts = [...byPath].map(([path, list]) => {
    const owner = extensionOwner(path);
    return `${path}${owner ? ` (${owner})` : ''} in ${plural(list.length, 'event')}`;
  });
  const evidence = [...new Set([...byPath.values()].flat())].sort((a, b) => a - b);
  return [finding('unknown-field', `Fields outside the OpenAI chunk shape: ${parts.join('; ')}.`, evidence)];
}
