// Another dialect's request body put in Chat Completions' shape, so that the request summary
// (shared/recording/request-summary.ts) reads its conversation and tools: the dialect says which
// messages its body holds (../responses/request.ts, ../anthropic/request.ts); its tools are read
// by their flat `name` (else their `type`), its text parts as Chat Completions' `text` parts.

import { isObject } from '../../../../shared/is-object.ts';

export type Json = Readonly<Record<string, unknown>>;

/** The text part types of the other dialects, read as Chat Completions' `text` parts. */
const TEXT_PARTS: ReadonlySet<string> = new Set(['input_text', 'output_text', 'text']);

/** A body (JSON text or parsed) in Chat Completions' shape; `messagesOf` reads the dialect's conversation, null when it has none. */
export function chatShaped(body: unknown, messagesOf: (body: Json) => unknown[] | null): unknown {
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (!isObject(body)) return body;
  const { messages: _messages, tools: _tools, ...rest } = body;
  const messages = messagesOf(body);
  const tools = Array.isArray(body.tools) ? body.tools.map((tool) => ({ function: { name: isObject(tool) && typeof tool.name === 'string' ? tool.name : isObject(tool) && typeof tool.type === 'string' ? tool.type : undefined } })) : undefined;
  return { ...rest, ...(messages ? { messages } : {}), ...(tools ? { tools } : {}) };
}

/** Content parts with text as Chat Completions' `text` parts; the others keep their type (the summary notes them). */
export function partsOf(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((part) => (isObject(part) && typeof part.type === 'string' && TEXT_PARTS.has(part.type) && typeof part.text === 'string' ? { type: 'text', text: part.text } : part));
}
