// The events of two recordings of one scenario, lined up: each event the upstream sent paired
// with the one the gateway sent in its place, or left alone (dropped, or added). Events are
// paired by their shape — SSE event name and the dialect's kind — not by their bytes, so that a
// rewritten event is paired with its original and its change can be said; a longest common
// subsequence of shapes does it, so one event dropped does not shift every pairing after it.

import type { AnalyzedEvent } from '../../analysis/stream.ts';

/** Past this many cells (events × events) the events are paired by position instead: bounded time and memory. */
const MAX_ALIGN_CELLS = 4_000_000;

export interface Alignment {
  readonly pairs: readonly (readonly [AnalyzedEvent, AnalyzedEvent])[];
  /** Upstream events with no counterpart through the gateway. */
  readonly dropped: readonly AnalyzedEvent[];
  /** Gateway events with no counterpart upstream. */
  readonly added: readonly AnalyzedEvent[];
}

/** An event's shape: what a client reads it as. */
function shapeOf(event: AnalyzedEvent): string {
  return `${event.sse.event ?? ''}\u0000${event.dialectInterpretation.kind}`;
}

export function alignEvents(direct: readonly AnalyzedEvent[], via: readonly AnalyzedEvent[]): Alignment {
  if (direct.length * via.length > MAX_ALIGN_CELLS) return byPosition(direct, via);
  const a = direct.map(shapeOf);
  const b = via.map(shapeOf);
  const width = b.length + 1;
  // lengths[i * width + j]: the longest common run of a[i…] and b[j…].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const pairs: [AnalyzedEvent, AnalyzedEvent][] = [];
  const dropped: AnalyzedEvent[] = [];
  const added: AnalyzedEvent[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) pairs.push([direct[i++]!, via[j++]!]);
    else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) dropped.push(direct[i++]!);
    else added.push(via[j++]!);
  }
  dropped.push(...direct.slice(i));
  added.push(...via.slice(j));
  return { pairs, dropped, added };
}

function byPosition(direct: readonly AnalyzedEvent[], via: readonly AnalyzedEvent[]): Alignment {
  const shared = Math.min(direct.length, via.length);
  return {
    pairs: Array.from({ length: shared }, (_, index) => [direct[index]!, via[index]!] as const),
    dropped: direct.slice(shared),
    added: via.slice(shared),
  };
}

/** Where two JSON values differ: each path (`choices[0].delta.content`) and the two values there (undefined: absent). */
export interface ValueDifference {
  readonly path: string;
  readonly direct: unknown;
  readonly via: unknown;
}

/** Far deeper than any event; a hostile one is compared no further (its difference reported at that depth). */
const MAX_DEPTH = 64;

export function differences(direct: unknown, via: unknown, path = '', depth = 0): ValueDifference[] {
  if (Object.is(direct, via)) return [];
  const bothArrays = Array.isArray(direct) && Array.isArray(via);
  const bothObjects = isPlainObject(direct) && isPlainObject(via);
  if (depth >= MAX_DEPTH || (!bothArrays && !bothObjects)) return [{ path: path || '(the whole event)', direct, via }];
  const out: ValueDifference[] = [];
  if (bothArrays) {
    const length = Math.max(direct.length, via.length);
    for (let index = 0; index < length; index++) out.push(...differences(direct[index], via[index], `${path}[${index}]`, depth + 1));
    return out;
  }
  const a = direct as Record<string, unknown>;
  const b = via as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) out.push(...differences(a[key], b[key], path ? `${path}.${key}` : key, depth + 1));
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An event's data as JSON, or undefined when it is none (a sentinel, a cut event, no data). */
export function jsonOf(data: string | null): unknown {
  if (data === null) return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** A path's last member names an id: `id`, or one ending in `_id` (`item_id`, `call_id`, `tool_use_id`): every dialect names its ids so. */
export function isIdPath(path: string): boolean {
  const last = /([A-Za-z0-9_]+)(?:\[\d+\])*$/.exec(path)?.[1] ?? '';
  return last === 'id' || last.endsWith('_id');
}

/** A path through a `usage` member (Chat's usage chunk, Responses' response.usage, Anthropic's usage). */
export function isUsagePath(path: string): boolean {
  return /(^|\.)usage(\.|\[|$)/.test(path);
}
