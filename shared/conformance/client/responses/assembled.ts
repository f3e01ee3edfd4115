// What a correct Responses API client ends with, as our analysis reads it: the response's
// output_text parts joined, its function_call items with their arguments parsed.

import type { Analysis } from '../../../analysis/analyze.ts';
import { isObject } from '../../../is-object.ts';
import { parsedArguments } from '../expected.ts';
import type { AssembledOutput } from '../types.ts';

/** The final response as openai's responses.stream().finalResponse() ends with it (the analysis' `final`). */
export function responsesOutput(analysis: Analysis): AssembledOutput {
  const output = isObject(analysis.final) && Array.isArray(analysis.final.output) ? analysis.final.output.filter(isObject) : [];
  const parts = output.filter((item) => item.type === 'message').flatMap((item) => (Array.isArray(item.content) ? item.content.filter(isObject) : []));
  return {
    text: parts.map((part) => (part.type === 'output_text' && typeof part.text === 'string' ? part.text : '')).join(''),
    toolCalls: output
      .filter((item) => item.type === 'function_call')
      .map((item) => ({ name: typeof item.name === 'string' ? item.name : '', arguments: typeof item.arguments === 'string' ? parsedArguments(item.arguments) : (item.arguments ?? null) })),
  };
}
