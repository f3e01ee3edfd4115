// The analysis as a fold over reads: feed each network read with its arrival
// time, and at every step the events so far, their annotations and the state a
// correct client would hold are there to look at (the live view and the
// timeline scrubber read them). `end` closes the body.

import { createAccumulator } from '../chunks/accumulate.ts';
import type { Accumulator } from '../chunks/accumulate.ts';
import { annotate } from '../chunks/annotate.ts';
import { interpretEvent } from '../chunks/interpret.ts';
import type { Interpretation } from '../chunks/interpret.ts';
import { createSseParser } from '../sse/parser.ts';
import type { SseEnd, SseEvent } from '../sse/parser.ts';

export interface AnalyzedEvent {
  readonly sse: SseEvent;
  /** Arrival time: the time of the read that completed the event; null when untimed. */
  readonly t: number | null;
  readonly interpretation: Interpretation;
  /** The one-line annotation, worded when asked for (a view shows only some rows at a time). */
  readonly annotation: string;
  /** The kinds of token the event carried, as TOKEN_* bits: what the timing checks need of its operations. */
  readonly tokens: number;
  /** How many operations the event carried. */
  readonly opCount: number;
}

export const TOKEN_CONTENT = 1;
export const TOKEN_REASONING = 2;
export const TOKEN_REFUSAL = 4;
/** A tool-call fragment, or a fragment of the deprecated function_call. */
export const TOKEN_TOOL = 8;

function tokensOf(ops: Interpretation['ops']): number {
  let tokens = 0;
  for (const op of ops) {
    if (op.type === 'text') {
      if (op.text !== '') tokens |= op.channel === 'content' ? TOKEN_CONTENT : op.channel === 'reasoning' ? TOKEN_REASONING : TOKEN_REFUSAL;
    } else if (op.type === 'tool' || op.type === 'function_call') tokens |= TOKEN_TOOL;
  }
  return tokens;
}

/**
 * An analysed event is its own SSE event and its own interpretation: one object
 * instead of three for each of a hundred thousand events, which the garbage
 * collector would otherwise copy. For the same reason it does not keep its
 * operations (each an object, with its strings): the fold applies them once,
 * the checks read `tokens`, and `ops` interprets the event again when asked.
 */
class Analyzed implements AnalyzedEvent, SseEvent, Interpretation {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly read: number;
  readonly data: string | null;
  readonly event: string | null;
  readonly id: string | null;
  readonly retry: number | null;
  readonly comments: SseEvent['comments'];
  readonly unknownFields: SseEvent['unknownFields'];
  readonly kind: Interpretation['kind'];
  readonly tokens: number;
  readonly opCount: number;
  readonly meta: Interpretation['meta'];
  readonly unknownPaths: Interpretation['unknownPaths'];
  readonly problems: Interpretation['problems'];
  readonly obfuscationBytes: number;

  constructor(
    sse: SseEvent,
    readonly t: number | null,
    interpretation: Interpretation,
  ) {
    this.index = sse.index;
    this.start = sse.start;
    this.end = sse.end;
    this.read = sse.read;
    this.data = sse.data;
    this.event = sse.event;
    this.id = sse.id;
    this.retry = sse.retry;
    this.comments = sse.comments;
    this.unknownFields = sse.unknownFields;
    this.kind = interpretation.kind;
    this.tokens = tokensOf(interpretation.ops);
    this.opCount = interpretation.ops.length;
    this.meta = interpretation.meta;
    this.unknownPaths = interpretation.unknownPaths;
    this.problems = interpretation.problems;
    this.obfuscationBytes = interpretation.obfuscationBytes;
  }

  get sse(): SseEvent {
    return this;
  }

  get ops(): Interpretation['ops'] {
    return this.opCount === 0 ? [] : interpretEvent(this).ops;
  }

  get interpretation(): Interpretation {
    return this;
  }

  get annotation(): string {
    return annotate(this, this);
  }
}

export interface ReadInfo {
  readonly t: number | null;
  readonly offset: number;
  readonly length: number;
}

export interface StreamAnalyzer {
  /** Feeds one read; returns the events it completed. */
  feed(bytes: Uint8Array, t: number | null): readonly AnalyzedEvent[];
  /** Ends the body; returns the events a pending CR held back and what was left unfinished. */
  end(): { readonly events: readonly AnalyzedEvent[] } & SseEnd;
  readonly events: readonly AnalyzedEvent[];
  readonly reads: readonly ReadInfo[];
  readonly accumulator: Accumulator;
}

export interface StreamAnalyzerOptions {
  /** Called for every event as it completes. */
  onEvent?(event: AnalyzedEvent): void;
}

export function createStreamAnalyzer(options: StreamAnalyzerOptions = {}): StreamAnalyzer {
  const events: AnalyzedEvent[] = [];
  const reads: ReadInfo[] = [];
  const accumulator = createAccumulator();
  // The events the current read completed; a read that completes none shares one empty list.
  const NONE: readonly AnalyzedEvent[] = Object.freeze([]);
  let completed: AnalyzedEvent[] | null = null;
  let offset = 0;
  let done = false;

  const parser = createSseParser({
    onEvent(sse) {
      const interpretation = interpretEvent(sse);
      // A client stops reading at [DONE]: what comes after it is shown and diagnosed (after-done), never accumulated.
      if (!done) accumulator.apply(sse.index, interpretation.ops);
      if (interpretation.kind === 'done') done = true;
      const event: AnalyzedEvent = new Analyzed(sse, reads[sse.read]?.t ?? null, interpretation);
      events.push(event);
      (completed ??= []).push(event);
      options.onEvent?.(event);
    },
  });

  return {
    feed(bytes, t) {
      reads.push({ t, offset, length: bytes.length });
      offset += bytes.length;
      completed = null;
      parser.feed(bytes);
      return completed ?? NONE;
    },
    end() {
      completed = null;
      const result = parser.end();
      return { events: completed ?? NONE, ...result };
    },
    events,
    reads,
    accumulator,
  };
}
