// A ConverseStream request's conversation, as Chat Completions' messages (../kit/request-shape.ts):
// its `system` blocks and its `messages`, text blocks as text parts. Its tools are
// `toolConfig.tools[].toolSpec`: each spec is one tool, by its name.

import { isObject } from '../../../../shared/is-object.ts';
import { chatShaped } from '../kit/request-shape.ts';
import type { Json } from '../kit/request-shape.ts';

export function converseRequest(body: unknown): unknown {
  const shaped = chatShaped(body, converseMessages);
  const parsed = typeof body === 'string' ? parse(body) : body;
  if (!isObject(shaped) || !isObject(parsed) || !isObject(parsed.toolConfig) || !Array.isArray(parsed.toolConfig.tools)) return shaped;
  const tools = parsed.toolConfig.tools.map((tool) => {
    const spec = isObject(tool) && isObject(tool.toolSpec) ? tool.toolSpec : null;
    return { function: { name: spec !== null && typeof spec.name === 'string' ? spec.name : isObject(tool) ? Object.keys(tool)[0] : undefined } };
  });
  return { ...shaped, tools };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const blocksOf = (content: unknown): unknown => (Array.isArray(content) ? content.map((block) => (isObject(block) && typeof block.text === 'string' && Object.keys(block).length === 1 ? { type: 'text', text: block.text } : block)) : content);

function converseMessages(body: Json): unknown[] | null {
  const system = Array.isArray(body.system) ? [{ role: 'system', content: blocksOf(body.system) }] : [];
  if (!Array.isArray(body.messages)) return system.length > 0 ? system : null;
  return [...system, ...body.messages.map((message) => (isObject(message) ? { ...message, content: blocksOf(message.content) } : message))];
}
