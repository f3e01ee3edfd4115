// The request that produced a stream, in a few lines: the model, the conversation as role and
// text per message, the tools offered and the streaming options (OpenAI's chat completions
// request body). A body of another shape gives what it has; nothing here throws on odd input.

import { isObject } from '../is-object.ts';

export interface RequestMessage {
  readonly role: string;
  /** The text of the message: string content, or its text parts joined. */
  readonly text: string;
  /** What else it carries, in words: `image_url part`, `tool_calls: get_weather`, `tool_call_id call_1`. */
  readonly notes: readonly string[];
}

export interface RequestBodySummary {
  readonly model: string | null;
  /** `stream` as sent; null when absent. */
  readonly stream: boolean | null;
  /** `stream_options.include_usage` as sent; null when absent. */
  readonly includeUsage: boolean | null;
  /** null when the body has no `messages` array. */
  readonly messages: readonly RequestMessage[] | null;
  /** Names of the tools offered (`tools[].function.name`, or the deprecated `functions[].name`). */
  readonly tools: readonly string[];
}

/** The summary of a request body, or null when it is not a JSON object (or JSON text of one). */
export function summarizeRequestBody(body: unknown): RequestBodySummary | null {
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (!isObject(body)) return null;
  const options = body.stream_options;
  const tools = Array.isArray(body.tools) ? body.tools.map((tool) => nameOf(isObject(tool) ? tool.function : undefined)) : [];
  const functions = Array.isArray(body.functions) ? body.functions.map(nameOf) : [];
  return {
    model: typeof body.model === 'string' ? body.model : null,
    stream: typeof body.stream === 'boolean' ? body.stream : null,
    includeUsage: isObject(options) && typeof options.include_usage === 'boolean' ? options.include_usage : null,
    messages: Array.isArray(body.messages) ? body.messages.map(messageOf) : null,
    tools: [...tools, ...functions],
  };
}

function nameOf(value: unknown): string {
  return isObject(value) && typeof value.name === 'string' ? value.name : '(unnamed)';
}

function messageOf(message: unknown): RequestMessage {
  if (!isObject(message)) return { role: '(not an object)', text: '', notes: [JSON.stringify(message) ?? String(message)] };
  const notes: string[] = [];
  const texts: string[] = [];
  const { content } = message;
  if (typeof content === 'string') texts.push(content);
  else if (Array.isArray(content)) {
    for (const part of content) {
      if (isObject(part) && part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      else if (isObject(part) && part.type === 'refusal' && typeof part.refusal === 'string') texts.push(part.refusal);
      else notes.push(`${isObject(part) && typeof part.type === 'string' ? part.type : 'unknown'} part`);
    }
  } else if (content !== null && content !== undefined) notes.push(`content ${JSON.stringify(content)}`);
  if (typeof message.name === 'string') notes.push(`name ${message.name}`);
  if (Array.isArray(message.tool_calls)) notes.push(`tool_calls: ${message.tool_calls.map((call) => nameOf(isObject(call) ? call.function : undefined)).join(', ')}`);
  if (isObject(message.function_call)) notes.push(`function_call: ${nameOf(message.function_call)}`);
  if (typeof message.tool_call_id === 'string') notes.push(`tool_call_id ${message.tool_call_id}`);
  return { role: typeof message.role === 'string' ? message.role : '(no role)', text: texts.join('\n'), notes };
}
