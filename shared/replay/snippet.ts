// A program that asks a replay server for a recording, ready to paste: the official `openai` SDK
// in TypeScript or Python, or curl. It sends the recording's own model and messages, because
// that is what a recording answers (./match.ts); any key does, the server checks none.

export type SnippetLanguage = 'typescript' | 'python' | 'curl';

export const SNIPPET_LANGUAGES: readonly SnippetLanguage[] = ['typescript', 'python', 'curl'];

/** What the snippet asks for. */
export interface SnippetRequest {
  readonly model: string;
  readonly messages: readonly unknown[];
}

/** The key the snippets send: the replay server takes any. */
const KEY = 'replay';

/**
 * The request that gets the first recording with a request body back: its model and messages.
 * `fallbackModel` (the model a recording's stream names) serves when no recording has a body, as
 * a plain `.sse` has not: such a recording answers any request.
 */
export function snippetRequest(bodies: readonly unknown[], fallbackModel: string | null): SnippetRequest {
  const body = bodies.find(isObject) ?? {};
  return {
    model: typeof body.model === 'string' ? body.model : (fallbackModel ?? 'replay'),
    messages: Array.isArray(body.messages) ? body.messages : [{ role: 'user', content: 'Hello' }],
  };
}

/** The program's lines; `baseUrl` is the server's (`http://127.0.0.1:PORT/v1`). */
export function replaySnippet(language: SnippetLanguage, baseUrl: string, request: SnippetRequest): string[] {
  switch (language) {
    case 'typescript':
      return [
        "import OpenAI from 'openai';",
        `const client = new OpenAI({ baseURL: ${JSON.stringify(baseUrl)}, apiKey: '${KEY}' });`,
        `const stream = await client.chat.completions.create({ model: ${JSON.stringify(request.model)}, messages: ${JSON.stringify(request.messages)}, stream: true });`,
        "for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');",
      ];
    case 'python':
      return [
        'from openai import OpenAI',
        '',
        `client = OpenAI(base_url=${JSON.stringify(baseUrl)}, api_key="${KEY}")`,
        'stream = client.chat.completions.create(',
        `    model=${JSON.stringify(request.model)},`,
        `    messages=${pythonLiteral(request.messages)},`,
        '    stream=True,',
        ')',
        'for chunk in stream:',
        // The usage chunk has no choices (DESIGN.md, "The stream").
        '    if chunk.choices:',
        '        print(chunk.choices[0].delta.content or "", end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return [
        `curl -N ${shellWord(`${baseUrl}/chat/completions`)} \\`,
        "  -H 'content-type: application/json' \\",
        `  -H 'authorization: Bearer ${KEY}' \\`,
        `  -d ${shellWord(JSON.stringify({ model: request.model, messages: request.messages, stream: true }))}`,
      ];
  }
}

/**
 * A JSON value as a Python literal. A JSON string is a valid Python string literal (its escapes
 * are Python's too); null, true and false are spelt None, True and False.
 */
function pythonLiteral(value: unknown): string {
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
