// Each replay fault, seen by real clients, in every registered dialect: each fault of FAULT_KINDS
// runs over each dialect (describe.each(PROTOCOLS)), and what that dialect's clients end with comes
// from its entry of CLIENT_FAULTS, a Record<Protocol, …> whose entries answer every fault kind (the
// compiler asks a new dialect for its entry, and the entry for every fault). Chat Completions is
// read by the openai SDK (stream helper and iterator) and the Vercel AI SDK, each checked against
// our analysis of exactly the bytes the replay sent (planReplay, the plan the server carries out);
// Responses and Anthropic Messages by their official SDKs (`responses.stream().finalResponse()`,
// `messages.stream().finalMessage()`), Gemini by @google/genai's `generateContentStream()` read as
// an app reads its chunks, Bedrock ConverseStream by @aws-sdk/client-bedrock-runtime's
// `ConverseStreamCommand` read as an app reads its events: what the SDK ends with, or the error it throws — what a user's error
// handling meets — and what the analysis of the bytes sent finds (the fault named).
// docs/replay.md has the same table in words.

import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { chatReading } from '../../../../shared/dialects/chat/kept.ts';
import { PROTOCOLS } from '../../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../../shared/dialects/types.ts';
import { concatBytes } from '../../../../shared/formats/bytes.ts';
import { recordingFromSse } from '../../../../shared/formats/sse.ts';
import { parseEventStream } from '../../../../shared/framing/aws-eventstream/parser.ts';
import { parseSse } from '../../../../shared/framing/sse/parser.ts';
import type { SseEvent } from '../../../../shared/framing/sse/parser.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import type { ReplayFaults } from '../../../../shared/replay/faults.ts';
import { ourView } from '../../../../shared/test/sdk-clients.ts';
import type { ClientRequest, ClientView } from '../../../../shared/test/sdk-clients.ts';
import { recordDialectScenarios } from '../../../../shared/test/replay-support.ts';
import type { Dialect } from '../../../../shared/test/replay-support.ts';
import { startSimulator } from '../../simulator/index.ts';
import { exchange, toRecording } from '../../simulator/test-helpers.ts';
import { planReplay, startReplayServer } from '../index.ts';
import type { ReplayServer } from '../index.ts';
import { aiSdkView, clean, expectRun, runClients, runDialect, sentRecording, viewBefore } from './expect.ts';
import type { Clients, DialectExpectation } from './expect.ts';

/** The faults every dialect's clients are read through. */
const FAULT_KINDS = ['cut after an event', 'cut after a byte mid-event', 'stall', 'drop the end', 'drop the finish reason', 'drop the usage', 'corrupt an event', 'error after an event', 'buffer everything', 'answer an HTTP status'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

/** One case of a fault: its title and its run, which asserts what the dialect's clients end with. */
interface ClientCase {
  readonly title: string;
  readonly run: () => Promise<void>;
}

interface DialectClientFaults {
  /** Records what its cases replay, once before them. */
  readonly record: () => Promise<void>;
  readonly cases: Readonly<Record<FaultKind, readonly ClientCase[]>>;
}

const servers: ReplayServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

// ------------------------------------------------------------------ Chat Completions: three clients

let text: Recording;
let paced: Recording;
let request: ClientRequest;

async function recordChat(): Promise<void> {
  const fast = await startSimulator({ port: 0, timeScale: 0 });
  const slow = await startSimulator({ port: 0, timeScale: 0.2 });
  try {
    const body = { model: 'sim-text', seed: 11, stream_options: { include_usage: true } };
    const recorded = await exchange(fast.url, body);
    text = toRecording(recorded, true);
    paced = toRecording(await exchange(slow.url, body), true);
    request = { model: 'sim-text', messages: recorded.requestBody.messages as ClientRequest['messages'], includeUsage: true };
  } finally {
    await Promise.all([fast.close(), slow.close()]);
  }
}

/** Replays `recording` with `faults` to the three clients; also returns our view of exactly what the replay sends. */
async function replay(faults: ReplayFaults, recording = text, speed = 0): Promise<{ ends: Clients; sent: Recording; ours: ClientView }> {
  const server = await startReplayServer({ sources: [{ label: 'sim-text', recording }], speed, faults });
  servers.push(server);
  const plan = planReplay(recording, { speed, faults });
  const sent = recordingFromSse(concatBytes(plan.writes.map((write) => write.bytes)));
  return { ends: await runClients(server.baseUrl, request, []), sent, ours: ourView(analyzeRecording(sent)) };
}

const TERMINATED_FINAL = { name: 'OpenAIError', message: 'terminated' };
const TERMINATED_ITERATOR = { name: 'TypeError', message: 'terminated' };
const AI_TERMINATED = { name: 'APICallError', message: 'Failed to process successful response', status: 200 };

const cutConnection = (what: string, faults: ReplayFaults): ClientCase => ({
  title: `${what}: the SDK fails with "terminated", the iterator user keeps the text so far, the AI SDK throws an APICallError`,
  run: async () => {
    const { ends, ours } = await replay(faults);
    expect(ours.finish_reason).toBeNull();
    expect(ends['openai-final']).toEqual({ ok: false, error: TERMINATED_FINAL, view: null });
    expect(ends['openai-iterator']).toEqual({ ok: false, error: TERMINATED_ITERATOR, view: ours });
    expect(ends['ai-sdk']).toEqual({ errors: [AI_TERMINATED], view: aiSdkView(ours) });
  },
});

const openaiBody = (message: string, type: string): string => JSON.stringify({ error: { message, type, param: null, code: null } });
const httpStatus = (code: number, body: string, name: string, message: string, aiMessage: string): ClientCase => ({
  title: `${code}: the SDK throws its APIError for the status, with the body's message`,
  run: async () => {
    const { ends } = await replay({ status: { code, body } });
    expect(ends['openai-final']).toEqual({ ok: false, error: { name, message: `${code} ${message}`, status: code }, view: null });
    expect(ends['openai-iterator']).toMatchObject({ ok: false, error: { name, message: `${code} ${message}`, status: code } });
    // The AI SDK takes the message from an OpenAI error body, and the status text otherwise.
    expect(ends['ai-sdk'].errors).toEqual([{ name: 'APICallError', message: aiMessage, status: code }]);
  },
});

const CHAT: DialectClientFaults = {
  record: recordChat,
  cases: {
    'cut after an event': [
      cutConnection('after event 5', { cutAfterEvent: 5 }),
      {
        title: 'after event 5 keeps exactly the first five content deltas',
        run: async () => {
          const { ours } = await replay({ cutAfterEvent: 5 });
          const full = analyzeRecording(text);
          const expected = full.events.slice(0, 6).map((event) => chatReading(event).ops.flatMap((op) => (op.type === 'text' ? [op.text] : []))).flat().join('');
          expect(ours.content).toBe(expected);
        },
      },
    ],
    'cut after a byte mid-event': [cutConnection('after byte 700, inside an event', { cutAfterByte: 700 })],
    stall: [
      {
        title: 'stall 400 ms before event 3 (at speed 0): every client waits and still completes',
        run: async () => {
          const started = performance.now();
          const { ends, ours } = await replay({ stalls: [{ beforeEvent: 3, ms: 400 }] });
          // Three clients, one after another, each waited.
          expect(performance.now() - started).toBeGreaterThanOrEqual(3 * 350);
          expect(ours).toEqual(ourView(analyzeRecording(text)));
          expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });
        },
      },
    ],
    'drop the end': [
      {
        title: 'drop-done: every client ends as if [DONE] had come (none of them needs it)',
        run: async () => {
          const { ends, ours } = await replay({ dropDone: true });
          expect(ours).toEqual(ourView(analyzeRecording(text)));
          expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });
        },
      },
    ],
    'drop the finish reason': [
      {
        title: 'drop-finish: the stream helper throws, the iterator user has no finish reason, the AI SDK reports an error part and finishes with "error"',
        run: async () => {
          const { ends, ours } = await replay({ dropFinish: true });
          expect(ours).toEqual({ ...ourView(analyzeRecording(text)), finish_reason: null });
          expect(ends['openai-final']).toEqual({ ok: false, error: { name: 'OpenAIError', message: 'missing finish_reason for choice 0' }, view: null });
          expect(ends['openai-iterator']).toEqual({ ok: true, view: ours });
          expect(ends['ai-sdk']).toEqual({
            errors: [{ name: 'InvalidResponseDataError', message: 'Response stream ended without a finish reason.' }],
            view: { ...aiSdkView(ours), unified_finish_reason: 'error' },
          });
        },
      },
    ],
    'drop the usage': [
      {
        title: 'drop-usage: every client ends with the message and no usage',
        run: async () => {
          const { ends, ours } = await replay({ dropUsage: true });
          expect(ours).toEqual({ ...ourView(analyzeRecording(text)), usage: null });
          expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });
        },
      },
    ],
    'error after an event': [
      {
        title: "error after event 4: OpenAI's error data, which every client throws or reports",
        run: async () => {
          const { ends, sent } = await replay({ errorAfterEvent: 4 });
          const error = { name: 'APIError', message: 'Streamscope replay: an error after event 4 (the error-after-event fault).' };
          expect(ends['openai-final']).toEqual({ ok: false, error, view: null });
          expect(ends['openai-iterator']).toEqual({ ok: false, error, view: viewBefore(sent, 'error') });
          // The AI SDK reports the error object itself as an error part, and finishes with "error".
          expect(ends['ai-sdk']).toEqual({
            errors: [{ name: 'object', message: JSON.stringify({ message: error.message, type: 'server_error', param: null, code: null }) }],
            view: { ...aiSdkView(viewBefore(sent, 'error')), unified_finish_reason: 'error' },
          });
        },
      },
    ],
    'corrupt an event': [
      {
        title: "corrupt-event 4: the SDK's JSON error; the AI SDK reports it and reads on",
        run: async () => {
          const { ends, sent, ours } = await replay({ corruptEvent: 4 });
          const malformed = 'Error reading response: malformed server-sent event JSON.';
          expect(ends['openai-final']).toEqual({ ok: false, error: { name: 'OpenAIError', message: malformed }, view: null });
          expect(ends['openai-iterator']).toEqual({ ok: false, error: { name: 'SyntaxError', message: malformed }, view: viewBefore(sent, 'invalid-json') });
          // The AI SDK skips the event, as our analysis does: the message lacks just that delta.
          expect(ends['ai-sdk']).toEqual({ errors: [{ name: 'JSONParseError', message: expect.stringMatching(/^JSON parsing failed: Text: \{"id":"chatcmpl-sim[^]*\nError message: /) }], view: aiSdkView(ours) });
          expect(ours.content).not.toBe(ourView(analyzeRecording(text)).content);
        },
      },
    ],
    'buffer everything': [
      {
        title: 'buffer-all (at speed 1): nothing comes before the recorded end, then the same message',
        run: async () => {
          const { ends, ours } = await replay({ bufferAll: true }, paced, 1);
          expect(ours).toEqual(ourView(analyzeRecording(paced)));
          expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });

          const server = await startReplayServer({ sources: [{ label: 'sim-text', recording: paced }], speed: 1, faults: { bufferAll: true } });
          servers.push(server);
          const duration = paced.reads.at(-1)!.t! - paced.response!.t!;
          const started = performance.now();
          const response = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: request.model, messages: request.messages }) });
          const reader = response.body!.getReader();
          await reader.read();
          const firstReadAt = performance.now() - started;
          await reader.cancel();
          // Generous margin: this checks the hold, not its precision (npm run bench measures timing).
          expect(firstReadAt).toBeGreaterThanOrEqual(duration * 0.8);
        },
      },
    ],
    'answer an HTTP status': [
      httpStatus(429, openaiBody('Rate limit reached, retry in 20s', 'requests'), 'RateLimitError', 'Rate limit reached, retry in 20s', 'Rate limit reached, retry in 20s'),
      httpStatus(500, openaiBody('The server had an error', 'server_error'), 'InternalServerError', 'The server had an error', 'The server had an error'),
      httpStatus(503, 'upstream connect error', 'InternalServerError', 'upstream connect error', 'Service Unavailable'),
    ],
  },
};

// ------------------------------------------------------------------ Responses and Anthropic Messages: the official SDK

/** The simulator's `text` and `length` scenarios of each dialect, by `${dialect} ${scenario}`. */
const recordings = new Map<string, Recording>();
const recordSdk = (dialect: Dialect) => async (): Promise<void> => {
  for (const { name, recording } of await recordDialectScenarios(dialect, 0)) if (name === 'text' || name === 'length') recordings.set(`${dialect} ${name}`, recording);
};

/** The recording's events of a type (`data.type`), in order. */
function eventsOfType(recording: Recording, type: string): SseEvent[] {
  return parseSse(recording.reads.map((read) => read.bytes)).events.filter((event) => event.data?.includes(`"type":"${type}"`) || event.data?.includes(`"type": "${type}"`));
}

const STATUS_MESSAGE = (code: number): string => `Streamscope replay answers HTTP ${code} instead of the recording (the status fault).`;
const MALFORMED = 'Error reading response: malformed server-sent event JSON.';

/** The fifth text delta (events of `deltaType`): mid-answer. */
const midEvent = (deltaType: string, recording: Recording): SseEvent => eventsOfType(recording, deltaType)[4]!;
const midDelta = (deltaType: string) => (recording: Recording): number => midEvent(deltaType, recording).index;
/** Ten bytes into the fifth text delta. */
const midBytes = (deltaType: string) => (recording: Recording): number => midEvent(deltaType, recording).start + 10;

/** A fault on the dialect's `scenario` recording, read by its SDK: the faults given the recording (event numbers are its own), and what the SDK and the analysis of the bytes sent say. */
const sdkCase = (dialect: Dialect, title: string, faultsOf: (recording: Recording) => ReplayFaults, expected: DialectExpectation, scenario = 'text'): ClientCase => ({
  title,
  run: async () => {
    const recording = recordings.get(`${dialect} ${scenario}`)!;
    const faults = faultsOf(recording);
    const analysed = sentRecording(recording, planReplay(recording, { speed: 0, faults }));
    expectRun(await runDialect(dialect, recording, { faults, analysed }), expected);
  },
});

const RESPONSES_DELTA = 'response.output_text.delta';
const RESPONSES: DialectClientFaults = {
  record: recordSdk('responses'),
  cases: {
    'cut after an event': [
      sdkCase('responses', 'cut after a text delta', (recording) => ({ cutAfterEvent: midDelta(RESPONSES_DELTA)(recording) }), {
        sdk: { throws: { name: 'OpenAIError', message: 'terminated' } },
        codes: ['connection-error', 'item-not-done', 'missing-terminal-event'],
        names: 'connection-error',
      }),
    ],
    'cut after a byte mid-event': [
      sdkCase('responses', 'cut after a byte mid-event', (recording) => ({ cutAfterByte: midBytes(RESPONSES_DELTA)(recording) }), {
        sdk: { throws: { name: 'OpenAIError', message: 'terminated' } },
        codes: ['connection-error', 'item-not-done', 'missing-terminal-event', 'partial-event'],
        names: 'connection-error',
      }),
    ],
    stall: [sdkCase('responses', 'stall before a text delta', (recording) => ({ stalls: [{ beforeEvent: midDelta(RESPONSES_DELTA)(recording), ms: 30 }] }), clean())],
    // The SDK resolves with what it accumulated, status "in_progress": our final object.
    'drop the end': [sdkCase('responses', 'drop the terminal event', () => ({ dropDone: true }), clean(['missing-terminal-event']))],
    // The SDK copies the terminal response: incomplete_details null, as ours; the analysis says it ended incomplete without a reason.
    'drop the finish reason': [sdkCase('responses', 'drop the finish reason', () => ({ dropFinish: true }), clean(['response-incomplete']), 'length')],
    'drop the usage': [sdkCase('responses', 'drop the usage', () => ({ dropUsage: true }), clean(['usage-missing']))],
    'corrupt an event': [
      sdkCase('responses', 'corrupt a text delta', (recording) => ({ corruptEvent: midDelta(RESPONSES_DELTA)(recording) }), {
        sdk: { throws: { name: 'OpenAIError', message: MALFORMED } },
        // The delta cut in half is lost to every client that reads on: the .done text and the terminal response have it.
        codes: ['done-text-mismatch', 'final-mismatch', 'invalid-json'],
        names: 'invalid-json',
      }),
    ],
    'error after an event': [
      sdkCase('responses', 'error after a text delta', (recording) => ({ errorAfterEvent: midDelta(RESPONSES_DELTA)(recording) }), {
        sdk: { throws: { name: 'APIError', message: 'Streamscope replay: an error after event 8 (the error-after-event fault).' } },
        codes: ['item-not-done', 'missing-terminal-event', 'stream-error'],
        names: 'stream-error',
      }),
    ],
    'buffer everything': [sdkCase('responses', 'buffer everything', () => ({ bufferAll: true }), clean())],
    'answer an HTTP status': [
      sdkCase('responses', 'answer HTTP 429', () => ({ status: { code: 429 } }), {
        sdk: { throws: { name: 'RateLimitError', message: `429 ${STATUS_MESSAGE(429)}`, status: 429 } },
        codes: ['http-status'],
        names: 'http-status',
      }),
    ],
  },
};

const MESSAGES_DELTA = 'content_block_delta';
const MESSAGES: DialectClientFaults = {
  record: recordSdk('messages'),
  cases: {
    'cut after an event': [
      sdkCase('messages', 'cut after a text delta', (recording) => ({ cutAfterEvent: midDelta(MESSAGES_DELTA)(recording) }), {
        sdk: { throws: { name: 'AnthropicError', message: 'terminated' } },
        codes: ['block-not-stopped', 'connection-error', 'missing-message-stop'],
        names: 'connection-error',
      }),
    ],
    'cut after a byte mid-event': [
      sdkCase('messages', 'cut after a byte mid-event', (recording) => ({ cutAfterByte: midBytes(MESSAGES_DELTA)(recording) }), {
        sdk: { throws: { name: 'AnthropicError', message: 'terminated' } },
        codes: ['block-not-stopped', 'connection-error', 'missing-message-stop', 'partial-event'],
        names: 'connection-error',
      }),
    ],
    stall: [sdkCase('messages', 'stall before a text delta', (recording) => ({ stalls: [{ beforeEvent: midDelta(MESSAGES_DELTA)(recording), ms: 30 }] }), clean())],
    'drop the end': [
      sdkCase('messages', 'drop message_stop', () => ({ dropDone: true }), {
        sdk: { throws: { name: 'AnthropicError', message: 'stream ended without producing a Message with role=assistant' } },
        codes: ['missing-message-stop'],
        names: 'missing-message-stop',
      }),
    ],
    // stop_reason null, in the SDK's message as in ours; missing-stop-reason says so.
    'drop the finish reason': [sdkCase('messages', 'drop stop_reason', () => ({ dropFinish: true }), clean(['missing-stop-reason']))],
    'drop the usage': [
      sdkCase('messages', 'drop the message_delta usage', () => ({ dropUsage: true }), {
        // The SDK reads message_delta's usage without a check: the TypeError, wrapped in its own error class.
        sdk: { throws: { name: 'AnthropicError', message: "Cannot read properties of null (reading 'output_tokens')" } },
        codes: ['malformed-chunk'],
        names: 'malformed-chunk',
      }),
    ],
    'corrupt an event': [
      sdkCase('messages', 'corrupt a text delta', (recording) => ({ corruptEvent: midDelta(MESSAGES_DELTA)(recording) }), {
        // V8's message for the JSON cut in half.
        sdk: { throws: { name: 'AnthropicError', message: 'Unexpected end of JSON input' } },
        codes: ['invalid-json'],
        names: 'invalid-json',
      }),
    ],
    'error after an event': [
      sdkCase('messages', 'error after a text delta', (recording) => ({ errorAfterEvent: midDelta(MESSAGES_DELTA)(recording) }), {
        sdk: { throws: { name: 'APIError', message: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Streamscope replay: an error after event 7 (the error-after-event fault).' } }) } },
        codes: ['block-not-stopped', 'missing-message-stop', 'stream-error'],
        names: 'stream-error',
      }),
    ],
    'buffer everything': [sdkCase('messages', 'buffer everything', () => ({ bufferAll: true }), clean())],
    'answer an HTTP status': [
      sdkCase('messages', 'answer HTTP 529', () => ({ status: { code: 529 } }), {
        sdk: { throws: { name: 'OverloadedError', message: `529 ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: STATUS_MESSAGE(529) } })}`, status: 529 } },
        codes: ['http-status'],
        names: 'http-status',
      }),
    ],
  },
};

// ------------------------------------------------------------------ Gemini: @google/genai's chunks, kept as an app keeps them

/** Gemini's events have no type: the fifth that carries text (a `"text":` part), mid-answer. */
const geminiMidEvent = (recording: Recording): SseEvent => parseSse(recording.reads.map((read) => read.bytes)).events.filter((event) => event.data?.includes('"text":'))[4]!;

const GEMINI: DialectClientFaults = {
  record: recordSdk('gemini'),
  cases: {
    'cut after an event': [
      sdkCase('gemini', 'cut after a text event', (recording) => ({ cutAfterEvent: geminiMidEvent(recording).index }), {
        // Node's fetch rejects the body's read: the chunks before it came to the app, no final answer.
        sdk: { throws: { name: 'TypeError', message: 'terminated' } },
        codes: ['connection-error', 'missing-finish-reason'],
        names: 'connection-error',
      }),
    ],
    'cut after a byte mid-event': [
      sdkCase('gemini', 'cut after a byte mid-event', (recording) => ({ cutAfterByte: geminiMidEvent(recording).start + 10 }), {
        sdk: { throws: { name: 'TypeError', message: 'terminated' } },
        codes: ['connection-error', 'missing-finish-reason', 'partial-event'],
        names: 'connection-error',
      }),
    ],
    stall: [sdkCase('gemini', 'stall before a text event', (recording) => ({ stalls: [{ beforeEvent: geminiMidEvent(recording).index, ms: 30 }] }), clean())],
    // The last event goes with its finishReason: the SDK ends without error, the app's text a token short and no finishReason, as ours.
    'drop the end': [sdkCase('gemini', 'drop the last event', () => ({ dropDone: true }), clean(['missing-finish-reason']))],
    // The SDK ends without error and no chunk carries a finishReason, as ours; missing-finish-reason says so.
    'drop the finish reason': [sdkCase('gemini', 'drop the finishReason', () => ({ dropFinish: true }), clean(['missing-finish-reason']))],
    // No usageMetadata in any chunk, as ours: Gemini's catalogue has no finding for it (the server check's no-usage-metadata warns).
    'drop the usage': [sdkCase('gemini', 'drop the usageMetadata', () => ({ dropUsage: true }), clean())],
    'corrupt an event': [
      sdkCase('gemini', 'corrupt a text event', (recording) => ({ corruptEvent: geminiMidEvent(recording).index }), {
        // JSON.parse's own error, thrown out of the iterator: the answer is lost at the bad event.
        sdk: { throws: { name: 'SyntaxError', message: expect.stringMatching(/^Expected ',' or '\}' after property value in JSON at position \d+/) } },
        codes: ['invalid-json'],
        names: 'invalid-json',
      }),
    ],
    'error after an event': [
      sdkCase('gemini', 'error after a text delta', (recording) => ({ errorAfterEvent: geminiMidEvent(recording).index }), {
        // As for the simulator's stream-error: the tail SSE leaves unframed is what the SDK cannot split.
        sdk: { throws: { name: 'Error', message: 'Incomplete JSON segment at the end' } },
        codes: ['missing-finish-reason', 'partial-event', 'stream-error'],
        names: 'stream-error',
      }),
    ],
    'buffer everything': [sdkCase('gemini', 'buffer everything', () => ({ bufferAll: true }), clean())],
    'answer an HTTP status': [
      sdkCase('gemini', 'answer HTTP 429', () => ({ status: { code: 429 } }), {
        // The status fault's body in Google's error shape: @google/genai's ApiError carries it whole as its message, with the status.
        sdk: { throws: { name: 'ApiError', message: JSON.stringify({ error: { code: 429, message: STATUS_MESSAGE(429), status: 'RESOURCE_EXHAUSTED' } }), status: 429 } },
        codes: ['http-status'],
        names: 'http-status',
      }),
    ],
  },
};

// ------------------------------------------------------------------ Bedrock ConverseStream: @aws-sdk/client-bedrock-runtime's events, kept as an app keeps them

/** The fifth frame that carries a text delta, mid-answer: its event number and its first byte. */
const bedrockMidFrame = (recording: Recording): { index: number; start: number } =>
  parseEventStream(recording.reads.map((read) => read.bytes)).messages.filter((frame) => frame.event === 'contentBlockDelta' && frame.data?.includes('"text"'))[4]!;

const BEDROCK: DialectClientFaults = {
  record: recordSdk('bedrock'),
  cases: {
    'cut after an event': [
      sdkCase('bedrock', 'cut after a text delta frame', (recording) => ({ cutAfterEvent: bedrockMidFrame(recording).index }), {
        // NodeHttpHandler's body stream fails with Node's own "aborted" when the socket closes: the events before it came to the app.
        sdk: { throws: { name: 'Error', message: 'aborted' } },
        codes: ['connection-error', 'missing-message-stop', 'usage-missing'],
        names: 'connection-error',
      }),
    ],
    'cut after a byte mid-event': [
      sdkCase('bedrock', 'cut ten bytes into a frame (inside its prelude and headers)', (recording) => ({ cutAfterByte: bedrockMidFrame(recording).start + 10 }), {
        // The socket's close comes before the decoder could say the frame was truncated.
        sdk: { throws: { name: 'Error', message: 'aborted' } },
        codes: ['connection-error', 'frame-truncated', 'missing-message-stop', 'usage-missing'],
        names: 'connection-error',
      }),
    ],
    stall: [sdkCase('bedrock', 'stall before a text delta frame', (recording) => ({ stalls: [{ beforeEvent: bedrockMidFrame(recording).index, ms: 30 }] }), clean())],
    // messageStop dropped: the SDK ends without error and no stopReason, as ours; metadata still brings usage and metrics.
    'drop the end': [sdkCase('bedrock', 'drop messageStop', () => ({ dropDone: true }), clean(['missing-message-stop']))],
    // messageStop's stopReason set to null: the SDK yields it null, as ours; MessageStopEvent requires one, so the event is malformed.
    'drop the finish reason': [sdkCase('bedrock', "drop messageStop's stopReason", () => ({ dropFinish: true }), clean(['malformed-chunk']), 'length')],
    'drop the usage': [sdkCase('bedrock', "drop metadata's usage", () => ({ dropUsage: true }), clean(['usage-missing']))],
    'corrupt an event': [
      sdkCase('bedrock', "flip a text delta frame's message CRC", (recording) => ({ corruptEvent: bedrockMidFrame(recording).index }), {
        // The SDK's decoder checks every frame's CRCs and throws at the first that fails, the stated and the computed value in its message; the answer is lost from there.
        sdk: { throws: { name: 'Error', message: expect.stringMatching(/^The message checksum \(\d+\) did not match the expected value of \d+$/) } },
        codes: ['frame-crc-mismatch'],
        names: 'frame-crc-mismatch',
      }),
    ],
    'error after an event': [
      sdkCase('bedrock', 'error after a text delta frame', (recording) => ({ errorAfterEvent: bedrockMidFrame(recording).index }), {
        // A modelStreamErrorException frame: the SDK throws its exception class with the frame's message.
        sdk: { throws: { name: 'ModelStreamErrorException', message: 'Streamscope replay: an error after event 5 (the error-after-event fault).' } },
        codes: ['missing-message-stop', 'stream-exception', 'usage-missing'],
        names: 'stream-exception',
      }),
    ],
    'buffer everything': [sdkCase('bedrock', 'buffer everything', () => ({ bufferAll: true }), clean())],
    'answer an HTTP status': [
      sdkCase('bedrock', 'answer HTTP 429', () => ({ status: { code: 429 } }), {
        // The status fault's body in AWS's error shape: the SDK throws ThrottlingException with its message and the status.
        sdk: { throws: { name: 'ThrottlingException', message: STATUS_MESSAGE(429), status: 429 } },
        codes: ['http-status'],
        names: 'http-status',
      }),
    ],
  },
};

const CLIENT_FAULTS: Readonly<Record<Protocol, DialectClientFaults | null>> = { 'chat-completions': CHAT, responses: RESPONSES, 'anthropic-messages': MESSAGES, gemini: GEMINI, 'bedrock-converse': BEDROCK };

describe.each(PROTOCOLS.filter((protocol) => CLIENT_FAULTS[protocol] !== null))('each replay fault on a %s recording, read by its clients', (protocol) => {
  const { record, cases } = CLIENT_FAULTS[protocol]!;
  beforeAll(record);
  describe.each(FAULT_KINDS)('%s', (kind) => {
    it.each(cases[kind].map((each) => [each.title, each] as const))('%s', async (_title, { run }) => run());
  });
});
