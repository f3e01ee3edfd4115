// The replay snippet of Gemini: @google/genai's generateContentStream() in TypeScript,
// google-genai's generate_content_stream() in Python, or curl to …/models/MODEL:streamGenerateContent?alt=sse.
// The model goes in the path (the descriptor's endpoint); the body sends the members a recording
// is matched on, contents and systemInstruction. The SDKs take the origin as their base URL and
// add /v1beta themselves (its `apiVersion`).

import type { DialectSnippet, SnippetLanguage } from '../kit/snippet.ts';
import { curl, pythonLiteral, SNIPPET_GREETING, SNIPPET_KEY } from '../kit/snippet.ts';
import { geminiDescriptor } from './descriptor.ts';

type GeminiMembers = { readonly model: string; readonly contents: unknown; readonly systemInstruction?: unknown };

function program(language: SnippetLanguage, baseUrl: string, request: GeminiMembers): string[] {
  const found = /^(.*?)\/(v1[a-z0-9]*)\/?$/.exec(baseUrl);
  const origin = found ? found[1]! : baseUrl.replace(/\/+$/, '');
  const version = found ? found[2]! : 'v1beta';
  const config = request.systemInstruction === undefined ? '' : `, config: { systemInstruction: ${JSON.stringify(request.systemInstruction)} }`;
  switch (language) {
    case 'typescript':
      return [
        "import { GoogleGenAI } from '@google/genai';",
        `const ai = new GoogleGenAI({ apiKey: '${SNIPPET_KEY}', httpOptions: { baseUrl: ${JSON.stringify(origin)}, apiVersion: ${JSON.stringify(version)} } });`,
        `const stream = await ai.models.generateContentStream({ model: ${JSON.stringify(request.model)}, contents: ${JSON.stringify(request.contents)}${config} });`,
        'for await (const chunk of stream) process.stdout.write(chunk.text ?? "");',
      ];
    case 'python':
      return [
        'from google import genai',
        'from google.genai import types',
        '',
        `client = genai.Client(api_key="${SNIPPET_KEY}", http_options=types.HttpOptions(base_url=${JSON.stringify(origin)}, api_version=${JSON.stringify(version)}))`,
        'for chunk in client.models.generate_content_stream(',
        `    model=${pythonLiteral(request.model)},`,
        `    contents=${pythonLiteral(request.contents)},`,
        ...(request.systemInstruction === undefined ? [] : [`    config={"system_instruction": ${pythonLiteral(request.systemInstruction)}},`]),
        '):',
        '    print(chunk.text or "", end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return curl(baseUrl + geminiDescriptor.endpoint(request.model), [`x-goog-api-key: ${SNIPPET_KEY}`], {
        contents: request.contents,
        ...(request.systemInstruction === undefined ? {} : { systemInstruction: request.systemInstruction }),
      });
  }
}

export const geminiSnippet: DialectSnippet<GeminiMembers> = {
  members: (body, model) => ({
    model,
    contents: Array.isArray(body.contents) ? body.contents : [{ role: 'user', parts: [{ text: SNIPPET_GREETING }] }],
    ...(body.systemInstruction === undefined ? {} : { systemInstruction: body.systemInstruction }),
  }),
  program,
};
