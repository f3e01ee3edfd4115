// `--format msw`: a module exporting an msw 2 request handler that answers POSTs to the recorded
// path (the dialect's default path when there was no request: /v1/chat/completions,
// /v1/responses, /v1/messages), under any origin, with the recorded response streamed with its
// timing. For `setupServer(handler)` in Node and `setupWorker(handler)` in a browser. It imports msw only.

import type { Protocol } from '../replay/dialect.ts';
import { fixtureModule } from './fixture-module.ts';
import { jsString } from './js-literal.ts';
import type { Exporter } from './types.ts';

const WHAT: Readonly<Record<Protocol, string>> = {
  'chat-completions': 'a recorded streamed chat completion',
  responses: 'a recorded Responses API stream',
  'anthropic-messages': 'a recorded Anthropic Messages stream',
  gemini: 'a recorded Gemini streamGenerateContent stream',
  'bedrock-converse': 'a recorded Bedrock ConverseStream stream (AWS event-stream frames)',
};

const title = (protocol: Protocol): string => `Streamscope msw handler: ${WHAT[protocol]}, served with its recorded timing
to POST requests for the recorded path under any origin (the query is ignored, as msw does).`;

const SETUP = [
  "import { setupServer } from 'msw/node'; // setupWorker from 'msw/browser' in a browser",
  'const server = setupServer(handler);',
  'beforeAll(() => server.listen()); afterAll(() => server.close());',
];

const USAGE: Readonly<Record<Protocol, readonly string[]>> = {
  'chat-completions': [
    SETUP[0]!,
    "import { handler, expectedMessage } from './chat.msw'; // this file; recordedHandler({ speed: 0 }) for no waits",
    ...SETUP.slice(1),
    '// then call the endpoint with any client: the openai SDK, the Vercel AI SDK, fetch…',
  ],
  responses: [
    SETUP[0]!,
    "import { handler, expectedResponse } from './responses.msw'; // this file; recordedHandler({ speed: 0 }) for no waits",
    ...SETUP.slice(1),
    "// then: new OpenAI({ apiKey: 'test', baseURL: 'https://api.openai.com/v1' }).responses.stream({ model: 'any', input: 'hi' })",
  ],
  'anthropic-messages': [
    SETUP[0]!,
    "import { handler, expectedMessage } from './messages.msw'; // this file; recordedHandler({ speed: 0 }) for no waits",
    ...SETUP.slice(1),
    "// then: new Anthropic({ apiKey: 'test', baseURL: 'https://api.anthropic.com' }).messages.stream({ model: 'any', max_tokens: 1024, messages: [] })",
  ],
  gemini: [
    SETUP[0]!,
    "import { handler, expectedResponse } from './gemini.msw'; // this file; recordedHandler({ speed: 0 }) for no waits",
    ...SETUP.slice(1),
    "// then: new GoogleGenAI({ apiKey: 'test' }).models.generateContentStream({ model: MODEL, contents: 'hi' }), MODEL the one in recordedPath",
  ],
  'bedrock-converse': [
    SETUP[0]!,
    "import { handler, expectedResponse } from './converse.msw'; // this file; recordedHandler({ speed: 0 }) for no waits",
    ...SETUP.slice(1),
    "// then, over HTTP/1.1 (the SDK's default handler speaks HTTP/2, which msw does not intercept): import { NodeHttpHandler } from '@smithy/node-http-handler';",
    "// new BedrockRuntimeClient({ endpoint: 'https://bedrock-runtime.us-east-1.amazonaws.com', region: 'us-east-1', token: { token: 'test' }, authSchemePreference: ['httpBearerAuth'], requestHandler: new NodeHttpHandler() })",
    "//   .send(new ConverseStreamCommand({ modelId: MODEL, messages: [{ role: 'user', content: [{ text: 'hi' }] }] })), MODEL the one in recordedPath, URI-decoded",
  ],
};

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

function handlerCode(path: string): string {
  // msw tests a RegExp against the request's origin and path (getCleanUrl): any origin, this exact path.
  const pattern = `^[^:/?#]+://[^/?#]+${escapeRegExp(path)}$`;
  return `/** The recorded request's path. */
export const recordedPath = ${jsString(path)};

const recordedUrl = new RegExp(${jsString(pattern)});

/** An msw handler for POSTs to recordedPath under any origin: the response head after its recorded time, then the body as recordedBody. */
export function recordedHandler(options: ReplayOptions = {}) {
  const speed = speedOf(options);
  return http.post(recordedUrl, async ({ request }) => {
    const signal = eitherSignal(request.signal, options.signal);
    await headWait(speed, signal);
    return recordedResponse({ speed, signal });
  });
}

/** The handler at the recorded timing. */
export const handler = recordedHandler();
`;
}

export function mswModule(...args: Parameters<Exporter['export']>): string {
  const module = fixtureModule(...args);
  return [module.header(title(module.protocol), USAGE[module.protocol]), '', "import { http } from 'msw';", '', module.runtime, handlerCode(module.path), module.data, ''].join('\n');
}

export const mswExporter: Exporter = {
  format: 'msw',
  description: 'A TypeScript module with an msw 2 request handler that streams the recording with its timing (setupServer, setupWorker)',
  extension: '.msw.ts',
  mediaType: 'text/typescript',
  export: mswModule,
};
