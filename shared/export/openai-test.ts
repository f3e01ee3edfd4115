// `--format openai-test`: a self-contained TypeScript module that replays the recording as a
// fetch `Response`, so a Vitest or Jest test can feed the official SDK of the recording's dialect
// (openai's chat.completions.stream() or responses.stream(), @anthropic-ai/sdk's
// messages.stream(), @google/genai's generateContentStream() through httpOptions.fetch,
// @aws-sdk/client-bedrock-runtime's ConverseStreamCommand through FetchHttpHandler's customFetch), or any fetch client, the recorded stream without a server. It imports nothing.

import type { Protocol } from '../replay/dialect.ts';
import { fixtureModule } from './fixture-module.ts';
import type { Exporter } from './types.ts';

const WHAT: Readonly<Record<Protocol, string>> = {
  'chat-completions': 'a recorded streamed chat completion',
  responses: 'a recorded Responses API stream',
  'anthropic-messages': 'a recorded Anthropic Messages stream',
  gemini: 'a recorded Gemini streamGenerateContent stream',
  'bedrock-converse': 'a recorded Bedrock ConverseStream stream (AWS event-stream frames)',
};

const SDK: Readonly<Record<Protocol, string>> = { 'chat-completions': 'the openai SDK', responses: 'the openai SDK', 'anthropic-messages': '@anthropic-ai/sdk', gemini: '@google/genai', 'bedrock-converse': '@aws-sdk/client-bedrock-runtime' };

const title = (protocol: Protocol): string => `Streamscope test fixture (openai-test): ${WHAT[protocol]}, replayed as a
fetch Response with its recorded timing, for ${SDK[protocol]} or any fetch client. No server, no
dependency: it needs only fetch's globals (Response, ReadableStream, TextEncoder, atob, setTimeout).`;

const USAGE: Readonly<Record<Protocol, readonly string[]>> = {
  'chat-completions': [
    "import OpenAI from 'openai';",
    "import { recordedFetch, expectedMessage } from './chat.fixture'; // this file",
    "const client = new OpenAI({ apiKey: 'test', fetch: recordedFetch({ speed: 0 }) }); // speed 1: recorded timing",
    "const completion = await client.chat.completions.stream({ model: 'any', messages: [] }).finalChatCompletion();",
    'expect(completion.choices[0]?.message.content).toBe(expectedMessage?.content);',
  ],
  responses: [
    "import OpenAI from 'openai';",
    "import { recordedFetch, expectedResponse } from './responses.fixture'; // this file",
    "const client = new OpenAI({ apiKey: 'test', fetch: recordedFetch({ speed: 0 }) }); // speed 1: recorded timing",
    "const response = await client.responses.stream({ model: 'any', input: 'hi' }).finalResponse();",
    'expect(response.output_text).toBe(expectedResponse.output_text);',
  ],
  'anthropic-messages': [
    "import Anthropic from '@anthropic-ai/sdk';",
    "import { recordedFetch, expectedMessage } from './messages.fixture'; // this file",
    "const client = new Anthropic({ apiKey: 'test', fetch: recordedFetch({ speed: 0 }) }); // speed 1: recorded timing",
    "const message = await client.messages.stream({ model: 'any', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();",
    'expect(message.content).toEqual(expectedMessage.content);',
  ],
  gemini: [
    "import { GoogleGenAI } from '@google/genai';",
    "import { recordedFetch, expectedResponse } from './gemini.fixture'; // this file",
    "const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { fetch: recordedFetch({ speed: 0 }) } }); // speed 1: recorded timing",
    "const stream = await ai.models.generateContentStream({ model: 'any', contents: 'hi' });",
    'const parts = []; for await (const chunk of stream) parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));',
    'expect(parts.length).toBeGreaterThan(0); // expectedResponse.candidates[0].content.parts: the same parts, text joined',
  ],
  'bedrock-converse': [
    "import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';",
    "import { FetchHttpHandler } from '@smithy/fetch-http-handler';",
    "import { recordedFetch, expectedResponse } from './converse.fixture'; // this file",
    "// customFetch: the SDK's fetch handler calls recordedFetch; an API key (bearer auth) signs nothing. speed 1: recorded timing",
    "const client = new BedrockRuntimeClient({ region: 'us-east-1', token: { token: 'test' }, authSchemePreference: ['httpBearerAuth'], requestHandler: new FetchHttpHandler({ customFetch: recordedFetch({ speed: 0 }) }) });",
    "const { stream } = await client.send(new ConverseStreamCommand({ modelId: 'any', messages: [{ role: 'user', content: [{ text: 'hi' }] }] }));",
    'let stopReason; for await (const event of stream ?? []) if (event.messageStop) stopReason = event.messageStop.stopReason;',
    'expect(stopReason).toBe(expectedResponse.stopReason); // expectedResponse.message.content: the blocks the events build',
  ],
};

const RECORDED_FETCH = `/** A fetch that answers every request with the recording: the response head after its recorded time, then the body as recordedBody. Aborting the request's signal (or options.signal) stops it. */
export function recordedFetch(options: ReplayOptions = {}): typeof fetch {
  const speed = speedOf(options);
  return async (_input, init) => {
    const signal = eitherSignal(init?.signal, options.signal);
    await headWait(speed, signal);
    return recordedResponse({ speed, signal });
  };
}
`;

export function openaiTestModule(...args: Parameters<Exporter['export']>): string {
  const module = fixtureModule(...args);
  return [module.header(title(module.protocol), USAGE[module.protocol]), '', module.runtime, RECORDED_FETCH, module.data, ''].join('\n');
}

export const openaiTestExporter: Exporter = {
  format: 'openai-test',
  description: 'A TypeScript test fixture: the recorded stream with its timing as a fetch Response, for the openai SDK, @anthropic-ai/sdk or any fetch client (Vitest, Jest)',
  extension: '.fixture.ts',
  mediaType: 'text/typescript',
  export: openaiTestModule,
};
