// One JSON array streamed over many reads as a framing (../types.ts): each element a message, the
// reader, its own checks and their codes (docs/architecture.md, "Framing"). Not an event stream:
// a body is read in it only when its dialect says its bodies may come so (the descriptor's
// `alsoFramed`: Gemini without `alt=sse`) and the response's content-type names it, and the
// transport then says the body is no stream, with the dialect's reason (not-event-stream).

import type { Framing } from '../types.ts';
import { JSON_ARRAY_CODES } from './catalogue.ts';
import { checkJsonArray } from './checks.ts';
import type { JsonArrayCheckContext } from './checks.ts';
import { createJsonArrayParser } from './parser.ts';
import type { JsonArrayElement, JsonArrayPartial, JsonArrayStats } from './types.ts';

declare module '../types.ts' {
  interface FramingKinds {
    'json-array': { readonly message: JsonArrayElement; readonly partial: JsonArrayPartial; readonly stats: JsonArrayStats };
  }
}

export const jsonArray: Framing<JsonArrayElement, JsonArrayPartial, JsonArrayStats, JsonArrayCheckContext> = {
  name: 'json-array',
  mediaType: 'application/json',
  eventStream: false,
  parse: createJsonArrayParser,
  check: checkJsonArray,
  catalogue: JSON_ARRAY_CODES,
};
