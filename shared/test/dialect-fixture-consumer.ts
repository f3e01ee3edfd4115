// The test a user would write around exported fixture modules of a Responses or an Anthropic
// Messages recording, run by shared/export/fixture-run-dialects.test.ts in a child Vitest: it is
// copied, as `consumer.test.ts`, into a folder next to the generated `<case>.fixture.ts`
// (openai-test) and `<case>.msw.ts` modules and a `cases.json`, and feeds each recording to the
// dialect's official SDK — openai's `responses.stream()`, @anthropic-ai/sdk's `messages.stream()` —
// through `recordedFetch` and through msw's `setupServer`. It imports the SDKs, msw and Vitest,
// as a user's test does, and nothing of Streamscope.

import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/** One recording, as fixture-run-dialects.test.ts describes it. */
export interface DialectConsumerCase {
  /** The modules are `<name>.fixture.ts` and `<name>.msw.ts`. */
  readonly name: string;
  readonly dialect: 'responses' | 'anthropic-messages';
  /** Milliseconds from the request to the last read (0 when untimed): what replaying at speed 1 takes at least. */
  readonly span: number;
  /** The SDK's error when the stream was cut, else null. */
  readonly rejects: string | null;
}

interface ReplayOptions {
  speed?: number;
}

interface FixtureModule {
  expectedResponse?: Record<string, unknown> & { output_text: string };
  expectedMessage?: Record<string, unknown> & { content: { type: string; text?: string }[] };
  expectedUsage: Record<string, unknown> | null;
  recordedFetch(options?: ReplayOptions): typeof fetch;
}

interface MswModule {
  handler: HttpHandler;
  recordedPath: string;
}

const CASES: DialectConsumerCase[] = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8'));
const ORIGIN = 'https://api.recorded.test';

/** The SDK's final object as JSON, without its structured-output helpers, which parse the object rather than stream anything. */
function withoutHelpers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutHelpers);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!['output_parsed', 'parsed', 'parsed_arguments', 'parsed_output'].includes(key) && inner !== undefined) out[key] = withoutHelpers(inner);
  }
  return out;
}

/** The dialect's stream helper, to its final object; `onText` gets each text delta as the SDK hands it out. */
function finalObject(recorded: DialectConsumerCase, client: { fetch?: typeof fetch; baseURL?: string }, onText: (text: string) => void = () => {}): Promise<unknown> {
  if (recorded.dialect === 'responses') {
    const openai = new OpenAI({ apiKey: 'test', maxRetries: 0, ...client });
    const stream = openai.responses.stream({ model: 'recorded', input: 'hi' });
    stream.on('response.output_text.delta', (event) => onText(event.delta));
    return stream.finalResponse();
  }
  const anthropic = new Anthropic({ apiKey: 'test', maxRetries: 0, ...client });
  const stream = anthropic.messages.stream({ model: 'recorded', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] });
  stream.on('text', onText);
  return stream.finalMessage();
}

/** Runs the stream helper to its end and checks it against the module's expectation, timing included. */
async function expectFinal(recorded: DialectConsumerCase, fixture: FixtureModule, client: { fetch?: typeof fetch; baseURL?: string }): Promise<void> {
  const started = performance.now();
  const final = finalObject(recorded, client);
  if (recorded.rejects !== null) await expect(final).rejects.toThrow(recorded.rejects);
  else {
    const expected = recorded.dialect === 'responses' ? fixture.expectedResponse : fixture.expectedMessage;
    const got = withoutHelpers(await final) as { usage?: unknown };
    expect(got).toEqual(expected);
    expect(got.usage ?? null).toEqual(fixture.expectedUsage);
  }
  const elapsed = performance.now() - started;
  // Generous: never early (timers fire late, not early), and not far late on a loaded machine.
  expect(elapsed).toBeGreaterThanOrEqual(0.9 * recorded.span);
  expect(elapsed).toBeLessThan(2 * recorded.span + 3000);
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe.each(CASES.map((recorded) => [recorded.name, recorded] as const))('%s', (name, recorded) => {
  const load = async (): Promise<[FixtureModule, MswModule]> => [await import(`./${name}.fixture.ts`), await import(`./${name}.msw.ts`)];

  it('feeds the SDK through recordedFetch at the recorded timing: its final object is the expected one', async () => {
    const [fixture] = await load();
    await expectFinal(recorded, fixture, { fetch: fixture.recordedFetch() });
  });

  it("hands out the text deltas through recordedFetch at speed 0: joined, the expected text", async () => {
    const [fixture] = await load();
    let text = '';
    const final = finalObject(recorded, { fetch: fixture.recordedFetch({ speed: 0 }) }, (delta) => (text += delta));
    if (recorded.rejects !== null) await expect(final).rejects.toThrow(recorded.rejects);
    else await final;
    const expected =
      recorded.dialect === 'responses'
        ? fixture.expectedResponse!.output_text
        : fixture.expectedMessage!.content.flatMap((block) => (block.type === 'text' ? [block.text ?? ''] : [])).join('');
    // A cut stream ends mid-text: what came is the start of the expected text.
    if (recorded.rejects === null) expect(text).toBe(expected);
    else expect(expected.startsWith(text) && text.length > 0).toBe(true);
  });

  it("feeds the SDK through msw's setupServer at the recorded timing, at the dialect's path under an origin of its own", async () => {
    const [fixture, msw] = await load();
    server.use(msw.handler);
    expect(msw.recordedPath).toBe(recorded.dialect === 'responses' ? '/v1/responses' : '/v1/messages');
    // Each SDK's default base URL shape: openai's ends in /v1, Anthropic's adds /v1/messages itself.
    await expectFinal(recorded, fixture, { baseURL: recorded.dialect === 'responses' ? `${ORIGIN}/v1` : ORIGIN });
  });
});
