// The replay snippet of Chat Completions: openai's chat.completions.create with stream: true, in
// TypeScript or Python, or curl to …/chat/completions; it sends the members a recording is
// matched on, model and messages.

import type { DialectSnippet, SnippetLanguage } from '../kit/snippet.ts';
import { chatDescriptor } from './descriptor.ts';
import { curl, pythonLiteral, SNIPPET_GREETING, SNIPPET_KEY } from '../kit/snippet.ts';

type ChatMembers = { readonly model: string; readonly messages: readonly unknown[] };

function program(language: SnippetLanguage, baseUrl: string, request: ChatMembers): string[] {
  switch (language) {
    case 'typescript':
      return [
        "import OpenAI from 'openai';",
        `const client = new OpenAI({ baseURL: ${JSON.stringify(baseUrl)}, apiKey: '${SNIPPET_KEY}' });`,
        `const stream = await client.chat.completions.create({ model: ${JSON.stringify(request.model)}, messages: ${JSON.stringify(request.messages)}, stream: true });`,
        "for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');",
      ];
    case 'python':
      return [
        'from openai import OpenAI',
        '',
        `client = OpenAI(base_url=${JSON.stringify(baseUrl)}, api_key="${SNIPPET_KEY}")`,
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
      return curl(baseUrl + chatDescriptor.pathEnding, [`authorization: Bearer ${SNIPPET_KEY}`], { model: request.model, messages: request.messages, stream: true });
  }
}

export const chatSnippet: DialectSnippet<ChatMembers> = {
  members: (body, model) => ({ model, messages: Array.isArray(body.messages) ? body.messages : [{ role: 'user', content: SNIPPET_GREETING }] }),
  program,
};
