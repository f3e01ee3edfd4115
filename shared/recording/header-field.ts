// Which header names and values can be sent: RFC 9110's rules as Node's HTTP client enforces
// them (it throws ERR_INVALID_CHAR on anything else). Checked before a request is stored or sent,
// so a bad header or key is refused in one line instead of failing mid-request. A problem names
// the offending character by its code point only: the value may be a key.

/** RFC 9110 §5.1: a field name is a token. */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 9110 §5.5 as Node's `http` enforces it: Latin-1, no control character but tab (so no CR, LF or NUL). */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const NOT_VALUE = /[^\t\x20-\x7e\x80-\xff]/u;

/** Why `name` cannot be a header name, or null when it can. */
export function headerNameProblem(name: string): string | null {
  return HEADER_NAME.test(name) ? null : "not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only)";
}

/** What in `value` a header cannot carry (`holds a line feed (LF)`), or null when it can be sent. */
export function headerValueProblem(value: string): string | null {
  const found = NOT_VALUE.exec(value);
  if (found === null) return null;
  const code = found[0].codePointAt(0)!;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0x0d) return 'holds a carriage return (CR)';
  if (code === 0x0a) return 'holds a line feed (LF)';
  if (code === 0x00) return 'holds a NUL';
  if (code < 0x100) return `holds a control character (${point})`;
  return `holds ${point}, which is not Latin-1`;
}

