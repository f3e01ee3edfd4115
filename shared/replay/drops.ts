// What the drops of each dialect (chat-drops.ts, dialect-drops.ts) work with: the body, its
// events, and the edits faultEdits (edits.ts) makes for them.

import type { SseEvent } from '../framing/sse/parser.ts';
import type { ReplayFaults } from './faults.ts';
import type { JsonStep } from './locate.ts';

/** What a dialect's drops work with: the body, its events, and the edits made so far. */
export interface DropContext {
  readonly body: Uint8Array;
  readonly events: readonly SseEvent[];
  readonly faults: ReplayFaults;
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
