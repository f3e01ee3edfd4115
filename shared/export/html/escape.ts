// Escaping for the HTML report. A stream is untrusted input (issue 4, "Export"): every string
// from a recording reaches the page through `html` (escaped by default) or `shown` (escaped,
// with invisible characters marked). Nothing recorded ever goes inside <script> or <style>.
//
// Characters the reader could not see, or that the HTML parser would change, are written as
// their JSON escape (`\u0000`, `\r`, `\u2028`): C0 and C1 controls other than tab and line
// feed (HTML §13.2.3.5 turns CR into LF and NUL into U+FFFD; a numeric reference to a C1
// control is remapped to windows-1252, so no reference would show them faithfully), unpaired
// surrogates, noncharacters, the BOM, zero-width characters, and the bidirectional controls a
// hostile stream could use to make text read differently from what it is (INVISIBLE_PATTERN,
// shared with the recording view).

import { INVISIBLE_PATTERN, invisibleEscape } from '../../recording/visible-bytes.ts';

const META: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = new RegExp(`[&<>"']|${INVISIBLE_PATTERN.source}`, 'g');

/** Escapes text for an element's content or a quoted attribute value; invisible characters become their JSON escape. */
export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (char) => META[char] ?? invisibleEscape(char));
}

/** A piece of markup that is already safe: made by `html`, `shown` or `raw`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Interpolation = Html | string | number | boolean | null | undefined | readonly Interpolation[];

function interpolate(value: Interpolation): string {
  if (value instanceof Html) return value.value;
  if (value === null || value === undefined || value === false || value === true) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  let out = '';
  for (const item of value) out += interpolate(item);
  return out;
}

/**
 * Markup with every interpolated string escaped: safe in element content and in quoted attribute
 * values alike. Arrays are joined, `null`, `undefined` and booleans leave nothing (for `cond && …`).
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += interpolate(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Markup that is already safe. Only for text the report itself writes, never for recorded text. */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** Recorded text for element content: escaped, its invisible characters marked so they stand out. */
export function shown(text: string): Html {
  return new Html(text.replace(SPECIAL, (char) => META[char] ?? `<span class="esc">${invisibleEscape(char)}</span>`));
}

/** A `<pre>` of recorded text. The newline after the tag is there because the parser drops the first one (HTML §13.2.6.4.7, "pre"). */
export function pre(text: string, className: string): Html {
  return html`<pre class="${className}">\n${shown(text)}</pre>`;
}
