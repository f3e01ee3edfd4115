// Bedrock's `p` member on every payload: random padding of letters, whose bytes a payload's reading
// counts (paddingBytes) and never reads.

type Json = Readonly<Record<string, unknown>>;

export const PADDING = 'p';

/** `"p":"abc…",` in compact JSON: the key (4 bytes with its quotes and colon), the string, and a comma when other members share the object. */
export function paddingOf(json: Json): number {
  const value = json[PADDING];
  if (typeof value !== 'string') return 0;
  return 4 + quotedBytes(value) + (Object.keys(json).length > 1 ? 1 : 0);
}

/** The UTF-8 bytes of a string as compact JSON writes it, quotes included. */
export function quotedBytes(value: string): number {
  // Bedrock's padding is ASCII letters, written as they are: the stringifier and the encoder are for anything else.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return new TextEncoder().encode(JSON.stringify(value)).length;
  }
  return value.length + 2;
}
