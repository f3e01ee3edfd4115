// What a correct Gemini client ends with, as our analysis reads it: candidate 0's text parts (not
// its thoughts) joined, its functionCall parts with their args.

import type { Analysis } from '../../../analysis/analyze.ts';
import { isObject } from '../../../is-object.ts';
import type { AssembledOutput } from '../types.ts';

/** Candidate 0's parts as @google/genai's chunks add up to them: its text parts but thoughts joined (`chunk.text`), its function calls with their args (`chunk.functionCalls`). */
export function geminiOutput(analysis: Analysis): AssembledOutput {
  const candidates = isObject(analysis.final) && Array.isArray(analysis.final.candidates) ? analysis.final.candidates.filter(isObject) : [];
  const first = candidates.find((candidate) => candidate.index === 0);
  const content = first !== undefined && isObject(first.content) ? first.content : null;
  const parts = content !== null && Array.isArray(content.parts) ? content.parts.filter(isObject) : [];
  return {
    text: parts.map((part) => (part.thought !== true && typeof part.text === 'string' ? part.text : '')).join(''),
    toolCalls: parts
      .filter((part) => isObject(part.functionCall))
      .map((part) => {
        const call = part.functionCall as Record<string, unknown>;
        return { name: typeof call.name === 'string' ? call.name : '', arguments: call.args ?? {} };
      }),
  };
}
