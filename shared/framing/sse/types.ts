// What the SSE parser (parser.ts) reports: events with their byte ranges, what
// was left unfinished at the end of the body, and statistics of the body. An SSE
// event is a framed message (../types.ts): its fields are the messages' fields.

import type { FramedMessage, FramingEnd, FramingOptions, FramingParser, FramingStats, MessageField, MessageFields } from '../types.ts';

export type SseField = MessageField;

/** What the lines of one event said, per field. */
export type SseFields = MessageFields;

/** An event: `start` is its first line's first byte, `end` just after the blank line that dispatched it. */
export type SseEvent = FramedMessage;

/** Lines left at the end of the body that no blank line ever dispatched. */
export interface SsePartialEvent extends SseFields {
  readonly start: number;
  readonly end: number;
  /** True when the last line had no line ending either. */
  readonly unterminatedLine: boolean;
}

export interface SseStats extends FramingStats {
  readonly bom: boolean;
  readonly lineEndings: { readonly lf: number; readonly cr: number; readonly crlf: number };
}

export type SseEnd = FramingEnd<SsePartialEvent, SseStats>;

/** `end` dispatches what a pending CR held back, then reports what was left unfinished. */
export type SseParser = FramingParser<SsePartialEvent, SseStats>;

export interface SseParserOptions extends FramingOptions<SseEvent> {
  /**
   * How long ranges of a read are decoded: `whole`, or `apart` around lines with characters other
   * than ASCII. A matter of speed only (the events are the same); by default the faster way on
   * this runtime, measured once (decode-choice.ts). The tests set it to check both.
   */
  readonly decode?: 'whole' | 'apart';
}
