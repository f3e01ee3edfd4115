// What a correct Bedrock ConverseStream client ends with, as our analysis reads it: the message's
// text blocks joined (not its reasoning), its toolUse blocks with their input (the fragments
// joined and parsed, as the analysis' final object holds it).

import type { Analysis } from '../../../analysis/analyze.ts';
import { isObject } from '../../../is-object.ts';
import type { AssembledOutput } from '../types.ts';

export function bedrockOutput(analysis: Analysis): AssembledOutput {
  const message = isObject(analysis.final) && isObject(analysis.final.message) ? analysis.final.message : null;
  const content = message !== null && Array.isArray(message.content) ? message.content.filter(isObject) : [];
  return {
    text: content.map((block) => (typeof block.text === 'string' ? block.text : '')).join(''),
    toolCalls: content
      .filter((block) => isObject(block.toolUse))
      .map((block) => {
        const use = block.toolUse as Record<string, unknown>;
        return { name: typeof use.name === 'string' ? use.name : '', arguments: use.input ?? {} };
      }),
  };
}
