// The dialects against the official SDKs, none of their code written here: the same bytes fed to
// the openai SDK's `responses.stream()` → `finalResponse()` and to @anthropic-ai/sdk's
// `messages.stream()` → `finalMessage()` (through a `fetch` that answers with the body, so the
// SDKs parse the SSE themselves), and to our dialects. On every well-formed stream the final
// objects are equal and the dialect raises no warning or error, except the findings pinned below
// (each a true one, with the reason); where the SDK throws, the analysis names the fault.
//
// Equal except for the SDKs' structured-output helpers, which parse the object rather than stream
// anything: openai's `output_parsed` and the `parsed` / `parsed_arguments` nulls on message parts
// and function calls, Anthropic's `parsed_output` (responses/final.ts, anthropic/final.ts).

import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import fc from 'fast-check';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { Recording } from '../recording/types.ts';
import { messages } from './anthropic/index.ts';
import { responses } from './responses/index.ts';
import { runDialect } from './run.ts';
import { CORPUS_DIR, PINNED, corpus } from '../test/dialect-corpus.ts';
import { messagesStream, responsesStream, sseEvents, toSse } from './streams.test-support.ts';
import { withoutHelpers } from '../test/sdk-clients.ts';
import type { DialectDiagnostic } from './types.ts';

const reply = (body: Uint8Array) => () => Promise.resolve(new Response(body.slice(), { status: 200, headers: { 'content-type': 'text/event-stream' } }));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type SdkResult = { ok: true; final: unknown } | { ok: false; error: string };

async function openaiFinal(body: Uint8Array): Promise<SdkResult> {
  try {
    const client = new OpenAI({ apiKey: 'test', fetch: reply(body) as never, maxRetries: 0, logLevel: 'off' });
    return { ok: true, final: withoutHelpers(await client.responses.stream({ model: 'x', input: 'hi' }).finalResponse()) };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

async function anthropicFinal(body: Uint8Array): Promise<SdkResult> {
  try {
    const client = new Anthropic({ apiKey: 'test', fetch: reply(body) as never, maxRetries: 0, logLevel: 'off' });
    return { ok: true, final: withoutHelpers(await client.messages.stream({ model: 'x', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] }).finalMessage()) };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

const serious = (diagnostics: readonly DialectDiagnostic[]) => diagnostics.filter((diagnostic) => diagnostic.severity !== 'info').map((diagnostic) => diagnostic.code);
const encode = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** JSON text cut into fragments at random places: tool arguments as a model streams them. */
const fragments = fc.tuple(fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), fc.array(fc.nat(40), { maxLength: 4 })).map(([object, cuts]) => {
  const text = JSON.stringify(object);
  const at = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((from, i) => text.slice(from, [...at, text.length][i]));
});
const pieces = fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { maxLength: 5 });

describe('well-formed streams, as the SDKs end them', () => {
  it('Responses: the final object is finalResponse() on random clean streams, with no warning but a refusal', async () => {
    const item = fc.oneof(
      fc.record({ type: fc.constant('message' as const), text: fc.option(pieces, { nil: undefined }), refusal: fc.option(pieces, { nil: undefined }) }),
      fc.record({ type: fc.constant('function_call' as const), name: fc.constantFrom('f', 'get_weather'), args: fragments }),
      fc.record({ type: fc.constant('reasoning' as const), summary: fc.array(pieces, { maxLength: 2 }), content: fc.option(fc.array(pieces, { maxLength: 2 }), { nil: undefined }) }),
      fc.record({ type: fc.constant('web_search_call' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 4 }), fc.constantFrom('response.completed', 'response.incomplete', 'response.failed'), fc.boolean(), async (items, terminal, names) => {
        const body = encode(toSse(responsesStream(items, { terminal }), names));
        const ours = runDialect(responses, sseEvents(body));
        const sdk = await openaiFinal(body);
        expect(sdk).toEqual({ ok: true, final: json(ours.final) });
        const expected = new Set(['refusal', terminal === 'response.failed' ? 'response-failed' : terminal === 'response.incomplete' ? 'response-incomplete' : '']);
        expect(serious(ours.diagnostics).filter((code) => !expected.has(code))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('Anthropic Messages: the final object is finalMessage() on random clean streams, with no warning', async () => {
    const block = fc.oneof(
      fc.record({ type: fc.constant('text' as const), text: pieces }),
      fc.record({ type: fc.constant('tool_use' as const), name: fc.constantFrom('f', 'get_weather'), json: fragments }),
      fc.record({ type: fc.constant('thinking' as const), thinking: pieces, signature: fc.base64String({ maxLength: 12 }) }),
      fc.record({ type: fc.constant('redacted_thinking' as const), data: fc.base64String({ maxLength: 12 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(block, { maxLength: 4 }), fc.constantFrom('end_turn', 'tool_use', 'stop_sequence', 'pause_turn'), fc.array(fc.nat(9), { minLength: 1, maxLength: 3 }), async (blocks, stopReason, steps) => {
        // Cumulative counts, as Anthropic sends them: each message_delta's at least the last one's.
        const outputTokens = steps.map((_, i) => steps.slice(0, i + 1).reduce((sum, step) => sum + step, 1));
        const body = encode(toSse(messagesStream(blocks, { stopReason, outputTokens })));
        const ours = runDialect(messages, sseEvents(body));
        expect(await anthropicFinal(body)).toEqual({ ok: true, final: json(ours.final) });
        expect(serious(ours.diagnostics)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

// ------------------------------------------------------------------ the corpus of real streams
// (the corpus and its pinned findings are in test/dialect-corpus.ts: `inspect`'s test reads them too)

const RECORDING: Recording = { source: 'sse', startedAt: null, request: null, response: null, reads: [], end: null };

describe.skipIf(corpus().length === 0)('the corpus of real Responses and Anthropic Messages streams', () => {
  it.each(corpus().map((entry) => [entry.file, entry] as const))('%s', async (file, entry) => {
    const body = new Uint8Array(readFileSync(CORPUS_DIR + file));
    const isResponses = entry.dialect === 'responses';
    const pinned = PINNED[file];
    const recording = { ...RECORDING, ...pinned?.recording };
    const ours = isResponses ? runDialect(responses, sseEvents(body), { recording }) : runDialect(messages, sseEvents(body), { recording });
    const sdk = await (isResponses ? openaiFinal(body) : anthropicFinal(body));
    if (pinned) {
      expect([...new Set(serious(ours.diagnostics))]).toEqual(pinned.ours);
      expect(sdk).toEqual(pinned.sdkError === null ? { ok: true, final: json(ours.final) } : { ok: false, error: pinned.sdkError });
    } else if (entry.wellFormed) {
      expect(serious(ours.diagnostics)).toEqual([]);
      expect(sdk).toEqual({ ok: true, final: json(ours.final) });
    }
  });

  it('pins only files the corpus has', () => {
    const files = new Set(corpus().map((entry) => entry.file));
    expect(Object.keys(PINNED).filter((file) => !files.has(file))).toEqual([]);
  });
});
