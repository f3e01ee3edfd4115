// JavaScript and TypeScript source text built from untrusted strings (a recorded stream, its
// headers, its URL). Every value goes out as an escaped literal, so no recorded text can end the
// literal, the comment or the <script> element around it, and nothing it holds is evaluated.

// JSON.stringify (ES2019, well-formed) already escapes quotes, backslashes, control characters
// (NUL included) and lone surrogates. Escaped on top: U+2028/U+2029 (line terminators in code
// before ES2019 and in comments), `<` and `>` (`</script>`, `<!--` and `-->` when the module is
// inlined in HTML). They occur only inside strings of JSON text, so replacing them there is safe.
const UNSAFE_IN_JSON = /[<>\u2028\u2029]/g;

const unicodeEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A double-quoted string literal holding `text` exactly. */
export function jsString(text: string): string {
  return JSON.stringify(text).replace(UNSAFE_IN_JSON, unicodeEscape);
}

// In an object literal, a `"__proto__"` key sets the prototype instead of a property (ECMA-262
// B.3.1); a computed key defines the property, as JSON.parse does. Outside strings only: inside a
// JSON string every quote is escaped, so `{"` or `,"` starts a key.
const PROTO_KEY = /([{,]\s*)"__proto__":/g;

/**
 * A JSON value as a JavaScript expression (JSON is a subset of ECMAScript since ES2019) that
 * evaluates to what JSON.parse would give. `indent` spaces per level; 0 keeps it on one line.
 */
export function jsValue(value: unknown, indent = 0): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(UNSAFE_IN_JSON, unicodeEscape).replace(PROTO_KEY, '$1["__proto__"]:');
}

/** A number literal; null (the literal) for what has none (NaN, Infinity, null). */
export function jsNumber(value: number | null): string {
  return value !== null && Number.isFinite(value) ? String(value) : 'null';
}

/**
 * Text for inside a block or line comment: quoted and escaped like a string literal (so it
 * holds no line break), with `*` and `/` kept apart so it cannot close the comment.
 */
export function commentText(text: string): string {
  return jsString(text).replace(/\*\//g, '*\\/').replace(/\/\*/g, '/\\*');
}
