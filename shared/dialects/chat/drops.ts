// The drops of a Chat Completions stream (kit/drops.ts): `data: [DONE]`, the usage chunk, the finish reason.

import type { FramedMessage as SseEvent } from '../../framing/types.ts';
import { eventList, sseStreamError } from '../kit/drops.ts';
import type { DialectDrops, DropContext } from '../kit/drops.ts';
import { DONE, interpretEvent } from './interpret.ts';

const FINISH_PATH = ['choices', '*', 'finish_reason'];

export const chatDrops: DialectDrops = {
  words: { dropDone: '[DONE]', dropFinish: 'finish_reason', dropUsage: 'the usage chunk' },
  apply,
  // OpenAI's error inside a 200 stream: a data line with an `error` object and no `choices`.
  streamError: sseStreamError(({ message }) => [`data: ${JSON.stringify({ error: { message, type: 'server_error', param: null, code: null } })}`]),
};

function apply(context: DropContext): void {
  const { events, faults, note } = context;
  if (faults.dropDone) {
    const done = events.filter((event) => event.data === DONE);
    done.forEach(context.drop);
    note(done.length > 0 ? `dropped [DONE] (${eventList(done)})` : 'drop [DONE]: the recording has no [DONE]');
  }

  if (faults.dropUsage) {
    const usage = events.filter((event) => !context.isDropped(event) && isUsageChunk(event.data));
    usage.forEach(context.drop);
    note(usage.length > 0 ? `dropped the usage chunk (${eventList(usage)})` : 'drop usage: the recording has no usage chunk (choices: [] with usage)');
  }

  if (faults.dropFinish) {
    // A server that loses the finish reason never sends the chunk that carries only it (as the
    // simulator's no-finish-reason scenario and Snowflake's gateway do), and sends
    // `"finish_reason": null` on chunks that carry anything else (as TGI does): content,
    // tool calls and usage still arrive, only the finish reason is gone.
    const finishOnly: SseEvent[] = [];
    const rewritten: SseEvent[] = [];
    for (const event of events) {
      if (context.untouchable(event)) continue;
      const { ops } = interpretEvent(event);
      if (!ops.some((op) => op.type === 'finish')) continue;
      if (ops.every((op) => op.type === 'finish' || (op.type === 'text' && op.text === ''))) {
        finishOnly.push(event);
        context.drop(event);
        continue;
      }
      if (context.nullOut(event, FINISH_PATH) > 0) rewritten.push(event);
    }
    if (finishOnly.length > 0) note(`dropped the finish-only chunk${finishOnly.length === 1 ? '' : 's'} (${eventList(finishOnly)})`);
    if (rewritten.length > 0) note(`finish_reason set to null (${eventList(rewritten)})`);
    if (finishOnly.length + rewritten.length === 0) note('drop finish: no chunk carries a finish_reason');
  }
}

/** `choices: []` with a usage object: the chunk `stream_options.include_usage` adds. */
function isUsageChunk(data: string | null): boolean {
  if (data === null || data === DONE) return false;
  try {
    const json: unknown = JSON.parse(data);
    if (typeof json !== 'object' || json === null) return false;
    const { choices, usage } = json as Record<string, unknown>;
    return Array.isArray(choices) && choices.length === 0 && typeof usage === 'object' && usage !== null;
  } catch {
    return false;
  }
}
