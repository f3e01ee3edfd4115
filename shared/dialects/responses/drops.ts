// The drops of a Responses stream (kit/drops.ts), each event read by the dialect's own
// interpretation and changed in place where a value goes (docs/replay.md, "Faults"). What each does
// is what servers and gateways are seen to do:
//
// - The end: the terminal event (response.completed, .incomplete or .failed, with a `[DONE]` some
//   servers send after it) is left out, the body still ending cleanly: a stream that stopped
//   before its end (`missing-terminal-event`).
// - Why it stopped: a Responses stream has no finish reason apart from its terminal event's type;
//   the reason an incomplete one gives, `incomplete_details`, becomes null (a response.completed
//   or .failed has none to lose).
// - The usage: the terminal `response.usage` becomes null, as gateways that drop it send
//   (`usage-missing`).

import type { FramedMessage as SseEvent } from '../../framing/types.ts';
import { eventList, sseStreamError } from '../kit/drops.ts';
import type { DialectDrops, DropContext } from '../kit/drops.ts';
import { interpretResponsesEvent } from './interpret.ts';

export const responsesDrops: DialectDrops = {
  words: { dropDone: 'the terminal event', dropFinish: 'incomplete_details', dropUsage: 'response.usage' },
  apply,
  // OpenAI's `error` event, numbered next after the event it follows, as the simulator's stream-error sends it.
  streamError: sseStreamError(({ after, message }) => {
    const sequence = sequenceOf(after);
    const error = { type: 'error', ...(sequence === null ? {} : { sequence_number: sequence + 1 }), error: { type: 'server_error', code: 'server_error', message, param: null } };
    return ['event: error', `data: ${JSON.stringify(error)}`];
  }),
};

/** The event's sequence_number, or null when it has none (or its data is not an object). */
function sequenceOf(event: SseEvent): number | null {
  try {
    const data = JSON.parse(event.data ?? '') as { sequence_number?: unknown } | null;
    return typeof data?.sequence_number === 'number' ? data.sequence_number : null;
  } catch {
    return null;
  }
}

function apply(context: DropContext): void {
  const { events, faults, note } = context;
  const kinds = events.map((event) => interpretResponsesEvent(event));
  const terminal = events.filter((_, i) => kinds[i]!.kind === 'terminal');
  /** The event's type, as the dialect read it (`[DONE]` for the sentinel). */
  const typeOf = (event: SseEvent): string => (kinds[event.index]!.kind === 'done' ? '[DONE]' : (kinds[event.index]!.type ?? '?'));

  if (faults.dropDone) {
    const ends = events.filter((_, i) => kinds[i]!.kind === 'terminal' || kinds[i]!.kind === 'done');
    ends.forEach(context.drop);
    note(ends.length > 0 ? `dropped the terminal event (${ends.map((event) => `${typeOf(event)}, event ${event.index}`).join('; ')})` : 'drop the terminal event: the recording has none');
  }

  if (faults.dropUsage) {
    const kept = terminal.filter((event) => !context.untouchable(event));
    const nulled = kept.filter((event) => context.nullOut(event, ['response', 'usage']) > 0);
    if (nulled.length > 0) note(`response.usage set to null (${typeOf(nulled[0]!)}, ${eventList(nulled)})`);
    else note(kept.length > 0 ? 'drop usage: the terminal response carries no usage' : 'drop usage: no terminal event left to carry it');
  }

  if (faults.dropFinish) {
    const incomplete = terminal.filter((event) => typeOf(event) === 'response.incomplete' && !context.untouchable(event));
    const nulled = incomplete.filter((event) => context.nullOut(event, ['response', 'incomplete_details']) > 0);
    if (nulled.length > 0) note(`incomplete_details set to null (response.incomplete, ${eventList(nulled)})`);
    else if (incomplete.length > 0) note('drop finish: response.incomplete carries no incomplete_details');
    else {
      const left = terminal.filter((event) => !context.untouchable(event));
      note(left.length > 0 ? `drop finish: the terminal event is ${typeOf(left[0]!)}, whose type is its only finish reason` : 'drop finish: no terminal event left to carry a reason');
    }
  }
}
