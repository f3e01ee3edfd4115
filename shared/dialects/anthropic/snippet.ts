// The replay snippet of Anthropic Messages: @anthropic-ai/sdk's messages.stream() in TypeScript or
// Python, or curl to …/messages; it sends the members a recording is matched on (model, messages
// and system) and the max_tokens the SDK requires.

import type { DialectSnippet, SnippetLanguage } from '../kit/snippet.ts';
import { anthropicDescriptor } from './descriptor.ts';
import { curl, jsObject, pythonLiteral, SNIPPET_GREETING, SNIPPET_KEY } from '../kit/snippet.ts';

type MessagesMembers = { readonly model: string; readonly max_tokens: number; readonly messages: readonly unknown[]; readonly system?: unknown };

/** What the Anthropic SDK requires, when the recorded request said nothing. */
const MAX_TOKENS = 1024;

function program(language: SnippetLanguage, baseUrl: string, request: MessagesMembers): string[] {
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
        `const client = new Anthropic({ baseURL: ${JSON.stringify(origin)}, apiKey: '${SNIPPET_KEY}' });`,
        `const stream = client.messages.stream(${jsObject(members)});`,
        "stream.on('text', (text) => process.stdout.write(text));",
        'await stream.finalMessage();',
      ];
    case 'python':
      return [
        'from anthropic import Anthropic',
        '',
        `client = Anthropic(base_url=${JSON.stringify(origin)}, api_key="${SNIPPET_KEY}")`,
        'with client.messages.stream(',
        ...members.map(([name, value]) => `    ${name}=${pythonLiteral(value)},`),
        ') as stream:',
        '    for text in stream.text_stream:',
        '        print(text, end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return curl(baseUrl + anthropicDescriptor.pathEnding, [`x-api-key: ${SNIPPET_KEY}`, 'anthropic-version: 2023-06-01'], { ...Object.fromEntries(members), stream: true });
  }
}

export const messagesSnippet: DialectSnippet<MessagesMembers> = {
  members: (body, model) => ({
    model,
    max_tokens: typeof body.max_tokens === 'number' ? body.max_tokens : MAX_TOKENS,
    messages: Array.isArray(body.messages) ? body.messages : [{ role: 'user', content: SNIPPET_GREETING }],
    ...(body.system === undefined ? {} : { system: body.system }),
  }),
  program,
};
