// An Anthropic Messages body (`POST …/v1/messages`) from the recorder's inputs. Chat Completions'
// shapes are mapped onto Anthropic's (its API reference, "Messages"): system (and developer)
// messages become `system`, apart from `messages`; an assistant's tool calls are `tool_use` blocks
// with their arguments parsed; a tool's answer is a `tool_result` block in a user turn (those of one
// turn together); an image URL part is an `image` block; a function tool is
// `{name, description, input_schema}`. `max_tokens` is required: MESSAGES_DEFAULT_MAX_TOKENS when
// not given. Anything else is sent as given.

import { chatFunction, chatToolCall, imageUrlPart, isSystemMessage, parametersOf } from '../kit/request-body.ts';
import { isObject } from '../../is-object.ts';
import type { BodyInputs, BuiltBody, Json } from '../kit/request-body.ts';

/**
 * What an Anthropic Messages request asks for when it gives no `max_tokens` (the API requires
 * one): room for a long answer, the simulator's `large` scenario included.
 */
export const MESSAGES_DEFAULT_MAX_TOKENS = 4096;

export function messagesBody(inputs: BodyInputs): BuiltBody {
  if (inputs.includeUsage !== undefined) return { ok: false, problem: "includeUsage is Chat Completions' own: a Messages stream always carries its usage" };
  if (inputs.includeObfuscation !== undefined) return { ok: false, problem: 'includeObfuscation is OpenAI’s: Anthropic Messages has no stream_options' };
  const params = inputs.params ?? {};
  const systems = inputs.messages.filter(isSystemMessage);
  if (systems.length > 0 && params.system !== undefined) return { ok: false, problem: 'system is given twice: as a body field and as system messages' };

  const messages: unknown[] = [];
  // The user turn that holds the tool results of the turn before it, while tool messages follow one another.
  let results: unknown[] | null = null;
  for (const [index, message] of inputs.messages.entries()) {
    if (isSystemMessage(message)) continue;
    if (isObject(message) && message.role === 'tool') {
      const block = { type: 'tool_result', tool_use_id: message.tool_call_id, content: Array.isArray(message.content) ? message.content.map(blockOf) : message.content };
      if (results) results.push(block);
      else messages.push({ role: 'user', content: (results = [block]) });
      continue;
    }
    results = null;
    if (isObject(message) && message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      const turn = assistantTurn(message, index);
      if (typeof turn === 'string') return { ok: false, problem: turn };
      messages.push(turn);
    } else {
      messages.push(isObject(message) && Array.isArray(message.content) ? { ...message, content: message.content.map(blockOf) } : message);
    }
  }

  const system = systemOf(systems);
  return {
    ok: true,
    body: {
      ...params,
      model: inputs.model,
      ...(system !== undefined ? { system } : {}),
      messages,
      ...(inputs.tools !== undefined ? { tools: inputs.tools.map(messagesTool) } : {}),
      max_tokens: inputs.maxTokens ?? params.max_tokens ?? MESSAGES_DEFAULT_MAX_TOKENS,
      stream: true,
    },
  };
}

/** One system message's text is `system` as a string; several, or content parts, a list of text blocks. */
function systemOf(systems: readonly Json[]): unknown {
  if (systems.length === 0) return undefined;
  if (systems.length === 1 && typeof systems[0]!.content === 'string') return systems[0]!.content;
  return systems.flatMap((message) => (typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : Array.isArray(message.content) ? message.content : [message.content]));
}

/** An assistant message with tool calls as content blocks: its text, then a `tool_use` per call; or why a call cannot be one. */
function assistantTurn(message: Json, index: number): Json | string {
  const { tool_calls: calls, content, ...others } = message;
  const blocks: unknown[] = typeof content === 'string' ? (content === '' ? [] : [{ type: 'text', text: content }]) : Array.isArray(content) ? content.map(blockOf) : [];
  for (const call of calls as unknown[]) {
    const chat = chatToolCall(call);
    if (!chat) {
      blocks.push(call);
      continue;
    }
    const input = typeof chat.arguments === 'string' ? parseObject(chat.arguments) : chat.arguments;
    if (!isObject(input)) return `message ${index + 1}: the arguments of tool call ${JSON.stringify(chat.id)} are not a JSON object, which Anthropic's tool_use input must be`;
    blocks.push({ type: 'tool_use', id: chat.id, name: chat.name, input });
  }
  return { ...others, content: blocks };
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A Chat Completions content part as an Anthropic block: an image URL (a data: URL inline) is an `image` block; text parts are already text blocks. */
function blockOf(part: unknown): unknown {
  if (!isObject(part)) return part;
  const image = imageUrlPart(part);
  if (!image) return part;
  const inline = /^data:([^;,]+);base64,(.*)$/s.exec(image.url);
  return { type: 'image', source: inline ? { type: 'base64', media_type: inline[1], data: inline[2] } : { type: 'url', url: image.url } };
}

function messagesTool(tool: unknown): unknown {
  const fn = chatFunction(tool);
  if (!fn) return tool;
  return { name: fn.name, ...(fn.description !== undefined ? { description: fn.description } : {}), input_schema: parametersOf(fn), ...(fn.strict !== undefined ? { strict: fn.strict } : {}) };
}
