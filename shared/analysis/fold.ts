// The fold behind createStreamAnalyzer (stream.ts) and analyzeRecording
// (analyze.ts): each SSE event interpreted, applied to the client state, and
// kept as one compact object. Built for a hundred thousand events: what the
// analysis keeps per event is what the garbage collector copies, and on a
// virtual machine every megabyte the heap grows by costs milliseconds.

import { createAccumulator } from '../dialects/chat/accumulate.ts';
import type { Accumulator } from '../dialects/chat/accumulate.ts';
import { annotate } from '../dialects/chat/annotate.ts';
import { interpretEvent } from '../dialects/chat/interpret.ts';
import { ChunkTemplate } from '../dialects/chat/template.ts';
import { tokensOf } from '../dialects/chat/tokens.ts';
import type { Interpretation } from '../dialects/chat/interpret.ts';
import { EVENTS_LOOKED_AT, protocolFromPath, protocolOfEvent } from '../dialects/detect.ts';
import { raw } from '../dialects/raw.ts';
import { registeredDialect } from '../dialects/registry.ts';
import type { AnyDialect, DialectAccumulator, DialectInterpretation, Protocol } from '../dialects/types.ts';
import type { SseEvent, SseParser, SseParserOptions, SsePartialEvent } from '../framing/sse/parser.ts';
import { BODY_FRAMING } from './body-framing.ts';
import { DialectAnalyzed } from './dialect-event.ts';
import type { DialectSource } from './dialect-event.ts';
import type { AnalyzedEvent, ReadInfo, StreamAnalyzer, StreamAnalyzerOptions, StreamStats } from './stream.ts';

/**
 * The events an analysis keeps (and the store stores as rows). Past it the events are counted, not
 * kept: 80 MB of `data:\n\n` is 9.6 million events, and what the analysis keeps per event (a few
 * hundred bytes) took 4 GB (issue 17, "Many tiny events"). The body's bytes are all kept.
 */
export const MAX_ANALYSED_EVENTS = 500_000;

// The token bits are the dialects' (a tool-call fragment here includes the deprecated function_call).
export { TOKEN_CONTENT, TOKEN_REASONING, TOKEN_REFUSAL, TOKEN_TOOL } from '../dialects/types.ts';

/**
 * Events held while the dialect is not told, past which the stream is read raw: the data events
 * detect.ts looks at, and a bound on the comments and empty events before them (a body of
 * keep-alives alone would otherwise be held whole).
 */
const MAX_HELD_EVENTS = 1024;

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

  get dialectInterpretation(): Interpretation {
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
 *
 * The dialect is the one asked for, else the request path's, else the first events' (held until
 * one tells, then replayed; raw when none of the first EVENTS_LOOKED_AT data events does). Chat
 * Completions keeps its own path (the chunk template, the compact `Analyzed`); the other dialects
 * go through the dialect interface.
 */
export class Analyzer implements StreamAnalyzer, SseParserOptions {
  /** Keeps the shape of analyzers alive (see the parser's `shapeKeeper`). */
  static readonly shapeKeeper: Analyzer = new Analyzer({}, null);

  readonly events: AnalyzedEvent[] = [];
  readonly reads: ReadInfo[] = [];
  /** Chat Completions' client state, on its own path (dialectState has it). */
  private readonly chatAccumulator: Accumulator = createAccumulator();
  private readonly parser: SseParser = BODY_FRAMING.parse(this);
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
  /** Chat Completions: the path above. */
  private chat = false;
  /** Another dialect (raw included); null for Chat Completions and while not told. */
  private other: { readonly source: DialectSource; readonly accumulator: DialectAccumulator<DialectInterpretation, unknown> } | null = null;
  /** Events waiting for the dialect to be told; null once it is. */
  private held: SseEvent[] | null = null;
  private heldData = 0;

  /**
   * `kept`: the reads the caller will feed, in order, whose bytes it keeps unchanged for as long as
   * the analysis lives (a recording's); null when it may reuse them.
   */
  constructor(
    private readonly options: StreamAnalyzerOptions,
    kept: readonly { readonly bytes: Uint8Array }[] | null,
  ) {
    this.source = { reads: this.reads, kept };
    const protocol = options.protocol ?? (options.url ? protocolFromPath(options.url) : null);
    if (protocol !== null) this.choose(protocol);
    else this.held = [];
  }

  /** The dialect the stream is read in: null when it could not be told (raw), undefined while not yet told. */
  get protocol(): Protocol | null | undefined {
    if (this.chat) return 'chat-completions';
    if (this.other !== null) return this.other.source.dialect.protocol;
    return undefined;
  }

  /** The dialect's state: Chat Completions' StreamState, or the other dialect's (null while not told or raw). */
  get dialectState(): unknown {
    if (this.chat) return this.chatAccumulator.state;
    return this.other?.accumulator.state ?? null;
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
    if (this.held !== null) this.choose(this.untold());
    return { events: this.completed ?? NONE, partial, stats: this.stats };
  }

  get stats(): StreamStats {
    return { ...this.parser.stats, events: this.events.length + (this.held?.length ?? 0) + this.unanalysed };
  }

  /** The parser's callback: interprets, accumulates and keeps one SSE event. */
  onEvent(sse: SseEvent): void {
    if (this.events.length >= MAX_ANALYSED_EVENTS) {
      this.unanalysed++;
      return;
    }
    if (!this.chat) {
      this.onOtherEvent(sse);
      return;
    }
    const interpretation = this.template.interpret(sse);
    // A client stops reading at [DONE]: what comes after it is shown and diagnosed (after-done), never accumulated.
    if (!this.done) this.chatAccumulator.apply(sse.index, interpretation.ops);
    if (interpretation.kind === 'done') this.done = true;
    const rare = this.rareOf(sse, interpretation);
    const event = new Analyzed(sse, interpretation, rare, rare === this.common && this.inBytes(sse) ? undefined : sse.data);
    this.events.push(event);
    (this.completed ??= []).push(event);
    this.options.onEvent?.(event);
  }

  /** An event of another dialect, or one held until the dialect is told. */
  private onOtherEvent(sse: SseEvent): void {
    const held = this.held;
    if (held !== null) {
      held.push(sse);
      if (sse.data === null) {
        if (held.length >= MAX_HELD_EVENTS) this.choose(this.untold());
        return;
      }
      const protocol = protocolOfEvent(sse);
      if (protocol !== null) this.choose(protocol);
      else if (++this.heldData >= EVENTS_LOOKED_AT || held.length >= MAX_HELD_EVENTS) this.choose(null);
      return;
    }
    const { source, accumulator } = this.other!;
    const { dialect } = source;
    const interpretation = dialect.interpret(sse);
    if (!this.done) accumulator.apply(sse.index, interpretation);
    if (interpretation.kind === 'done') this.done = true;
    const event = new DialectAnalyzed(sse, interpretation, dialect.tokens(interpretation), source);
    this.events.push(event);
    (this.completed ??= []).push(event);
    this.options.onEvent?.(event);
  }

  /**
   * The reading of a stream nothing told the dialect of: raw when it has data no dialect claims;
   * Chat Completions when it has no data at all (an empty body, keep-alives, a page that is not
   * SSE), where its end-of-stream findings (no-done: "the body holds no SSE event at all") are
   * what the product always said of such a body.
   */
  private untold(): Protocol | null {
    return this.heldData === 0 ? 'chat-completions' : null;
  }

  /** Settles the dialect (null: raw) and reads the events held until then. */
  private choose(protocol: Protocol | null): void {
    const held = this.held;
    this.held = null;
    if (protocol === 'chat-completions') this.chat = true;
    else {
      const dialect: AnyDialect = protocol === null ? raw : registeredDialect(protocol);
      this.other = { source: { reads: this.reads, dialect }, accumulator: dialect.createAccumulator() };
    }
    if (held !== null) for (const sse of held) this.onEvent(sse);
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
