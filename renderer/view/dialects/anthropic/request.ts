// An Anthropic Messages request's conversation, as Chat Completions' messages
// (../kit/request-shape.ts): its `system` prompt and its `messages`.

import { isObject } from '../../../../shared/is-object.ts';
import { chatShaped, partsOf } from '../kit/request-shape.ts';
import type { Json } from '../kit/request-shape.ts';

export function anthropicRequest(body: unknown): unknown {
  return chatShaped(body, anthropicMessages);
}

function anthropicMessages(body: Json): unknown[] | null {
  const system = typeof body.system === 'string' || Array.isArray(body.system) ? [{ role: 'system', content: partsOf(body.system) }] : [];
  if (!Array.isArray(body.messages)) return system.length > 0 ? system : null;
  return [...system, ...body.messages.map((message) => (isObject(message) ? { ...message, content: partsOf(message.content) } : message))];
}
