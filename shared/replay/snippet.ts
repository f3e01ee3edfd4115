// A program that asks a replay server for a recording, ready to paste, in the recording's dialect:
// the official SDK in TypeScript or Python, or curl to the dialect's path. Each dialect writes its
// own (its folder's snippet.ts, the registered dialect's `snippet`) with the members a recording
// is matched on (./match.ts), because that is what a recording answers; any key does, the server checks none.

import { isObject } from '../is-object.ts';
import { DEFAULT_PROTOCOL, descriptorOf, registeredDialect } from '../dialects/registry.ts';
import type { SnippetLanguage, SnippetMembers } from '../dialects/kit/snippet.ts';
import type { Protocol } from './dialect.ts';

export { SNIPPET_LANGUAGES } from '../dialects/kit/snippet.ts';
export type { SnippetLanguage };

/** What the snippet asks for, in the dialect's request members. */
export type SnippetRequest = SnippetMembers & { readonly protocol: Protocol };

/** A recording the server answers with: its request body (null for a plain .sse) and its dialect. */
export interface SnippetSource {
  readonly body: unknown;
  readonly protocol: Protocol;
}

/**
 * The request that gets the first recording with a request body back, in its dialect. `fallbackModel`
 * (the model a recording's stream names) serves when no recording has a body, as a plain `.sse` has
 * not: such a recording answers any request of its dialect (the first source's).
 */
export function snippetRequest(sources: readonly SnippetSource[], fallbackModel: string | null): SnippetRequest {
  const source = sources.find((each) => isObject(each.body)) ?? sources[0];
  const body = source && isObject(source.body) ? source.body : {};
  const model = typeof body.model === 'string' ? body.model : (fallbackModel ?? 'replay');
  const protocol = source?.protocol ?? DEFAULT_PROTOCOL;
  return { protocol, ...registeredDialect(protocol).snippet.members(body, model) };
}

/** One line of words above a snippet: what it uses. */
export function snippetNote(language: SnippetLanguage, protocol: Protocol): string {
  const { sdk } = descriptorOf(protocol);
  const name = sdk.name.replace(/^the /, 'The ');
  if (language === 'typescript') return `${name} (npm install ${sdk.npm}), as an ES module.`;
  if (language === 'python') return `${name} (pip install ${sdk.pip}).`;
  return 'The raw stream, as the server sends it.';
}

/** The program's lines; `baseUrl` is the server's (`http://127.0.0.1:PORT/v1`). */
export function replaySnippet(language: SnippetLanguage, baseUrl: string, request: SnippetRequest): string[] {
  return registeredDialect(request.protocol).snippet.program(language, baseUrl, request);
}
