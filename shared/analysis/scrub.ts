// The client state as it stood after any one event: what the recording view shows while the user
// scrubs along the timeline or steps through the events. The same accumulator as the analysis,
// fed the same operations, stopped early.
//
// State objects are mutable and not cheap to copy, so the scrubber keeps one accumulator and
// moves it forward; going back starts it over. Stepping or dragging forward (the common case)
// costs the events stepped over; a jump back costs the events up to the target.

import { createAccumulator } from '../chunks/accumulate.ts';
import type { Accumulator, StreamState } from '../chunks/accumulate.ts';
import type { AnalyzedEvent } from './stream.ts';

export interface Scrubber {
  /**
   * The state after event `index` (events before it and it applied). The state object is the
   * scrubber's own and changes on the next call: read what you need from it first.
   */
  at(index: number): StreamState;
}

/** `events` may grow between calls (a live recording); they must not otherwise change. */
export function createScrubber(events: readonly AnalyzedEvent[]): Scrubber {
  let accumulator: Accumulator = createAccumulator();
  // Events applied so far: events[0 .. applied).
  let applied = 0;
  // A client stops reading at [DONE] (fold.ts): nothing after it is accumulated.
  let done = false;

  return {
    at(index) {
      if (!Number.isInteger(index) || index < 0 || index >= events.length) {
        throw new RangeError(`scrubber: event ${index} is not one of the ${events.length} events`);
      }
      if (index + 1 < applied) {
        accumulator = createAccumulator();
        applied = 0;
        done = false;
      }
      for (; applied <= index; applied++) {
        const event = events[applied]!;
        if (!done) accumulator.apply(applied, event.interpretation.ops);
        if (event.interpretation.kind === 'done') done = true;
      }
      return accumulator.state;
    },
  };
}
