// Real clients, none written here, against the replay server, in every registered dialect
// (describe.each(PROTOCOLS)): each reads every simulator scenario of its dialect, recorded as a
// user records it, a few of them at the recorded pace, and every captured real stream of it. What
// a client ends with equals our analysis, or differs exactly as its dialect's table says, with
// why. What differs per dialect — its clients, how they are asked and checked, its tables of
// expectations — comes from CLIENTS_OF, a Record<Protocol, …> (the compiler asks a new dialect for
// its entry); each entry's `own` holds the cases of that dialect alone.
//
// - Chat Completions: the official openai SDK (its stream helper's finalChatCompletion() and the
//   plain async iterator of create({stream: true})) and the Vercel AI SDK 6 (streamText over
//   @ai-sdk/openai-compatible, which speaks Chat alone). What each ends with equals our analysis's
//   message (content, reasoning, refusal, tool calls, finish reason, usage, as far as the client
//   exposes them), or differs exactly as the exceptions table says (exceptions.ts).
// - Responses and Anthropic Messages, the differential against the official SDKs over the wire
//   (issue 19, "Tests that must hold"): `openai`'s `responses.stream().finalResponse()` and
//   `@anthropic-ai/sdk`'s `messages.stream().finalMessage()` (shared/test/sdk-clients.ts). On every
//   well-formed stream the SDK ends with `inspect`'s final object (the contract's `response` /
//   `message`), field for field; where it throws or ends with something else, the test pins
//   exactly what it does and the finding that names the fault. (shared/dialects/sdk.test.ts makes
//   the same comparison in memory, without the wire.)
// - Gemini: `@google/genai`'s `models.generateContentStream()`, which builds no final object: its
//   chunks read as an app reads them (text, thoughts, function calls, thought signatures, the last
//   finishReason and usageMetadata: GeminiView), beside the same view of `inspect`'s `response`,
//   over every scenario and every real stream of shared/test/fixtures/gemini/.
// - Bedrock ConverseStream: `@aws-sdk/client-bedrock-runtime`'s `ConverseStreamCommand` over
//   HTTP/1.1 with an API key, which builds no final object either: its events read as an app
//   reads them (text, toolUse input joined and parsed, reasoning text and signatures, redacted
//   reasoning, stopReason, usage, metrics: BedrockView), beside the same view of `inspect`'s
//   `output`, over every scenario and every ConverseStream body of shared/test/fixtures/bedrock/.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { PROTOCOLS, registeredDialect } from '../../../../shared/dialects/registry.ts';
import { messagesStream, responsesStream, toSse } from '../../../../shared/dialects/streams.test-support.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';
import { concatBytes } from '../../../../shared/formats/bytes.ts';
import { recordingFromSse } from '../../../../shared/formats/sse.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import { CORPUS_DIR, PINNED, corpus } from '../../../../shared/test/dialect-corpus.ts';
import type { Entry } from '../../../../shared/test/dialect-corpus.ts';
import { ourView } from '../../../../shared/test/sdk-clients.ts';
import type { ClientRequest, SdkError } from '../../../../shared/test/sdk-clients.ts';
import { recordDialectScenarios } from '../../../../shared/test/replay-support.ts';
import type { Dialect } from '../../../../shared/test/replay-support.ts';
import { realStreams } from '../../../../shared/test/streams.ts';
import { rateLimited, SERVER_ERROR } from '../../simulator/errors.ts';
import { scenariosOf, startSimulator } from '../../simulator/index.ts';
import { OVERLOADED } from '../../simulator/anthropic/events.ts';
import { FAILURE_MESSAGE } from '../../simulator/responses/objects.ts';
import { exchange, toRecording } from '../../simulator/test-helpers.ts';
import { startReplayServer } from '../index.ts';
import { CLIENT_NAMES, clean, expectClient, expectRun, runClients, runDialect, viewBefore, withFields } from './expect.ts';
import type { DialectExpectation as Expected, SdkOutcome } from './expect.ts';
import { CORPUS_EXCEPTIONS, SCENARIO_EXCEPTIONS } from './exceptions.ts';
import type { ClientException, ClientName } from './exceptions.ts';

/** A recording its dialect's clients read: `read` replays it at a speed and checks every client. */
interface Source {
  readonly name: string;
  readonly read: (speed: number) => Promise<void>;
}

/** A check of one of the dialect's tables. */
interface TableCheck {
  readonly title: string;
  readonly holds: () => void;
}

interface DialectClients {
  /** Records its scenarios, at speed 0 and (those of `paced`) at a fifth of real time. */
  readonly record: () => Promise<{ scenarios: readonly Source[]; paced: readonly Source[] }>;
  /** Its table of what the clients end with, per scenario, names scenarios that exist. */
  readonly scenarioTable: TableCheck;
  /** The scenarios also replayed at their pace (speed 1). */
  readonly paced: readonly string[];
  /** Its captured real streams, each read by its clients. */
  readonly corpus: readonly Source[];
  readonly corpusTable: TableCheck;
  /** The cases of this dialect alone, where it has any (Chat's own clients, the AI SDK among them, are in its `record` and `corpus`). */
  readonly own?: () => void;
}

// ------------------------------------------------------------------ Chat Completions: the openai SDK, twice, and the Vercel AI SDK

interface ChatSource {
  readonly name: string;
  readonly recording: Recording;
  readonly request: ClientRequest;
  readonly exceptions: Partial<Record<ClientName, ClientException>>;
}

/** A simulator scenario as recorded; the request the clients send is the recorded one (the replay matches model and messages). */
async function recordScenario(url: string, name: string, timed: boolean): Promise<ChatSource> {
  const recorded = await exchange(url, { model: `sim-${name}`, seed: 11, stream_options: { include_usage: true } });
  const recording = toRecording(recorded, timed);
  const request: ClientRequest = {
    model: recorded.requestBody.model as string,
    messages: recorded.requestBody.messages as ClientRequest['messages'],
    includeUsage: true,
  };
  return { name, recording, request, exceptions: SCENARIO_EXCEPTIONS[name] ?? {} };
}

/** Replays `source` at `speed` and checks every client against our analysis of it. */
async function check(source: ChatSource, speed: number): Promise<void> {
  const server = await startReplayServer({ sources: [{ label: source.name, recording: source.recording }], speed });
  try {
    const ours = ourView(analyzeRecording(source.recording));
    const tools = (ours.tool_calls ?? []).flatMap((call) => (call.name ? [call.name] : []));
    const ends = await runClients(server.baseUrl, source.request, tools);
    for (const client of CLIENT_NAMES) {
      const exception = source.exceptions[client];
      const before = exception?.stopsAt === undefined ? undefined : viewBefore(source.recording, exception.stopsAt);
      expectClient(client, ends[client], ours, exception, before);
    }
  } finally {
    await server.close();
  }
}
const chatSource = (source: ChatSource): Source => ({ name: source.name, read: (speed) => check(source, speed) });

const CHAT_PACED = ['text', 'parallel-tool-calls', 'reasoning'];
const CHAT_SCENARIOS = scenariosOf('chat-completions').map((scenario) => scenario.name);
const CHAT_CORPUS_NAMES = realStreams().map(({ name }) => name);

const CHAT: DialectClients = {
  record: async () => {
    const fast = await startSimulator({ port: 0, timeScale: 0 });
    const slow = await startSimulator({ port: 0, timeScale: 0.2 });
    try {
      const scenarios: Source[] = [];
      const paced: Source[] = [];
      for (const name of CHAT_SCENARIOS) scenarios.push(chatSource(await recordScenario(fast.url, name, true)));
      for (const name of CHAT_PACED) paced.push(chatSource(await recordScenario(slow.url, name, true)));
      return { scenarios, paced };
    } finally {
      await Promise.all([fast.close(), slow.close()]);
    }
  },
  scenarioTable: {
    title: 'has exceptions only for scenarios and clients that exist',
    holds: () => expect(Object.keys(SCENARIO_EXCEPTIONS).filter((name) => !CHAT_SCENARIOS.includes(name))).toEqual([]),
  },
  paced: CHAT_PACED,
  // A plain .sse answers any request: the clients ask as a user would, for usage too.
  corpus: realStreams().map(({ name, bytes }) =>
    chatSource({ name, recording: recordingFromSse(bytes), request: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], includeUsage: true }, exceptions: CORPUS_EXCEPTIONS[name] ?? {} }),
  ),
  corpusTable: {
    title: 'has exceptions only for streams that exist',
    holds: () => expect(Object.keys(CORPUS_EXCEPTIONS).filter((name) => !CHAT_CORPUS_NAMES.includes(name))).toEqual([]),
  },
};

// ------------------------------------------------------------------ Responses and Anthropic Messages: the official SDK

const RESPONSES_EXPECTED: Readonly<Record<string, Expected>> = {
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

const MESSAGES_EXPECTED: Readonly<Record<string, Expected>> = {
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

/** Transport findings of corpus streams, beside the dialect's own that PINNED lists (shared/test/dialect-corpus.ts). */
const CORPUS_TRANSPORT: Readonly<Record<string, readonly string[]>> = {
  // The final message_stop has no blank line after it: a partial event.
  'messages/anthropic-claude37-max-tokens-trimmed.sse': ['partial-event'],
};

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

/** A stream built to show a way the SDK and the analysis part. */
interface Built {
  readonly name: string;
  readonly events: (Json | string)[];
  readonly expected: Expected;
}

/** What a dialect read by its official SDK is given: its word (replay-support's), the URL its requests go to, what its SDK ends with per scenario, its built streams. */
interface SdkDialect {
  readonly protocol: Protocol;
  readonly dialect: Dialect;
  readonly url: string;
  readonly expected: Readonly<Record<string, Expected>>;
  readonly built: readonly Built[];
  /** Its captured real streams: the corpus' (fixtures/dialects) by default. */
  readonly real?: RealStreams;
}

/** A folder of captured streams, and the request each was answered to. */
interface RealStreams {
  readonly dir: string;
  readonly entries: readonly Entry[];
  readonly url: (file: string) => string;
  /** What the SDK and the analysis end with on a stream that does not end clean, where the corpus' PINNED table does not say (its files are the dialects' corpus'). */
  readonly ends?: Readonly<Record<string, RealEnd>>;
}

/** The findings on a real stream, and the fields of our view the SDK ends with otherwise (none: our view itself). */
interface RealEnd {
  readonly codes: readonly string[];
  readonly differs?: Readonly<Record<string, unknown>>;
}

/** Gemini's real streams (fixtures/gemini, index.json): each an SSE body Google sent, asked at its recorded path. */
function geminiStreams(): RealStreams {
  const dir = fileURLToPath(new URL('../../../../shared/test/fixtures/gemini/', import.meta.url));
  const index = JSON.parse(readFileSync(`${dir}index.json`, 'utf8')) as { file: string; urlPath: string }[];
  const sse = index.filter((entry) => entry.file.endsWith('.sse'));
  return {
    dir,
    // Google's own streams, each pinned whole (events, finishReason, signatures) by shared/test/corpus-gemini-bedrock.test.ts.
    entries: sse.map((entry) => ({ file: entry.file, dialect: 'gemini', wellFormed: true })),
    url: (file) => `https://generativelanguage.googleapis.com${sse.find((entry) => entry.file === file)!.urlPath}`,
  };
}

const PACED = ['text', 'parallel-tool-calls'];

function sdkDialect({ protocol, dialect, url, expected, built, real }: SdkDialect): DialectClients {
  const { dir, entries, url: urlOf } = real ?? { dir: CORPUS_DIR, entries: corpus().filter((entry) => entry.dialect === protocol), url: () => url };
  const sdkSource = (name: string, recording: Recording, want: Expected): Source => ({ name, read: async (speed) => expectRun(await runDialect(dialect, recording, { speed }), want) });
  return {
    record: async () => ({
      scenarios: (await recordDialectScenarios(dialect, 0)).map(({ name, recording }) => sdkSource(name, recording, expected[name]!)),
      paced: (await recordDialectScenarios(dialect, 0.2)).filter(({ name }) => PACED.includes(name)).map(({ name, recording }) => sdkSource(name, recording, expected[name]!)),
    }),
    scenarioTable: {
      title: 'has an expectation for every scenario, and none for a scenario that does not exist',
      holds: () => expect(Object.keys(expected).sort()).toEqual(scenariosOf(protocol).map((scenario) => scenario.name).sort()),
    },
    paced: PACED,
    corpus: entries.map((entry) => ({
      name: entry.file,
      read: async () => {
        const file = entry.file;
        const pinned = PINNED[file];
        const end = real?.ends?.[file];
        // Served as recorded from its dialect's path (the request tells the dialect of a stream whose events cannot: a lone error event).
        const recording: Recording = { ...recordingFromSse(new Uint8Array(readFileSync(dir + file))), request: { method: 'POST', url: urlOf(file), headers: {}, body: null }, ...pinned?.recording };
        const result = await runDialect(dialect, recording);
        const transport = CORPUS_TRANSPORT[file] ?? [];
        const { catalogue } = registeredDialect(protocol);
        expect(result.codes.filter((code) => !(code in catalogue) && !transport.includes(code))).toEqual([]);
        if (end) {
          expect(result.codes).toEqual(end.codes);
          expect(result.sdk).toEqual({ ok: true, final: end.differs ? withFields(result.ours, end.differs) : result.ours });
          return;
        }
        if (!pinned) {
          // Well-formed, with no finding: the SDK ends with our final object.
          expect(entry.wellFormed).toBe(true);
          expectRun(result, clean());
          return;
        }
        expect(result.codes).toEqual([...pinned.ours, ...transport].sort());
        if (pinned.sdkError === null) expect(result.sdk).toEqual({ ok: true, final: result.ours });
        else expect(result.sdk).toMatchObject({ ok: false, error: { message: pinned.sdkError } });
      },
    })),
    corpusTable: {
      title: 'pins every stream that is not well-formed',
      holds: () => expect(entries.filter((entry) => !entry.wellFormed && !PINNED[entry.file]).map((entry) => entry.file)).toEqual([]),
    },
    own: () => {
      describe('streams built to show each way the SDK and the analysis part', () => {
        it.each(built.map((each) => [each.name, each] as const))('%s', async (_name, each) => {
          const bytes = new TextEncoder().encode(toSse(each.events));
          const recording: Recording = { ...recordingFromSse(bytes), request: { method: 'POST', url, headers: {}, body: null } };
          expect(concatBytes(recording.reads.map((read) => read.bytes))).toEqual(bytes);
          expectRun(await runDialect(dialect, recording), each.expected);
        });
      });
    },
  };
}

const RESPONSES = sdkDialect({
  protocol: 'responses',
  dialect: 'responses',
  url: 'https://api.openai.com/v1/responses',
  expected: RESPONSES_EXPECTED,
  built: [
    {
      name: '.done text and the terminal response differ from the deltas',
      events: doneOverwrites(),
      // The SDK lets .done overwrite the text and copies the terminal response: "Help!"; the deltas built "Hello".
      expected: { sdk: { differs: { 'output[0].content[0].text': 'Help!', output_text: 'Help!' } }, codes: ['done-text-mismatch', 'final-mismatch'], names: 'final-mismatch' },
    },
  ],
});

const MESSAGES = sdkDialect({
  protocol: 'anthropic-messages',
  dialect: 'messages',
  url: 'https://api.anthropic.com/v1/messages',
  expected: MESSAGES_EXPECTED,
  built: [
    {
      name: 'tool input cut mid-string at max_tokens',
      events: messagesStream([{ type: 'tool_use', id: 'toolu_cut', name: 'get_weather', json: ['{"city": "Paris", ', '"unit": "cel'] }], { stopReason: 'max_tokens' }),
      // The SDK's partial-JSON parser repairs the cut input into a shorter object (the cut member left out); ours keeps the block's own input.
      expected: { sdk: { differs: { 'content[0].input': { city: 'Paris' } } }, codes: ['stop-max-tokens', 'tool-arguments-invalid'], names: 'tool-arguments-invalid' },
    },
  ],
});

// ------------------------------------------------------------------ Gemini: @google/genai, its chunks kept as an app keeps them

/** Vertex's streamed call (partial-args.ts): opened with willContinue, its city sent as a partialArgs, never closed; then the finish. Gemini's `data:` only, CRLF. */
function geminiUnclosedCall(): string[] {
  const part = (functionCall: Json): Json => ({ candidates: [{ index: 0, content: { role: 'model', parts: [{ functionCall }] } }] });
  const events: Json[] = [
    part({ name: 'get_weather', willContinue: true }),
    part({ partialArgs: [{ jsonPath: '$.city', stringValue: 'Paris', willContinue: true }] }),
    { candidates: [{ index: 0, content: { role: 'model', parts: [] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 5, totalTokenCount: 13 } },
  ];
  return events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`);
}

/** Google's error body, as @google/genai's ApiError carries it in its message, with the status. */
const googleError = (status: number, rpc: string, message: string): SdkOutcome => ({ throws: { name: 'ApiError', message: JSON.stringify({ error: { code: status, message, status: rpc } }), status } });

const GEMINI_EXPECTED: Readonly<Record<string, Expected>> = {
  text: clean(),
  reasoning: clean(),
  'tool-call': clean(),
  'parallel-tool-calls': clean(),
  length: clean(['finish-max-tokens']),
  // Google's JSON error after the events, with no data: line, replayed at speed 0 in the read of the events before it: the SDK
  // reads it as a JSON segment cut short and throws a plain Error (in a read of its own, its ApiError: the own cases below);
  // partial-event says the bytes are unframed, stream-error what they say (its code, message and status).
  'stream-error': { sdk: { throws: { name: 'Error', message: 'Incomplete JSON segment at the end' } }, codes: ['missing-finish-reason', 'partial-event', 'stream-error'], names: 'stream-error' },
  'connection-drop': { sdk: { throws: { name: 'TypeError', message: 'terminated' } }, codes: ['connection-error', 'missing-finish-reason'], names: 'connection-error' },
  // A body cut before finishReason: the SDK ends without error, its last chunk with no finishReason, as ours.
  'cut-before-end': clean(['missing-finish-reason']),
  'long-silence': clean(),
  buffered: clean(),
  // V8's own message for the cut JSON.
  'invalid-json': { sdk: { throws: { name: 'SyntaxError', message: expect.stringMatching(/^Unterminated string in JSON at position \d+/) } }, codes: ['invalid-json'], names: 'invalid-json' },
  crlf: clean(),
  // A JSON body where SSE was asked for: the SDK's SSE reader takes it for a cut JSON segment.
  'json-response': { sdk: { throws: { name: 'Error', message: 'Incomplete JSON segment at the end' } }, codes: ['not-event-stream'], names: 'not-event-stream' },
  'rate-limit': { sdk: googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'), codes: ['http-status'], names: 'http-status' },
  'server-error': { sdk: googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'), codes: ['http-status'], names: 'http-status' },
};


/**
 * Google's JSON error after one text event, as Gemini sends it (no `data:` line, no blank line),
 * with its reads as given: the tail in a read of its own 50 ms later, or in the event's read.
 */
function geminiErrorTail(alone: boolean): Recording {
  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
  const event = `data: ${JSON.stringify({ candidates: [{ index: 0, content: { role: 'model', parts: [{ text: 'Streaming sends' }] } }], modelVersion: 'gemini-2.5-flash' })}\r\n\r\n`;
  const tail = JSON.stringify({ error: { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' } });
  const reads = alone ? [{ t: 5, bytes: encode(event) }, { t: 55, bytes: encode(tail) }] : [{ t: 5, bytes: encode(event + tail) }];
  return {
    source: 'live',
    startedAt: null,
    request: { method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', headers: {}, body: null },
    response: { t: 0, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } },
    reads,
    end: { t: 60, outcome: 'eof' },
  };
}

const GEMINI_SDK = sdkDialect({
  protocol: 'gemini',
  dialect: 'gemini',
  url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
  expected: GEMINI_EXPECTED,
  real: geminiStreams(),
  built: [
    {
      name: 'a streamed function call never closed',
      events: geminiUnclosedCall(),
      // The SDK assembles nothing: the app gets each part's functionCall as it came, the opening and the fragment; ours holds the one call with the args so far.
      expected: {
        sdk: { differs: { functionCalls: [{ name: 'get_weather', willContinue: true }, { partialArgs: [{ jsonPath: '$.city', stringValue: 'Paris', willContinue: true }] }] } },
        codes: ['function-call-unfinished'],
        names: 'function-call-unfinished',
      },
    },
  ],
});

// What @google/genai does with Google's error tail depends on its reads: it looks for an error in
// each read whole (throwIfStreamErrorChunk), before it splits the read into events.
const GEMINI: DialectClients = {
  ...GEMINI_SDK,
  own: () => {
    GEMINI_SDK.own!();
    describe("Google's JSON error after the events, replayed at speed 1 with its reads as given", () => {
      it('in a read of its own: the SDK throws its ApiError with the status, "got status: INTERNAL." before the JSON', async () => {
        const tail = JSON.stringify({ error: { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' } });
        expectRun(await runDialect('gemini', geminiErrorTail(true), { speed: 1 }), { sdk: { throws: { name: 'ApiError', message: `got status: INTERNAL. ${tail}`, status: 500 } }, codes: ['missing-finish-reason', 'partial-event', 'stream-error'], names: 'stream-error' });
      });

      it("in the read of the event before it: the SDK throws a plain Error, 'Incomplete JSON segment at the end', with neither the error's message nor its status", async () => {
        expectRun(await runDialect('gemini', geminiErrorTail(false), { speed: 1 }), { sdk: { throws: { name: 'Error', message: 'Incomplete JSON segment at the end' } }, codes: ['missing-finish-reason', 'partial-event', 'stream-error'], names: 'stream-error' });
      });
    });
  },
};

// ------------------------------------------------------------------ Bedrock ConverseStream: @aws-sdk/client-bedrock-runtime, its events kept as an app keeps them

/** Bedrock's real ConverseStream bodies (fixtures/bedrock, index.json's converse-*.bin; the invoke-* ones are Anthropic's or Titan's events in chunks), each asked at its recorded path. */
function bedrockStreams(): RealStreams {
  const dir = fileURLToPath(new URL('../../../../shared/test/fixtures/bedrock/', import.meta.url));
  const index = JSON.parse(readFileSync(`${dir}index.json`, 'utf8')) as { file: string; urlPath: string }[];
  const converse = index.filter((entry) => entry.file.startsWith('converse-') && entry.file.endsWith('.bin'));
  return {
    dir,
    // AWS's own frames, each pinned whole (frame count, first and last event, CRCs) by shared/test/corpus-gemini-bedrock.test.ts.
    entries: converse.map((entry) => ({ file: entry.file, dialect: 'bedrock-converse', wellFormed: true })),
    url: (file) => `https://bedrock-runtime.us-east-1.amazonaws.com${converse.find((entry) => entry.file === file)!.urlPath}`,
    ends: {
      'converse-jamba15mini-max-tokens.bin': { codes: ['stop-max-tokens'] },
      // metadata's usage carries serverToolUsage: {} (Nova's and gpt-oss' server tools); the SDK (3.1178) does not know the member
      // and drops it from TokenUsage. No finding names it: the wire is well-formed, the SDK's model is older than the API.
      'converse-nova2lite-server-tool-result-blocks.bin': { codes: [], differs: { 'usage.serverToolUsage': undefined } },
      'converse-gptoss120b-reasoning-without-signature.bin': { codes: [], differs: { 'usage.serverToolUsage': undefined } },
    },
  };
}

/** An AWS error as the SDK throws it: its exception class (the x-amzn-ErrorType the simulator sends), the body's message, the status. */
const awsError = (name: string, message: string, status: number): SdkOutcome => ({ throws: { name, message, status } });

const BEDROCK_EXPECTED: Readonly<Record<string, Expected>> = {
  text: clean(),
  reasoning: clean(),
  'tool-call': clean(),
  'parallel-tool-calls': clean(),
  length: clean(['stop-max-tokens']),
  // A modelStreamErrorException frame after the events: the SDK throws it as its exception class, with the frame's message and no status (the HTTP answer was 200).
  'stream-error': {
    sdk: { throws: { name: 'ModelStreamErrorException', message: 'The model encountered an error while streaming. Try your request again.' } },
    codes: ['missing-message-stop', 'stream-exception', 'usage-missing'],
    names: 'stream-exception',
  },
  // NodeHttpHandler's response stream ends with Node's own "aborted" when the socket closes mid-body.
  'connection-drop': { sdk: { throws: { name: 'Error', message: 'aborted' } }, codes: ['connection-error', 'missing-message-stop', 'usage-missing'], names: 'connection-error' },
  // Frames cut before messageStop, whole: the SDK ends without error, with no stopReason, usage or metrics, as ours.
  'cut-before-end': clean(['missing-message-stop', 'usage-missing']),
  'long-silence': clean(),
  buffered: clean(),
  // A frame whose CRCs hold around a cut JSON payload: the SDK's JSON.parse throws V8's message.
  'invalid-json': { sdk: { throws: { name: 'SyntaxError', message: expect.stringMatching(/^Unterminated string in JSON at position \d+/) } }, codes: ['invalid-json'], names: 'invalid-json' },
  // A JSON body where frames were asked for: the SDK's event-stream decoder reads its first bytes as a prelude and waits for a frame that never ends.
  'json-response': {
    sdk: awsError('Error', 'Truncated event message received.\n  Deserialization error: to see the raw response, inspect the hidden field {error}.$response on this object.', 200),
    codes: ['not-event-stream'],
    names: 'not-event-stream',
  },
  'rate-limit': { sdk: awsError('ThrottlingException', 'Too many requests, please wait before trying again.', 429), codes: ['http-status'], names: 'http-status' },
  'server-error': { sdk: awsError('InternalServerException', 'The server encountered an internal error while processing the request.', 500), codes: ['http-status'], names: 'http-status' },
};

const BEDROCK: DialectClients = {
  ...sdkDialect({ protocol: 'bedrock-converse', dialect: 'bedrock', url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20240620-v1%3A0/converse-stream', expected: BEDROCK_EXPECTED, real: bedrockStreams(), built: [] }),
  // Its streams are frames, not SSE: sdkDialect's built SSE streams do not apply.
  own: undefined,
};

const CLIENTS_OF: Readonly<Record<Protocol, DialectClients | null>> = { 'chat-completions': CHAT, responses: RESPONSES, 'anthropic-messages': MESSAGES, gemini: GEMINI, 'bedrock-converse': BEDROCK };

// ------------------------------------------------------------------ every dialect

describe.each(PROTOCOLS.filter((protocol) => CLIENTS_OF[protocol] !== null))('%s: real clients against the replay server', (protocol) => {
  const clients = CLIENTS_OF[protocol]!;
  let recorded: { scenarios: readonly Source[]; paced: readonly Source[] };
  beforeAll(async () => {
    recorded = await clients.record();
  }, 60_000);
  const named = (sources: readonly Source[], name: string): Source => sources.find((source) => source.name === name)!;

  describe('every simulator scenario, recorded, replayed and read by its clients (speed 0)', () => {
    it(clients.scenarioTable.title, () => clients.scenarioTable.holds());

    it.each(scenariosOf(protocol).map((scenario) => scenario.name))('%s', async (name) => {
      await named(recorded.scenarios, name).read(0);
    });
  });

  describe('at the recorded pace (speed 1)', () => {
    it.each(clients.paced)('%s, recorded at a fifth of real time, replayed at speed 1', async (name) => {
      await named(recorded.paced, name).read(1);
    });
  });

  describe.skipIf(clients.corpus.length === 0)('every captured real stream, replayed and read by its clients (speed 0)', () => {
    it(clients.corpusTable.title, () => clients.corpusTable.holds());

    it.each(clients.corpus.map((source) => [source.name, source] as const))('%s', async (_name, source) => {
      await source.read(0);
    });
  });

  if (clients.own) describe('its own cases', clients.own);
});
