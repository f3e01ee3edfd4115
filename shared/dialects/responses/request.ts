// A Responses API body (`POST …/responses`) from the recorder's inputs. Chat Completions' shapes
// are mapped onto the Responses API's own (OpenAI's API reference, "Create a model response"):
// the first system message is `instructions`; messages are input messages, their text parts
// `input_text` (`output_text` for the assistant's) and image parts `input_image`; an assistant's
// tool calls are `function_call` items and a tool's answer a `function_call_output`; a function tool
// is flat, `{type: "function", name, parameters, strict}`. Anything else is sent as given.

import { chatFunction, chatToolCall, imageUrlPart, parametersOf, withStreamOptions } from '../kit/request-body.ts';
import { isObject } from '../../is-object.ts';
import type { BodyInputs, BuiltBody, Json } from '../kit/request-body.ts';

export function responsesBody(inputs: BodyInputs): BuiltBody {
  if (inputs.includeUsage !== undefined) return { ok: false, problem: "includeUsage is Chat Completions' own: a Responses stream always carries its usage" };
  const { stream_options: given, ...rest } = inputs.params ?? {};
  let messages = inputs.messages;
  let instructions: string | undefined;
  // Unless the fields give instructions of their own: then a system message stays in the input, where Responses takes it too.
  const first = messages[0];
  if (rest.instructions === undefined && isObject(first) && first.role === 'system' && typeof first.content === 'string' && Object.keys(first).length === 2) {
    instructions = first.content;
    messages = messages.slice(1);
  }
  const streamOptions = withStreamOptions(given, { includeObfuscation: inputs.includeObfuscation });
  return {
    ok: true,
    body: {
      ...rest,
      model: inputs.model,
      ...(instructions !== undefined ? { instructions } : {}),
      input: messages.flatMap(inputItems),
      ...(inputs.tools !== undefined ? { tools: inputs.tools.map(responsesTool) } : {}),
      ...(inputs.maxTokens !== undefined ? { max_output_tokens: inputs.maxTokens } : {}),
      ...(streamOptions ? { stream_options: streamOptions } : {}),
      stream: true,
    },
  };
}

/** The input items one message stands for: an item already (no role) is itself. */
function inputItems(message: unknown): unknown[] {
  if (!isObject(message) || typeof message.role !== 'string') return [message];
  if (message.role === 'tool') {
    const { role: _role, tool_call_id: callId, content, ...others } = message;
    return [{ type: 'function_call_output', call_id: callId, output: Array.isArray(content) ? content.map((part) => inputPart(part, 'tool')) : content, ...others }];
  }
  if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
    const { tool_calls: calls, ...said } = message;
    const items: unknown[] = hasContent(said.content) ? [inputMessage(said)] : [];
    for (const call of calls as unknown[]) {
      const chat = chatToolCall(call);
      items.push(chat ? { type: 'function_call', call_id: chat.id, name: chat.name, arguments: chat.arguments } : call);
    }
    return items;
  }
  return [inputMessage(message)];
}

function hasContent(content: unknown): boolean {
  return content !== null && content !== undefined && content !== '' && !(Array.isArray(content) && content.length === 0);
}

function inputMessage(message: Json): Json {
  const role = message.role as string;
  return Array.isArray(message.content) ? { ...message, content: message.content.map((part) => inputPart(part, role)) } : message;
}

/** A Chat Completions content part as a Responses one: the assistant's text is `output_text`, all other text `input_text`. */
function inputPart(part: unknown, role: string): unknown {
  if (!isObject(part)) return part;
  if (part.type === 'text' && typeof part.text === 'string') return { ...part, type: role === 'assistant' ? 'output_text' : 'input_text' };
  const image = imageUrlPart(part);
  if (image) return { type: 'input_image', image_url: image.url, detail: image.detail ?? 'auto' };
  if (part.type === 'file' && isObject(part.file)) return { type: 'input_file', ...part.file };
  return part;
}

/** A Chat Completions function tool, flat; `strict` as Chat Completions means it when absent (false). */
function responsesTool(tool: unknown): unknown {
  const fn = chatFunction(tool);
  return fn ? { type: 'function', ...fn, parameters: parametersOf(fn), strict: fn.strict ?? false } : tool;
}
