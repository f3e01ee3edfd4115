// Chat Completions' own way of keeping its events (Dialect.keeper, kit/kept.ts): built for a
// hundred thousand events, where what the analysis keeps per event is what the garbage collector
// copies, and on a virtual machine every megabyte the heap grows by costs milliseconds. Its
// reading is the views' own words (interpret.ts's EventKind is the views' ViewKind), so an event
// is its own interpretation: one object instead of three.

import type { FramedMessage } from '../../framing/types.ts';
import type { EventKeeper, KeptEvent, KeptSource } from '../kit/kept.ts';
import type { DialectAccumulator } from '../types.ts';
import { annotate } from './annotate.ts';
import { interpretEvent } from './interpret.ts';
import type { Interpretation } from './interpret.ts';
import { ChunkTemplate } from './template.ts';
import { tokensOf } from './tokens.ts';

/** What nearly every event leaves at its default, kept apart: all such events of an analysis share one. */
interface Rare {
  readonly source: KeptSource;
  readonly event: string | null;
  readonly id: string | null;
  readonly retry: number | null;
  readonly comments: FramedMessage['comments'];
  readonly unknownFields: FramedMessage['unknownFields'];
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
 * An analysed event is its own framed message and its own interpretation: one object instead of
 * three. For the same reason it does not keep its operations (each an object, with its strings):
 * the fold applies them once, the checks read `tokens`, and `ops` interprets the event again when
 * asked; the fields that nearly every event leaves at their defaults, its arrival time among them
 * (that of its read), are read through one shared object; and when the reads' bytes are kept by the caller, a plain `data:` event decodes its data from them
 * when asked, instead of keeping a string as large as its bytes.
 */
class ChatEvent implements KeptEvent, FramedMessage, Interpretation {
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

  constructor(message: FramedMessage, interpretation: Interpretation, rare: Rare, value: string | null | undefined) {
    this.index = message.index;
    this.start = message.start;
    this.end = message.end;
    this.read = message.read;
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

  get comments(): FramedMessage['comments'] {
    return this.rare.comments;
  }

  get unknownFields(): FramedMessage['unknownFields'] {
    return this.rare.unknownFields;
  }

  get unknownPaths(): Interpretation['unknownPaths'] {
    return this.rare.unknownPaths;
  }

  get problems(): Interpretation['problems'] {
    return this.rare.problems;
  }

  get sse(): FramedMessage {
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

/**
 * A class, and its methods called by the fold, for speed: V8 keeps the code it optimised for
 * methods (and for a shape some object still has) across garbage collections, where it drops
 * that of closures, and an analysis is often the only one alive.
 */
class ChatKeeper implements EventKeeper<Interpretation> {
  // V8 drops the code it optimised for a shape no live object has (see the SSE parser's
  // shapeKeeper): this idle keeper keeps the shape, so a keeper made after a collection runs at full speed.
  static readonly shapeKeeper: ChatKeeper = new ChatKeeper({ reads: [], kept: null });

  // Chunks that only change the content of the one before are interpreted without JSON.parse.
  private readonly template = new ChunkTemplate();
  // What events that leave every rare field at its default share; set by the first such event.
  private common: Rare | null = null;

  constructor(private readonly source: KeptSource) {}

  take(message: FramedMessage, accumulator: DialectAccumulator<Interpretation, unknown> | null): KeptEvent {
    const interpretation = this.template.interpret(message);
    accumulator?.apply(message.index, interpretation);
    const rare = this.rareOf(message, interpretation);
    return new ChatEvent(message, interpretation, rare, rare === this.common && this.inBytes(message) ? undefined : message.data);
  }

  /** Whether a plain `data:` event can read its data from the kept bytes of the read that holds it whole. */
  private inBytes({ start, end, read, data }: FramedMessage): boolean {
    const bytes = this.source.kept?.[read]?.bytes;
    const offset = this.source.reads[read]!.offset;
    return bytes !== undefined && data !== null && start >= offset && isPlainData(bytes, start - offset, end - offset, data);
  }

  private rareOf(message: FramedMessage, interpretation: Interpretation): Rare {
    const { event, id, retry, comments, unknownFields } = message;
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

export function chatKeeper(source: KeptSource): EventKeeper<Interpretation> {
  return new ChatKeeper(source);
}

const NOTHING: readonly never[] = Object.freeze([]);

/** Another dialect's event in Chat's words: its view kind, and nothing else. One frozen object per kind. */
const NOT_CHAT = new Map<Interpretation['kind'], Interpretation>();

/**
 * Chat Completions' reading of an analysed event, for what reads its operations and chunk identity
 * (the aimock export, the events' effects, the store's model): an event of a Chat Completions
 * analysis is its own reading (ChatEvent), so this is no copy; another dialect's event carries no
 * Chat operation and no chunk identity, and reads as its view kind with nothing else. It asks the
 * event's view, never its dialect reading: another dialect's event would interpret itself again
 * to give that (the live store asks this of every event until one names its model).
 */
export function chatReading(event: Pick<KeptEvent, 'interpretation'>): Interpretation {
  const view = event.interpretation;
  if ('meta' in view) return view as Interpretation;
  let reading = NOT_CHAT.get(view.kind);
  if (reading === undefined) NOT_CHAT.set(view.kind, (reading = Object.freeze({ kind: view.kind, ops: NOTHING, meta: null, unknownPaths: NOTHING, problems: NOTHING, obfuscationBytes: 0 })));
  return reading;
}
