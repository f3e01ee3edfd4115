// Errors the server reported inside the stream, and chunks of the wrong shape.

import { few, plural, quote } from '../../../findings/words.ts';
import { finding } from '../catalogue.ts';
import type { ChatCheckContext, ChatDiagnostic } from './context.ts';

const HOW: Record<string, string> = {
  'error-object': 'a payload with an "error" object',
  'object-error': 'a payload with "object": "error"',
  'event-error': 'an "event: error" event',
  'sse-error-field': 'an "error:" SSE field, which spec-compliant parsers silently ignore',
};

export function errors({ events }: ChatCheckContext): ChatDiagnostic[] {
  const found: ChatDiagnostic[] = [];
  for (const event of events) {
    if (event.interpretation.kind !== 'error' && event.interpretation.kind !== 'malformed') continue;
    for (const op of event.interpretation.ops) {
      if (op.type !== 'error') continue;
      const code = op.code === null ? '' : ` (${JSON.stringify(op.code)})`;
      found.push(finding('stream-error', `Event ${event.sse.index} is ${HOW[op.source]}: ${quote(op.message, 120)}${code}.`, [event.sse.index]));
    }
  }

  const malformed = events.filter((event) => event.interpretation.problems.some((problem) => problem.code === 'wrong-type'));
  if (malformed.length > 0) {
    const paths = [
      ...new Set(
        malformed.flatMap((event) =>
          event.interpretation.problems.flatMap((problem) => (problem.code === 'wrong-type' ? [`${problem.path} is ${problem.got} (expected ${problem.expected})`] : [])),
        ),
      ),
    ];
    found.push(finding('malformed-chunk', `${plural(malformed.length, 'chunk')} with fields of the wrong type: ${few(paths, 3)}.`, malformed.map((event) => event.sse.index)));
  }
  return found;
}
