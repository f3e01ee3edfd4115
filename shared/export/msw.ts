// `--format msw`: a module exporting an msw 2 request handler that answers POSTs to the recorded
// path, under any origin, with the recorded response streamed with its timing. For
// `setupServer(handler)` in Node and `setupWorker(handler)` in a browser. It imports msw only.

import { fixtureModule } from './fixture-module.ts';
import { jsString } from './js-literal.ts';
import type { Exporter } from './types.ts';

const TITLE = `Streamscope msw handler: a recorded streamed chat completion, served with its recorded timing
to POST requests for the recorded path under any origin (the query is ignored, as msw does).`;

const USAGE = [
  "import { setupServer } from 'msw/node'; // setupWorker from 'msw/browser' in a browser",
  "import { handler, expectedMessage } from './chat.msw'; // this file; recordedHandler({ speed: 0 }) for no waits",
  'const server = setupServer(handler);',
  'beforeAll(() => server.listen()); afterAll(() => server.close());',
  '// then call the endpoint with any client: the openai SDK, the Vercel AI SDK, fetch…',
];

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
  return [module.header(TITLE, USAGE), '', "import { http } from 'msw';", '', module.runtime, handlerCode(module.path), module.data, ''].join('\n');
}

export const mswExporter: Exporter = {
  format: 'msw',
  description: 'A TypeScript module with an msw 2 request handler that streams the recording with its timing (setupServer, setupWorker)',
  extension: '.msw.ts',
  mediaType: 'text/typescript',
  export: mswModule,
};
