// What a client that reads only the obvious fields would get wrong about the message.

import { few, plural, quote } from '../../../findings/words.ts';
import { finding } from '../catalogue.ts';
import type { ChatCheckContext, ChatDiagnostic } from './context.ts';
import { TOKEN_REFUSAL } from '../../types.ts';

export function message({ state, events }: ChatCheckContext): ChatDiagnostic[] {
  const found: ChatDiagnostic[] = [];
  for (const choice of state.choices.values()) {
    const name = `Choice ${choice.index}`;
    if (choice.refusal !== null) {
      const evidence = events
        .filter((event) => event.tokens & TOKEN_REFUSAL && event.interpretation.ops.some((op) => op.type === 'text' && op.channel === 'refusal' && op.choice === choice.index && op.text !== ''))
        .map((event) => event.sse.index);
      const content = choice.content === null ? 'and no content at all' : `beside ${plural(choice.content.length, 'character')} of content`;
      found.push(finding('refusal', `${name} refused in delta.refusal, ${content}: ${quote(choice.refusal, 100)}.`, evidence));
    }
    if (choice.role === null) {
      found.push(finding('role-missing', `${name} never received delta.role (first event ${choice.firstEvent}).`, [choice.firstEvent]));
    }
    if (choice.emptyContentEvents.length > 0) {
      const count = choice.emptyContentEvents.length;
      found.push(
        finding('empty-content-delta', `${name} received ${plural(count, 'content: "" delta')}: events ${few(choice.emptyContentEvents)}.`, choice.emptyContentEvents),
      );
    }
  }
  const parts = events.filter((event) => event.interpretation.problems.some((problem) => problem.code === 'content-parts'));
  if (parts.length > 0) {
    found.push(
      finding(
        'non-string-content',
        `${plural(parts.length, 'delta')} sent content as an array of typed parts instead of a string: events ${few(parts.map((event) => event.sse.index))}.`,
        parts.map((event) => event.sse.index),
      ),
    );
  }
  return found;
}
