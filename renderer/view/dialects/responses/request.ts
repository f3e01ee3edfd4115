// A Responses request's conversation, as Chat Completions' messages (../kit/request-shape.ts): its
// `instructions` and its `input` (a string, or items with a role and content parts).

import { isObject } from '../../../../shared/is-object.ts';
import { chatShaped, partsOf } from '../kit/request-shape.ts';
import type { Json } from '../kit/request-shape.ts';

export function responsesRequest(body: unknown): unknown {
  return chatShaped(body, responsesMessages);
}

function responsesMessages(body: Json): unknown[] | null {
  const system = typeof body.instructions === 'string' ? [{ role: 'developer', content: body.instructions }] : [];
  const { input } = body;
  if (typeof input === 'string') return [...system, { role: 'user', content: input }];
  if (!Array.isArray(input)) return system.length > 0 ? system : null;
  // Items with a role are messages; others (function_call_output, reasoning) are told by their type.
  return [...system, ...input.map((item) => (isObject(item) && typeof item.role === 'string' ? { ...item, content: partsOf(item.content) } : { role: isObject(item) && typeof item.type === 'string' ? item.type : '(item)', content: null }))];
}
