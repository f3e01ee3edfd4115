// The drops of a Gemini stream (kit/drops.ts), each event read by the dialect's own interpretation
// and changed in place where a value goes (docs/replay.md, "Faults"). Gemini has no [DONE]: its
// end is the event whose candidate carries a finishReason, so:
//
// - The end: the events with a finishReason are left out, the body still ending cleanly: a stream
//   cut before its last event (`missing-finish-reason`).
// - Why it stopped: each candidate's `finishReason` becomes null, the event kept for its parts
//   and usage (the fault vercel/ai #5217's gateways show).
// - The usage: every event's `usageMetadata` becomes null.

import { eventList, sseStreamError } from '../kit/drops.ts';
import type { DialectDrops, DropContext } from '../kit/drops.ts';
import { interpretGeminiEvent } from './interpret.ts';

export const geminiDrops: DialectDrops = {
  words: { dropDone: 'the events with a finishReason', dropFinish: 'finishReason', dropUsage: 'usageMetadata' },
  apply,
  // Google's JSON error raw after the events, pretty-printed and with no `data:`, as Gemini writes it
  // (and the simulator: electron/backend/simulator/gemini/index.ts); no blank line follows it there.
  streamError: (context) => {
    const tail = sseStreamError(({ message }) => JSON.stringify({ error: { code: 500, message, status: 'INTERNAL' } }, null, 2).split('\n'))(context);
    return tail !== null && context.framing === 'sse' ? tail.subarray(0, tail.length - new TextEncoder().encode(context.lineEnd).length) : tail;
  },
};

function apply(context: DropContext): void {
  const { events, faults, note } = context;
  const readings = events.map((event) => interpretGeminiEvent(event));
  const finishing = (i: number) => readings[i]!.ops.some((op) => op.op === 'response' && op.candidates.some((candidate) => candidate.finishReason !== null));
  const responses = events.filter((_, i) => readings[i]!.ops.some((op) => op.op === 'response'));

  if (faults.dropDone) {
    const ends = events.filter((_, i) => finishing(i));
    ends.forEach(context.drop);
    note(ends.length > 0 ? `dropped the events with a finishReason (${eventList(ends)})` : 'drop the end: no event carries a finishReason');
  }

  if (faults.dropUsage) {
    const nulled = responses.filter((event) => !context.untouchable(event) && context.nullOut(event, ['usageMetadata']) > 0);
    note(nulled.length > 0 ? `usageMetadata set to null (${eventList(nulled)})` : 'drop usage: no event carries usageMetadata');
  }

  if (faults.dropFinish) {
    const nulled = events.filter((event, i) => finishing(i) && !context.untouchable(event) && context.nullOut(event, ['candidates', '*', 'finishReason']) > 0);
    note(nulled.length > 0 ? `finishReason set to null (${eventList(nulled)})` : 'drop finish: no candidate carries a finishReason');
  }
}
