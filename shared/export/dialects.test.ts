// Every export format with a recording of the other two dialects. Each takes it without throwing;
// the test fixtures (openai-test, msw) carry the dialect — its expected object (`expectedResponse`,
// `expectedMessage`) and its path — and are run with `responses.stream()` and @anthropic-ai/sdk's
// `messages.stream()` in fixture-run.test.ts; aimock, which cannot replay these dialects
// as recorded, writes no fixture and says why in its losses; the HTML report shows the dialect
// (html/dialects.test.ts).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { toAimockFixture } from './aimock.ts';
import { fixtureModule } from './fixture-module.ts';
import { exporters } from './registry.ts';

/** A corpus stream with the request that asked for it (curl has nothing to repeat without one). */
function recording(file: string, url: string): Recording {
  const body = recordingFromSse(new Uint8Array(readFileSync(new URL(`../test/fixtures/dialects/${file}`, import.meta.url))));
  return { ...body, request: { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: { model: 'm', stream: true } } };
}

const CASES = [
  ['responses/deepseek-reasoning-text-function-call.sse', 'https://api.openai.com/v1/responses', 'Responses', '/v1/responses'],
  ['messages/anthropic-sonnet4-thinking-signature.sse', 'https://api.anthropic.com/v1/messages', 'Anthropic Messages', '/v1/messages'],
] as const;

describe.each(CASES)('exporting %s', (file, url, name, path) => {
  it.each(exporters().map((exporter) => [exporter.format, exporter] as const))('as %s does not throw', (_format, exporter) => {
    expect(() => exporter.export(recording(file, url))).not.toThrow();
  });

  it('as a test fixture, at the recorded path, or the dialect\'s default path without a request', () => {
    expect(fixtureModule(recording(file, url)).path).toBe(path);
    expect(fixtureModule({ ...recording(file, url), request: null }).path).toBe(path);
    expect(fixtureModule({ ...recording(file, url), request: null }).protocol).toBe(name === 'Responses' ? 'responses' : 'anthropic-messages');
  });

  it('as aimock: no fixture, and a loss that says why', () => {
    expect(toAimockFixture(recording(file, url), { name: 'run' })).toEqual({
      _streamscope: {
        source: 'run',
        losses: [
          {
            code: 'dialect',
            affects: 'message',
            message: `aimock cannot replay a recorded ${name} stream: it builds every ${path} event itself from a message (its own ids, event order and split, and timing), so no fixture is written. Replay it with streamscope replay, or export it as openai-test or msw.`,
            events: [],
          },
        ],
      },
      fixtures: [],
    });
  });
});
