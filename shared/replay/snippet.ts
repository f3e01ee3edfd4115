// A program that asks a replay server for a recording, ready to paste, in the recording's dialect:
// the official SDK (openai's chat.completions.create or responses.stream, @anthropic-ai/sdk's
// messages.stream) in TypeScript or Python, or curl to the dialect's path. It sends the members a
// recording is matched on (./match.ts: model and messages; model, input and instructions; model,
// messages and system), because that is what a recording answers; any key does, the server checks none.

import { isObject } from '../is-object.ts';
import type { Protocol } from './dialect.ts';

export type SnippetLanguage = 'typescript' | 'python' | 'curl';

export const SNIPPET_LANGUAGES: readonly SnippetLanguage[] = ['typescript', 'python', 'curl'];

/** What the snippet asks for, in the dialect's request members. */
export type SnippetRequest =
  | { readonly protocol: 'chat-completions'; readonly model: string; readonly messages: readonly unknown[] }
  | { readonly protocol: 'responses'; readonly model: string; readonly input: unknown; readonly instructions?: unknown }
  | { readonly protocol: 'anthropic-messages'; readonly model: string; readonly max_tokens: number; readonly messages: readonly unknown[]; readonly system?: unknown };

/** A recording the server answers with: its request body (null for a plain .sse) and its dialect. */
export interface SnippetSource {
  readonly body: unknown;
  readonly protocol: Protocol;
}

/** The official SDK of each dialect, and how to install it. */
export const SNIPPET_SDKS: Readonly<Record<Protocol, { readonly name: string; readonly npm: string; readonly pip: string }>> = {
  'chat-completions': { name: 'the official openai SDK', npm: 'openai', pip: 'openai' },
  responses: { name: 'the official openai SDK', npm: 'openai', pip: 'openai' },
  'anthropic-messages': { name: 'the official Anthropic SDK', npm: '@anthropic-ai/sdk', pip: 'anthropic' },
};

/** The key the snippets send: the replay server takes any. */
const KEY = 'replay';
const GREETING = 'Hello';
/** What the Anthropic SDK requires, when the recorded request said nothing. */
const MAX_TOKENS = 1024;

/**
 * The request that gets the first recording with a request body back, in its dialect. `fallbackModel`
 * (the model a recording's stream names) serves when no recording has a body, as a plain `.sse` has
 * not: such a recording answers any request of its dialect (the first source's).
 */
export function snippetRequest(sources: readonly SnippetSource[], fallbackModel: string | null): SnippetRequest {
  const source = sources.find((each) => isObject(each.body)) ?? sources[0];
  const body = source && isObject(source.body) ? source.body : {};
  const model = typeof body.model === 'string' ? body.model : (fallbackModel ?? 'replay');
  const greeting = [{ role: 'user', content: GREETING }];
  switch (source?.protocol ?? 'chat-completions') {
    case 'responses':
      return { protocol: 'responses', model, input: body.input ?? GREETING, ...(body.instructions === undefined ? {} : { instructions: body.instructions }) };
    case 'anthropic-messages':
      return {
        protocol: 'anthropic-messages',
        model,
        max_tokens: typeof body.max_tokens === 'number' ? body.max_tokens : MAX_TOKENS,
        messages: Array.isArray(body.messages) ? body.messages : greeting,
        ...(body.system === undefined ? {} : { system: body.system }),
      };
    default:
      return { protocol: 'chat-completions', model, messages: Array.isArray(body.messages) ? body.messages : greeting };
  }
}

/** One line of words above a snippet: what it uses. */
export function snippetNote(language: SnippetLanguage, protocol: Protocol): string {
  const sdk = SNIPPET_SDKS[protocol];
  const name = sdk.name.replace(/^the /, 'The ');
  if (language === 'typescript') return `${name} (npm install ${sdk.npm}), as an ES module.`;
  if (language === 'python') return `${name} (pip install ${sdk.pip}).`;
  return 'The raw stream, as the server sends it.';
}

/** The program's lines; `baseUrl` is the server's (`http://127.0.0.1:PORT/v1`). */
export function replaySnippet(language: SnippetLanguage, baseUrl: string, request: SnippetRequest): string[] {
  switch (request.protocol) {
    case 'responses':
      return responsesSnippet(language, baseUrl, request);
    case 'anthropic-messages':
      return messagesSnippet(language, baseUrl, request);
    default:
      return chatSnippet(language, baseUrl, request);
  }
}

function chatSnippet(language: SnippetLanguage, baseUrl: string, request: Extract<SnippetRequest, { protocol: 'chat-completions' }>): string[] {
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
        // The usage chunk has no choices (docs/architecture.md, "The stream").
        '    if chunk.choices:',
        '        print(chunk.choices[0].delta.content or "", end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return curl(`${baseUrl}/chat/completions`, [`authorization: Bearer ${KEY}`], { model: request.model, messages: request.messages, stream: true });
  }
}

function responsesSnippet(language: SnippetLanguage, baseUrl: string, request: Extract<SnippetRequest, { protocol: 'responses' }>): string[] {
  const members: [string, unknown][] = [
    ['model', request.model],
    ['input', request.input],
    ...(request.instructions === undefined ? [] : [['instructions', request.instructions] as [string, unknown]]),
  ];
  switch (language) {
    case 'typescript':
      return [
        "import OpenAI from 'openai';",
        `const client = new OpenAI({ baseURL: ${JSON.stringify(baseUrl)}, apiKey: '${KEY}' });`,
        `const stream = client.responses.stream(${jsObject(members)});`,
        "stream.on('response.output_text.delta', (event) => process.stdout.write(event.delta));",
        'await stream.finalResponse();',
      ];
    case 'python':
      return [
        'from openai import OpenAI',
        '',
        `client = OpenAI(base_url=${JSON.stringify(baseUrl)}, api_key="${KEY}")`,
        'with client.responses.stream(',
        ...members.map(([name, value]) => `    ${name}=${pythonLiteral(value)},`),
        ') as stream:',
        '    for event in stream:',
        '        if event.type == "response.output_text.delta":',
        '            print(event.delta, end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return curl(`${baseUrl}/responses`, [`authorization: Bearer ${KEY}`], { ...Object.fromEntries(members), stream: true });
  }
}

function messagesSnippet(language: SnippetLanguage, baseUrl: string, request: Extract<SnippetRequest, { protocol: 'anthropic-messages' }>): string[] {
  // The Anthropic SDK's base URL is the origin: it adds /v1/messages itself.
  const origin = baseUrl.replace(/\/v1\/?$/, '');
  const members: [string, unknown][] = [
    ['model', request.model],
    ['max_tokens', request.max_tokens],
    ...(request.system === undefined ? [] : [['system', request.system] as [string, unknown]]),
    ['messages', request.messages],
  ];
  switch (language) {
    case 'typescript':
      return [
        "import Anthropic from '@anthropic-ai/sdk';",
        `const client = new Anthropic({ baseURL: ${JSON.stringify(origin)}, apiKey: '${KEY}' });`,
        `const stream = client.messages.stream(${jsObject(members)});`,
        "stream.on('text', (text) => process.stdout.write(text));",
        'await stream.finalMessage();',
      ];
    case 'python':
      return [
        'from anthropic import Anthropic',
        '',
        `client = Anthropic(base_url=${JSON.stringify(origin)}, api_key="${KEY}")`,
        'with client.messages.stream(',
        ...members.map(([name, value]) => `    ${name}=${pythonLiteral(value)},`),
        ') as stream:',
        '    for text in stream.text_stream:',
        '        print(text, end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return curl(`${baseUrl}/messages`, [`x-api-key: ${KEY}`, 'anthropic-version: 2023-06-01'], { ...Object.fromEntries(members), stream: true });
  }
}

function curl(url: string, headers: readonly string[], body: Record<string, unknown>): string[] {
  return [`curl -N ${shellWord(url)} \\`, "  -H 'content-type: application/json' \\", ...headers.map((header) => `  -H ${shellWord(header)} \\`), `  -d ${shellWord(JSON.stringify(body))}`];
}

/** `{ model: "m", input: "hi" }`: members as a JavaScript object literal, each value as JSON. */
function jsObject(members: readonly (readonly [string, unknown])[]): string {
  return `{ ${members.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(', ')} }`;
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

