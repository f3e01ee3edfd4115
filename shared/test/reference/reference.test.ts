import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { eventsourceParserEvents, eventsourceParserTrace } from './eventsource-parser.ts';
import { openaiSdkFinalCompletion, openaiSdkRawChunks } from './openai-sdk.ts';

const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../fixtures/real-streams/${name}`, import.meta.url)));

const PARALLEL_TOOLS = fixture('openai-gpt4o-parallel-tool-calls.sse');
const REFUSAL = fixture('openai-gpt4o-refusal-logprobs.sse');
const GROQ_ERROR_EVENT = fixture('groq-gptoss-tool-use-failed-error-event.sse');
const NO_FINISH_REASON = fixture('snowflake-cortex-claude-no-finish-reason.sse');
const REASONING = fixture('xai-grok3mini-reasoning-tool-call.sse');

const GROQ_ERROR_MESSAGE =
  "Tool call validation failed: tool call validation failed: parameters for tool get_something_by_name did not match schema: errors: [missing properties: 'name', additionalProperties 'invalid_param' not allowed]";

/** The SDK's final completion for `body`, failing the test if the SDK rejected it. */
async function finalCompletion(body: Uint8Array): Promise<OpenAI.ChatCompletion> {
  const result = await openaiSdkFinalCompletion(body);
  if (!result.ok) throw new Error(`the SDK rejected the stream: ${result.error}`);
  return result.completion as OpenAI.ChatCompletion;
}

/** Up to 20 distinct byte offsets strictly inside `body`. */
const splitPoints = (body: Uint8Array) =>
  fc.uniqueArray(fc.integer({ min: 1, max: body.length - 1 }), { minLength: 1, maxLength: 20 });

describe('the openai SDK reference (stream().finalChatCompletion())', () => {
  it('joins two parallel tool calls by index, with their names, ids and full arguments', async () => {
    const completion = await finalCompletion(PARALLEL_TOOLS);

    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.choices[0]?.message.content).toBeNull();
    expect(completion.choices[0]?.message.tool_calls).toEqual([
      {
        id: 'call_JMW1whyEaYG438VE1OIflxA2',
        type: 'function',
        function: { name: 'GetWeatherArgs', arguments: '{"city": "Edinburgh", "country": "GB", "units": "c"}' },
      },
      {
        id: 'call_DNYTawLBoN8fj3KN6qU9N1Ou',
        type: 'function',
        function: { name: 'get_stock_price', arguments: '{"ticker": "AAPL", "exchange": "NASDAQ"}' },
      },
    ]);
    expect(completion.usage).toMatchObject({ prompt_tokens: 149, completion_tokens: 60, total_tokens: 209 });
  });

  it('concatenates the refusal fragments and appends the refusal logprobs', async () => {
    const completion = await finalCompletion(REFUSAL);
    const choice = completion.choices[0];

    expect(choice?.message.refusal).toBe("I'm very sorry, but I can't assist with that request.");
    expect(choice?.message.refusal?.startsWith("I'm very sorry")).toBe(true);
    expect(choice?.message.content).toBeNull();
    expect(choice?.logprobs?.refusal).toHaveLength(12);
    expect(choice?.finish_reason).toBe('stop');
  });

  it('keeps only the last reasoning_content fragment, because it assigns unknown delta keys', async () => {
    const completion = await finalCompletion(REASONING);

    expect(completion.choices[0]?.message).toMatchObject({ reasoning_content: '.' });
  });

  it('rejects a stream that ends in an `event: error` with the message of its error object', async () => {
    const result = await openaiSdkFinalCompletion(GROQ_ERROR_EVENT);

    expect(result).toMatchObject({ ok: false, error: GROQ_ERROR_MESSAGE });
    expect(result.chunks).toHaveLength(94);
  });

  it('rejects a stream whose choice never gets a finish_reason', async () => {
    const result = await openaiSdkFinalCompletion(NO_FINISH_REASON);

    expect(result).toMatchObject({ ok: false, error: 'missing finish_reason for choice 0' });
  });

  it('gives the same result when the body arrives in pieces cut at random offsets', async () => {
    for (const body of [PARALLEL_TOOLS, REFUSAL, GROQ_ERROR_EVENT]) {
      const whole = await openaiSdkFinalCompletion(body);
      await fc.assert(
        fc.asyncProperty(splitPoints(body), async (split) => {
          expect(await openaiSdkFinalCompletion(body, { split })).toEqual(whole);
        }),
        { numRuns: 8 },
      );
    }
  }, 30_000);
});

describe('the openai SDK reference (create({ stream: true }) iterator)', () => {
  it('yields one parsed chunk per data event before [DONE]', async () => {
    const result = await openaiSdkRawChunks(PARALLEL_TOOLS);

    expect(result.ok).toBe(true);
    expect(result.chunks).toHaveLength(25);
    expect(result.chunks[0]).toMatchObject({ id: 'chatcmpl-ABfwAwrNePHUgBBezonVC6MX3zd63' });
  });

  it('yields the chunks before an `event: error` and then fails with its message', async () => {
    const result = await openaiSdkRawChunks(GROQ_ERROR_EVENT);

    expect(result).toMatchObject({ ok: false, error: GROQ_ERROR_MESSAGE });
    expect(result.chunks).toHaveLength(94);
  });
});

describe('the eventsource-parser reference', () => {
  it('dispatches one event per data block, the [DONE] sentinel included', () => {
    expect(eventsourceParserEvents(PARALLEL_TOOLS)).toHaveLength(26);
    expect(eventsourceParserEvents(REFUSAL)).toHaveLength(16);
    expect(eventsourceParserEvents(REFUSAL).at(-1)).toEqual({ event: undefined, id: undefined, data: '[DONE]' });
  });

  it('names the groq error event and leaves the others unnamed', () => {
    const events = eventsourceParserEvents(GROQ_ERROR_EVENT);

    expect(events).toHaveLength(95);
    expect(events.filter((e) => e.event !== undefined)).toHaveLength(1);
    expect(events.at(-1)?.event).toBe('error');
    expect(JSON.parse(events.at(-1)?.data ?? '')).toMatchObject({ error: { code: 'tool_use_failed' } });
  });

  it('reports comments separately from events', () => {
    const trace = eventsourceParserTrace(fixture('openrouter-minimax-midstream-error.sse'));

    expect(trace.comments).toEqual(Array(17).fill('OPENROUTER PROCESSING'));
    expect(trace.events).toHaveLength(5);
  });

  it('gives the same events when the body is fed in pieces cut at random offsets', () => {
    for (const body of [PARALLEL_TOOLS, REFUSAL, GROQ_ERROR_EVENT]) {
      const whole = eventsourceParserEvents(body);
      fc.assert(
        fc.property(splitPoints(body), (split) => {
          expect(eventsourceParserEvents(body, split)).toEqual(whole);
        }),
        { numRuns: 50 },
      );
    }
  });
});
