// The client state as it stood after any one event: what the recording view shows while the user
// scrubs along the timeline or steps through the events. The dialect's accumulator, as the
// analysis's, fed its reading of each event, stopped early (Chat Completions when no dialect is
// given).
//
// Moving forward applies the events stepped over. Going back would mean starting over (a
// hundred thousand events take a few hundred milliseconds), so on its way forward the scrubber
// keeps a copy of the state every CHECKPOINT events and goes back from the nearest one: a jump
// anywhere costs at most CHECKPOINT events.

import type { StreamState } from '../dialects/chat/accumulate.ts';
import { chat } from '../dialects/chat/dialect.ts';
import type { AnyDialect, Dialect, DialectAccumulator, DialectInterpretation } from '../dialects/types.ts';
import type { AnalyzedEvent } from './stream.ts';

export const CHECKPOINT = 2048;

export interface Scrubber<S = StreamState> {
  /**
   * The state after event `index` (events before it and it applied). The state object is the
   * scrubber's own and may change on the next call: read what you need from it first.
   */
  at(index: number): S;
}

/** What the scrubber applies events to: the dialect's accumulator, fed its reading of each event. */
interface Applier<S> {
  apply(index: number, event: AnalyzedEvent): void;
  readonly state: S;
  fork(): Applier<S>;
}

function applier<S>(dialect: Dialect<DialectInterpretation, S, unknown>, accumulator: DialectAccumulator<DialectInterpretation, S> = dialect.createAccumulator()): Applier<S> {
  return {
    // The dialect's reading of the event, read again from its data (the analysis keeps no operations).
    apply: (index, event) => accumulator.apply(index, dialect.interpret(event.sse)),
    get state() {
      return accumulator.state;
    },
    fork: () => applier(dialect, accumulator.fork()),
  };
}

interface Position<S> {
  readonly accumulator: Applier<S>;
  /** Events applied: events[0 .. applied). */
  readonly applied: number;
  /** [DONE] was among them: a client stops reading there (fold.ts), so nothing more accumulates. */
  readonly done: boolean;
}

/**
 * `events` may grow between calls (a live recording); they must not otherwise change. `dialect`:
 * the analysis's (Analysis.protocol, analyze.ts's dialectOf); Chat Completions when absent.
 */
export function createScrubber(events: readonly AnalyzedEvent[]): Scrubber;
export function createScrubber(events: readonly AnalyzedEvent[], dialect: AnyDialect): Scrubber<unknown>;
export function createScrubber(events: readonly AnalyzedEvent[], dialect: AnyDialect = chat): Scrubber<unknown> {
  const start = applier(dialect);
  // checkpoints[k]: the state after k * CHECKPOINT events, never applied to (forked when used).
  const checkpoints: Position<unknown>[] = [{ accumulator: start, applied: 0, done: false }];
  let accumulator = checkpoints[0]!.accumulator.fork();
  let applied = 0;
  let done = false;

  return {
    at(index) {
      if (!Number.isInteger(index) || index < 0 || index >= events.length) {
        throw new RangeError(`scrubber: event ${index} is not one of the ${events.length} events`);
      }
      const wanted = index + 1;
      if (wanted < applied || wanted - applied > CHECKPOINT) {
        // The nearest checkpoint at or before the target, unless the current position is nearer.
        const nearest = checkpoints[Math.min(Math.floor(wanted / CHECKPOINT), checkpoints.length - 1)]!;
        if (wanted < applied || nearest.applied > applied) {
          accumulator = nearest.accumulator.fork();
          applied = nearest.applied;
          done = nearest.done;
        }
      }
      for (; applied < wanted; ) {
        const event = events[applied]!;
        if (!done) accumulator.apply(applied, event);
        if (event.interpretation.kind === 'done') done = true;
        applied++;
        if (applied % CHECKPOINT === 0 && checkpoints.length === applied / CHECKPOINT) {
          checkpoints.push({ accumulator: accumulator.fork(), applied, done });
        }
      }
      return accumulator.state;
    },
  };
}
