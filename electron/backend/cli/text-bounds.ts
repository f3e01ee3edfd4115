// How much of a stream `streamscope inspect` prints in text mode. The sender chooses how long a
// text is and how many items a response has: a 600 MB stream's text, joined into the report, passed
// V8's longest string ("Invalid string length", issue 27). The report shows the start of each and
// says how much is left out; --json and `streamscope export` keep everything.

/** The most characters of one field (a text, tool arguments, a JSON value) the report shows. */
export const MAX_FIELD_CHARS = 20_000;

/** The most output items, content blocks, choices or tool calls the report lists. */
export const MAX_LISTED_ITEMS = 1_000;

const WHOLE = 'the whole of it: --json, or streamscope export';

/** `text`, or its first `max` characters and a line saying how many more there are. */
export function clip(text: string, max: number = MAX_FIELD_CHARS): string {
  if (text.length <= max) return text;
  // Never cut a surrogate pair in two: half an emoji is not a character a terminal can show.
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}\n… ${(text.length - end).toLocaleString('en-US')} more characters (${WHOLE})`;
}

/**
 * The most characters of each half of the report (the timeline and the final object; usage,
 * metrics and findings): each field is cut, but a million short tool calls or findings still add
 * up past what a string can hold (about 536 million characters).
 */
export const MAX_REPORT_CHARS = 100_000_000;

/** The most characters of arguments or input pretty-printed: past it, JSON indented 256 levels deep grows by hundreds of times. */
export const MAX_PRETTY_CHARS = MAX_FIELD_CHARS;

/** The most characters of a name, an id, a status or an annotation printed inside a line. */
export const MAX_INLINE_CHARS = 200;

/** `text` kept on one line: its first `max` characters and how many more there are. */
export function clipInline(text: string, max: number = MAX_INLINE_CHARS): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…(+${(text.length - end).toLocaleString('en-US')} characters)`;
}

/** The line that ends a list cut at `shown` of `total` items. */
export function moreItems(total: number, shown: number, what: string): string {
  return `… ${(total - shown).toLocaleString('en-US')} more ${what} (${WHOLE})`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** `lines` joined by newlines, up to `max` characters; the rest counted in a last line. */
export function joinWithin(lines: readonly string[], max: number = MAX_REPORT_CHARS): string {
  let length = 0;
  let kept = 0;
  while (kept < lines.length && length + lines[kept]!.length + 1 <= max) length += lines[kept++]!.length + 1;
  const joined = lines.slice(0, kept).join('\n');
  return kept === lines.length ? joined : `${joined}\n${moreItems(lines.length, kept, 'lines of the report')}`;
}
