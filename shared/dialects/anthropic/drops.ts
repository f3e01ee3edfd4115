// The drops of an Anthropic Messages stream (kit/drops.ts), each event read by the dialect's own
// interpretation and changed in place where a value goes (docs/replay.md, "Faults"). What each does
// is what servers and gateways are seen to do:
//
// - The end: message_stop is left out, the body still ending cleanly: a stream that stopped
//   before its end (`missing-message-stop`).
// - Why it stopped: message_delta's `stop_reason` becomes null, the event kept for its usage (as
//   Chat Completions' finish_reason does).
// - The usage: message_delta's `usage` becomes null (message_start's, the input side, stays).

import { eventList, sseStreamError } from '../kit/drops.ts';
import type { DialectDrops, DropContext } from '../kit/drops.ts';
import { interpretMessagesEvent } from './interpret.ts';

export const messagesDrops: DialectDrops = {
  words: { dropDone: 'message_stop', dropFinish: 'stop_reason', dropUsage: 'the message_delta usage' },
  apply,
  // Anthropic's error event, as its API sends one mid-stream when it is overloaded.
  streamError: sseStreamError(({ message }) => ['event: error', `data: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message } })}`]),
};

function apply(context: DropContext): void {
  const { events, faults, note } = context;
  const kinds = events.map((event) => interpretMessagesEvent(event).kind);
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
