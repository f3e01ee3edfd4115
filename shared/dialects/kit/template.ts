// Most events of a stream are the delta before with another piece of text: the same type, item
// and index, byte for byte, around a different `"delta":"…"` string (and, in the Responses API, a
// different `sequence_number` and `obfuscation` padding). Such an event needs no JSON.parse — half
// of a dialect's interpretation time — as Chat Completions' ChunkTemplate (chat/template.ts)
// found for chunks: replacing a string literal of a JSON text by another, or an integer by another,
// changes nothing but that value in the parsed object. A template is the data of one event cut
// around the values of a few named top-level members; an event matches when its data is the same
// text around other values of the same types. The dialect proves a template with a probe (the same
// data with values no stream carries) before it trusts it, and builds the interpretation from the
// template's and the new values.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ZERO = 0x30;
const NINE = 0x39;

export interface TemplateField {
  /** The member's key, as it appears in the JSON text (`"key":`), at any depth: it must occur once. */
  readonly key: string;
  readonly type: 'string' | 'integer';
}

/** Values no stream carries, put in a template's places to prove what each one means. */
export const PROBE_STRINGS: readonly string[] = ['\u0000probe 0\u0000', '\u0000probe 1\u0000', '\u0000probe 2\u0000', '\u0000probe 3\u0000'];
export const PROBE_INTEGERS: readonly number[] = [987_654_321, 987_654_322, 987_654_323, 987_654_324];

export class Template {
  private constructor(
    /** The text around the values: one more segment than values. */
    private readonly segments: readonly string[],
    /** For each value in text order, its field's position in the list the template was learned with. */
    private readonly fieldAt: readonly number[],
    private readonly types: readonly ('string' | 'integer')[],
    /** The SSE event name the template's event had: an event with another name does not match. */
    readonly eventName: string | null,
  ) {}

  /**
   * The template of `data` around the values of `fields` (those that occur once, as a value of their
   * type); null when the first field is not among them: it is the one the template is for.
   */
  static learn(data: string, eventName: string | null, fields: readonly TemplateField[]): Template | null {
    const spans: { start: number; end: number; field: number; type: 'string' | 'integer' }[] = [];
    fields.forEach((field, index) => {
      const key = `"${field.key}":`;
      const at = data.indexOf(key);
      if (at === -1 || data.indexOf(key, at + 1) !== -1) return;
      // Google's JSON puts a space after the colon (`"text": "…"`): it is the segment's, not the value's.
      let start = at + key.length;
      while (data.charCodeAt(start) === 0x20) start++;
      const end = field.type === 'string' ? stringEnd(data, start) : integerEnd(data, start);
      if (end !== -1) spans.push({ start, end, field: index, type: field.type });
    });
    if (!spans.some((span) => span.field === 0)) return null;
    spans.sort((a, b) => a.start - b.start);
    const segments: string[] = [];
    let from = 0;
    for (const span of spans) {
      segments.push(data.slice(from, span.start));
      from = span.end;
    }
    segments.push(padless(data.slice(from)));
    return new Template(
      segments,
      spans.map((span) => span.field),
      spans.map((span) => span.type),
      eventName,
    );
  }

  /** The template's text with the probe values in its places (PROBE_STRINGS / PROBE_INTEGERS by field). */
  probe(): string {
    let text = this.segments[0]!;
    for (let i = 0; i < this.types.length; i++) {
      const field = this.fieldAt[i]!;
      text += (this.types[i] === 'string' ? JSON.stringify(PROBE_STRINGS[field]) : String(PROBE_INTEGERS[field])) + this.segments[i + 1]!;
    }
    return text;
  }

  /** Whether this field has a place in the template. */
  has(field: number): boolean {
    return this.fieldAt.includes(field);
  }

  /**
   * Whether `data` is the template's text around other values; if so, writes them into `values`
   * by field position (a field the template has no place for is left as it was).
   */
  match(data: string, values: (string | number | null)[]): boolean {
    const { segments, types, fieldAt } = this;
    let at = segments[0]!.length;
    // Sliced and compared: V8's startsWith goes character by character, ten times slower.
    if (data.length < at || data.slice(0, at) !== segments[0]) return false;
    for (let i = 0; i < types.length; i++) {
      const end = types[i] === 'string' ? stringEnd(data, at) : integerEnd(data, at);
      if (end === -1) return false;
      const value = types[i] === 'string' ? stringValue(data, at, end) : Number(data.slice(at, end));
      if (value === null) return false;
      values[fieldAt[i]!] = value;
      const segment = segments[i + 1]!;
      if (i === types.length - 1) {
        // Sliced and compared too: endsWith was a third of Gemini's whole analysis (its last segment is ~130 characters).
        const rest = data.slice(end);
        return rest === segment || padless(rest) === segment;
      }
      if (data.slice(end, end + segment.length) !== segment) return false;
      at = end + segment.length;
    }
    return true;
  }
}

/**
 * The text after a template's last value without the whitespace around its final `}`: Anthropic pads
 * most payloads with 0–15 spaces there, a different number each event, and JSON ignores it.
 */
function padless(text: string): string {
  const last = text.length - 1;
  if (last < 0 || (!isSpace(text.charCodeAt(last)) && !isSpace(text.charCodeAt(last - 1)))) return text;
  return text.replace(/\s*\}\s*$/, '}');
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The end (after the closing quote) of the JSON string literal at `start`, or -1. */
function stringEnd(data: string, start: number): number {
  if (data.charCodeAt(start) !== QUOTE) return -1;
  for (let i = start + 1; i < data.length; i++) {
    const code = data.charCodeAt(i);
    if (code === QUOTE) return i + 1;
    if (code < 0x20) return -1;
    if (code === BACKSLASH) i++;
  }
  return -1;
}

/** The end of the JSON integer (digits, no sign, no leading zero, no fraction) at `start`, or -1. */
function integerEnd(data: string, start: number): number {
  let i = start;
  while (i < data.length) {
    const code = data.charCodeAt(i);
    if (code < ZERO || code > NINE) break;
    i++;
  }
  if (i === start || i - start > 15 || (data.charCodeAt(start) === ZERO && i - start > 1)) return -1;
  const next = data.charCodeAt(i);
  // A fraction or an exponent makes it another number.
  return next === 0x2e || next === 0x65 || next === 0x45 ? -1 : i;
}

/** The value of the string literal from `start` to `end` (quotes included). */
function stringValue(data: string, start: number, end: number): string | null {
  let plain = true;
  for (let i = start + 1; i < end - 1; i++) {
    if (data.charCodeAt(i) === BACKSLASH) {
      plain = false;
      break;
    }
  }
  if (plain) return data.slice(start + 1, end - 1);
  try {
    const value: unknown = JSON.parse(data.slice(start, end));
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
