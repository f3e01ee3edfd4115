// Where a JSON text stops being JSON (RFC 8259), independent of the engine. JSON.parse says what
// went wrong in words that differ between engines and versions, and often without a position
// (V8: `Unexpected token '}', "{"a":}" is not valid JSON`); a reader of a tool call's arguments
// needs the place. One pass, with an explicit stack so that deep nesting cannot overflow.

export interface JsonErrorLocation {
  /** Offset of the first character that cannot continue a JSON text (the text's length at a premature end). */
  readonly offset: number;
  /** 1-based line (lines end at LF) and column (UTF-16 code units) of that offset. */
  readonly line: number;
  readonly column: number;
  /** What the grammar wanted there, in a few words. */
  readonly expected: string;
}

const enum Want {
  Value,
  /** After `[`: a value or `]`. */
  FirstElement,
  /** After `{`: a key or `}`. */
  FirstKey,
  Key,
  Colon,
  /** After a value inside an array or object: `,` or the closing bracket. */
  Next,
}

/** The first place where `text` is not JSON, or null when it is a JSON text. */
export function locateJsonError(text: string): JsonErrorLocation | null {
  // The open containers: `[` or `{`.
  const stack: string[] = [];
  let want = Want.Value;
  let i = 0;
  const fail = (offset: number, expected: string): JsonErrorLocation => ({ offset, ...lineAndColumn(text, offset), expected });

  for (;;) {
    i = skipSpace(text, i);
    if (i >= text.length) return fail(text.length, `${expectedFor(want, stack)} (the text ends early)`);
    const char = text[i]!;

    if (want === Want.Colon) {
      if (char !== ':') return fail(i, "':' after the key");
      i++;
      want = Want.Value;
      continue;
    }
    if (want === Want.Next) {
      const open = stack.at(-1)!;
      const close = open === '[' ? ']' : '}';
      if (char === ',') {
        i++;
        want = open === '[' ? Want.Value : Want.Key;
        continue;
      }
      if (char !== close) return fail(i, `',' or '${close}'`);
      i++;
      stack.pop();
    } else if ((want === Want.FirstElement && char === ']') || (want === Want.FirstKey && char === '}')) {
      i++;
      stack.pop();
    } else if (want === Want.Key || want === Want.FirstKey) {
      if (char !== '"') return fail(i, want === Want.FirstKey ? "a string key or '}'" : 'a string key');
      const end = scanString(text, i);
      if (end.error !== null) return fail(end.at, end.error);
      i = end.at;
      want = Want.Colon;
      continue;
    } else {
      // A value.
      if (char === '[' || char === '{') {
        stack.push(char);
        i++;
        want = char === '[' ? Want.FirstElement : Want.FirstKey;
        continue;
      }
      const end = char === '"' ? scanString(text, i) : scanScalar(text, i);
      if (end.error !== null) return fail(end.at, end.error);
      i = end.at;
    }

    // A value (or a whole container) is complete.
    if (stack.length > 0) {
      want = Want.Next;
      continue;
    }
    const after = skipSpace(text, i);
    return after === text.length ? null : fail(after, 'the end of the text after a complete value');
  }
}

function expectedFor(want: Want, stack: readonly string[]): string {
  switch (want) {
    case Want.Value:
      return 'a value';
    case Want.FirstElement:
      return "a value or ']'";
    case Want.FirstKey:
      return "a string key or '}'";
    case Want.Key:
      return 'a string key';
    case Want.Colon:
      return "':' after the key";
    case Want.Next:
      return `',' or '${stack.at(-1) === '[' ? ']' : '}'}'`;
  }
}

interface Scanned {
  /** The offset after the token, or of the failure. */
  readonly at: number;
  readonly error: string | null;
}

function skipSpace(text: string, from: number): number {
  while (from < text.length) {
    const char = text[from];
    if (char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') break;
    from++;
  }
  return from;
}

/** A failure at `at`, noting when it is the text's end that came too soon. */
function miss(text: string, at: number, what: string): Scanned {
  return at >= text.length ? { at: text.length, error: `${what} (the text ends early)` } : { at, error: what };
}

const ESCAPES = '"\\/bfnrt';

/** A string starting at the quote at `from`. */
function scanString(text: string, from: number): Scanned {
  let i = from + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return { at: i + 1, error: null };
    if (code < 0x20) return miss(text, i, 'no control character inside a string (escape it)');
    if (code !== 0x5c) {
      i++;
      continue;
    }
    const escape = text[i + 1];
    if (escape === 'u') {
      for (let k = i + 2; k < i + 6; k++) if (!isHex(text.charCodeAt(k))) return miss(text, k, 'four hex digits after \\u');
      i += 6;
    } else if (escape !== undefined && ESCAPES.includes(escape)) {
      i += 2;
    } else {
      return miss(text, i + 1, 'an escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u');
    }
  }
  return miss(text, text.length, 'the closing quote of the string');
}

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

const LITERALS = ['true', 'false', 'null'] as const;

/** A number or a literal at `from`. */
function scanScalar(text: string, from: number): Scanned {
  for (const literal of LITERALS) {
    if (text[from] !== literal[0]) continue;
    for (let k = 1; k < literal.length; k++) if (text[from + k] !== literal[k]) return miss(text, from + k, `'${literal}'`);
    return { at: from + literal.length, error: null };
  }
  // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  let i = from;
  if (text[i] === '-') i++;
  if (text[i] === '0') i++;
  else if (isDigit(text[i])) while (isDigit(text[i])) i++;
  else return miss(text, i, i === from ? 'a value' : "a digit after '-'");
  if (text[i] === '.') {
    i++;
    if (!isDigit(text[i])) return miss(text, i, 'a digit after the decimal point');
    while (isDigit(text[i])) i++;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (!isDigit(text[i])) return miss(text, i, 'a digit in the exponent');
    while (isDigit(text[i])) i++;
  }
  return { at: i, error: null };
}

/** The 1-based line and column of an offset (lines end at LF). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    start = at + 1;
  }
  return { line, column: offset - start + 1 };
}
