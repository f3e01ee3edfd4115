// The framing interface (docs/architecture.md, "Framing"): how a body's bytes become messages.
// A framing is a push parser — `feed` each read, `end` the body — that hands on each message with
// its byte range and the read that completed it, and reports what it could not frame as data (a
// partial message, its figures), never by throwing. The dialects read a message's fields only;
// SSE's names are the fields' names, and another framing fills what it has (a binary event
// stream: its payload as `data`, its event type as `event`, its other headers as unknown fields).

import type { CatalogueEntry, Finding } from '../findings/finding.ts';

/**
 * Each framing's codes, by its name: its catalogue.ts adds them (declaration merging), so the codes
 * a finding may carry grow with the framings.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member a framing
export interface FramingCodes {}

export type FramingCode = FramingCodes[keyof FramingCodes] & string;

/**
 * Each framing's types, by its name: its index.ts adds them (declaration merging, as a dialect's
 * descriptor adds its protocol), so `FramingName` and the ends of body the analysis may hold grow
 * with the framings (docs/architecture.md, "Framing").
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one member a framing
export interface FramingKinds {}

/** What a framing declares of itself in `FramingKinds`. */
export interface FramingKind {
  readonly message: FramedMessage;
  readonly partial: { readonly start: number; readonly end: number };
  readonly stats: FramingStats;
}

/** A registered framing's name (`inspect --json`'s `framing`). */
export type FramingName = keyof FramingKinds & string;

/** What the end of a body left unframed, in whichever framing read it. */
export type BodyPartial = { [N in FramingName]: FramingKinds[N] extends FramingKind ? FramingKinds[N]['partial'] : never }[FramingName];

/** A body's figures, in whichever framing read it. */
export type BodyStats = { [N in FramingName]: FramingKinds[N] extends FramingKind ? FramingKinds[N]['stats'] : never }[FramingName];

export interface MessageField {
  readonly name: string;
  readonly value: string;
}

/** What a message said, per field: all a dialect reads of it. */
export interface MessageFields {
  /** The payload (SSE: `data` lines joined with "\n"); null when the message had none. */
  readonly data: string | null;
  /** The message's name (SSE: the last `event` field), or null. */
  readonly event: string | null;
  /** SSE: the last `id` field (ignored when it contains NUL, as the standard says), or null. */
  readonly id: string | null;
  /** SSE: the last `retry` field made only of ASCII digits, or null. */
  readonly retry: number | null;
  /** SSE: comment lines, without the leading colon. */
  readonly comments: readonly string[];
  /** Fields the framing's standard does not know; a conforming client ignores them. */
  readonly unknownFields: readonly MessageField[];
}

/** A message where the framing cut it from the body. */
export interface FramedMessage extends MessageFields {
  /** Position among the messages of the body, from 0. */
  readonly index: number;
  /** First byte of the message. */
  readonly start: number;
  /** Just after its last byte. */
  readonly end: number;
  /** Index of the read (the `feed` call, from 0) holding the message's last byte. */
  readonly read: number;
  /**
   * Where `data` lies in the body when it is exactly these bytes decoded as UTF-8 (replacing what
   * is not UTF-8, a BOM kept: data.ts's `decodeData`), from `dataStart` to `dataEnd`: an event-stream
   * frame's payload. Absent or null when it is not (SSE's data lines). What lets an analysis that
   * keeps the reads drop the string and decode it again when asked.
   */
  readonly dataStart?: number | null;
  readonly dataEnd?: number | null;
}

/** The figures every framing keeps of a body. */
export interface FramingStats {
  readonly bytes: number;
  readonly reads: number;
}

/** What a parser reports at the end of the body: the bytes it could not frame (a message cut short), and its figures. */
export interface FramingEnd<Partial, Stats extends FramingStats> {
  readonly partial: Partial | null;
  readonly stats: Stats;
}

export interface FramingParser<Partial, Stats extends FramingStats> {
  /** Feeds one network read. The parser copies what it keeps, so the caller may reuse the buffer (unless `readsKept`). */
  feed(read: Uint8Array): void;
  /** Ends the body and reports what was left unframed. */
  end(): FramingEnd<Partial, Stats>;
  /** What was seen so far (the figures `end` reports): for a view of a stream still arriving. */
  readonly stats: Stats;
}

export interface FramingOptions<Message extends FramedMessage> {
  onEvent(message: Message): void;
  /**
   * The caller keeps every read's bytes unchanged for as long as the messages live (a recording's
   * reads): a parser may then hand on views on the reads themselves instead of copies.
   */
  readonly readsKept?: boolean;
}

/**
 * What a framing's own checks read: the messages as the analysis keeps them (their fields and
 * places; a framing keeps in its figures what else it must report), what was left unframed at the
 * end of the body, its figures, and whether the body ended.
 */
export interface FramingCheckContext<Partial, Stats extends FramingStats> {
  readonly events: readonly { readonly sse: FramedMessage }[];
  readonly partial: Partial | null;
  readonly stats: Stats;
  /** False while the stream is under way (or its end was not read): the rest of a message may still come. */
  readonly ended: boolean;
}

/**
 * One framing. `Partial` and `Stats`: what its parser reports at the end of the body; `Context`:
 * what its own checks read (the analysis's diagnostic context is one).
 */
export interface Framing<Message extends FramedMessage, Partial, Stats extends FramingStats, Context = FramingCheckContext<Partial, Stats>> {
  readonly name: string;
  /** The media type of a body in this framing (`content-type`), which tells it when no dialect does. */
  readonly mediaType: string;
  /**
   * False for a framing that is no event stream (one JSON array over many reads): its content-type
   * alone never chooses it, only a dialect that says its bodies may come so (the descriptor's
   * `alsoFramed`), and a body read in it is not-event-stream all the same. Absent: an event stream.
   */
  readonly eventStream?: false;
  /** True for a framing of bytes, not text (length-prefixed binary frames): an export carries such a body as base64, never as text. */
  readonly binary?: true;
  /** A push parser over one body. */
  parse(options: FramingOptions<Message>): FramingParser<Partial, Stats>;
  /** The framing's own findings (what it could not frame, how its lines ended…), in its catalogue's codes. */
  check(context: Context): Finding<FramingCode>[];
  readonly catalogue: Readonly<Record<string, CatalogueEntry>>;
}
