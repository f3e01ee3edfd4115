// The JSON-array reading's own findings (docs/diagnostics.md, "Framing"): an array the body's end
// left open, and bytes outside the array's syntax — what the reader saw of the body, whatever the
// dialect. That such a body is no event stream at all is the transport's not-event-stream.

import { findingIn } from '../../findings/finding.ts';
import type { Finding } from '../../findings/finding.ts';
import { plural } from '../../findings/words.ts';
import type { FramingCheckContext } from '../types.ts';
import { JSON_ARRAY_CODES } from './catalogue.ts';
import type { JsonArrayPartial, JsonArrayStats } from './types.ts';

export type JsonArrayCheckContext = FramingCheckContext<JsonArrayPartial, JsonArrayStats>;

type JsonArrayFinding = Finding<keyof typeof JSON_ARRAY_CODES>;

const finding = findingIn(JSON_ARRAY_CODES);

export function checkJsonArray(context: JsonArrayCheckContext): JsonArrayFinding[] {
  return [...truncated(context), ...strayBytes(context)];
}

function truncated({ partial, ended }: JsonArrayCheckContext): JsonArrayFinding[] {
  if (!partial || !ended) return [];
  const what =
    partial.cut === 'element'
      ? `an element cut short: ${plural(partial.end - partial.start, 'byte')} from offset ${partial.start}`
      : `no closing "]" after the last element (offset ${partial.start})`;
  return [finding('array-truncated', `The body ended inside the JSON array, with ${what}.`)];
}

function strayBytes({ stats }: JsonArrayCheckContext): JsonArrayFinding[] {
  if (stats.stray === 0) return [];
  return [finding('array-stray-bytes', `${plural(stats.stray, 'byte')} outside the array's elements where JSON allows none, the first at offset ${stats.firstStray}.`)];
}
