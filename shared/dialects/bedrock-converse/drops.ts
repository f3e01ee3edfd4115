// The drops of a Bedrock ConverseStream (kit/drops.ts), each frame read by the dialect's own
// interpretation and changed in place where a value goes (docs/replay.md, "Faults"):
//
// - The end: the messageStop frame is left out, the body still ending on a whole frame: a stream
//   that stopped before its end (`missing-message-stop`).
// - Why it stopped: messageStop's `stopReason` becomes null, the frame kept.
// - The usage: the metadata frame's `usage` becomes null (its metrics stay).
//
// A payload is the event itself when the frame's :event-type names it, or the SDK's parsed union
// (`{"messageStop": {…}}`) when not: both paths are tried.

import { exceptionFrame } from '../../framing/aws-eventstream/encode.ts';
import { eventList } from '../kit/drops.ts';
import type { DialectDrops, DropContext } from '../kit/drops.ts';
import { interpretConverseEvent } from './interpret.ts';

export const converseDrops: DialectDrops = {
  words: { dropDone: 'messageStop', dropFinish: 'stopReason', dropUsage: 'the metadata usage' },
  apply,
  // An exception frame inside the 200 (:exception-type, not :event-type), as Bedrock sends when the model fails mid-stream.
  streamError: ({ message }) => exceptionFrame('modelStreamErrorException', JSON.stringify({ message })),
};

function apply(context: DropContext): void {
  const { events, faults, note } = context;
  const kinds = events.map((event) => interpretConverseEvent(event).kind);
  const stops = events.filter((_, i) => kinds[i] === 'message-stop');
  const metadata = events.filter((_, i) => kinds[i] === 'metadata');
  const nullOut = (list: typeof events, event: string, member: string) =>
    list.filter((frame) => !context.untouchable(frame) && context.nullOut(frame, [member]) + context.nullOut(frame, [event, member]) > 0);

  if (faults.dropDone) {
    stops.forEach(context.drop);
    note(stops.length > 0 ? `dropped messageStop (${eventList(stops)})` : 'drop messageStop: the recording has none');
  }

  if (faults.dropUsage) {
    const nulled = nullOut(metadata, 'metadata', 'usage');
    note(nulled.length > 0 ? `metadata usage set to null (${eventList(nulled)})` : 'drop usage: no metadata frame carries usage');
  }

  if (faults.dropFinish) {
    const nulled = nullOut(stops, 'messageStop', 'stopReason');
    note(nulled.length > 0 ? `stopReason set to null (${eventList(nulled)})` : 'drop finish: no messageStop carries a stopReason');
  }
}
