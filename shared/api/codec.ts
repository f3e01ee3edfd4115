// JSON for the serve-mode bridge. IPC clones Uint8Array as it is; JSON cannot, so bytes travel
// as `{"$bytes": base64}`. A caller's own object that happens to have a `$bytes` or `$object`
// key is wrapped in `{"$object": …}`, so no value is ever mistaken for bytes.

import { fromBase64, toBase64 } from '../formats/bytes.ts';

export function encodeJson(value: unknown): string {
  return JSON.stringify(encodeValue(value));
}

/** Parses bridge JSON; null when the text is not JSON or a `$bytes` is not base64. */
export function decodeJson(text: string): { readonly value: unknown } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  try {
    return { value: decodeValue(parsed) };
  } catch {
    return null;
  }
}

function encodeValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: toBase64(value) };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (typeof value !== 'object' || value === null) return value;
  // fromEntries defines own properties, so a `__proto__` key stays data instead of a prototype.
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : [[key, encodeValue(item)]])));
  return Object.hasOwn(out, '$bytes') || Object.hasOwn(out, '$object') ? { $object: out } : out;
}

function decodeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === '$bytes') {
    const bytes = typeof record.$bytes === 'string' ? fromBase64(record.$bytes) : null;
    if (!bytes) throw new Error('"$bytes" is not base64');
    return bytes;
  }
  const inner = keys.length === 1 && keys[0] === '$object' && typeof record.$object === 'object' && record.$object !== null ? (record.$object as Record<string, unknown>) : record;
  return Object.fromEntries(Object.entries(inner).map(([key, item]) => [key, decodeValue(item)]));
}
