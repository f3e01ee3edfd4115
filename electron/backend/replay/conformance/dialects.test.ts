// The differential against the official SDKs, over the wire (issue 19, "Tests that must hold"):
// every recording of both dialects — every simulator scenario for /v1/responses and /v1/messages,
// recorded as a user records it, and every stream of the real-stream corpus
// (shared/test/fixtures/dialects) — served by the replay server and read by `openai`'s
// `responses.stream().finalResponse()` and `@anthropic-ai/sdk`'s `messages.stream().finalMessage()`
// (shared/test/dialect-clients.ts). On every well-formed stream the SDK ends with `inspect`'s final
// object (the contract's `response` / `message`), field for field; where it throws or ends with
// something else, the test pins exactly what it does and the finding that names the fault.
// (shared/dialects/sdk.test.ts makes the same comparison in memory, without the wire.)

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredDialect } from '../../../../shared/dialects/registry.ts';
import { messagesStream, responsesStream, toSse } from '../../../../shared/dialects/streams.test-support.ts';
import { concatBytes } from '../../../../shared/formats/bytes.ts';
import { recordingFromSse } from '../../../../shared/formats/sse.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import type { SdkError } from '../../../../shared/test/dialect-clients.ts';
import { CORPUS_DIR, PINNED, corpus } from '../../../../shared/test/dialect-corpus.ts';
import { DIALECT_PROTOCOLS, recordDialectScenarios } from '../../../../shared/test/replay-support.ts';
import type { Dialect, NamedRecording } from '../../../../shared/test/replay-support.ts';
import { rateLimited, SERVER_ERROR } from '../../simulator/errors.ts';
import { scenariosOf } from '../../simulator/index.ts';
import { OVERLOADED } from '../../simulator/anthropic/events.ts';
import { FAILURE_MESSAGE } from '../../simulator/responses/objects.ts';
import { clean, expectRun, runDialect } from './dialect-expect.ts';
import type { DialectExpectation as Expected, SdkOutcome } from './dialect-expect.ts';

const RESPONSES: Readonly<Record<string, Expected>> = {
  text: clean(),
  reasoning: clean(),
  refusal: clean(['refusal']),
  'tool-call': clean(),
  'parallel-tool-calls': clean(),
  length: clean(['response-incomplete']),
  // The SDK throws the error event; the stream then says response.failed.
  'stream-error': { sdk: { throws: { name: 'APIError', message: FAILURE_MESSAGE } }, codes: ['item-not-done', 'response-failed', 'stream-error'], names: 'stream-error' },
  failed: clean(['item-not-done', 'response-failed']),
  'connection-drop': { sdk: { throws: { name: 'OpenAIError', message: 'terminated' } }, codes: ['connection-error', 'item-not-done', 'missing-terminal-event'], names: 'connection-error' },
  // The SDK resolves with what it accumulated, status "in_progress", as our final object has it.
  'cut-before-end': clean(['missing-terminal-event']),
  'sequence-gap': clean(['sequence-gap']),
  'long-silence': clean(),
  buffered: clean(),
  'invalid-json': {
    sdk: { throws: { name: 'OpenAIError', message: 'Error reading response: malformed server-sent event JSON.' } },
    codes: ['done-text-mismatch', 'final-mismatch', 'invalid-json'],
    names: 'invalid-json',
  },
  crlf: clean(),
  'json-response': { sdk: { throws: { name: 'OpenAIError', message: 'request ended without sending any events' } }, codes: ['not-event-stream'], names: 'not-event-stream' },
  'rate-limit': { sdk: { throws: { name: 'RateLimitError', message: `429 ${rateLimited('sim-rate-limit').message}`, status: 429 } }, codes: ['http-status'], names: 'http-status' },
  'server-error': { sdk: { throws: { name: 'InternalServerError', message: `500 ${SERVER_ERROR.message}`, status: 500 } }, codes: ['http-status'], names: 'http-status' },
  large: clean(),
};

/** An Anthropic HTTP error: the SDK's message is the status and the body as sent (its request_id is the simulator's count). */
const httpError = (name: string, status: number): SdkOutcome => ({ throws: { name, message: expect.stringMatching(new RegExp(`^${status} \\{"type":"error","error":\\{"type":"`)), status } as SdkError });

const MESSAGES: Readonly<Record<string, Expected>> = {
  text: clean(),
  reasoning: clean(),
  refusal: clean(['stop-refusal']),
  'tool-call': clean(),
  'parallel-tool-calls': clean(),
  length: clean(['stop-max-tokens']),
  'stream-error': { sdk: { throws: { name: 'APIError', message: JSON.stringify({ type: 'error', error: OVERLOADED }) } }, codes: ['block-not-stopped', 'missing-message-stop', 'stream-error'], names: 'stream-error' },
  'connection-drop': { sdk: { throws: { name: 'AnthropicError', message: 'terminated' } }, codes: ['block-not-stopped', 'connection-error', 'missing-message-stop'], names: 'connection-error' },
  'cut-before-end': { sdk: { throws: { name: 'AnthropicError', message: 'stream ended without producing a Message with role=assistant' } }, codes: ['missing-message-stop'], names: 'missing-message-stop' },
  'keep-alive': clean(),
  'long-silence': clean(),
  buffered: clean(),
  // V8's own message for the cut JSON (with its line and column since V8 12.4).
  'invalid-json': { sdk: { throws: { name: 'AnthropicError', message: expect.stringMatching(/^Unterminated string in JSON at position \d+/) } }, codes: ['invalid-json'], names: 'invalid-json' },
  crlf: clean(),
  'json-response': { sdk: { throws: { name: 'AnthropicError', message: 'request ended without sending any chunks' } }, codes: ['not-event-stream'], names: 'not-event-stream' },
  'rate-limit': { sdk: httpError('RateLimitError', 429), codes: ['http-status'], names: 'http-status' },
  'server-error': { sdk: httpError('InternalServerError', 500), codes: ['http-status'], names: 'http-status' },
  overloaded: { sdk: httpError('OverloadedError', 529), codes: ['http-status'], names: 'http-status' },
  large: clean(),
};

const EXPECTED: Readonly<Record<Dialect, Readonly<Record<string, Expected>>>> = { responses: RESPONSES, messages: MESSAGES };
const URLS: Readonly<Record<Dialect, string>> = { responses: 'https://api.openai.com/v1/responses', messages: 'https://api.anthropic.com/v1/messages' };

/** Transport findings of corpus streams, beside the dialect's own that PINNED lists (shared/test/dialect-corpus.ts). */
const CORPUS_TRANSPORT: Readonly<Record<string, readonly string[]>> = {
  // The final message_stop has no blank line after it: a partial event.
  'messages/anthropic-claude37-max-tokens-trimmed.sse': ['partial-event'],
};

// ------------------------------------------------------------------ streams built to show each divergence

type Json = Record<string, unknown>;

/** Responses: .done events and the terminal response carry "Help!" where the deltas said "Hello". */
function doneOverwrites(): Json[] {
  const events = responsesStream([{ type: 'message', text: ['Hel', 'lo'] }]);
  for (const event of events) {
    if (event.type === 'response.output_text.done') event.text = 'Help!';
    if (event.type === 'response.content_part.done') (event.part as Json).text = 'Help!';
    if (event.type === 'response.output_item.done') ((event.item as Json).content as Json[])[0]!.text = 'Help!';
    if (event.type === 'response.completed') (((event.response as Json).output as Json[])[0]!.content as Json[])[0]!.text = 'Help!';
  }
  return events;
}

const BUILT: readonly { name: string; dialect: Dialect; events: Json[]; expected: Expected }[] = [
  {
    name: 'Responses: .done text and the terminal response differ from the deltas',
    dialect: 'responses',
    events: doneOverwrites(),
    // The SDK lets .done overwrite the text and copies the terminal response: "Help!"; the deltas built "Hello".
    expected: { sdk: { differs: { 'output[0].content[0].text': 'Help!', output_text: 'Help!' } }, codes: ['done-text-mismatch', 'final-mismatch'], names: 'final-mismatch' },
  },
  {
    name: 'Anthropic Messages: tool input cut mid-string at max_tokens',
    dialect: 'messages',
    events: messagesStream([{ type: 'tool_use', id: 'toolu_cut', name: 'get_weather', json: ['{"city": "Paris", ', '"unit": "cel'] }], { stopReason: 'max_tokens' }),
    // The SDK's partial-JSON parser repairs the cut input into a shorter object (the cut member left out); ours keeps the block's own input.
    expected: { sdk: { differs: { 'content[0].input': { city: 'Paris' } } }, codes: ['stop-max-tokens', 'tool-arguments-invalid'], names: 'tool-arguments-invalid' },
  },
];

// ------------------------------------------------------------------ the recordings and how they are asked for

interface Source {
  readonly name: string;
  readonly dialect: Dialect;
  readonly recording: Recording;
  readonly expected: Expected;
}

const sources: Source[] = [];
const paced: Source[] = [];

beforeAll(async () => {
  for (const dialect of ['responses', 'messages'] as const) {
    const add = (list: Source[]) => (recorded: NamedRecording[]) => recorded.forEach(({ name, recording }) => list.push({ name, dialect, recording, expected: EXPECTED[dialect][name]! }));
    add(sources)(await recordDialectScenarios(dialect, 0));
    add(paced)((await recordDialectScenarios(dialect, 0.2)).filter(({ name }) => name === 'text' || name === 'parallel-tool-calls'));
  }
}, 60_000);

describe.each(['responses', 'messages'] as const)('every %s scenario of the simulator, recorded, replayed and read by the SDK', (dialect) => {
  it('has an expectation for every scenario, and none for a scenario that does not exist', () => {
    expect(Object.keys(EXPECTED[dialect]).sort()).toEqual(scenariosOf(DIALECT_PROTOCOLS[dialect]).map((scenario) => scenario.name).sort());
  });

  it.each(scenariosOf(DIALECT_PROTOCOLS[dialect]).map((scenario) => scenario.name))('%s', async (name) => {
    const source = sources.find((each) => each.dialect === dialect && each.name === name)!;
    expectRun(await runDialect(dialect, source.recording), source.expected);
  });

  it.each(['text', 'parallel-tool-calls'])('%s, recorded at a fifth of real time, replayed at its pace (speed 1)', async (name) => {
    const source = paced.find((each) => each.dialect === dialect && each.name === name)!;
    expectRun(await runDialect(dialect, source.recording, { speed: 1 }), source.expected);
  });
});

describe.skipIf(corpus().length === 0)('every stream of the real-stream corpus, replayed and read by the SDK', () => {
  const entries = corpus().map((entry) => [entry.file, entry] as const);

  it('pins every stream that is not well-formed', () => {
    expect(corpus().filter((entry) => !entry.wellFormed && !PINNED[entry.file]).map((entry) => entry.file)).toEqual([]);
  });

  it.each(entries)('%s', async (file, entry) => {
    const dialect: Dialect = entry.dialect === 'responses' ? 'responses' : 'messages';
    const pinned = PINNED[file];
    // Served as recorded from its dialect's path (the request tells the dialect of a stream whose events cannot: a lone error event).
    const recording: Recording = { ...recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + file))), request: { method: 'POST', url: URLS[dialect], headers: {}, body: null }, ...pinned?.recording };
    const result = await runDialect(dialect, recording);
    const transport = CORPUS_TRANSPORT[file] ?? [];
    const { catalogue } = registeredDialect(DIALECT_PROTOCOLS[dialect]);
    expect(result.codes.filter((code) => !(code in catalogue) && !transport.includes(code))).toEqual([]);
    if (!pinned) {
      // Well-formed, with no finding: the SDK ends with our final object.
      expect(entry.wellFormed).toBe(true);
      expectRun(result, clean());
      return;
    }
    expect(result.codes).toEqual([...pinned.ours, ...transport].sort());
    if (pinned.sdkError === null) expect(result.sdk).toEqual({ ok: true, final: result.ours });
    else expect(result.sdk).toMatchObject({ ok: false, error: { message: pinned.sdkError } });
  });
});

describe('streams built to show each way an SDK and the analysis part', () => {
  it.each(BUILT.map((built) => [built.name, built] as const))('%s', async (_name, built) => {
    const bytes = new TextEncoder().encode(toSse(built.events));
    const recording: Recording = { ...recordingFromSse(bytes), request: { method: 'POST', url: URLS[built.dialect], headers: {}, body: null } };
    expect(concatBytes(recording.reads.map((read) => read.bytes))).toEqual(bytes);
    expectRun(await runDialect(built.dialect, recording), built.expected);
  });
});
