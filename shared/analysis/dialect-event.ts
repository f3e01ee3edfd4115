// An event of a stream in a dialect other than Chat Completions (Responses, Anthropic Messages, or
// a stream whose dialect could not be told), as the analysis keeps it. Like fold.ts's `Analyzed`,
// it keeps little per event — its place, its kind, its token bits, and what is rare — and reads
// the dialect's interpretation again when asked (the annotation, the inspector), so that a
// hundred thousand events cost the garbage collector no more than Chat Completions' do.
//
// The views (the events table's filters and colours, the timeline's lanes, the HTML report, the
// store's `kind` column) know Chat Completions' kinds: `interpretation` gives each dialect's event
// its nearest one (VIEW_KINDS), with no Chat operation, no chunk identity and no padding, so that
// every Chat-only reading of it (aimock exports, the chunk checks) finds nothing to read. The
// dialect's own reading is `dialectInterpretation`.

import type { EventKind, Interpretation } from '../dialects/chat/interpret.ts';
import type { AnyDialect, DialectInterpretation } from '../dialects/types.ts';
import type { SseEvent } from '../framing/sse/types.ts';
import type { AnalyzedEvent, ReadInfo } from './stream.ts';

/** Each dialect kind's nearest Chat Completions kind, as the views colour and filter them. */
const VIEW_KINDS: Readonly<Record<string, EventKind>> = {
  // What every dialect names alike.
  comment: 'comment',
  'no-data': 'no-data',
  'invalid-json': 'invalid-json',
  malformed: 'malformed',
  done: 'done',
  error: 'error',
  text: 'content',
  refusal: 'refusal',
  reasoning: 'reasoning',
  tool: 'tool',
  // Responses
  response: 'metadata',
  terminal: 'finish',
  item: 'metadata',
  part: 'metadata',
  'text-done': 'metadata',
  annotation: 'metadata',
  status: 'metadata',
  ignored: 'empty',
  unknown: 'empty',
  // Anthropic Messages
  'message-start': 'role',
  'block-start': 'metadata',
  'block-stop': 'metadata',
  signature: 'reasoning',
  citation: 'metadata',
  'message-delta': 'finish',
  'message-stop': 'finish',
  ping: 'comment',
  // A raw stream's JSON payloads.
  data: 'metadata',
};

const NOTHING: readonly never[] = Object.freeze([]);

/** The views' interpretation of an event with no problem: one shared, frozen object per kind. */
const PLAIN = new Map<string, Interpretation>();

/** The event in the views' vocabulary: the nearest Chat kind, no Chat operation, the dialect's problems. */
export function viewInterpretation(kind: string, problems: DialectInterpretation['problems']): Interpretation {
  const viewKind = VIEW_KINDS[kind] ?? 'empty';
  if (problems.length === 0) {
    let plain = PLAIN.get(kind);
    if (plain === undefined) PLAIN.set(kind, (plain = Object.freeze({ kind: viewKind, ops: NOTHING, meta: null, unknownPaths: NOTHING, problems: NOTHING, obfuscationBytes: 0 })));
    return plain;
  }
  // The dialects' problems are two of Chat's four (invalid-json, wrong-type).
  return { kind: viewKind, ops: NOTHING, meta: null, unknownPaths: NOTHING, problems: problems as Interpretation['problems'], obfuscationBytes: 0 };
}

/** What the analysis shares with its events: the reads (times), and how to read an event again. */
export interface DialectSource {
  readonly reads: readonly ReadInfo[];
  readonly dialect: AnyDialect;
}

/** The SSE fields nearly every event leaves at their defaults: one shared object for all such events. */
interface Rare {
  readonly event: string | null;
  readonly id: string | null;
  readonly retry: number | null;
  readonly comments: SseEvent['comments'];
  readonly unknownFields: SseEvent['unknownFields'];
}

const PLAIN_RARE: Rare = Object.freeze({ event: null, id: null, retry: null, comments: NOTHING, unknownFields: NOTHING });

/**
 * The fields of an event as few as can be (a body of half a million tiny events keeps half a
 * million of these): the SSE fields that are nearly always defaults shared, the token bits and the
 * operation count in one integer, and the views' interpretation made when asked.
 */
export class DialectAnalyzed implements AnalyzedEvent, SseEvent {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly read: number;
  readonly data: string | null;
  /** The dialect's own word for the event's kind. */
  readonly kind: string;
  private readonly problems: DialectInterpretation['problems'];
  /** The views' interpretation when the event has no problem (one shared object per kind); else made when asked. */
  private readonly view: Interpretation | null;
  /** `tokens`, and `opCount` shifted by four bits. */
  private readonly counts: number;
  private readonly rare: Rare;
  private readonly source: DialectSource;

  constructor(sse: SseEvent, reading: DialectInterpretation, tokens: number, source: DialectSource) {
    this.index = sse.index;
    this.start = sse.start;
    this.end = sse.end;
    this.read = sse.read;
    this.data = sse.data;
    this.kind = reading.kind;
    this.problems = reading.problems.length === 0 ? NOTHING : reading.problems;
    this.view = reading.problems.length === 0 ? viewInterpretation(reading.kind, NOTHING) : null;
    this.counts = tokens | (reading.ops.length << 4);
    const { event, id, retry, comments, unknownFields } = sse;
    this.rare = event === null && id === null && retry === null && comments.length === 0 && unknownFields.length === 0 ? PLAIN_RARE : { event, id, retry, comments, unknownFields };
    this.source = source;
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

  get tokens(): number {
    return this.counts & 15;
  }

  get opCount(): number {
    return this.counts >> 4;
  }

  get interpretation(): Interpretation {
    return this.view ?? viewInterpretation(this.kind, this.problems);
  }

  get sse(): SseEvent {
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
