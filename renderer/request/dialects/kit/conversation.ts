// Reading a recorded body's conversation back: a member taken out of the body, and a system
// field put in front of the list as a first system message (the backend puts it back in its place).

import type { Json } from '../types.ts';

/** The member's value, deleted from the body. */
export function take(fields: Json, name: string): unknown {
  const value = fields[name];
  delete fields[name];
  return value;
}

/** The list with the body's system field as its first message, when the field holds one and the list is a list (or absent); else the list as it was. */
export function withSystem(fields: Json, list: unknown, field: string, holdsSystem: (system: unknown) => boolean): unknown {
  const system = fields[field];
  if (!holdsSystem(system) || !(list === undefined || Array.isArray(list))) return list;
  delete fields[field];
  return [{ role: 'system', content: system }, ...((list as unknown[] | undefined) ?? [])];
}
