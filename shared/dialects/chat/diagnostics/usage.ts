// Where usage came, and whether it came when it was asked for.

import { describeUsage } from '../annotate.ts';
import { isObject } from '../../../is-object.ts';
import { finding } from '../catalogue.ts';
import type { ChatCheckContext, ChatDiagnostic } from './context.ts';

export function usage({ events, state, recording, doneAt, ended }: ChatCheckContext): ChatDiagnostic[] {
  const found: ChatDiagnostic[] = [];
  const usageOnly = events.filter((event) => event.interpretation.kind === 'usage' && event.interpretation.meta?.choiceCount === 0);
  if (usageOnly.length > 0 && state.usage) {
    found.push(finding('usage-chunk', `A usage-only chunk with choices: [] arrived (event ${usageOnly[0]!.sse.index}): ${describeUsage(state.usage)}.`, usageOnly.map((event) => event.sse.index)));
  }
  const body = recording.request?.body;
  const requested = isObject(body) && isObject(body.stream_options) && body.stream_options.include_usage === true;
  if (requested && state.usage === null && ended) {
    const cut = doneAt === -1 ? ' The stream ended before [DONE], which may have cut it off.' : '';
    found.push(finding('usage-missing', `The request set stream_options.include_usage, but no chunk carried usage.${cut}`));
  }
  return found;
}
