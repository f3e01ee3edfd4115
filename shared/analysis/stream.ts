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
import type { SseEnd, SseEvent, SseParser, SseParserOptions } from '../sse/parser.ts';

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

/** What nearly every event leaves at its default, kept apart: all such events of an analysis share one. */
interface Rare {
  /** The analysis' reads, for the arrival time of the event's read. */
  readonly reads: readonly ReadInfo[];
  readonly event: string | null;
  readonly id: string | null;
  readonly retry: number | null;
  readonly comments: SseEvent['comments'];
  readonly unknownFields: SseEvent['unknownFields'];
  readonly unknownPaths: Interpretation['unknownPaths'];
  readonly problems: Interpretation['problems'];
}

/**
 * An analysed event is its own SSE event and its own interpretation: one object
 * instead of three for each of a hundred thousand events, which the garbage
 * collector would otherwise copy. For the same reason it does not keep its
 * operations (each an object, with its strings): the fold applies them once,
 * the checks read `tokens`, and `ops` interprets the event again when asked;
 * and the fields that nearly every event leaves at their defaults, its arrival
 * time among them (that of its read), are read through one shared object.
 */
class Analyzed implements AnalyzedEvent, SseEvent, Interpretation {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly read: number;
  readonly data: string | null;
  readonly kind: Interpretation['kind'];
  readonly meta: Interpretation['meta'];
  readonly obfuscationBytes: number;
  /** `tokens`, and `opCount` shifted by four bits: one small integer. */
  private readonly counts: number;
  private readonly rare: Rare;

  constructor(sse: SseEvent, interpretation: Interpretation, rare: Rare) {
    this.index = sse.index;
    this.start = sse.start;
    this.end = sse.end;
    this.read = sse.read;
    this.data = sse.data;
    this.kind = interpretation.kind;
    this.meta = interpretation.meta;
    this.obfuscationBytes = interpretation.obfuscationBytes;
    this.counts = tokensOf(interpretation.ops) | (interpretation.ops.length << 4);
    this.rare = rare;
  }

  get t(): number | null {
    return this.rare.reads[this.read]?.t ?? null;
  }

  get tokens(): number {
    return this.counts & 15;
  }

  get opCount(): number {
    return this.counts >> 4;
  }

  get event(): string | null {
    return this.rare.event;
  }

  get id(): string | null {
    return this.rare.id;
  }

  get retry(): number | null {
    return this.rare.retry;
  }

  get comments(): SseEvent['comments'] {
    return this.rare.comments;
  }

  get unknownFields(): SseEvent['unknownFields'] {
    return this.rare.unknownFields;
  }

  get unknownPaths(): Interpretation['unknownPaths'] {
    return this.rare.unknownPaths;
  }

  get problems(): Interpretation['problems'] {
    return this.rare.problems;
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
  return new Analyzer(options);
}

// The events a read completed, when it completed none: one shared empty list.
const NONE: readonly AnalyzedEvent[] = Object.freeze([]);

/**
 * The fold. A class, and the parser's `onEvent` a method of it, for speed: V8 keeps the code it
 * optimised for methods (and for a shape some object still has) across garbage collections,
 * where it drops that of closures, and an analysis is often the only one alive.
 */
class Analyzer implements StreamAnalyzer, SseParserOptions {
  /** Keeps the shape of analyzers alive (see the parser's `shapeKeeper`). */
  static readonly shapeKeeper: Analyzer = new Analyzer({});

  readonly events: AnalyzedEvent[] = [];
  readonly reads: ReadInfo[] = [];
  readonly accumulator: Accumulator = createAccumulator();
  private readonly parser: SseParser = createSseParser(this);
  // What events that leave every rare field at its default share; set by the first such event.
  private common: Rare | null = null;
  // The events the current read completed.
  private completed: AnalyzedEvent[] | null = null;
  private offset = 0;
  private done = false;

  constructor(private readonly options: StreamAnalyzerOptions) {}

  feed(bytes: Uint8Array, t: number | null): readonly AnalyzedEvent[] {
    this.reads.push({ t, offset: this.offset, length: bytes.length });
    this.offset += bytes.length;
    this.completed = null;
    this.parser.feed(bytes);
    return this.completed ?? NONE;
  }

  end(): { readonly events: readonly AnalyzedEvent[] } & SseEnd {
    this.completed = null;
    const result = this.parser.end();
    return { events: this.completed ?? NONE, ...result };
  }

  /** The parser's callback: interprets, accumulates and keeps one SSE event. */
  onEvent(sse: SseEvent): void {
    const interpretation = interpretEvent(sse);
    // A client stops reading at [DONE]: what comes after it is shown and diagnosed (after-done), never accumulated.
    if (!this.done) this.accumulator.apply(sse.index, interpretation.ops);
    if (interpretation.kind === 'done') this.done = true;
    const event = new Analyzed(sse, interpretation, this.rareOf(sse, interpretation));
    this.events.push(event);
    (this.completed ??= []).push(event);
    this.options.onEvent?.(event);
  }

  private rareOf(sse: SseEvent, interpretation: Interpretation): Rare {
    const { event, id, retry, comments, unknownFields } = sse;
    const { unknownPaths, problems } = interpretation;
    const common = this.common;
    if (common !== null) {
      if (
        event === null &&
        id === null &&
        retry === null &&
        comments === common.comments &&
        unknownFields === common.unknownFields &&
        unknownPaths === common.unknownPaths &&
        problems === common.problems
      ) {
        return common;
      }
    } else if (event === null && id === null && retry === null && comments.length === 0 && unknownFields.length === 0 && unknownPaths.length === 0 && problems.length === 0) {
      // The parser and the interpretation give every such event the same empty lists.
      return (this.common = { reads: this.reads, event, id, retry, comments, unknownFields, unknownPaths, problems });
    }
    return { reads: this.reads, event, id, retry, comments, unknownFields, unknownPaths, problems };
  }
}
