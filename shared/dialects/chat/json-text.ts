// Measurements of raw JSON text, where the parsed value has lost what the bytes cost.

/**
 * The UTF-8 bytes a top-level string member costs in the raw JSON text, with
 * the comma that separates it from its neighbour.
 */
export function memberBytes(json: string, key: string): number {
  const quotedKey = `"${key}"`;
  let at = json.lastIndexOf(quotedKey);
  while (at !== -1) {
    let i = skipSpace(json, at + quotedKey.length);
    if (json[i] === ':') {
      i = skipSpace(json, i + 1);
      if (json[i] === '"') {
        let end = i + 1;
        while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
        let start = at;
        let stop = end + 1;
        let before = start - 1;
        while (before >= 0 && isSpace(json[before]!)) before--;
        if (json[before] === ',') start = before;
        else {
          const after = skipSpace(json, stop);
          if (json[after] === ',') stop = after + 1;
        }
        return utf8Length(json, start, stop);
      }
    }
    at = at === 0 ? -1 : json.lastIndexOf(quotedKey, at - 1);
  }
  return 0;
}

function skipSpace(text: string, from: number): number {
  while (from < text.length && isSpace(text[from]!)) from++;
  return from;
}

function isSpace(char: string): boolean {
  return char === ' ' || char === '\n' || char === '\r' || char === '\t';
}

export function utf8Length(text: string, start = 0, end = text.length): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < end) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
