// What a dialect's drops (its drops.ts: the replay's faults that remove what a client needs — the
// end of the stream, the finish reason, the usage; docs/replay.md, "Faults") work with: the body,
// its events, and the edits the replay makes for them (replay/edits.ts).

import { exceptionFrame } from '../../framing/aws-eventstream/encode.ts';
import type { FramedMessage as SseEvent, FramingName } from '../../framing/types.ts';

/** A step of a path into an event's JSON data: a member's name, or `*` for every element of an array. */
export type JsonStep = string | '*';

/** The faults a dialect's drops answer (the replay's ReplayFaults has them). */
export interface DropFaults {
  readonly dropDone?: boolean;
  readonly dropUsage?: boolean;
  readonly dropFinish?: boolean;
}

export type DropName = keyof DropFaults;

/** A dialect's drops: what each leaves out, and how. */
export interface DialectDrops {
  /** What each drop leaves out, in the dialect's words (`drop message_stop`). */
  readonly words: Readonly<Record<DropName, string>>;
  /** Makes the drops `context.faults` asks for, as edits through the context. */
  apply(context: DropContext): void;
  /** The bytes of the error the dialect's server sends mid-stream, written after `context.after` (the error-after-event fault); null in a framing it has none in. */
  streamError(context: StreamErrorContext): Uint8Array | null;
}

/** Where a mid-stream error goes: after which event, in which framing, with which line ending. */
export interface StreamErrorContext {
  readonly framing: FramingName;
  /** The event the error follows. */
  readonly after: SseEvent;
  /** The recording's own line ending (`\r\n`, `\n` or `\r`), as its events end. */
  readonly lineEnd: string;
  readonly message: string;
}

/** What a dialect's drops work with: the body, its events, and the edits made so far. */
export interface DropContext {
  readonly body: Uint8Array;
  readonly events: readonly SseEvent[];
  readonly faults: DropFaults;
  /** Whether another drop already removes the event. */
  isDropped(event: SseEvent): boolean;
  /** Whether the event is removed, or corrupted (then nothing in it can be read, nor edited). */
  untouchable(event: SseEvent): boolean;
  /** Leaves the whole event out. */
  drop(event: SseEvent): void;
  /** Writes `null` over the values at `path` in the event's data that are not null already; how many it wrote. */
  nullOut(event: SseEvent, path: readonly JsonStep[]): number;
  /** Says what a fault did, or why it found nothing to do. */
  note(words: string): void;
}

/** `event 3` / `events 3, 9`. */
export function eventList(events: readonly SseEvent[]): string {
  return `event${events.length === 1 ? '' : 's'} ${events.map((event) => event.index).join(', ')}`;
}

const utf8 = new TextEncoder();

/**
 * A dialect's mid-stream error: in an event-stream body (Bedrock's InvokeModel carries other
 * dialects' events in frames) the exception frame Bedrock writes inside a 200; in SSE, the lines
 * `sse` gives, each ended with the recording's line ending, then the blank line that ends the event;
 * in another framing (Gemini's JSON array), none: what its server sends there is not known here.
 */
export function sseStreamError(sse: (context: StreamErrorContext) => readonly string[]): (context: StreamErrorContext) => Uint8Array | null {
  return (context) => {
    if (context.framing === 'aws-eventstream') return exceptionFrame('modelStreamErrorException', JSON.stringify({ message: context.message }));
    if (context.framing !== 'sse') return null;
    return utf8.encode(sse(context).map((line) => line + context.lineEnd).join('') + context.lineEnd);
  };
}
