// What a correct client assembles from a valid case, by our own analysis of the case's bytes (the
// same fold as `streamscope inspect`), never written by hand: Chat Completions' choice 0 — its
// content and its tool calls by index — with each call's arguments parsed when they are JSON;
// the Responses API's response — its output_text parts joined, its function_call items; Anthropic's
// message — its text blocks joined, its tool_use blocks with their input; Gemini's response —
// candidate 0's text parts (not its thoughts) joined, its functionCall parts with their args.

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
  if (analysis.protocol === 'anthropic-messages') return anthropicOutput(analysis);
  if (analysis.protocol === 'responses') return responsesOutput(analysis);
  if (analysis.protocol === 'gemini') return geminiOutput(analysis);
  return chatOutput(analysis);
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

/** The final response as openai's responses.stream().finalResponse() ends with it (the analysis' `final`). */
function responsesOutput(analysis: Analysis): AssembledOutput {
  const output = isObject(analysis.final) && Array.isArray(analysis.final.output) ? analysis.final.output.filter(isObject) : [];
  const parts = output.filter((item) => item.type === 'message').flatMap((item) => (Array.isArray(item.content) ? item.content.filter(isObject) : []));
  return {
    text: parts.map((part) => (part.type === 'output_text' && typeof part.text === 'string' ? part.text : '')).join(''),
    toolCalls: output
      .filter((item) => item.type === 'function_call')
      .map((item) => ({ name: typeof item.name === 'string' ? item.name : '', arguments: typeof item.arguments === 'string' ? parsedArguments(item.arguments) : (item.arguments ?? null) })),
  };
}

/** Candidate 0's parts as @google/genai's chunks add up to them: its text parts but thoughts joined (`chunk.text`), its function calls with their args (`chunk.functionCalls`). */
function geminiOutput(analysis: Analysis): AssembledOutput {
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
