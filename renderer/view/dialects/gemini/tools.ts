// How the tool calls panel and the timeline read a Gemini stream's calls (../kit/tool-items.ts): a
// functionCall part comes whole in one event (opened and closed there, its args the part's own);
// Vertex's streamed call opens with `{name, willContinue: true}`, takes `partialArgs` fragments
// (each shown by its JSONPath) and closes with an empty functionCall or a last fragment.

import type { GeminiInterpretation } from '../../../../shared/dialects/gemini/interpret.ts';
import { assembleArgs } from '../../../../shared/dialects/gemini/partial-args.ts';
import type { Fragment as ArgsFragment } from '../../../../shared/dialects/gemini/partial-args.ts';
import { stringOf } from '../kit/tool-items.ts';
import type { Fragment, OpenCall, ToolItemReading } from '../kit/tool-items.ts';

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
              // A call without args is called with none: {} (as @google/genai's and the AI SDK's readers take it).
              calls.push({ ...base, name: part.name, callId: part.id, closedAt: event, startInput: part.args ?? {} });
            } else if (part.type === 'call-start') {
              counts.set(candidate.index, ordinal + 1);
              const call: OpenCall = { ...base, name: part.name, callId: part.id, closedAt: part.ends ? event : -1, startInput: undefined, fragments: part.fragments.map((fragment) => fragmentOf(event, fragment)), join: joinArgs };
              calls.push(call);
              if (!part.ends) open.set(candidate.index, call);
            } else if (part.type === 'call-args') {
              const call = open.get(candidate.index);
              if (!call) continue;
              call.fragments.push(...part.fragments.map((fragment) => fragmentOf(event, fragment)));
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

/** A partialArgs fragment as a card shows it: its JSONPath and its value in words, and the fragment itself for the args it joins to. */
function fragmentOf(event: number, fragment: ArgsFragment): Fragment {
  const path = stringOf(fragment.jsonPath) ?? '?';
  return { event, text: `${path} = ${fragment.type === 'none' ? '(no value)' : JSON.stringify(fragment.value)}`, value: fragment };
}

/** A streamed call's args, its fragments assembled as the fold assembles them (shared/dialects/gemini/partial-args.ts). */
function joinArgs(fragments: readonly Fragment[]): string {
  return JSON.stringify(assembleArgs(fragments.map((fragment) => fragment.value as ArgsFragment)).args);
}
