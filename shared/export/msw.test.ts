// The msw export, imported as generated and served by msw's setupServer in this process: which
// requests it answers (the recorded path under any origin), and that what it answers is the
// recording, read for read. Its timing code is the openai-test module's (openai-test.test.ts);
// the openai SDK consuming it in a child Vitest run is in fixture-run.test.ts.

import { http } from 'msw';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '../recording/types.ts';
import { importGenerated, removeScratchDir, scratchDir } from '../test/generated-modules.ts';
import { cleanTextStream, timed, untimed } from '../test/streams.ts';
import { pathOf } from './fixture-module.ts';
import { mswExporter } from './msw.ts';

interface MswModule {
  handler: HttpHandler;
  recordedHandler(options?: { speed?: number; signal?: AbortSignal }): HttpHandler;
  recordedPath: string;
  expectedMessage: unknown;
}

// What the handler under test does not answer falls through to this one (resetHandlers keeps it).
const server = setupServer(http.all('*', () => new Response('not matched', { status: 599 })));
let dir: string;
let count = 0;
beforeAll(() => {
  dir = scratchDir('msw');
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  removeScratchDir(dir);
});

function load(recording: Recording): Promise<MswModule> {
  return importGenerated<MswModule>(dir, `case-${count++}.msw.ts`, mswExporter.export(recording) as string);
}

function recordedAt(url: string): Recording {
  const stream = cleanTextStream();
  const third = Math.floor(stream.length / 3);
  return timed(
    [
      [10, stream.slice(0, third)],
      [20, stream.slice(third, 2 * third)],
      [30, stream.slice(2 * third)],
    ],
    { request: { method: 'POST', url, headers: {}, body: { model: 'gpt-4o', messages: [] } } },
  );
}

async function chunksOf(response: Response): Promise<string[]> {
  const chunks: string[] = [];
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(new TextDecoder().decode(value));
  }
}

const post = (url: string): Promise<Response> => fetch(url, { method: 'POST', body: '{}' });

describe('the msw export', () => {
  it('answers a POST to the recorded path under any origin, query ignored, with the recorded reads as separate chunks', async () => {
    const recording = recordedAt('https://api.openai.com/v1/chat/completions?api-version=1');
    const module = await load(recording);
    server.use(module.recordedHandler({ speed: 0 }));
    for (const url of ['https://api.openai.com/v1/chat/completions', 'http://localhost:8080/v1/chat/completions?x=1']) {
      const response = await post(url);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
      expect(await chunksOf(response)).toEqual(recording.reads.map((read) => new TextDecoder().decode(read.bytes)));
    }
  });

  it('answers nothing else: another path, a longer path or another method', async () => {
    const module = await load(recordedAt('https://api.openai.com/v1/chat/completions'));
    server.use(module.recordedHandler({ speed: 0 }));
    const answers = await Promise.all([
      post('https://api.openai.com/v1/completions'),
      post('https://api.openai.com/proxy/v1/chat/completions'),
      post('https://api.openai.com/v1/chat/completions/extra'),
      fetch('https://api.openai.com/v1/chat/completions'),
    ]);
    expect(answers.map((response) => response.status)).toEqual([599, 599, 599, 599]);
  });

  it('matches a path with characters that mean something in a pattern literally', async () => {
    const module = await load(recordedAt('https://x.openai.azure.com/openai/deployments/gpt-4o(1)+mini.*/chat/completions?api-version=2024-10-21'));
    expect(module.recordedPath).toBe('/openai/deployments/gpt-4o(1)+mini.*/chat/completions');
    server.use(module.recordedHandler({ speed: 0 }));
    expect((await post('https://other.example/openai/deployments/gpt-4o(1)+mini.*/chat/completions')).status).toBe(200);
    expect((await post('https://other.example/openai/deployments/gpt-4o1mini.x/chat/completions')).status).toBe(599);
  });

  it("answers an imported body's requests at the openai SDK's default path", async () => {
    const module = await load(untimed(cleanTextStream()));
    expect(module.recordedPath).toBe('/v1/chat/completions');
    server.use(module.handler);
    expect(await (await post('https://api.openai.com/v1/chat/completions')).text()).toBe(cleanTextStream());
  });
});

describe('the recorded path', () => {
  it.each([
    ['https://api.openai.com/v1/chat/completions', '/v1/chat/completions'],
    ['http://user:pass@127.0.0.1:8080/v1/chat/completions?key=…abcd#frag', '/v1/chat/completions'],
    ['https://host.example', '/'],
    ['/relative/chat/completions?x', '/relative/chat/completions'],
    [undefined, '/v1/chat/completions'],
  ])('of %s is %s', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });
});
