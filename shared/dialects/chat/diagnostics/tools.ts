// Tool calls as reassembled per index: complete, parseable, indexed, and
// consistent with the finish reason.

import { toolCallsOf } from '../message.ts';
import { checkArguments } from '../../kit/arguments.ts';
import { finding } from '../catalogue.ts';
import type { ChatCheckContext, ChatDiagnostic } from './context.ts';

export function tools({ state, ended }: ChatCheckContext): ChatDiagnostic[] {
  const found: ChatDiagnostic[] = [];
  if (!ended) return found;
  for (const choice of state.choices.values()) {
    const calls = toolCallsOf(choice);
    const at = (index: number): string => (choice.index === 0 ? `tool_calls[${index}]` : `choices[${choice.index}].tool_calls[${index}]`);
    for (const call of calls) {
      const missing = [call.id === null && 'an id', call.name === null && 'a function name'].filter(Boolean);
      if (missing.length > 0) {
        found.push(finding('tool-call-incomplete', `${at(call.index)} never received ${missing.join(' or ')}.`, call.events));
      }
      const check = checkArguments(call.arguments);
      if (!check.valid) {
        const where = ` at character ${check.position}`;
        const name = call.name ? ` (${call.name})` : '';
        found.push(finding('tool-arguments-invalid', `${at(call.index)}${name} arguments do not parse as JSON${where}: ${check.error}.`, call.events));
      }
      if (call.type === null) {
        found.push(finding('tool-call-type-missing', `${at(call.index)} never received a type.`, call.events));
      }
      if (call.indexAssigned) {
        found.push(finding('tool-call-index-missing', `${at(call.index)} arrived without an index; it was placed by order of arrival.`, call.events));
      }
    }
    // A call that gets fragments again after another call's: the fragments alternate.
    const order = calls.flatMap((call) => call.events.map((event) => [event, call.index] as const)).sort((a, b) => a[0] - b[0]);
    const left = new Set<number>();
    const returning = order.filter(([, index], at) => {
      const previous = order[at - 1];
      if (previous && previous[1] !== index) left.add(previous[1]);
      return previous !== undefined && previous[1] !== index && left.has(index);
    });
    if (returning.length > 0) {
      found.push(
        finding(
          'tool-calls-interleaved',
          `Choice ${choice.index}'s ${calls.length} tool calls arrive interleaved: a call gets fragments again after another's, ${returning.length} time${returning.length === 1 ? '' : 's'}.`,
          returning.map(([event]) => event),
        ),
      );
    }
    const sent = calls.filter((call) => !call.indexAssigned).map((call) => call.index);
    const gaps = sent.filter((index, position) => index !== position);
    if (sent.length > 0 && gaps.length > 0) {
      found.push(
        finding(
          'tool-call-index-gap',
          `Choice ${choice.index}'s tool calls have indexes ${sent.join(', ')}, not 0 to ${sent.length - 1}: a client that indexes an array with them finds a hole.`,
          calls.flatMap((call) => call.events.slice(0, 1)),
        ),
      );
    }
    const reason = choice.finishReason;
    if (reason === null || reason === 'length' || reason === 'content_filter') continue;
    if (calls.length > 0 && reason !== 'tool_calls' && reason !== 'function_call') {
      found.push(finding('tool-finish-mismatch', `Choice ${choice.index} made ${calls.length} tool call${calls.length === 1 ? '' : 's'} but finished with ${JSON.stringify(reason)}, not "tool_calls".`, choice.finishEvents));
    } else if (calls.length === 0 && reason === 'tool_calls') {
      found.push(finding('tool-finish-mismatch', `Choice ${choice.index} finished with "tool_calls" without any tool call.`, choice.finishEvents));
    }
  }
  return found;
}
