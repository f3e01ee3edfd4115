// The replay snippet of Bedrock ConverseStream: @aws-sdk/client-bedrock-runtime's
// ConverseStreamCommand in TypeScript, boto3's converse_stream() in Python, or curl to
// …/model/MODEL/converse-stream (its answer is binary: curl writes it to a file). The model goes in
// the path (the descriptor's endpoint); the body sends the members a recording is matched on,
// messages, system and toolConfig. The SDKs take the server's origin as their endpoint, and a
// bearer token (a Bedrock API key) in place of SigV4 credentials.

import type { DialectSnippet, SnippetLanguage } from '../kit/snippet.ts';
import { curl, jsObject, pythonLiteral, SNIPPET_GREETING, SNIPPET_KEY } from '../kit/snippet.ts';
import { bedrockConverseDescriptor } from './descriptor.ts';

type ConverseMembers = { readonly model: string; readonly messages: unknown; readonly system?: unknown; readonly toolConfig?: unknown };

function program(language: SnippetLanguage, baseUrl: string, request: ConverseMembers): string[] {
  const origin = baseUrl.replace(/\/+$/, '');
  const members: [string, unknown][] = [
    ['messages', request.messages],
    ...(request.system === undefined ? [] : [['system', request.system] as [string, unknown]]),
    ...(request.toolConfig === undefined ? [] : [['toolConfig', request.toolConfig] as [string, unknown]]),
  ];
  switch (language) {
    case 'typescript':
      return [
        "import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';",
        `const client = new BedrockRuntimeClient({ region: 'us-east-1', endpoint: ${JSON.stringify(origin)}, token: { token: '${SNIPPET_KEY}' }, authSchemePreference: ['httpBearerAuth'] });`,
        `const response = await client.send(new ConverseStreamCommand(${jsObject([['modelId', request.model], ...members])}));`,
        'for await (const event of response.stream ?? []) process.stdout.write(event.contentBlockDelta?.delta?.text ?? "");',
      ];
    case 'python':
      return [
        'import os',
        'import boto3',
        '',
        `os.environ["AWS_BEARER_TOKEN_BEDROCK"] = "${SNIPPET_KEY}"`,
        `client = boto3.client("bedrock-runtime", region_name="us-east-1", endpoint_url=${JSON.stringify(origin)})`,
        'response = client.converse_stream(',
        `    modelId=${pythonLiteral(request.model)},`,
        ...members.map(([name, value]) => `    ${name}=${pythonLiteral(value)},`),
        ')',
        'for event in response["stream"]:',
        '    print(event.get("contentBlockDelta", {}).get("delta", {}).get("text", ""), end="", flush=True)',
        'print()',
      ];
    case 'curl':
      return curl(origin + bedrockConverseDescriptor.endpoint(request.model), [`Authorization: Bearer ${SNIPPET_KEY}`], Object.fromEntries(members));
  }
}

export const converseSnippet: DialectSnippet<ConverseMembers> = {
  members: (body, model) => ({
    model,
    messages: Array.isArray(body.messages) ? body.messages : [{ role: 'user', content: [{ text: SNIPPET_GREETING }] }],
    ...(body.system === undefined ? {} : { system: body.system }),
    ...(body.toolConfig === undefined ? {} : { toolConfig: body.toolConfig }),
  }),
  program,
};
