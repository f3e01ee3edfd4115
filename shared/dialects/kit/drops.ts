// What a dialect's drops (its drops.ts: the replay's faults that remove what a client needs — the
// end of the stream, the finish reason, the usage; docs/replay.md, "Faults") work with: the body,
// its events, and the edits the replay makes for them (replay/edits.ts).

import type { FramedMessage as SseEvent } from '../../framing/types.ts';

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
