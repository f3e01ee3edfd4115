// Identity fields that change between chunks, unexpected object types, and
// fields outside the OpenAI shape.

import { extensionOwner } from '../fields.ts';
import { finding } from '../catalogue.ts';
import { few, plural } from '../../../findings/words.ts';
import type { ChatCheckContext, ChatDiagnostic, ChatEvent } from './context.ts';

const CHUNK_OBJECT = 'chat.completion.chunk';

type IdentityKey = 'id' | 'model' | 'system_fingerprint' | 'created';

/** What one pass over the events gathers for the three checks below. */
interface Gathered {
  /** Each distinct real value of each identity field, mapped to the first event that carried it. */
  readonly seen: Record<IdentityKey, Map<string, number>>;
  /** Chunks with something in them whose object is not a chunk's. */
  readonly odd: ChatEvent[];
  /** Events by unknown field path. */
  readonly byPath: Map<string, number[]>;
}

export function metadata({ events }: ChatCheckContext): ChatDiagnostic[] {
  const gathered = gather(events);
  return [...identity(gathered), ...objects(gathered), ...unknownFields(gathered)];
}

/** One pass over a hundred thousand events, not one per check. */
function gather(events: readonly ChatEvent[]): Gathered {
  const seen: Gathered['seen'] = { id: new Map(), model: new Map(), system_fingerprint: new Map(), created: new Map() };
  const odd: ChatEvent[] = [];
  const byPath = new Map<string, number[]>();
  let previous: unknown = null;
  for (const event of events) {
    const { meta, kind, unknownPaths } = event.interpretation;
    for (const path of unknownPaths) {
      let list = byPath.get(path);
      if (!list) byPath.set(path, (list = []));
      list.push(event.sse.index);
    }
    if (meta === null || kind === 'error') continue;
    if (meta.object !== CHUNK_OBJECT && event.opCount > 0) odd.push(event);
    // Chunks with the same identity share one object (interpret.ts): nothing new to see.
    if (meta === previous) continue;
    previous = meta;
    for (const key of ['id', 'model', 'system_fingerprint'] as const) {
      const value = meta[key];
      if (typeof value === 'string' && value !== '' && !seen[key].has(value)) seen[key].set(value, event.sse.index);
    }
    if (typeof meta.created === 'number' && meta.created > 0 && !seen.created.has(String(meta.created))) seen.created.set(String(meta.created), event.sse.index);
  }
  return { seen, odd, byPath };
}

/**
 * Empty placeholders (`id: ""`, `created: 0`, Azure's prompt-filter frame) and
 * fields sent on only some chunks (vLLM's system_fingerprint) are not changes:
 * only two different real values are.
 */
function identity({ seen }: Gathered): ChatDiagnostic[] {
  const found: ChatDiagnostic[] = [];
  const changes: string[] = [];
  const evidence = new Set<number>();
  for (const key of ['id', 'model', 'system_fingerprint'] as const) {
    if (seen[key].size > 1) {
      const values = [...seen[key].keys()];
      changes.push(`${key} takes ${plural(values.length, 'value')} (${few(values.map((value) => JSON.stringify(value)), 3)})`);
      for (const first of seen[key].values()) evidence.add(first);
    }
  }
  if (changes.length > 0) {
    found.push(finding('inconsistent-metadata', `Chunks of one stream disagree: ${changes.join('; ')}.`, [...evidence].sort((a, b) => a - b)));
  }
  const created = seen.created;
  if (created.size > 1) {
    const values = [...created.keys()];
    found.push(finding('metadata-drift', `"created" changes during the stream: ${few(values, 4)} (${values.length} values).`, [...created.values()]));
  }
  return found;
}

/** A chunk that carries nothing (Azure's `object: ""` filter frame) is harmless to drop, so it is not counted. */
function objects({ odd }: Gathered): ChatDiagnostic[] {
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

function unknownFields({ byPath }: Gathered): ChatDiagnostic[] {
  if (byPath.size === 0) return [];
  const parts = [...byPath].map(([path, list]) => {
    const owner = extensionOwner(path);
    return `${path}${owner ? ` (${owner})` : ''} in ${plural(list.length, 'event')}`;
  });
  const evidence = [...new Set([...byPath.values()].flat())].sort((a, b) => a - b);
  return [finding('unknown-field', `Fields outside the OpenAI chunk shape: ${parts.join('; ')}.`, evidence)];
}
