// The drops of a Responses and of an Anthropic Messages stream, each event read by the dialect's
// own interpretation (shared/dialects) and changed in place where a value goes (docs/replay.md,
// "Faults"). What each does is what servers and gateways are seen to do:
//
// - The end: Responses' terminal event (response.completed, .incomplete or .failed, with a
//   `[DONE]` some servers send after it) and Anthropic's message_stop are left out, the body still
//   ending cleanly: a stream that stopped before its end (`missing-terminal-event`,
//   `missing-message-stop`).
// - Why it stopped: Anthropic's message_delta `stop_reason` becomes null, the event kept for its
//   usage (as Chat Completions' finish_reason does). A Responses stream has no finish reason apart
//   from its terminal event's type; the reason an incomplete one gives, `incomplete_details`,
//   becomes null (a response.completed or .failed has none to lose).
// - The usage: Responses' terminal `response.usage` becomes null, as gateways that drop it send
//   (`usage-missing`); Anthropic's message_delta `usage` becomes null (message_start's, the input
//   side, stays).

import { messages } from '../dialects/anthropic/index.ts';
import { responses } from '../dialects/responses/index.ts';
import type { SseEvent } from '../framing/sse/parser.ts';
import { eventList } from './drops.ts';
import type { DropContext } from './drops.ts';

export function responsesDrops(context: DropContext): void {
  const { events, faults, note } = context;
  const kinds = events.map((event) => responses.interpret(event));
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

export function messagesDrops(context: DropContext): void {
  const { events, faults, note } = context;
  const kinds = events.map((event) => messages.interpret(event).kind);
  const deltas = events.filter((_, i) => kinds[i] === 'message-delta');

  if (faults.dropDone) {
    const stops = events.filter((_, i) => kinds[i] === 'message-stop');
    stops.forEach(context.drop);
    note(stops.length > 0 ? `dropped message_stop (${eventList(stops)})` : 'drop message_stop: the recording has none');
  }

  if (faults.dropUsage) {
    const nulled = deltas.filter((event) => !context.untouchable(event) && context.nullOut(event, ['usage']) > 0);
    note(nulled.length > 0 ? `message_delta usage set to null (${eventList(nulled)})` : 'drop usage: no message_delta carries usage');
  }

  if (faults.dropFinish) {
    const nulled = deltas.filter((event) => !context.untouchable(event) && context.nullOut(event, ['delta', 'stop_reason']) > 0);
    note(nulled.length > 0 ? `stop_reason set to null (${eventList(nulled)})` : 'drop finish: no message_delta carries a stop_reason');
  }
}
