// An event's data as JSON for the inspector: parsed again when shown (the core does not keep
// the parsed payloads, see interpret.ts), a parse error kept as data, and the pieces of a tree.

import { quote } from '../../../shared/findings/words.ts';
import { DONE } from '../../../shared/dialects/chat/interpret.ts';
import { INVISIBLE_PATTERN, invisibleEscape } from '../../../shared/recording/visible-bytes.ts';

const INVISIBLES = new RegExp(INVISIBLE_PATTERN.source, 'g');

/** A string leaf is quoted up to this many characters (the raw bytes show all of it). */
export const MAX_LEAF = 4000;

export type ParsedData =
  | { readonly type: 'json'; readonly value: unknown }
  | { readonly type: 'invalid'; readonly error: string }
  /** `[DONE]`: the end of a complete stream, not JSON. */
  | { readonly type: 'done' }
  /** The event carried no `data:` line. */
  | { readonly type: 'none' };

export function parseData(data: string | null): ParsedData {
  if (data === null) return { type: 'none' };
  if (data === DONE) return { type: 'done' };
  try {
    return { type: 'json', value: JSON.parse(data) as unknown };
  } catch (error) {
    return { type: 'invalid', error: error instanceof Error ? error.message : String(error) };
  }
}

export interface JsonEntry {
  /** The key, or the array index. */
  readonly key: string;
  readonly value: unknown;
}

/** An object's or array's entries; none for anything else. */
export function entriesOf(value: unknown): JsonEntry[] {
  if (Array.isArray(value)) return value.map((item, index) => ({ key: String(index), value: item }));
  if (typeof value === 'object' && value !== null) return Object.entries(value).map(([key, item]) => ({ key, value: item }));
  return [];
}

export function isBranch(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * A closed branch in brief (`{5 keys}`, `[3 items]`), a leaf as JSON (`"Hello"`, `null`, `12`): a
 * long string cut with a count, characters nobody could see (a bidi override) as their escape.
 */
export function summary(value: unknown): string {
  if (typeof value === 'string') return quote(value, MAX_LEAF).replace(INVISIBLES, invisibleEscape);
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  if (isBranch(value)) {
    const keys = Object.keys(value).length;
    return `{${keys} ${keys === 1 ? 'key' : 'keys'}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

/** The choice deltas of a chunk, each with its path: what the event said to change. */
export function deltasOf(value: unknown): JsonEntry[] {
  if (!isBranch(value) || Array.isArray(value)) return [];
  const choices = (value as Record<string, unknown>).choices;
  if (!Array.isArray(choices)) return [];
  const deltas: JsonEntry[] = [];
  choices.forEach((choice, position) => {
    if (isBranch(choice) && !Array.isArray(choice) && 'delta' in choice) deltas.push({ key: `choices[${position}].delta`, value: (choice as Record<string, unknown>).delta });
  });
  return deltas;
}
