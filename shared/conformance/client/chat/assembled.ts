// What a correct Chat Completions client ends with, as our analysis reads it: choice 0's content and
// its tool calls by index, each call's arguments parsed when they are JSON.

import type { Analysis } from '../../../analysis/analyze.ts';
import { parsedArguments } from '../expected.ts';
import type { AssembledOutput } from '../types.ts';

export function chatOutput(analysis: Analysis): AssembledOutput {
  const message = analysis.choices.find((choice) => choice.index === 0)?.message;
  return {
    text: message?.content ?? '',
    toolCalls: (message?.tool_calls ?? []).map((call) => ({ name: call.function.name ?? '', arguments: parsedArguments(call.function.arguments) })),
  };
}
