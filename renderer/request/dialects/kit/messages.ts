// A message's role, as every dialect checks it first.

import type { Json } from '../types.ts';

/** Said when the message has no role; `or` names what the dialect takes instead (' (or, for an item, a type)'). */
export function roleProblem(message: Json, or = ''): string | null {
  return typeof message.role === 'string' && message.role !== '' ? null : `role must be a non-empty string${or}`;
}
