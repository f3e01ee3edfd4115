// The request body of another dialect, put in Chat Completions' shape so that the request summary
// (shared/recording/request-summary.ts) reads its conversation and tools: a Responses request's
// `instructions` and `input` (a string, or items with a role and content parts), an Anthropic
// request's `system` and `messages`; each dialect's tools by their flat `name`. Pure: the
// message panel's request view summarises what this returns.

import { isObject } from '../../../shared/is-object.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';

type Json = Readonly<Record<string, unknown>>;

/** The text part types of the other dialects, read as Chat Completions' `text` parts. */
const TEXT_PARTS: ReadonlySet<string> = new Set(['input_text', 'output_text', 'text']);

export function chatShapedBody(protocol: Protocol | null, body: unknown): unknown {
  if (protocol !== 'responses' && protocol !== 'anthropic-messages') return body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (!isObject(body)) return body;
  const { messages: _messages, tools: _tools, ...rest } = body;
  const messages = protocol === 'responses' ? responsesMessages(body) : messagesMessages(body);
  const tools = Array.isArray(body.tools) ? body.tools.map((tool) => ({ function: { name: isObject(tool) && typeof tool.name === 'string' ? tool.name : isObject(tool) && typeof tool.type === 'string' ? tool.type : undefined } })) : undefined;
  return { ...rest, ...(messages ? { messages } : {}), ...(tools ? { tools } : {}) };
}

function responsesMessages(body: Json): unknown[] | null {
  const system = typeof body.instructions === 'string' ? [{ role: 'developer', content: body.instructions }] : [];
  const { input } = body;
  if (typeof input === 'string') return [...system, { role: 'user', content: input }];
  if (!Array.isArray(input)) return system.length > 0 ? system : null;
  // Items with a role are messages; others (function_call_output, reasoning) are told by their type.
  return [...system, ...input.map((item) => (isObject(item) && typeof item.role === 'string' ? { ...item, content: partsOf(item.content) } : { role: isObject(item) && typeof item.type === 'string' ? item.type : '(item)', content: null }))];
}

function messagesMessages(body: Json): unknown[] | null {
  const system = typeof body.system === 'string' || Array.isArray(body.system) ? [{ role: 'system', content: partsOf(body.system) }] : [];
  if (!Array.isArray(body.messages)) return system.length > 0 ? system : null;
  return [...system, ...body.messages.map((message) => (isObject(message) ? { ...message, content: partsOf(message.content) } : message))];
}

/** Content parts with text as Chat Completions' `text` parts; the others keep their type (the summary notes them). */
function partsOf(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((part) => (isObject(part) && typeof part.type === 'string' && TEXT_PARTS.has(part.type) && typeof part.text === 'string' ? { type: 'text', text: part.text } : part));
}
