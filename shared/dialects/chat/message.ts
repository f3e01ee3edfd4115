// The accumulated state in the shape of a non-streamed response's
// `choices[]` (docs/architecture.md, "Analysis contract"): `content` is null when no
// content delta carried text, and `tool_calls` is absent when there were none.

import type { ChoiceState, StreamState, ToolCallState } from './accumulate.ts';

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

