// The fold behind createStreamAnalyzer (stream.ts) and analyzeRecording (analyze.ts): the body
// parsed in its framing (chosen before its first byte: framingFor), each framed event read by its
// dialect, applied to the client state, and kept (docs/architecture.md, "Framing", "Analysis"). One path for every dialect: how an event is read and kept is the dialect's
// keeper when it has one (Chat Completions' compact events), else the generic one
// (generic-keeper.ts). Built for a hundred thousand events: what the analysis keeps per event is
// what the garbage collector copies.

import { EVENTS_LOOKED_AT, protocolFromPath, protocolOfEvent } from '../dialects/detect.ts';
import type { EventKeeper } from '../dialects/kit/kept.ts';
import { raw } from '../dialects/raw.ts';
import { DEFAULT_PROTOCOL, descriptorOf, registeredDialect } from '../dialects/registry.ts';
import type { AnyDialect, DialectAccumulator, DialectInterpretation, Protocol } from '../dialects/types.ts';
import { DEFAULT_FRAMING, framingNamedBy, framingOf, framingOfContentType, mediaTypeOfBareBody } from '../framing/registry.ts';
import { header } from '../recording/types.ts';
import type { BodyPartial, BodyStats, FramedMessage, FramingName, FramingOptions, FramingParser } from '../framing/types.ts';
import { genericKeeper } from './generic-keeper.ts';
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

// The events a read completed, when it completed none: one shared empty list.
const NONE: readonly AnalyzedEvent[] = Object.freeze([]);

/** The dialect an analysis reads in, once told: how its events are read and kept, and the client state they build. */
interface Reading {
  readonly dialect: AnyDialect;
  readonly keeper: EventKeeper<DialectInterpretation>;
  readonly accumulator: DialectAccumulator<DialectInterpretation, unknown>;
}

/**
 * The framing a body is read in, chosen before its first byte: the dialect's when it is known (the
 * one asked for, the request path's, or another it says its bodies come in when the content-type
 * names that one: `alsoFramed`), else the one the response's content-type names (SSE for any
 * other): the first events cannot tell it, as they are the framing's.
 */
export function framingFor(protocol: Protocol | null, contentType: string | null | undefined): FramingName {
  if (protocol === null) return framingOfContentType(contentType);
  const { framing, alsoFramed } = descriptorOf(protocol);
  const named = framingNamedBy(contentType);
  return named !== null && alsoFramed?.[named] !== undefined ? named : (framing ?? DEFAULT_FRAMING);
}

/** What of a recording tells its framing: the request's path, the response's content-type, a bare body's first read. */
export interface FramingFacts {
  readonly request: { readonly url: string } | null;
  readonly response: { readonly headers: Readonly<Record<string, string>> } | null;
  readonly reads: readonly { readonly bytes: Uint8Array }[];
}

/**
 * The framing the analysis reads a recording's body in (analyze.ts), from the recording alone: the
 * request path's dialect and the response's content-type, as framingFor weighs them; with no
 * response head (a file's bare body), the first read stands in for the content-type.
 */
export function framingOfRecording({ request, response, reads }: FramingFacts): FramingName {
  const contentType = response === null ? mediaTypeOfBareBody(reads[0]?.bytes) : (header(response.headers, 'content-type') ?? null);
  return framingFor(request === null ? null : protocolFromPath(request.url), contentType);
}

/**
 * The fold. A class, and the parser's `onEvent` a method of it, for speed: V8 keeps the code it
 * optimised for methods (and for a shape some object still has) across garbage collections,
 * where it drops that of closures, and an analysis is often the only one alive.
 *
 * The dialect is the one asked for, else the request path's, else the first events' (held until
 * one tells, then replayed; raw when none of the first EVENTS_LOOKED_AT data events does).
 */
export class Analyzer implements StreamAnalyzer, FramingOptions<FramedMessage> {
  /** Keeps the shape of analyzers alive (see the parser's `shapeKeeper`). */
  static readonly shapeKeeper: Analyzer = new Analyzer({}, null);

  readonly events: AnalyzedEvent[] = [];
  readonly reads: ReadInfo[] = [];
  // The framing's parser: made when the body's first byte comes (or its end, or its figures are asked), the response head known by then.
  private body: FramingParser<BodyPartial, BodyStats> | null = null;
  private chosenFraming: FramingName | null = null;
  private readonly told: Protocol | null;
  private readonly kept: readonly { readonly bytes: Uint8Array }[] | null;
  // The events the current read completed.
  private completed: AnalyzedEvent[] | null = null;
  private offset = 0;
  private done = false;
  // Events analysed (kept in `events` unless options.keepEvents is false), and those past MAX_ANALYSED_EVENTS, counted and not analysed.
  private analysed = 0;
  private unanalysed = 0;
  private readonly keepEvents: boolean;
  /** The dialect read in (raw included); null while not told. */
  private reading: Reading | null = null;
  /** Events waiting for the dialect to be told; null once it is. */
  private held: FramedMessage[] | null = null;
  private heldData = 0;

  /**
   * `kept`: the reads the caller will feed, in order, whose bytes it keeps unchanged for as long as
   * the analysis lives (a recording's); null when it may reuse them.
   */
  constructor(
    private readonly options: StreamAnalyzerOptions,
    kept: readonly { readonly bytes: Uint8Array }[] | null,
  ) {
    this.kept = kept;
    this.keepEvents = options.keepEvents !== false;
    const protocol = options.protocol ?? (options.url ? protocolFromPath(options.url) : null);
    this.told = protocol;
    if (protocol !== null) this.choose(protocol);
    else this.held = [];
  }

  /** The framing the body is read in (framingFor), settled before its first byte. */
  get framing(): FramingName {
    return (this.chosenFraming ??= framingFor(this.told, typeof this.options.contentType === 'function' ? this.options.contentType() : this.options.contentType));
  }

  /** The framing's option: the caller keeps the reads (see the constructor). */
  get readsKept(): boolean {
    return this.kept !== null;
  }

  private get parser(): FramingParser<BodyPartial, BodyStats> {
    return (this.body ??= framingOf(this.framing).parse(this));
  }

  /** The dialect the stream is read in: null when it could not be told (raw), undefined while not yet told. */
  get protocol(): Protocol | null | undefined {
    return this.reading === null ? undefined : this.reading.dialect.protocol;
  }

  /** The dialect's accumulated state (null while not told, and for the raw reading). */
  get dialectState(): unknown {
    return this.reading?.accumulator.state ?? null;
  }

  feed(bytes: Uint8Array, t: number | null): readonly AnalyzedEvent[] {
    this.reads.push({ t, offset: this.offset, length: bytes.length });
    this.offset += bytes.length;
    this.completed = null;
    this.parser.feed(bytes);
    return this.completed ?? NONE;
  }

  end(): { readonly events: readonly AnalyzedEvent[]; readonly partial: BodyPartial | null; readonly stats: StreamStats } {
    this.completed = null;
    const { partial } = this.parser.end();
    if (this.held !== null) this.choose(this.untold());
    return { events: this.completed ?? NONE, partial, stats: this.stats };
  }

  get stats(): StreamStats {
    return { ...this.parser.stats, events: this.analysed + (this.held?.length ?? 0) + this.unanalysed };
  }

  /** The parser's callback: reads, accumulates and keeps one event. */
  onEvent(sse: FramedMessage): void {
    if (this.analysed >= MAX_ANALYSED_EVENTS) {
      this.unanalysed++;
      return;
    }
    const reading = this.reading;
    if (reading === null) {
      this.hold(sse);
      return;
    }
    // A client stops reading at [DONE]: what comes after it is shown and diagnosed (after-done), never accumulated.
    const event = reading.keeper.take(sse, this.done ? null : reading.accumulator);
    if (event.interpretation.kind === 'done') this.done = true;
    this.analysed++;
    if (this.keepEvents) this.events.push(event);
    (this.completed ??= []).push(event);
    this.options.onEvent?.(event);
  }

  /** Holds an event until the dialect is told, and settles it when this one tells or the look is over. */
  private hold(sse: FramedMessage): void {
    const held = this.held!;
    held.push(sse);
    if (sse.data === null) {
      if (held.length >= MAX_HELD_EVENTS) this.choose(this.untold());
      return;
    }
    const protocol = protocolOfEvent(sse);
    if (protocol !== null) this.choose(protocol);
    else if (++this.heldData >= EVENTS_LOOKED_AT || held.length >= MAX_HELD_EVENTS) this.choose(null);
  }

  /** The reading of a stream nothing told the dialect of: raw when it has data no dialect claims; the default dialect when it has no data at all (registry.ts). */
  private untold(): Protocol | null {
    return this.heldData === 0 ? DEFAULT_PROTOCOL : null;
  }

  /** Settles the dialect (null: raw) and reads the events held until then. */
  private choose(protocol: Protocol | null): void {
    const held = this.held;
    this.held = null;
    const dialect: AnyDialect = protocol === null ? raw : registeredDialect(protocol);
    const source = { reads: this.reads, kept: this.kept };
    this.reading = { dialect, keeper: dialect.keeper?.(source) ?? genericKeeper(dialect, source), accumulator: dialect.createAccumulator() };
    if (held !== null) for (const sse of held) this.onEvent(sse);
  }
}
