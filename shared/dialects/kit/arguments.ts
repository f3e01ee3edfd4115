// Whether a tool call's arguments (or a tool_use block's input) are JSON, and where they stop being
// JSON when not: every dialect's tool checks, its final object and the views read it.

import { MAX_JSON_DEPTH, TOO_DEEP, tooDeepAt } from '../../formats/json-depth.ts';
import { lineAndColumn, locateJsonError } from './json-error.ts';

export type ArgumentsCheck =
  | { readonly valid: true; readonly value: unknown }
  | {
      readonly valid: false;
      /** JSON.parse's message (its wording differs between engines). */
      readonly error: string;
      /** Where the text stops being JSON: an offset, and its 1-based line and column. */
      readonly position: number;
      readonly line: number;
      readonly column: number;
      /** What the JSON grammar wanted at that place. */
      readonly expected: string;
    };

/** Whether a tool call's joined arguments parse as JSON, and where they fail when not. */
export function checkArguments(text: string): ArgumentsCheck {
  // Arguments nested deeper than any file may be are not read: every view and check that walks them recurses.
  const deep = text.length > MAX_JSON_DEPTH ? tooDeepAt(text) : -1;
  if (deep !== -1) return { valid: false, error: TOO_DEEP, position: deep, ...lineAndColumn(text, deep), expected: `at most ${MAX_JSON_DEPTH} levels of nesting` };
  try {
    return { valid: true, value: JSON.parse(text) };
  } catch (error) {
    if (text.trim() === '') return { valid: false, error: 'empty arguments', position: 0, line: 1, column: 1, expected: 'a value' };
    const message = error instanceof Error ? error.message : String(error);
    // JSON.parse and the grammar agree on what is JSON; should they ever not, the end is the place.
    const at = locateJsonError(text) ?? { offset: text.length, ...lineAndColumn(text, text.length), expected: 'a value' };
    return { valid: false, error: message, position: at.offset, line: at.line, column: at.column, expected: at.expected };
  }
}

/** Where and why arguments are not JSON, in one line: `line 1, column 6 (character 5): expected a value (JSON.parse: …)`. */
export function describeArgumentsError(check: Extract<ArgumentsCheck, { valid: false }>): string {
  const where = `line ${check.line}, column ${check.column} (character ${check.position})`;
  if (check.error === 'empty arguments') return `${where}: empty arguments`;
  if (check.error === TOO_DEEP) return `${where}: ${TOO_DEEP}`;
  return `${where}: expected ${check.expected} (JSON.parse: ${check.error})`;
}
