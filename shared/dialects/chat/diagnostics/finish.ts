// How each choice ended: missing, cut, filtered, non-standard or reopened finish reasons.

import { finding } from '../catalogue.ts';
import { few } from '../../../findings/words.ts';
import type { ChatCheckContext, ChatDiagnostic } from './context.ts';

/** The values OpenAI documents for finish_reason. */
export const STANDARD_FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'length', 'tool_calls', 'content_filter', 'function_call']);

export function finish({ state, events, recording, ended }: ChatCheckContext): ChatDiagnostic[] {
  const found: ChatDiagnostic[] = [];
  const errored = events.some((event) => event.interpretation.kind === 'error');
  if (ended && state.choices.size === 0 && !errored && events.length > 0) {
    found.push(finding('missing-finish-reason', 'No choice arrived at all: the client gets no message and no finish_reason.', [events.length - 1]));
  }
  for (const choice of state.choices.values()) {
    const name = `Choice ${choice.index}`;
    const reason = choice.finishReason;
    if (reason === null) {
      if (!ended) continue;
      let why = '';
      if (errored) why = ' The stream reported an error instead.';
      else if (recording.end && recording.end.outcome !== 'eof' && recording.end.outcome !== 'recording') why = ` The stream was cut (${recording.end.outcome}).`;
      found.push(finding('missing-finish-reason', `${name} never received a finish_reason (its last event is ${choice.lastEvent}).${why}`, [choice.lastEvent]));
      continue;
    }
    const evidence = choice.finishEvents.filter((event) => finishReasonAt(events, event, choice.index) === reason);
    if (reason === 'length') found.push(finding('finish-length', `${name} finished with "length": the output was cut at the token limit.`, evidence));
    else if (reason === 'content_filter') found.push(finding('finish-content-filter', `${name} finished with "content_filter": a filter stopped the output.`, evidence));
    else if (!STANDARD_FINISH_REASONS.has(reason)) {
      found.push(finding('nonstandard-finish-reason', `${name} finished with ${JSON.stringify(reason)}, which is not one of OpenAI's values.`, evidence));
    }
    if (choice.afterFinish.length > 0) {
      found.push(
        finding(
          'delta-after-finish',
          `${name} changed after its first finish_reason (event ${choice.finishEvents[0]}): text, tool fragments or a different finish_reason in events ${few(choice.afterFinish)}.`,
          choice.afterFinish,
        ),
      );
    }
  }
  return found;
}

function finishReasonAt(events: ChatCheckContext['events'], index: number, choice: number): string | null {
  for (const op of events[index]?.interpretation.ops ?? []) if (op.type === 'finish' && op.choice === choice) return op.reason;
  return null;
}
