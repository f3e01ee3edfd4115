// What a correct client assembles from a valid case, by our own analysis of the case's bytes (the
// same fold as `streamscope inspect`), never written by hand: Chat Completions' choice 0 — its
// content and its tool calls by index — with each call's arguments parsed when they are JSON;
// Anthropic's message — its text blocks joined, its tool_use blocks with their input.

import { analyzeRecording } from '../../analysis/analyze.ts';
import type { Analysis } from '../../analysis/analyze.ts';
import { isObject } from '../../is-object.ts';
import type { Recording } from '../../recording/types.ts';
import type { AssembledOutput } from './types.ts';

/** Arguments as a client compares them: the parsed JSON, or the text itself when it is not JSON. */
export function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function assembledBy(recording: Recording): AssembledOutput {
  const analysis = analyzeRecording(recording);
  return analysis.protocol === 'anthropic-messages' ? anthropicOutput(analysis) : chatOutput(analysis);
}

function chatOutput(analysis: Analysis): AssembledOutput {
  const message = analysis.choices.find((choice) => choice.index === 0)?.message;
  return {
    text: message?.content ?? '',
    toolCalls: (message?.tool_calls ?? []).map((call) => ({ name: call.function.name ?? '', arguments: parsedArguments(call.function.arguments) })),
  };
}

/** The final message as @anthropic-ai/sdk's finalMessage() ends with it (the analysis' `final`). */
function anthropicOutput(analysis: Analysis): AssembledOutput {
  const content = isObject(analysis.final) && Array.isArray(analysis.final.content) ? analysis.final.content.filter(isObject) : [];
  return {
    text: content.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join(''),
    toolCalls: content.filter((block) => block.type === 'tool_use').map((block) => ({ name: typeof block.name === 'string' ? block.name : '', arguments: block.input ?? null })),
  };
}
