// What the SSE parser (parser.ts) reports: events with their byte ranges, what
// was left unfinished at the end of the body, and statistics of the body.

export interface SseField {
  readonly name: string;
  readonly value: string;
}

/** What the lines of one event said, per field. */
export interface SseFields {
  /** The data buffer: `data` lines joined with "\n"; null when the event had no `data` line. */
  readonly data: string | null;
  /** The last `event` field, or null. */
  readonly event: string | null;
  /** The last `id` field (ignored when it contains NUL, as the standard says), or null. */
  readonly id: string | null;
  /** The last `retry` field made only of ASCII digits, or null. */
  readonly retry: number | null;
  /** Comment lines, without the leading colon. */
  readonly comments: readonly string[];
  /** Lines whose field name the standard does not know; a conforming client ignores them. */
  readonly unknownFields: readonly SseField[];
}

export interface SseEvent extends SseFields {
  /** Position among the events of the body, from 0. */
  readonly index: number;
  /** First byte of the event's first line. */
  readonly start: number;
  /** Just after the line ending of the blank line that dispatched it. */
  readonly end: number;
  /** Index of the read (the `feed` call, from 0) holding the event's last byte. */
  readonly read: number;
}

/** Lines left at the end of the body that no blank line ever dispatched. */
export interface SsePartialEvent extends SseFields {
  readonly start: number;
  readonly end: number;
  /** True when the last line had no line ending either. */
  readonly unterminatedLine: boolean;
}

export interface SseStats {
  readonly bytes: number;
  readonly reads: number;
  readonly bom: boolean;
  readonly lineEndings: { readonly lf: number; readonly cr: number; readonly crlf: number };
}

export interface SseEnd {
  readonly partial: SsePartialEvent | null;
  readonly stats: SseStats;
}

export interface SseParser {
  /** Feeds one network read. The parser copies what it keeps, so the caller may reuse the buffer. */
  feed(read: Uint8Array): void;
  /** Ends the body: dispatches what a pending CR held back and reports what was left unfinished. */
  end(): SseEnd;
  /** What was seen so far (the same figures `end` reports): for a view of a stream still arriving. */
  readonly stats: SseStats;
}

export interface SseParserOptions {
  onEvent(event: SseEvent): void;
  /**
   * How long ranges of a read are decoded: `whole`, or `apart` around lines with characters other
   * than ASCII. A matter of speed only (the events are the same); by default the faster way on
   * this runtime, measured once (decode-choice.ts). The tests set it to check both.
   */
  readonly decode?: 'whole' | 'apart';
}
