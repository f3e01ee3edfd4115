// What the JSON-array reader (parser.ts) reports: each element of a body that is one JSON array
// streamed over many reads (Gemini without `alt=sse`), what the body's end left open, and its
// figures. An element is a framed message (../types.ts): its text is the message's `data`.

import type { FramedMessage, FramingEnd, FramingParser, FramingStats } from '../types.ts';

/** One element of the array: `start` its first byte, `end` just after its last; `data` its JSON text. */
export type JsonArrayElement = FramedMessage;

/** What the body's end left open: an element cut short (`element`), or the array never closed by `]` (`array`). */
export interface JsonArrayPartial {
  readonly start: number;
  readonly end: number;
  readonly cut: 'element' | 'array';
}

export interface JsonArrayStats extends FramingStats {
  /** What the body opened with: a JSON array, one bare JSON object (read as its one element), or neither (nothing but whitespace, or stray bytes). */
  readonly opened: 'array' | 'object' | null;
  /** Bytes where the array's syntax allows none (outside every element, not whitespace, `,` or a bracket), and the first one's offset. */
  readonly stray: number;
  readonly firstStray: number | null;
}

export type JsonArrayEnd = FramingEnd<JsonArrayPartial, JsonArrayStats>;

export type JsonArrayParser = FramingParser<JsonArrayPartial, JsonArrayStats>;
