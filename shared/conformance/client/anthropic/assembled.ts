// What a correct Anthropic Messages client ends with, as our analysis reads it: the message's text
// blocks joined, its tool_use blocks with their input.

import type { Analysis } from '../../../analysis/analyze.ts';
import { isObject } from '../../../is-object.ts';
import type { AssembledOutput } from '../types.ts';

/** The final message as @anthropic-ai/sdk's finalMessage() ends with it (the analysis' `final`). */
export function anthropicOutput(analysis: Analysis): AssembledOutput {
  const content = isObject(analysis.final) && Array.isArray(analysis.final.content) ? analysis.final.content.filter(isObject) : [];
  return {
    text: content.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join(''),
    toolCalls: content.filter((block) => block.type === 'tool_use').map((block) => ({ name: typeof block.name === 'string' ? block.name : '', arguments: block.input ?? null })),
  };
}
