// `--format openai-test`: a self-contained TypeScript module that replays the recording as a
// fetch `Response`, so a Vitest or Jest test can feed the official openai SDK, or any fetch
// client, the recorded stream without a server. It imports nothing.

import { fixtureModule } from './fixture-module.ts';
import type { Exporter } from './types.ts';

const TITLE = `Streamscope test fixture (openai-test): a recorded streamed chat completion, replayed as a
fetch Response with its recorded timing, for the openai SDK or any fetch client. No server, no
dependency: it needs only fetch's globals (Response, ReadableStream, TextEncoder, atob, setTimeout).`;

const USAGE = [
  "import OpenAI from 'openai';",
  "import { recordedFetch, expectedMessage } from './chat.fixture'; // this file",
  "const client = new OpenAI({ apiKey: 'test', fetch: recordedFetch({ speed: 0 }) }); // speed 1: recorded timing",
  "const completion = await client.chat.completions.stream({ model: 'any', messages: [] }).finalChatCompletion();",
  'expect(completion.choices[0]?.message.content).toBe(expectedMessage?.content);',
];

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
  return [module.header(TITLE, USAGE), '', module.runtime, RECORDED_FETCH, module.data, ''].join('\n');
}

export const openaiTestExporter: Exporter = {
  format: 'openai-test',
  description: 'A TypeScript test fixture: the recorded stream with its timing as a fetch Response, for the openai SDK or any fetch client (Vitest, Jest)',
  extension: '.fixture.ts',
  mediaType: 'text/typescript',
  export: openaiTestModule,
};
