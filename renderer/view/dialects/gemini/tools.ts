// How the tool calls panel and the timeline read a Gemini stream's calls (../kit/tool-items.ts): a
// functionCall part comes whole in one event (opened and closed there, its args the part's own);
// Vertex's streamed call opens with `{name, willContinue: true}`, takes `partialArgs` fragments
// (each shown by its JSONPath) and closes with an empty functionCall or a last fragment.

import type { GeminiInterpretation } from '../../../../shared/dialects/gemini/interpret.ts';
import { stringOf } from '../kit/tool-items.ts';
import type { OpenCall, ToolItemReading } from '../kit/tool-items.ts';

export const GEMINI_TOOL_ITEMS: ToolItemReading = {
  start(calls) {
    // The open streamed call of each candidate.
    const open = new Map<number, OpenCall>();
    const counts = new Map<number, number>();
    return (event, interpretation) => {
      for (const op of (interpretation as GeminiInterpretation).ops) {
        if (op.op !== 'response') continue;
        for (const candidate of op.candidates) {
          for (const part of candidate.parts) {
            const ordinal = counts.get(candidate.index) ?? 0;
            const base = { where: `candidates[${candidate.index}] call ${ordinal}`, type: 'functionCall', itemId: null, member: 'args', json: true, openedAt: event, initial: '', fragments: [] };
            if (part.type === 'call') {
              counts.set(candidate.index, ordinal + 1);
              calls.push({ ...base, name: part.name, callId: part.id, closedAt: event, startInput: part.args });
            } else if (part.type === 'call-start') {
              counts.set(candidate.index, ordinal + 1);
              const call: OpenCall = { ...base, name: part.name, callId: part.id, closedAt: part.ends ? event : -1, startInput: undefined, fragments: part.fragments.map((fragment) => ({ event, text: fragmentText(fragment) })) };
              calls.push(call);
              if (!part.ends) open.set(candidate.index, call);
            } else if (part.type === 'call-args') {
              const call = open.get(candidate.index);
              if (!call) continue;
              call.fragments.push(...part.fragments.map((fragment) => ({ event, text: fragmentText(fragment) })));
              if (part.ends) {
                call.closedAt = event;
                open.delete(candidate.index);
              }
            } else if (part.type === 'call-end') {
              const call = open.get(candidate.index);
              if (call) call.closedAt = event;
              open.delete(candidate.index);
            }
          }
        }
      }
    };
  },
};

/** A partialArgs fragment in words: its JSONPath and its value. */
function fragmentText(fragment: unknown): string {
  const object = typeof fragment === 'object' && fragment !== null ? (fragment as Record<string, unknown>) : {};
  const path = stringOf(object.jsonPath) ?? '?';
  const value = 'stringValue' in object ? object.stringValue : 'numberValue' in object ? object.numberValue : 'boolValue' in object ? object.boolValue : 'nullValue' in object ? null : undefined;
  return `${path} = ${JSON.stringify(value) ?? '?'}`;
}
