// The fold behind createStreamAnalyzer (stream.ts) and analyzeRecording
// (analyze.ts): each SSE event interpreted, applied to the client state, and
// kept as one compact object. Built for a hundred thousand events: what the
// analysis keeps per event is what the garbage collector copies, and on a
// virtual machine every megabyte the heap grows by costs milliseconds.

import { createAccumulator } from '../chunks/accumulate.ts';
import type { Accumulator } from '../chunks/accumulate.ts';
import { annotate } from '../chunks/annotate.ts';
import { interpretEvent } from '../chunks/interpret.ts';
import { ChunkTemplate } from '../chunks/template.ts';
import type { Interpretation } from '../chunks/interpret.ts';
import { createSseParser } from '../sse/parser.ts';
import type { SseEvent, SseParser, SseParserOptions, SsePartialEvent } from '../sse/parser.ts';
import type { AnalyzedEvent, ReadInfo, StreamAnalyzer, StreamAnalyzerOptions, StreamStats } from './stream.ts';

/**
 * The events an analysis keeps (and the store stores as rows). Past it the events are counted, not
 * kept: 80 MB of `data:\n\n` is 9.6 million events, and what the analysis keeps per event (a few
 * hundred bytes) took 4 GB (issue 17, "Many tiny events"). The body's bytes are all kept.
 */
export const MAX_ANALYSED_EVENTS = 500_000;

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

/** The reads of an analysis: their times, and their bytes when the caller keeps them unchanged (a recording does). */
interface Source {
  readonly reads: readonly ReadInfo[];
  readonly kept: readonly { readonly bytes: Uint8Array }[] | null;
}

/** What nearly every event leaves at its default, kept apart: all such events of an analysis share one. */
interface Rare {
  readonly source: Source;
  readonly event: string | null;
  readonly id: string | null;
  readonly retry: number | null;
  readonly comments: SseEvent['comments'];
  readonly unknownFields: SseEvent['unknownFields'];
  readonly unknownPaths: Interpretation['unknownPaths'];
  readonly problems: Interpretation['problems'];
}

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Where the value of an event made of one `data:` line and its blank line lies in `bytes` (the
 * read holding it): after `data:` and one space, before the two line endings (CRLF, LF or CR each).
 */
function dataValueRange(bytes: Uint8Array, start: number, end: number): [number, number] {
  const from = bytes[start + 5] === SPACE ? start + 6 : start + 5;
  let to = end - (bytes[end - 1] === LF && bytes[end - 2] === CR ? 2 : 1);
  to -= bytes[to - 1] === LF && bytes[to - 2] === CR ? 2 : 1;
  return [from, to];
}

/**
 * Whether an event is one `data:` line (and its blank line) in `bytes`, whose bytes decode to
 * `data`: when no line ending lies between the two ends `dataValueRange` finds, they are the
 * line's value whole. When they are as many as `data` has characters, none can: a line ending
 * would leave fewer characters than bytes.
 */
function isPlainData(bytes: Uint8Array, start: number, end: number, data: string): boolean {
  if (bytes[start] !== 0x64 || bytes[start + 1] !== 0x61 || bytes[start + 2] !== 0x74 || bytes[start + 3] !== 0x61 || bytes[start + 4] !== 0x3a) return false;
  const [from, to] = dataValueRange(bytes, start, end);
  if (to - from === data.length) return true;
  if (to - from < data.length) return false;
  for (let i = from; i < to; i++) if (bytes[i] === LF || bytes[i] === CR) return false;
  return true;
}

/**
 * An analysed event is its own SSE event and its own interpretation: one object
 * instead of three for each of a hundred thousand events, which the garbage
 * collector would otherwise copy. For the same reason it does not keep its
 * operations (each an object, with its strings): the fold applies them once,
 * the checks read `tokens`, and `ops` interprets the event again when asked;
 * the fields that nearly every event leaves at their defaults, its arrival time
 * among them (that of its read), are read through one shared object; and when
 * the reads' bytes are kept by the caller, a plain `data:` event decodes its
 * data from them when asked, instead of keeping a string as large as its bytes.
 */
class Analyzed implements AnalyzedEvent, SseEvent, Interpretation {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly read: number;
  readonly kind: Interpretation['kind'];
  readonly meta: Interpretation['meta'];
  readonly obfuscationBytes: number;
  /** The data; undefined when it is read from the bytes. */
  private readonly value: string | null | undefined;
  /** `tokens`, and `opCount` shifted by four bits: one small integer. */
  private readonly counts: number;
  private readonly rare: Rare;

  constructor(sse: SseEvent, interpretation: Interpretation, rare: Rare, value: string | null | undefined) {
    this.index = sse.index;
    this.start = sse.start;
    this.end = sse.end;
    this.read = sse.read;
    this.kind = interpretation.kind;
    this.meta = interpretation.meta;
    this.obfuscationBytes = interpretation.obfuscationBytes;
    this.value = value;
    this.counts = tokensOf(interpretation.ops) | (interpretation.ops.length << 4);
    this.rare = rare;
  }

  get data(): string | null {
    if (this.value !== undefined) return this.value;
    const { reads, kept } = this.rare.source;
    const read = kept![this.read]!.bytes;
    const offset = reads[this.read]!.offset;
    const [from, to] = dataValueRange(read, this.start - offset, this.end - offset);
    return decoder.decode(read.subarray(from, to));
  }

  get t(): number | null {
    return this.rare.source.reads[this.read]?.t ?? null;
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

// The events a read completed, when it completed none: one shared empty list.
const NONE: readonly AnalyzedEvent[] = Object.freeze([]);

/**
 * The fold. A class, and the parser's `onEvent` a method of it, for speed: V8 keeps the code it
 * optimised for methods (and for a shape some object still has) across garbage collections,
 * where it drops that of closures, and an analysis is often the only one alive.
 */
export class Analyzer implements StreamAnalyzer, SseParserOptions {
  /** Keeps the shape of analyzers alive (see the parser's `shapeKeeper`). */
  static readonly shapeKeeper: Analyzer = new Analyzer({}, null);

  readonly events: AnalyzedEvent[] = [];
  readonly reads: ReadInfo[] = [];
  readonly accumulator: Accumulator = createAccumulator();
  private readonly parser: SseParser = createSseParser(this);
  // Chunks that only change the content of the one before are interpreted without JSON.parse.
  private readonly template = new ChunkTemplate();
  private readonly source: Source;
  // What events that leave every rare field at its default share; set by the first such event.
  private common: Rare | null = null;
  // The events the current read completed.
  private completed: AnalyzedEvent[] | null = null;
  private offset = 0;
  private done = false;
  // Events past MAX_ANALYSED_EVENTS, counted and not kept.
  private unanalysed = 0;

  /**
   * `kept`: the reads the caller will feed, in order, whose bytes it keeps unchanged for as long as
   * the analysis lives (a recording's); null when it may reuse them.
   */
  constructor(
    private readonly options: StreamAnalyzerOptions,
    kept: readonly { readonly bytes: Uint8Array }[] | null,
  ) {
    this.source = { reads: this.reads, kept };
  }

  feed(bytes: Uint8Array, t: number | null): readonly AnalyzedEvent[] {
    this.reads.push({ t, offset: this.offset, length: bytes.length });
    this.offset += bytes.length;
    this.completed = null;
    this.parser.feed(bytes);
    return this.completed ?? NONE;
  }

  end(): { readonly events: readonly AnalyzedEvent[]; readonly partial: SsePartialEvent | null; readonly stats: StreamStats } {
    this.completed = null;
    const { partial } = this.parser.end();
    return { events: this.completed ?? NONE, partial, stats: this.stats };
  }

  get stats(): StreamStats {
    return { ...this.parser.stats, events: this.events.length + this.unanalysed };
  }

  /** The parser's callback: interprets, accumulates and keeps one SSE event. */
  onEvent(sse: SseEvent): void {
    if (this.events.length >= MAX_ANALYSED_EVENTS) {
      this.unanalysed++;
      return;
    }
    const interpretation = this.template.interpret(sse);
    // A client stops reading at [DONE]: what comes after it is shown and diagnosed (after-done), never accumulated.
    if (!this.done) this.accumulator.apply(sse.index, interpretation.ops);
    if (interpretation.kind === 'done') this.done = true;
    const rare = this.rareOf(sse, interpretation);
    const event = new Analyzed(sse, interpretation, rare, rare === this.common && this.inBytes(sse) ? undefined : sse.data);
    this.events.push(event);
    (this.completed ??= []).push(event);
    this.options.onEvent?.(event);
  }

  /** Whether a plain `data:` event can read its data from the kept bytes of the read that holds it whole. */
  private inBytes({ start, end, read, data }: SseEvent): boolean {
    const bytes = this.source.kept?.[read]?.bytes;
    const offset = this.reads[read]!.offset;
    return bytes !== undefined && data !== null && start >= offset && isPlainData(bytes, start - offset, end - offset, data);
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
      return (this.common = { source: this.source, event, id, retry, comments, unknownFields, unknownPaths, problems });
    }
    return { source: this.source, event, id, retry, comments, unknownFields, unknownPaths, problems };
  }
}
