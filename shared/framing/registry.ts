// The registered framings, one line each (docs/architecture.md, "Framing"): how the analysis turns a
// body's bytes into messages. A body's framing is its dialect's (the descriptor's `framing`) when the
// dialect is known before the first byte, else the one its response's content-type names, else SSE.
// `FRAMINGS` is keyed by `FramingName`, which each framing's index.ts grows: the compiler asks a new
// framing for its line.

import { awsEventStream } from './aws-eventstream/index.ts';
import { jsonArray } from './json-array/index.ts';
import { startsWithPrelude } from './aws-eventstream/parser.ts';
import { sse } from './sse/index.ts';
import type { BodyPartial, BodyStats, FramedMessage, Framing, FramingCheckContext, FramingKind, FramingKinds, FramingName } from './types.ts';

type RegisteredFraming<N extends FramingName> =
  FramingKinds[N] extends FramingKind ? Framing<FramingKinds[N]['message'], FramingKinds[N]['partial'], FramingKinds[N]['stats'], FramingCheckContext<FramingKinds[N]['partial'], FramingKinds[N]['stats']>> : never;

export const FRAMINGS: { readonly [N in FramingName]: RegisteredFraming<N> } = {
  sse,
  'aws-eventstream': awsEventStream,
  'json-array': jsonArray,
};

/** A body's framing, read through the interface only (the analysis's view of any framing): its end is one of the framings'. */
export type AnyFraming = Framing<FramedMessage, BodyPartial, BodyStats, FramingCheckContext<BodyPartial, BodyStats>>;

/** The framing a body is read in when nothing tells another: every dialect's default. */
export const DEFAULT_FRAMING: FramingName = 'sse';

export const FRAMING_NAMES = Object.keys(FRAMINGS) as FramingName[];

export function framingOf(name: FramingName): AnyFraming {
  return FRAMINGS[name] as unknown as AnyFraming;
}

/**
 * The framing of a bare body (a file with no response head, so no content-type), told by its first
 * read: AWS event-stream frames when it starts with a prelude that holds (startsWithPrelude), else SSE.
 */
export function framingOfBareBody(first: Uint8Array | undefined): FramingName {
  return first !== undefined && startsWithPrelude(first) ? 'aws-eventstream' : DEFAULT_FRAMING;
}

/** The content-type a bare body stands in for (framingOfBareBody): its framing's media type, or null for SSE, the default. */
export function mediaTypeOfBareBody(first: Uint8Array | undefined): string | null {
  const framing = framingOfBareBody(first);
  return framing === DEFAULT_FRAMING ? null : FRAMINGS[framing].mediaType;
}

/** The framing whose media type a response's content-type names (parameters and case aside), event stream or not; null for none. */
export function framingNamedBy(contentType: string | null | undefined): FramingName | null {
  if (!contentType) return null;
  const media = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return FRAMING_NAMES.find((name) => FRAMINGS[name].mediaType === media) ?? null;
}

/** The event-stream framing a response's content-type names (a stream: not Gemini's JSON array), or null for none. */
export function streamFramingNamedBy(contentType: string | null | undefined): FramingName | null {
  const named = framingNamedBy(contentType);
  return named !== null && FRAMINGS[named].eventStream !== false ? named : null;
}

/** The event-stream framing a response's content-type names (its media type, parameters and case aside); SSE for any other, or none. */
export function framingOfContentType(contentType: string | null | undefined): FramingName {
  return streamFramingNamedBy(contentType) ?? DEFAULT_FRAMING;
}
