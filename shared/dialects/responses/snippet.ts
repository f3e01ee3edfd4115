// The replay snippet of the Responses API: openai's responses.stream() in TypeScript or Python,
// or curl to …/responses; it sends the members a recording is matched on, model, input and instructions.

import type { DialectSnippet, SnippetLanguage } from '../kit/snippet.ts';
import { responsesDescriptor } from './descriptor.ts';
import { curl, jsObject, pythonLiteral, SNIPPET_GREETING, SNIPPET_KEY } from '../kit/snippet.ts';

type ResponsesMembers = { readonly model: string; readonly input: unknown; readonly instructions?: unknown };

function program(language: SnippetLanguage, baseUrl: string, request: ResponsesMembers): string[] {
  const members: [string, unknown][] = [
    ['model', request.model],
    ['input', request.input],
    ...(request.instructions === undefined ? [] : [['instructions', request.instructions] as [string, unknown]]),
  ];
  switch (language) {
    case 'typescript':
      return [
        "import OpenAI from 'openai';",
        `const client = new OpenAI({ baseURL: ${JSON.stringify(baseUrl)}, apiKey: '${SNIPPET_KEY}' });`,
        `const stream = client.responses.stream(${jsObject(members)});`,
        "stream.on('response.output_text.delta', (event) => process.stdout.write(event.delta));",
        'await stream.finalResponse();',
      ];
    case 'python':
      return [
        'from openai import OpenAI',
        '',
        `client = OpenAI(base_url=${JSON.stringify(baseUrl)}, api_key="${SNIPPET_KEY}")`,
        'with client.responses.stream(',
        ...members.map(([name, value]) => `    ${name}=${pythonLiteral(value)},`),
        ') as stream:',
        '    for event in stream:',
        '        if event.type == "response.output_text.delta":',
        '            print(event.delta, end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return curl(baseUrl + responsesDescriptor.pathEnding, [`authorization: Bearer ${SNIPPET_KEY}`], { ...Object.fromEntries(members), stream: true });
  }
}

export const responsesSnippet: DialectSnippet<ResponsesMembers> = {
  members: (body, model) => ({ model, input: body.input ?? SNIPPET_GREETING, ...(body.instructions === undefined ? {} : { instructions: body.instructions }) }),
  program,
};
