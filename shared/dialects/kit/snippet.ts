// What a dialect's replay snippet is made of (a registered dialect's `snippet`, which
// replay/snippet.ts asks): the languages, the request members a snippet sends, and the literals
// every dialect's program spells them with, so that each pastes and runs as written.

import { isObject } from '../../is-object.ts';

export type SnippetLanguage = 'typescript' | 'python' | 'curl';

export const SNIPPET_LANGUAGES: readonly SnippetLanguage[] = ['typescript', 'python', 'curl'];

/** The request members a snippet sends, in the dialect's own names: the ones a recording is matched on, and what its SDK requires. */
export interface SnippetMembers {
  readonly model: string;
  readonly [member: string]: unknown;
}

/** How a dialect asks a replay server for a recording (its folder's snippet.ts). */
export interface DialectSnippet<M extends SnippetMembers = SnippetMembers> {
  /**
   * The members that get back the recording whose request body this was (`{}` when it had none,
   * as a plain .sse has not: such a recording answers any request of its dialect); `model` is chosen already.
   */
  members(body: Readonly<Record<string, unknown>>, model: string): M;
  /** The program's lines; `baseUrl` is the server's (`http://127.0.0.1:PORT/v1`). */
  program(language: SnippetLanguage, baseUrl: string, members: M): string[];
}

/** The key the snippets send: the replay server takes any. */
export const SNIPPET_KEY = 'replay';
/** What a snippet says when the recorded request said nothing. */
export const SNIPPET_GREETING = 'Hello';

export function curl(url: string, headers: readonly string[], body: Record<string, unknown>): string[] {
  return [`curl -N ${shellWord(url)} \\`, "  -H 'content-type: application/json' \\", ...headers.map((header) => `  -H ${shellWord(header)} \\`), `  -d ${shellWord(JSON.stringify(body))}`];
}

/** `{ model: "m", input: "hi" }`: members as a JavaScript object literal, each value as JSON. */
export function jsObject(members: readonly (readonly [string, unknown])[]): string {
  return `{ ${members.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(', ')} }`;
}

/**
 * A JSON value as a Python literal. A JSON string is a valid Python string literal (its escapes
 * are Python's too); null, true and false are spelt None, True and False.
 */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (isObject(value)) return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`).join(', ')}}`;
  return JSON.stringify(value);
}

/** One word for a POSIX shell: single-quoted, a quote inside closed, escaped and reopened. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
