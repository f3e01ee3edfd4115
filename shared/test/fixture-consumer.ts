// The test a user would write around exported fixture modules, run by fixture-run.test.ts in a
// child Vitest: it is copied, as `consumer.test.ts`, into a folder next to the generated
// `<case>.fixture.ts` (openai-test) and `<case>.msw.ts` modules and a `cases.json`, and feeds each
// recording to the official openai SDK through `recordedFetch` and through msw's `setupServer`.
// It imports the SDK, msw and Vitest, as a user's test does, and nothing of Streamscope.

import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/** One recording, as fixture-run.test.ts describes it. */
export interface ConsumerCase {
  /** The modules are `<name>.fixture.ts` and `<name>.msw.ts`. */
  readonly name: string;
  /** Milliseconds from the request to the last read (0 when untimed): what replaying at speed 1 takes at least. */
  readonly span: number;
  /** The JSON chunks before [DONE]: what the SDK's iterator yields. */
  readonly chunks: number;
  /** The SDK's error when the stream was cut, else null. */
  readonly rejects: string | null;
  /** Documented divergences of the SDK from Streamscope (shared/test/reference/openai-sdk.ts): the SDK's value of a field of choice 0. */
  readonly sdkDiffers: Readonly<Record<string, unknown>>;
}

interface ReplayOptions {
  speed?: number;
}

interface FixtureModule {
  expectedChoices: ChoiceLike[];
  expectedUsage: Record<string, unknown> | null;
  recordedFetch(options?: ReplayOptions): typeof fetch;
}

interface MswModule {
  handler: HttpHandler;
}

interface ChoiceLike {
  index: number;
  finish_reason: string | null;
  message: {
    role?: string | null;
    content?: string | null;
    refusal?: string | null;
    reasoning_content?: string | null;
    tool_calls?: { id?: string | null; type?: string | null; function?: { name?: string | null; arguments?: string | null } }[];
  };
}

const CASES: ConsumerCase[] = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8'));
const REQUEST = { model: 'recorded', messages: [{ role: 'user' as const, content: 'hi' }] };

/** The fields the SDK and Streamscope both have, per choice. */
function view(choices: readonly ChoiceLike[]): Record<string, unknown>[] {
  return choices.map(({ index, finish_reason, message }) => ({
    index,
    role: message.role ?? null,
    content: message.content ?? null,
    refusal: message.refusal ?? null,
    reasoning_content: message.reasoning_content ?? null,
    tool_calls: message.tool_calls?.map((call) => ({ id: call.id ?? null, type: call.type ?? null, name: call.function?.name ?? null, arguments: call.function?.arguments ?? null })) ?? null,
    finish_reason,
  }));
}

/** What the SDK should end with: Streamscope's choices, with the documented divergences of choice 0. */
function sdkExpected(fixture: FixtureModule, differs: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  const [first, ...rest] = view(fixture.expectedChoices);
  return first ? [{ ...first, ...differs }, ...rest] : [];
}

/** Runs the SDK's stream helper to its final completion and checks it against the case, timing included. */
async function finalCompletion(client: OpenAI, fixture: FixtureModule, recorded: ConsumerCase): Promise<void> {
  const started = performance.now();
  const stream = client.chat.completions.stream(REQUEST);
  if (recorded.rejects !== null) {
    await expect(stream.finalChatCompletion()).rejects.toThrow(recorded.rejects);
  } else {
    const completion = await stream.finalChatCompletion();
    expect(view(completion.choices as unknown as ChoiceLike[])).toEqual(sdkExpected(fixture, recorded.sdkDiffers));
    expect(completion.usage ?? null).toEqual(fixture.expectedUsage);
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

  it('feeds the SDK through recordedFetch at the recorded timing: finalChatCompletion is the expected message', async () => {
    const [fixture] = await load();
    const client = new OpenAI({ apiKey: 'test', fetch: fixture.recordedFetch(), maxRetries: 0 });
    await finalCompletion(client, fixture, recorded);
  });

  it("feeds the SDK's async iterator through recordedFetch at speed 0: every chunk, the text of each choice", async () => {
    const [fixture] = await load();
    const client = new OpenAI({ apiKey: 'test', fetch: fixture.recordedFetch({ speed: 0 }), maxRetries: 0 });
    const content = new Map<number, string>();
    let chunks = 0;
    const iterate = async (): Promise<void> => {
      for await (const chunk of await client.chat.completions.create({ ...REQUEST, stream: true })) {
        chunks++;
        for (const choice of chunk.choices) content.set(choice.index, (content.get(choice.index) ?? '') + (choice.delta.content ?? ''));
      }
    };
    if (recorded.rejects !== null) await expect(iterate()).rejects.toThrow(recorded.rejects);
    else await iterate();
    expect(chunks).toBe(recorded.chunks);
    // Streamscope's content is null where no delta carried text; the joined deltas are then "".
    expect(fixture.expectedChoices.map((choice) => content.get(choice.index) ?? '')).toEqual(fixture.expectedChoices.map((choice) => choice.message.content ?? ''));
  });

  it("feeds the SDK through msw's setupServer at the recorded timing, under an origin of its own", async () => {
    const [fixture, msw] = await load();
    server.use(msw.handler);
    const client = new OpenAI({ apiKey: 'test', baseURL: 'https://api.recorded.test/v1', maxRetries: 0 });
    await finalCompletion(client, fixture, recorded);
  });
});
