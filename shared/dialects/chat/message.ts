// The accumulated state in the shape of a non-streamed response's
// `choices[]` (DESIGN.md, "Analysis contract"): `content` is null when no
// content delta carried text, and `tool_calls` is absent when there were none.

import type { ChoiceState, StreamState, ToolCallState } from './accumulate.ts';
import { lineAndColumn, locateJsonError } from './json-error.ts';
import { MAX_JSON_DEPTH, TOO_DEEP, tooDeepAt } from '../../formats/json-depth.ts';

export interface ToolCallMessage {
  index: number;
  id: string | null;
  type: string | null;
  function: { name: string | null; arguments: string };
}

export interface AssistantMessage {
  role: string | null;
  content: string | null;
  refusal: string | null;
  reasoning_content: string | null;
  tool_calls?: ToolCallMessage[];
  /** The deprecated single function call, present only when the stream used it. */
  function_call?: { name: string | null; arguments: string };
}

export interface ChoiceMessage {
  index: number;
  message: AssistantMessage;
  finish_reason: string | null;
  logprobs: { content: unknown[] | null; refusal: unknown[] | null } | null;
}

export function toChoices(state: StreamState): ChoiceMessage[] {
  return [...state.choices.values()].sort((a, b) => a.index - b.index).map(toChoice);
}

export function toChoice(choice: ChoiceState): ChoiceMessage {
  const message: AssistantMessage = {
    role: choice.role,
    content: choice.content,
    refusal: choice.refusal,
    reasoning_content: choice.reasoning,
  };
  if (choice.toolCalls.size > 0) message.tool_calls = toolCallsOf(choice).map(toToolCall);
  if (choice.functionCall) message.function_call = { ...choice.functionCall };
  return {
    index: choice.index,
    message,
    finish_reason: choice.finishReason,
    logprobs: choice.logprobs && { content: choice.logprobs.content && [...choice.logprobs.content], refusal: choice.logprobs.refusal && [...choice.logprobs.refusal] },
  };
}

export function toolCallsOf(choice: ChoiceState): ToolCallState[] {
  return [...choice.toolCalls.values()].sort((a, b) => a.index - b.index);
}

function toToolCall(call: ToolCallState): ToolCallMessage {
  return { index: call.index, id: call.id, type: call.type, function: { name: call.name, arguments: call.arguments } };
}

export type ArgumentsCheck =
  | { readonly valid: true; readonly value: unknown }
  | {
      readonly valid: false;
      /** JSON.parse's message (its wording differs between engines). */
      readonly error: string;
      /** Where the text stops being JSON: an offset, and its 1-based line and column. */
      readonly position: number;
      readonly line: number;
      readonly column: number;
      /** What the JSON grammar wanted at that place. */
      readonly expected: string;
    };

/** Whether a tool call's joined arguments parse as JSON, and where they fail when not. */
export function checkArguments(text: string): ArgumentsCheck {
  // Arguments nested deeper than any file may be are not read: every view and check that walks them recurses.
  const deep = text.length > MAX_JSON_DEPTH ? tooDeepAt(text) : -1;
  if (deep !== -1) return { valid: false, error: TOO_DEEP, position: deep, ...lineAndColumn(text, deep), expected: `at most ${MAX_JSON_DEPTH} levels of nesting` };
  try {
    return { valid: true, value: JSON.parse(text) };
  } catch (error) {
    if (text.trim() === '') return { valid: false, error: 'empty arguments', position: 0, line: 1, column: 1, expected: 'a value' };
    const message = error instanceof Error ? error.message : String(error);
    // JSON.parse and the grammar agree on what is JSON; should they ever not, the end is the place.
    const at = locateJsonError(text) ?? { offset: text.length, ...lineAndColumn(text, text.length), expected: 'a value' };
    return { valid: false, error: message, position: at.offset, line: at.line, column: at.column, expected: at.expected };
  }
}

/** Where and why arguments are not JSON, in one line: `line 1, column 6 (character 5): expected a value (JSON.parse: …)`. */
export function describeArgumentsError(check: Extract<ArgumentsCheck, { valid: false }>): string {
  const where = `line ${check.line}, column ${check.column} (character ${check.position})`;
  if (check.error === 'empty arguments') return `${where}: empty arguments`;
  if (check.error === TOO_DEEP) return `${where}: ${TOO_DEEP}`;
  return `${where}: expected ${check.expected} (JSON.parse: ${check.error})`;
}
