// The fold's generic way of keeping an event (kit/kept.ts), for a dialect with no keeper of its
// own (Responses, Anthropic Messages, a stream whose dialect could not be told). Like Chat
// Completions' keeper, it keeps little per event — its place, its kind, its token bits, and what
// is rare — and reads the dialect's interpretation again when asked (the annotation, the
// inspector), so that a hundred thousand events cost the garbage collector no more than Chat's do.
// The views read the event in their own words: its dialect's nearest view kind (Dialect.viewKinds).

import type { EventKeeper, KeptEvent, KeptSource } from '../dialects/kit/kept.ts';
import { viewInterpretation } from '../dialects/kit/view.ts';
import type { ViewInterpretation } from '../dialects/kit/view.ts';
import { raw } from '../dialects/raw.ts';
import type { AnyDialect, DialectAccumulator, DialectInterpretation } from '../dialects/types.ts';
import { decodeData } from '../framing/data.ts';
import type { FramedMessage } from '../framing/types.ts';

const NOTHING: readonly never[] = Object.freeze([]);

/** What the analysis shares with its events: the reads (times, and their bytes when kept), and how to read an event again. */
interface DialectSource {
  readonly reads: KeptSource['reads'];
  readonly kept: KeptSource['kept'];
  readonly dialect: AnyDialect;
}

/** The fields nearly every message leaves at their defaults (SSE's names; another framing's headers): one shared object for all such events. */
interface Rare {
  readonly event: string | null;
  readonly id: string | null;
  readonly retry: number | null;
  readonly comments: FramedMessage['comments'];
  readonly unknownFields: FramedMessage['unknownFields'];
}

const PLAIN_RARE: Rare = Object.freeze({ event: null, id: null, retry: null, comments: NOTHING, unknownFields: NOTHING });

/**
 * The fields of an event as few as can be (a body of half a million tiny events keeps half a
 * million of these): the SSE fields that are nearly always defaults shared, the token bits and the
 * operation count in one integer, and the views' interpretation made when asked. Its own class,
 * not one shared with Chat Completions' event: a common base class made both slower in the bench
 * (the commit that chose this says by how much).
 */
class GenericEvent implements KeptEvent, FramedMessage {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly read: number;
  readonly dataStart: number | null;
  readonly dataEnd: number | null;
  /** The data; undefined when it is decoded again, when asked, from the kept read that holds it. */
  private readonly text: string | null | undefined;
  /** The dialect's own word for the event's kind. */
  readonly kind: string;
  private readonly problems: DialectInterpretation['problems'];
  /** The views' interpretation when the event has no problem (one shared object per kind); else made when asked. */
  private readonly view: ViewInterpretation | null;
  /** `tokens`, and `opCount` shifted by four bits. */
  private readonly counts: number;
  private readonly rare: Rare;
  private readonly source: DialectSource;

  constructor(sse: FramedMessage, reading: DialectInterpretation, tokens: number, rare: Rare, inBytes: boolean, source: DialectSource) {
    this.index = sse.index;
    this.start = sse.start;
    this.end = sse.end;
    this.read = sse.read;
    this.dataStart = sse.dataStart ?? null;
    this.dataEnd = sse.dataEnd ?? null;
    this.text = inBytes ? undefined : sse.data;
    this.kind = reading.kind;
    this.problems = reading.problems.length === 0 ? NOTHING : reading.problems;
    this.view = reading.problems.length === 0 ? viewInterpretation(reading.kind, NOTHING, source.dialect.viewKinds) : null;
    this.counts = tokens | (reading.ops.length << 4);
    this.rare = rare;
    this.source = source;
  }

  get data(): string | null {
    if (this.text !== undefined) return this.text;
    const offset = this.source.reads[this.read]!.offset;
    return decodeData(this.source.kept![this.read]!.bytes, this.dataStart! - offset, this.dataEnd! - offset);
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

  get comments(): FramedMessage['comments'] {
    return this.rare.comments;
  }

  get unknownFields(): FramedMessage['unknownFields'] {
    return this.rare.unknownFields;
  }

  get tokens(): number {
    return this.counts & 15;
  }

  get opCount(): number {
    return this.counts >> 4;
  }

  get interpretation(): ViewInterpretation {
    return this.view ?? viewInterpretation(this.kind, this.problems, this.source.dialect.viewKinds);
  }

  get sse(): FramedMessage {
    return this;
  }

  get t(): number | null {
    return this.source.reads[this.read]?.t ?? null;
  }

  /** The dialect's own reading, read again (interpretation is deterministic). */
  get dialectInterpretation(): DialectInterpretation {
    return this.source.dialect.interpret(this);
  }

  get annotation(): string {
    const { dialect } = this.source;
    return dialect.annotate(this, dialect.interpret(this));
  }
}

/** The generic keeper: the dialect's `interpret`, and the compact event above. A class for speed (Chat's keeper says why). */
class GenericKeeper implements EventKeeper<DialectInterpretation> {
  /** Keeps the shape of keepers alive (see the SSE parser's `shapeKeeper`). */
  static readonly shapeKeeper: GenericKeeper = new GenericKeeper(raw, { reads: [], kept: null });

  private readonly shared: DialectSource;
  /** The last event's rare fields: most events repeat them (an event-stream's headers, an SSE `event` name), so they share one object. */
  private lastRare: Rare = PLAIN_RARE;

  constructor(
    private readonly dialect: AnyDialect,
    source: KeptSource,
  ) {
    this.shared = { reads: source.reads, kept: source.kept, dialect };
  }

  take(event: FramedMessage, accumulator: DialectAccumulator<DialectInterpretation, unknown> | null): KeptEvent {
    const interpretation = this.dialect.interpret(event);
    accumulator?.apply(event.index, interpretation);
    return new GenericEvent(event, interpretation, this.dialect.tokens(interpretation), this.rareOf(event), this.inBytes(event), this.shared);
  }

  private rareOf({ event, id, retry, comments, unknownFields }: FramedMessage): Rare {
    const last = this.lastRare;
    // The framings hand on one empty list, and one list for headers repeated byte for byte.
    if (event === last.event && id === last.id && retry === last.retry && comments === last.comments && unknownFields === last.unknownFields) return last;
    if (event === null && id === null && retry === null && comments.length === 0 && unknownFields.length === 0) return (this.lastRare = PLAIN_RARE);
    return (this.lastRare = { event, id, retry, comments, unknownFields });
  }

  /** Whether the event's data can be decoded again from the kept read that holds all of it (FramedMessage.dataStart). */
  private inBytes({ data, read, dataStart, dataEnd }: FramedMessage): boolean {
    if (data === null || dataStart == null || dataEnd == null) return false;
    const kept = this.shared.kept?.[read];
    const info = this.shared.reads[read];
    return kept !== undefined && info !== undefined && dataStart >= info.offset && dataEnd <= info.offset + kept.bytes.length;
  }
}

export function genericKeeper(dialect: AnyDialect, source: KeptSource): EventKeeper<DialectInterpretation> {
  return new GenericKeeper(dialect, source);
}
