// The replay's faults in every registered dialect. What any dialect's faults must do runs over each
// (describe.each(PROTOCOLS)): the drops on streams built for the test, exactly the bytes expected
// (built independently: the same stream built without what the fault removes) however the
// recording was split into reads; over every simulator scenario and corpus stream of the dialect,
// the end dropped, the usage and the finish reason taken out and every other event byte for byte,
// an event corrupted, the stream cut, stalled and held; the status fault in the dialect's error
// shape; the notes when a drop finds nothing to do, in the dialect's words. What differs per
// dialect comes from FAULTS_OF, keyed by Protocol (the compiler asks a new dialect for its entry),
// and each entry's `own` holds the cases of that dialect alone.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analysis/analyze.ts';
import { toContract } from '../analysis/contract.ts';
import type { MessagesContract, ResponsesContract } from '../analysis/contract.ts';
import { DONE } from '../dialects/chat/interpret.ts';
import { chatReading } from '../dialects/chat/kept.ts';
import { PROTOCOLS, descriptorOf } from '../dialects/registry.ts';
import { messagesStream, responsesStream, toSse } from '../dialects/streams.test-support.ts';
import type { MessagesBlockSpec, ResponsesItemSpec } from '../dialects/streams.test-support.ts';
import type { Protocol } from '../dialects/types.ts';
import { concatBytes } from '../formats/bytes.ts';
import { recordingFromSse } from '../formats/sse.ts';
import { parseSse } from '../framing/sse/parser.ts';
import type { Recording } from '../recording/types.ts';
import { CORPUS_DIR, corpus } from '../test/dialect-corpus.ts';
import { latin1, recordDialectScenarios, recordScenarios } from '../test/replay-support.ts';
import type { NamedRecording } from '../test/replay-support.ts';
import { byteByByte, realStream, realStreams, splitAt, timed } from '../test/streams.ts';
import { GEMINI_FIXTURES, wireBody } from '../dialects/gemini/samples.test-support.ts';
import { scenariosOf, startSimulator } from '../../electron/backend/simulator/index.ts';
import { exchangeAt, toRecording } from '../../electron/backend/simulator/test-helpers.ts';
import { checkFaults, describeFaults } from './faults.ts';
import type { ReplayFaults } from './faults.ts';
import { planReplay } from './plan.ts';
import type { ReplayPlan } from './plan.ts';

type Json = Record<string, unknown>;

// ------------------------------------------------------------------ helpers, for every dialect

const bodyOf = (recording: Recording): Uint8Array => concatBytes(recording.reads.map((read) => read.bytes));
const sent = (plan: ReplayPlan): Uint8Array => concatBytes(plan.writes.map((write) => write.bytes));
/** Each event's raw bytes, as the parser delimits them. */
const slices = (body: Uint8Array): string[] => parseSse(body).events.map((event) => latin1(body.subarray(event.start, event.end)));
/** What a client would have recorded of the replay, asked on the recording's own request (none for a bare Chat recording). */
function replayed(plan: ReplayPlan, recording: Recording | null = null): Recording {
  return {
    source: 'ssrec',
    startedAt: null,
    request: recording?.request ?? null,
    response: { t: 0, status: plan.status ?? 0, httpVersion: '1.1', headers: Object.fromEntries(plan.headers) },
    reads: plan.writes.map((write) => ({ t: write.at, bytes: write.bytes })),
    end: { t: plan.end.at, outcome: plan.end.how === 'end' ? 'eof' : 'error' },
  };
}
/** Every diagnostic's code, info included, in order. */
const codes = (recording: Recording): string[] => analyzeRecording(recording).diagnostics.map((diagnostic) => diagnostic.code);
/** The warnings' and errors' codes, each once, sorted. */
const problems = (recording: Recording): string[] => [...new Set(analyzeRecording(recording).diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code))].sort();
const writes = (plan: ReplayPlan): [number, string][] => plan.writes.map((write) => [write.at, latin1(write.bytes)]);
const lastOfType = (events: Json[], type: string): Json => events.filter((event) => event.type === type).at(-1)!;
const statusMessage = (code: number): string => `Streamscope replay answers HTTP ${code} instead of the recording (the status fault).`;

/** One event of a body: its bytes, its data, and its data parsed where it is JSON. */
interface BodyEvent {
  readonly bytes: string;
  readonly json: Json | null;
  readonly data: string | null;
}
function eventsOf(body: Uint8Array): BodyEvent[] {
  return parseSse(body).events.map((event) => {
    let json: Json | null = null;
    try {
      json = JSON.parse(event.data ?? '') as Json;
    } catch {
      // Not JSON.
    }
    return { bytes: latin1(body.subarray(event.start, event.end)), json, data: event.data };
  });
}

// ------------------------------------------------------------------ Chat Completions' streams

/** Three reads that cut a content chunk, the finish chunk, the usage chunk and [DONE] at awkward places. */
const AWKWARD = timed(
  [
    [10, 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"st'],
    [20, 'op"}]}\n\ndata: {"choices":[],"usage":{"total_tokens":3}}\n\nda'],
    [30, 'ta: [DONE]\n\n'],
  ],
  { end: { t: 35, outcome: 'eof' } },
);
const HI = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}\n\n';
const FINISH = 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n';
const USAGE = 'data: {"choices":[],"usage":{"total_tokens":3}}\n\n';
const DONE_EVENT = 'data: [DONE]\n\n';
/** AWKWARD's own problems, whatever the fault: its chunks carry neither a role nor an `object`. */
const AWKWARD_OWN = ['role-missing', 'unexpected-object'];
/** Where the first read ends inside the finish chunk. */
const SPLIT = FINISH.indexOf('op"}');

const isUsageChunk = (data: string | null): boolean => {
  try {
    const json = JSON.parse(data ?? '');
    return Array.isArray(json.choices) && json.choices.length === 0 && typeof json.usage === 'object' && json.usage !== null;
  } catch {
    return false;
  }
};
/** Whether a Chat chunk's reading is its finish alone (the chunk dropFinish drops rather than nulls). */
const isFinishOnly = (slice: string): boolean => {
  const { ops } = chatReading(analyzeRecording(recordingFromSse(new Uint8Array(Buffer.from(slice, 'latin1')))).events[0]!);
  return ops.every((op) => op.type === 'finish' || (op.type === 'text' && op.text === ''));
};

// ------------------------------------------------------------------ Responses' and Anthropic Messages' streams

const ITEMS: ResponsesItemSpec[] = [
  { type: 'reasoning', summary: [['Think', 'ing']] },
  { type: 'message', text: ['Hel', 'lo'] },
  { type: 'function_call', name: 'get_weather', args: ['{"city"', ':"Paris"}'] },
];
const BLOCKS: MessagesBlockSpec[] = [
  { type: 'thinking', thinking: ['Hm', 'm'], signature: 'c2ln' },
  { type: 'text', text: ['Hel', 'lo'] },
  { type: 'tool_use', name: 'get_weather', json: ['{"city": ', '"Paris"}'] },
];

/** A stream served as a recording of its dialect's request (the descriptor's path tells the dialect), in reads of one event each. */
function served(events: readonly Json[], protocol: Protocol): Recording {
  const text = toSse(events);
  const reads = text.split(/(?<=\n\n)/).map((event, i): [number, string] => [i * 10, event]);
  return timed(reads, { request: { method: 'POST', url: `https://api.example.test${descriptorOf(protocol).path}`, headers: {}, body: { model: 'm' } } });
}
const responses = (options: Parameters<typeof responsesStream>[1] = {}, change: (events: Json[]) => void = () => {}): Json[] => {
  const events = responsesStream(ITEMS, options);
  change(events);
  return events;
};
const messages = (options: Parameters<typeof messagesStream>[1] = {}, change: (events: Json[]) => void = () => {}): Json[] => {
  const events = messagesStream(BLOCKS, options);
  change(events);
  return events;
};
const TERMINAL = responses().length - 1;
const STOP = messages().length - 1;
const TERMINALS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** The corpus streams of one dialect (fixtures/dialects), each named by its file. */
const dialectCorpus = (protocol: Protocol): NamedRecording[] =>
  corpus()
    .filter((entry) => entry.dialect === protocol)
    .map((entry) => ({ name: entry.file, recording: recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + entry.file))) }));

// ------------------------------------------------------------------ the table: what differs per dialect

/** A drop on a stream built for the test. */
interface DropCase {
  readonly name: string;
  readonly recording: Recording;
  readonly faults: ReplayFaults;
  /** The bytes sent: the same stream built without what the fault takes out. */
  readonly sends: string;
  readonly applied: string[];
  /** The analysis of what is sent: its warnings and errors, each once, sorted. */
  readonly problems: string[];
}

/** What a fault notes when it finds nothing to do. */
interface Note {
  readonly recording: Recording;
  readonly faults: ReplayFaults;
  readonly applied: string[];
}

/** Its simulator scenarios and its corpus streams, loaded once before its suite. */
interface Loaded {
  readonly simulated: NamedRecording[];
  readonly all: NamedRecording[];
}

interface DialectFaults {
  readonly record: () => Promise<Loaded>;
  /** A recording of the dialect, what the status fault answers instead of. */
  readonly sample: Recording;
  readonly drops: readonly DropCase[];
  /** The events dropDone takes out, the stream's end. */
  readonly ends: (event: BodyEvent) => boolean;
  /** What the analysis of a stream without its end says. */
  readonly unfinished: string;
  /** How many of its simulator scenarios and corpus streams end so, at least (the assertions are not vacuous). */
  readonly ended: number;
  /** What dropUsage and dropFinish together make of one event: undefined when it is sent as recorded, null when it is dropped, else its data as sent. */
  readonly withoutUsageAndFinish: (event: BodyEvent) => Json | null | undefined;
  /** How many events of its simulator scenarios and corpus they drop or change, at least (the assertions are not vacuous). */
  readonly changed: number;
  /** The status fault's body for these codes, in the dialect's error shape. */
  readonly errors: readonly (readonly [number, Json])[];
  readonly notes: readonly Note[];
  /** describeFaults of the three drops, in the dialect's words. */
  readonly words: readonly string[];
  /** The cases of this dialect alone. */
  readonly own: (loaded: () => Loaded) => void;
}

// ------------------------------------------------------------------ Gemini's streams

/** A Gemini answer: two text events, then the last with its finishReason; usageMetadata on each (the count so far). */
function gemini(options: { readonly finish?: boolean; readonly usage?: boolean } = {}, change: (events: Json[]) => void = () => {}): Json[] {
  const usage = (candidates: number) => (options.usage === false ? {} : { usageMetadata: { promptTokenCount: 4, candidatesTokenCount: candidates, totalTokenCount: 4 + candidates } });
  const event = (text: string, at: number, last: boolean): Json => ({
    candidates: [{ content: { parts: [{ text }], role: 'model' }, ...(last && options.finish !== false ? { finishReason: 'STOP' } : {}), index: 0 }],
    ...usage(at),
    modelVersion: 'gemini-2.5-flash',
    responseId: 'r-1',
  });
  const events = [event('Hel', 1, false), event('lo', 2, false), event('!', 3, true)];
  change(events);
  return events;
}
/** Gemini's framing: `data:` only, CRLF CRLF. */
const geminiSse = (events: readonly Json[]): string => events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join('');
/** A Gemini stream served as a recording of a request to its endpoint (the model in the path), one event a read. */
function geminiServed(events: readonly Json[]): Recording {
  const reads = geminiSse(events).split(/(?<=\r\n\r\n)/).map((event, i): [number, string] => [i * 10, event]);
  return timed(reads, { request: { method: 'POST', url: `https://generativelanguage.googleapis.com/v1beta${descriptorOf('gemini').endpoint('gemini-2.5-flash')}`, headers: {}, body: { contents: [] } } });
}
const GEMINI_END = gemini().length - 1;
/** A Gemini stream whose every usageMetadata is null reads as one without usage: nothing to warn of (Gemini's usage is optional in its schema). */
const GEMINI_NO_USAGE: string[] = [];
/** Whether an event's candidates carry a finishReason (what dropDone takes out, dropFinish nulls). */
const geminiFinishes = (json: Json | null): boolean => Array.isArray(json?.candidates) && json.candidates.some((candidate: unknown) => typeof (candidate as Json | null)?.finishReason === 'string');

/** Every Gemini scenario of the simulator, recorded as a user records it: the model in the path. */
async function recordGeminiScenarios(): Promise<NamedRecording[]> {
  const simulator = await startSimulator({ timeScale: 0.02, seed: 7 });
  try {
    return await Promise.all(
      scenariosOf('gemini').map(async (scenario) => {
        const done = await exchangeAt(`${simulator.url}${descriptorOf('gemini').endpoint(`sim-${scenario.name}`)}`, { contents: [{ role: 'user', parts: [{ text: 'How does streaming work?' }] }] });
        return { name: `gemini sim-${scenario.name}`, recording: toRecording(done, true) };
      }),
    );
  } finally {
    await simulator.close();
  }
}

/** Gemini's real streams (shared/test/fixtures/gemini/), as wire bodies, each a recording of a request to its endpoint (as a recorded one is: without it, a body whose one event is dropped tells no dialect). */
const geminiCorpus = (): NamedRecording[] =>
  GEMINI_FIXTURES.map((name) => ({
    name,
    recording: {
      ...recordingFromSse(new TextEncoder().encode(wireBody(name, readFileSync(new URL(`../test/fixtures/gemini/${name}`, import.meta.url), 'utf8')))),
      request: { method: 'POST', url: `https://generativelanguage.googleapis.com/v1beta${descriptorOf('gemini').endpoint('gemini-2.5-flash')}`, headers: {}, body: null },
    },
  }));

const OPENAI_429: Json = { error: { message: statusMessage(429), type: 'requests', param: null, code: 'rate_limit_exceeded' } };

// Bedrock ConverseStream's faults, on its frames (replay/frames.ts), are pinned in bedrock-replay.test.ts: this table's cases are SSE bodies built for the test.
const FAULTS_OF: Record<Protocol, DialectFaults | null> = {
  'bedrock-converse': null,
  'chat-completions': {
    record: async () => {
      const simulated = await recordScenarios();
      return { simulated, all: [...simulated, ...realStreams().map(({ name, bytes }) => ({ name, recording: recordingFromSse(bytes) }))] };
    },
    sample: AWKWARD,
    drops: [
      { name: 'drop [DONE]', recording: AWKWARD, faults: { dropDone: true }, sends: HI + FINISH + USAGE, applied: ['dropped [DONE] (event 3)'], problems: ['no-done', ...AWKWARD_OWN] },
      { name: 'drop the finish-only chunk', recording: AWKWARD, faults: { dropFinish: true }, sends: HI + USAGE + DONE_EVENT, applied: ['dropped the finish-only chunk (event 1)'], problems: ['missing-finish-reason', ...AWKWARD_OWN] },
      { name: 'drop the usage chunk', recording: AWKWARD, faults: { dropUsage: true }, sends: HI + FINISH + DONE_EVENT, applied: ['dropped the usage chunk (event 2)'], problems: AWKWARD_OWN },
      {
        name: 'all three drops at once',
        recording: AWKWARD,
        faults: { dropDone: true, dropFinish: true, dropUsage: true },
        sends: HI,
        applied: ['dropped [DONE] (event 3)', 'dropped the usage chunk (event 2)', 'dropped the finish-only chunk (event 1)'],
        problems: ['missing-finish-reason', 'no-done', ...AWKWARD_OWN],
      },
    ],
    ends: (event) => event.data === DONE,
    unfinished: 'no-done',
    ended: 50,
    withoutUsageAndFinish: (event) => {
      if (isUsageChunk(event.data)) return null;
      const choices = event.json?.choices;
      if (!Array.isArray(choices) || !choices.some((choice: Json) => typeof choice.finish_reason === 'string')) return undefined;
      if (isFinishOnly(event.bytes)) return null;
      return { ...event.json, choices: choices.map((choice: Json) => (typeof choice.finish_reason === 'string' ? { ...choice, finish_reason: null } : choice)) };
    },
    changed: 80,
    errors: [[429, OPENAI_429]],
    notes: [
      {
        recording: timed([[0, ': ping\n\ndata: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n']]),
        faults: { dropDone: true, dropFinish: true, dropUsage: true, corruptEvent: 0, stalls: [{ beforeEvent: 7, ms: 5 }] },
        applied: [
          'drop [DONE]: the recording has no [DONE]',
          'drop usage: the recording has no usage chunk (choices: [] with usage)',
          'drop finish: no chunk carries a finish_reason',
          'corrupt event 0: the event carries no data',
          'stall before event 7: no such event (the recording has 2)',
        ],
      },
      { recording: AWKWARD, faults: { dropDone: true, corruptEvent: 3 }, applied: ['dropped [DONE] (event 3)', 'corrupt event 3: the event is dropped by another fault'] },
      { recording: AWKWARD, faults: { corruptEvent: 4 }, applied: ['corrupt event 4: no such event (the recording has 4)'] },
    ],
    words: ['drop [DONE]', 'drop finish_reason', 'drop the usage chunk'],
    own: (loaded) => chatOwn(loaded),
  },
  responses: {
    record: async () => {
      const simulated = (await recordDialectScenarios('responses')).map((each) => ({ ...each, name: `responses sim-${each.name}` }));
      return { simulated, all: [...simulated, ...dialectCorpus('responses')] };
    },
    sample: served(responses(), 'responses'),
    drops: [
      {
        name: 'drop the terminal event',
        recording: served(responses(), 'responses'),
        faults: { dropDone: true },
        sends: toSse(responses({ terminal: null })),
        applied: [`dropped the terminal event (response.completed, event ${TERMINAL})`],
        // The stream did not finish; the items are all done, the message is whole.
        problems: ['missing-terminal-event'],
      },
      {
        name: 'drop the usage',
        recording: served(responses(), 'responses'),
        faults: { dropUsage: true },
        sends: toSse(responses({ usage: null })),
        applied: [`response.usage set to null (response.completed, event ${TERMINAL})`],
        problems: ['usage-missing'],
      },
      {
        name: 'drop the reason an incomplete response gives',
        recording: served(responses({ terminal: 'response.incomplete' }), 'responses'),
        faults: { dropFinish: true },
        sends: toSse(responses({ terminal: 'response.incomplete' }, (events) => void ((lastOfType(events, 'response.incomplete').response as Json).incomplete_details = null))),
        applied: [`incomplete_details set to null (response.incomplete, event ${TERMINAL})`],
        problems: ['response-incomplete'],
      },
      {
        name: 'all three drops at once',
        recording: served(responses({ terminal: 'response.incomplete' }), 'responses'),
        faults: { dropDone: true, dropFinish: true, dropUsage: true },
        sends: toSse(responses({ terminal: null })),
        applied: [`dropped the terminal event (response.incomplete, event ${TERMINAL})`, 'drop usage: no terminal event left to carry it', 'drop finish: no terminal event left to carry a reason'],
        problems: ['missing-terminal-event'],
      },
    ],
    ends: (event) => TERMINALS.has(String(event.json?.type)) || event.data === '[DONE]',
    unfinished: 'missing-terminal-event',
    ended: 20,
    withoutUsageAndFinish: (event) => {
      const type = String(event.json?.type);
      if (!TERMINALS.has(type)) return undefined;
      const expected = structuredClone(event.json!);
      const response = expected.response as Json;
      if ('usage' in response) response.usage = null;
      if (type === 'response.incomplete' && 'incomplete_details' in response) response.incomplete_details = null;
      return expected;
    },
    changed: 20,
    errors: [[429, OPENAI_429]],
    notes: [
      {
        recording: served(responses({ terminal: null, usage: null }), 'responses'),
        faults: { dropDone: true, dropUsage: true, dropFinish: true },
        applied: ['drop the terminal event: the recording has none', 'drop usage: no terminal event left to carry it', 'drop finish: no terminal event left to carry a reason'],
      },
      {
        recording: served(responses({ usage: null }), 'responses'),
        faults: { dropUsage: true, dropFinish: true },
        applied: ['drop usage: the terminal response carries no usage', 'drop finish: the terminal event is response.completed, whose type is its only finish reason'],
      },
    ],
    words: ['drop the terminal event', 'drop incomplete_details', 'drop response.usage'],
    own: (loaded) => responsesOwn(loaded),
  },
  'anthropic-messages': {
    record: async () => {
      const simulated = (await recordDialectScenarios('messages')).map((each) => ({ ...each, name: `messages sim-${each.name}` }));
      return { simulated, all: [...simulated, ...dialectCorpus('anthropic-messages')] };
    },
    sample: served(messages(), 'anthropic-messages'),
    drops: [
      {
        name: 'drop message_stop',
        recording: served(messages(), 'anthropic-messages'),
        faults: { dropDone: true },
        sends: toSse(messages({ stop: false })),
        applied: [`dropped message_stop (event ${STOP})`],
        problems: ['missing-message-stop'],
      },
      {
        name: 'drop stop_reason',
        recording: served(messages({ outputTokens: [10, 25] }), 'anthropic-messages'),
        faults: { dropFinish: true },
        sends: toSse(messages({ outputTokens: [10, 25] }, (events) => events.filter((event) => event.type === 'message_delta').forEach((event) => ((event.delta as Json).stop_reason = null)))),
        applied: [`stop_reason set to null (events ${STOP - 1}, ${STOP})`],
        problems: ['missing-stop-reason'],
      },
      {
        name: 'drop the message_delta usage',
        recording: served(messages(), 'anthropic-messages'),
        faults: { dropUsage: true },
        sends: toSse(messages({}, (events) => void (lastOfType(events, 'message_delta').usage = null))),
        applied: [`message_delta usage set to null (event ${STOP - 1})`],
        // The Anthropic SDK reads message_delta's usage without a check: null is a malformed event to it.
        problems: ['malformed-chunk'],
      },
    ],
    ends: (event) => event.json?.type === 'message_stop',
    unfinished: 'missing-message-stop',
    ended: 20,
    withoutUsageAndFinish: (event) => {
      if (event.json?.type !== 'message_delta') return undefined;
      const expected = structuredClone(event.json);
      if ('usage' in expected) expected.usage = null;
      if ('stop_reason' in (expected.delta as Json)) (expected.delta as Json).stop_reason = null;
      return expected;
    },
    changed: 20,
    errors: [
      [529, { type: 'error', error: { type: 'overloaded_error', message: statusMessage(529) } }],
      [429, { type: 'error', error: { type: 'rate_limit_error', message: statusMessage(429) } }],
      [500, { type: 'error', error: { type: 'api_error', message: statusMessage(500) } }],
      [401, { type: 'error', error: { type: 'authentication_error', message: statusMessage(401) } }],
    ],
    notes: [
      {
        recording: served(messages({ stop: false, outputTokens: [] }), 'anthropic-messages'),
        faults: { dropDone: true, dropUsage: true, dropFinish: true },
        applied: ['drop message_stop: the recording has none', 'drop usage: no message_delta carries usage', 'drop finish: no message_delta carries a stop_reason'],
      },
    ],
    words: ['drop message_stop', 'drop stop_reason', 'drop the message_delta usage'],
    own: () => messagesOwn(),
  },
  gemini: {
    record: async () => {
      const simulated = await recordGeminiScenarios();
      return { simulated, all: [...simulated, ...geminiCorpus()] };
    },
    sample: geminiServed(gemini()),
    drops: [
      {
        name: 'drop the events with a finishReason',
        recording: geminiServed(gemini()),
        faults: { dropDone: true },
        sends: geminiSse(gemini().slice(0, GEMINI_END)),
        applied: [`dropped the events with a finishReason (event ${GEMINI_END})`],
        problems: ['missing-finish-reason'],
      },
      {
        name: 'drop finishReason',
        recording: geminiServed(gemini()),
        faults: { dropFinish: true },
        sends: geminiSse(gemini({}, (events) => void ((events[GEMINI_END]!.candidates as Json[])[0]!.finishReason = null))),
        applied: [`finishReason set to null (event ${GEMINI_END})`],
        problems: ['missing-finish-reason'],
      },
      {
        name: 'drop usageMetadata',
        recording: geminiServed(gemini()),
        faults: { dropUsage: true },
        sends: geminiSse(gemini({}, (events) => events.forEach((event) => (event.usageMetadata = null)))),
        applied: ['usageMetadata set to null (events 0, 1, 2)'],
        problems: GEMINI_NO_USAGE,
      },
    ],
    ends: (event) => geminiFinishes(event.json),
    unfinished: 'missing-finish-reason',
    ended: 30,
    withoutUsageAndFinish: (event) => {
      const json = event.json;
      if (json === null || 'error' in json) return undefined;
      const usage = json.usageMetadata !== undefined && json.usageMetadata !== null;
      if (!usage && !geminiFinishes(json)) return undefined;
      const expected = structuredClone(json);
      if (usage) expected.usageMetadata = null;
      if (geminiFinishes(json)) for (const candidate of expected.candidates as Json[]) if ('finishReason' in candidate && candidate.finishReason !== null) candidate.finishReason = null;
      return expected;
    },
    changed: 200,
    errors: [
      [429, { error: { code: 429, message: statusMessage(429), status: 'RESOURCE_EXHAUSTED' } }],
      [500, { error: { code: 500, message: statusMessage(500), status: 'INTERNAL' } }],
      [503, { error: { code: 503, message: statusMessage(503), status: 'UNAVAILABLE' } }],
      [401, { error: { code: 401, message: statusMessage(401), status: 'UNAUTHENTICATED' } }],
    ],
    notes: [
      {
        recording: geminiServed(gemini({ finish: false, usage: false })),
        faults: { dropDone: true, dropUsage: true, dropFinish: true },
        applied: ['drop the end: no event carries a finishReason', 'drop usage: no event carries usageMetadata', 'drop finish: no candidate carries a finishReason'],
      },
    ],
    words: ['drop the events with a finishReason', 'drop finishReason', 'drop usageMetadata'],
    own: () => geminiOwn(),
  },
};

// ------------------------------------------------------------------ what every dialect's faults do

describe.each(PROTOCOLS.filter((protocol) => FAULTS_OF[protocol] !== null))('%s', (protocol) => {
  const facts = FAULTS_OF[protocol]!;
  let recordings: Loaded;
  beforeAll(async () => {
    recordings = await facts.record();
  });
  const loaded = (): Loaded => recordings;

  describe.each(facts.drops)('$name', ({ recording, faults, sends, applied, problems: expected }) => {
    it('sends the stream built without what it takes out, every other byte as recorded', () => {
      const plan = planReplay(recording, { faults });
      expect(latin1(sent(plan))).toBe(sends);
      expect(plan.applied).toEqual(applied);
      expect(problems(replayed(plan, recording))).toEqual(expected);
    });

    it('sends the same bytes however the recording was split into reads, byte by byte included', () => {
      const body = bodyOf(recording);
      const asReads = (parts: Uint8Array[]): Recording => ({ ...recording, reads: parts.map((bytes, i) => ({ t: i, bytes })) });
      expect(latin1(sent(planReplay(asReads(byteByByte(body)), { faults })))).toBe(sends);
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 30 }), (cuts) => {
          expect(latin1(sent(planReplay(asReads(splitAt(body, cuts)), { faults })))).toBe(sends);
        }),
        { numRuns: 40 },
      );
    });
  });

  describe('every simulator scenario and corpus stream of the dialect', () => {
    it('drops exactly the end of the stream, and the analysis of what is sent says it did not finish', () => {
      let dropped = 0;
      for (const { name, recording } of loaded().all) {
        const before = eventsOf(bodyOf(recording));
        const plan = planReplay(recording, { faults: { dropDone: true } });
        expect(eventsOf(sent(plan)).map((event) => event.bytes), name).toEqual(before.filter((event) => !facts.ends(event)).map((event) => event.bytes));
        if (!before.some(facts.ends)) continue;
        dropped++;
        expect(codes(replayed(plan, recording)), name).toContain(facts.unfinished);
      }
      expect(dropped).toBeGreaterThanOrEqual(facts.ended);
    });

    it('takes out exactly the usage and the finish reason, every other event byte for byte', () => {
      let changed = 0;
      for (const { name, recording } of loaded().all) {
        const before = eventsOf(bodyOf(recording));
        const after = eventsOf(sent(planReplay(recording, { faults: { dropUsage: true, dropFinish: true } })));
        const expected = before.flatMap((event): ({ bytes: string } | { json: Json; was: string })[] => {
          const data = facts.withoutUsageAndFinish(event);
          if (data === undefined) return [{ bytes: event.bytes }];
          if (data === null) changed++;
          return data === null ? [] : [{ json: data, was: event.bytes }];
        });
        expect(after.length, name).toBe(expected.length);
        expected.forEach((each, i) => {
          if ('bytes' in each) return expect(after[i]!.bytes, `${name} event ${i}`).toBe(each.bytes);
          expect(after[i]!.json, `${name} event ${i}`).toEqual(each.json);
          if (after[i]!.bytes !== each.was) changed++;
        });
      }
      expect(changed).toBeGreaterThanOrEqual(facts.changed);
    });

    it('corrupts the event asked for: its data is cut in half and no longer JSON, every other event is untouched', () => {
      for (const { name, recording } of loaded().all) {
        const body = bodyOf(recording);
        const events = parseSse(body).events;
        const target = events.filter((event) => event.data?.startsWith('{'))[Math.floor(events.length / 3)] ?? events.find((event) => event.data?.startsWith('{'));
        if (!target) continue;
        const plan = planReplay(recording, { faults: { corruptEvent: target.index } });
        const after = parseSse(sent(plan)).events;
        expect(after.length, name).toBe(events.length);
        expect(after.map((event) => event.data).filter((_, i) => i !== target.index), name).toEqual(events.map((event) => event.data).filter((_, i) => i !== target.index));
        const data = after[target.index]!.data!;
        expect(target.data!.startsWith(data) && data.length < target.data!.length && data.length >= Math.floor(target.data!.length / 2) - 3, name).toBe(true);
        expect(() => JSON.parse(data), name).toThrow();
        const invalid = analyzeRecording(replayed(plan, recording)).diagnostics.find((diagnostic) => diagnostic.code === 'invalid-json');
        expect(invalid?.events, name).toContain(target.index);
        expect(plan.applied[0], name).toMatch(new RegExp(`^corrupted event ${target.index} \\(data cut to \\d+ of \\d+ bytes\\)$`));
      }
    });

    it('cuts each simulator recording right after event N: its bytes up to that event, in the recorded reads, then the connection is destroyed at that read', () => {
      for (const { name, recording } of loaded().simulated) {
        const events = parseSse(recording.reads.map((read) => read.bytes)).events;
        if (events.length < 2) continue;
        const event = events[Math.floor(events.length / 2)]!;
        const plan = planReplay(recording, { faults: { cutAfterEvent: event.index } });
        const origin = recording.response!.t!;
        let offset = 0;
        const expected = recording.reads.slice(0, event.read + 1).map((read): [number, string] => {
          const keep = Math.min(read.bytes.length, event.end - offset);
          offset += read.bytes.length;
          return [read.t! - origin, latin1(read.bytes.subarray(0, keep))];
        });
        expect(writes(plan), name).toEqual(expected);
        expect(plan.end, name).toEqual({ at: recording.reads[event.read]!.t! - origin, how: 'destroy' });
        expect(codes(replayed(plan, recording)), name).toContain('connection-error');
      }
    });

    it('stalls each simulator recording before one event: the same bytes, the later writes all exactly that much later', () => {
      for (const { name, recording } of loaded().simulated) {
        const body = bodyOf(recording);
        const events = parseSse(body).events;
        if (events.length < 3) continue;
        const plain = planReplay(recording);
        const plan = planReplay(recording, { faults: { stalls: [{ beforeEvent: 2, ms: 1234 }] } });
        expect(latin1(sent(plan)), name).toBe(latin1(body));
        const start = events[2]!.start;
        let offset = 0;
        const expected: [number, string][] = [];
        for (const write of plain.writes) {
          const text = latin1(write.bytes);
          const split = start - offset;
          if (split > 0 && split < text.length) expected.push([write.at, text.slice(0, split)], [write.at + 1234, text.slice(split)]);
          else expected.push([offset >= start ? write.at + 1234 : write.at, text]);
          offset += text.length;
        }
        expect(writes(plan), name).toEqual(expected);
        expect(plan.end, name).toEqual({ ...plain.end, at: plain.end.at + 1234 });
      }
    });

    it('holds everything of each simulator recording until the recorded end, as a buffering proxy does', () => {
      for (const { name, recording } of loaded().simulated) {
        const plan = planReplay(recording, { faults: { bufferAll: true } });
        const plain = planReplay(recording);
        expect(writes(plan), name).toEqual([[plain.end.at, latin1(bodyOf(recording))]]);
        expect(plan.end, name).toEqual(plain.end);
      }
    });
  });

  describe("the status fault answers in the dialect's error shape", () => {
    it('answers with the status and the error instead of the recording, whatever else was asked', () => {
      const [code, error] = facts.errors[0]!;
      const plan = planReplay(facts.sample, { faults: { status: { code }, dropDone: true } });
      const body = JSON.stringify(error);
      expect(plan).toEqual({
        status: code,
        headers: [
          ['content-type', 'application/json'],
          ['content-length', String(body.length)],
        ],
        writes: [{ at: 0, bytes: new TextEncoder().encode(body) }],
        end: { at: 0, how: 'end' },
        applied: [`answered HTTP ${code} instead of the recording`, `ignored (no stream is sent): ${facts.words[0]}`],
        droppedHeaders: [],
      });
    });

    it.each(facts.errors)('HTTP %i', (code, error) => {
      expect(JSON.parse(new TextDecoder().decode(sent(planReplay(facts.sample, { faults: { status: { code } } }))))).toEqual(error);
    });

    it('sends the body given, as JSON when it is JSON and as text otherwise', () => {
      const text = planReplay(facts.sample, { faults: { status: { code: 502, body: '<html>Bad gateway</html>' } } });
      expect(text.headers).toEqual([
        ['content-type', 'text/plain; charset=utf-8'],
        ['content-length', '24'],
      ]);
      expect(latin1(sent(text))).toBe('<html>Bad gateway</html>');
      expect(planReplay(facts.sample, { faults: { status: { code: 400, body: '{"error":{"message":"no"}}' } } }).headers[0]).toEqual(['content-type', 'application/json']);
      expect(planReplay(facts.sample, { faults: { status: { code: 500, body: '' } } }).writes).toEqual([]);
    });
  });

  describe('notes when a drop finds nothing to do', () => {
    it("says so in the dialect's words", () => {
      for (const { recording, faults, applied } of facts.notes) expect(planReplay(recording, { faults }).applied).toEqual(applied);
    });

    it("names the drops in the dialect's words", () => {
      const faults: ReplayFaults = { dropDone: true, dropFinish: true, dropUsage: true };
      expect(describeFaults(faults, [protocol])).toEqual(facts.words);
      expect(describeFaults(faults, [protocol, protocol])).toEqual(facts.words);
    });
  });

  describe('its own cases', () => facts.own(loaded));
});

// ------------------------------------------------------------------ Chat Completions' own cases

function chatOwn(loaded: () => Loaded): void {
  describe('faults that remove bytes keep every other byte in the read it came in', () => {
    it('drops [DONE] across a read boundary', () => {
      const plan = planReplay(AWKWARD, { faults: { dropDone: true } });
      expect(writes(plan)).toEqual([
        [0, HI + FINISH.slice(0, SPLIT)],
        [10, FINISH.slice(SPLIT) + USAGE],
      ]);
      expect(plan.end).toEqual({ at: 25, how: 'end' });
      expect(plan.applied).toEqual(['dropped [DONE] (event 3)']);
    });

    it('drops the finish-only chunk, split over two reads', () => {
      const plan = planReplay(AWKWARD, { faults: { dropFinish: true } });
      expect(writes(plan)).toEqual([
        [0, HI],
        [10, USAGE + 'da'],
        [20, 'ta: [DONE]\n\n'],
      ]);
      expect(plan.applied).toEqual(['dropped the finish-only chunk (event 1)']);
    });

    it('drops the finish, the usage chunk and [DONE] together: reads left empty are not written', () => {
      const plan = planReplay(AWKWARD, { faults: { dropDone: true, dropFinish: true, dropUsage: true } });
      expect(writes(plan)).toEqual([[0, HI]]);
      expect(plan.end).toEqual({ at: 25, how: 'end' });
      expect(plan.applied).toEqual(['dropped [DONE] (event 3)', 'dropped the usage chunk (event 2)', 'dropped the finish-only chunk (event 1)']);
    });

    it('sets finish_reason to null in place, byte for byte, in a chunk that also carries content, where the value began', () => {
      const recording = timed([
        [0, 'data: {"choices":[{"index":0,"delta":{"content":"!"},"finish_reason" : "st'],
        [5, 'op"},{"index":1,"delta":{"content":"?"},"finish_reason":null}]}\r\n\r\n'],
      ]);
      const plan = planReplay(recording, { faults: { dropFinish: true } });
      expect(writes(plan)).toEqual([
        [0, 'data: {"choices":[{"index":0,"delta":{"content":"!"},"finish_reason" : null'],
        [5, '},{"index":1,"delta":{"content":"?"},"finish_reason":null}]}\r\n\r\n'],
      ]);
      expect(plan.applied).toEqual(['finish_reason set to null (event 0)']);
    });

    it('drops [DONE] from every stream that has one, and nothing else', () => {
      for (const { name, recording } of loaded().all) {
        const body = bodyOf(recording);
        const plan = planReplay(recording, { faults: { dropDone: true } });
        const events = parseSse(body).events;
        const kept = events.filter((event) => event.data !== DONE).map((event) => latin1(body.subarray(event.start, event.end)));
        expect(slices(sent(plan)), name).toEqual(kept);
        const hadDone = kept.length < events.length;
        expect(codes(replayed(plan)).includes('no-done'), name).toBe(hadDone || codes(recording).includes('no-done'));
        if (recording.source !== 'live') continue;
        // On loopback [DONE] comes whole in a read: each read goes out without it, at its own time.
        const origin = recording.response!.t!;
        const expected = recording.reads
          .map((read): [number, string] => [read.t! - origin, latin1(read.bytes).replace(/data: \[DONE\](\r\n|\r|\n)(\r\n|\r|\n)/, '')])
          .filter(([, text]) => text !== '');
        expect(writes(plan), name).toEqual(expected);
      }
    });

    it('drops every finish reason: finish-only chunks go, other chunks carry null, and the messages stay as they were', () => {
      let finishOnly = 0;
      let rewritten = 0;
      for (const { name, recording } of loaded().all) {
        const body = bodyOf(recording);
        const plan = planReplay(recording, { faults: { dropFinish: true } });
        const before = toContract(analyzeRecording(recording));
        const after = toContract(analyzeRecording(replayed(plan)));
        expect(after.choices, name).toEqual(before.choices.map((choice) => ({ ...choice, finish_reason: null })));
        expect(after.usage, name).toEqual(before.usage);
        if (before.choices.length > 0) expect(after.diagnostics.map((d) => d.code), name).toContain('missing-finish-reason');

        // Independently of the byte scanner: the same text with each finish value replaced by a regular expression.
        const expected = slices(body).flatMap((slice) => {
          const nulled = slice.replace(/(?<!\\)("finish_reason"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1null');
          if (nulled === slice) return [slice];
          const onlyFinish = isFinishOnly(slice);
          if (onlyFinish) finishOnly++;
          else rewritten++;
          return onlyFinish ? [] : [nulled];
        });
        expect(slices(sent(plan)), name).toEqual(expected);
      }
      // Both kinds occur in the corpus: the assertions above were not vacuous.
      expect(finishOnly).toBeGreaterThan(20);
      expect(rewritten).toBeGreaterThan(5);
    });

    it('drops the usage chunk (choices: [] with usage) and nothing else', () => {
      let dropped = 0;
      for (const { name, recording } of loaded().all) {
        const body = bodyOf(recording);
        const plan = planReplay(recording, { faults: { dropUsage: true } });
        const events = parseSse(body).events;
        const kept = events.filter((event) => !isUsageChunk(event.data)).map((event) => latin1(body.subarray(event.start, event.end)));
        dropped += events.length - kept.length;
        expect(slices(sent(plan)), name).toEqual(kept);
        expect(codes(replayed(plan)), name).not.toContain('usage-chunk');
      }
      expect(dropped).toBeGreaterThan(15);
    });

    it('corrupts [DONE] too, and cuts a multi-byte character nowhere', () => {
      const recording = timed([[0, 'data: {"c":"ééééé"}\n\ndata: [DONE]\n\n']]);
      expect(latin1(sent(planReplay(recording, { faults: { corruptEvent: 0 } })))).toBe(latin1(new TextEncoder().encode('data: {"c":"é\n\ndata: [DONE]\n\n')));
      expect(latin1(sent(planReplay(recording, { faults: { corruptEvent: 1 } })))).toBe('data: {"c":"Ã©Ã©Ã©Ã©Ã©"}\n\ndata: [DO\n\n');
    });

    it('corrupts a number payload by emptying it, since half a number may still be one', () => {
      const plan = planReplay(timed([[0, 'data: 12345\n\n']]), { faults: { corruptEvent: 0 } });
      expect(latin1(sent(plan))).toBe('data: \n\n');
    });
  });

  describe('faults that cut, stall or hold the stream', () => {
    it('cuts after byte N of what is sent, mid-read and mid-event', () => {
      expect(writes(planReplay(AWKWARD, { faults: { cutAfterByte: HI.length + 10 } }))).toEqual([[0, HI + FINISH.slice(0, 10)]]);
      const plan = planReplay(AWKWARD, { faults: { cutAfterByte: HI.length + FINISH.length - 3, dropDone: true } });
      expect(writes(plan)).toEqual([
        [0, HI + FINISH.slice(0, SPLIT)],
        [10, FINISH.slice(SPLIT, -3)],
      ]);
      expect(plan.end).toEqual({ at: 10, how: 'destroy' });
      expect(planReplay(AWKWARD, { faults: { cutAfterByte: 0 } })).toMatchObject({ writes: [], end: { at: 0, how: 'destroy' } });
    });

    it('cuts at the end, after every byte, when the event or byte asked for is past the body', () => {
      const byEvent = planReplay(AWKWARD, { faults: { cutAfterEvent: 9 } });
      expect(latin1(sent(byEvent))).toBe(latin1(bodyOf(AWKWARD)));
      expect(byEvent.end).toEqual({ at: 25, how: 'destroy' });
      expect(byEvent.applied).toEqual(['cut after event 9: no such event (the recording has 4), cut at the end']);
      const byByte = planReplay(AWKWARD, { faults: { cutAfterByte: 10_000 } });
      expect(byByte.end).toEqual({ at: 25, how: 'destroy' });
      expect(byByte.applied).toEqual([`cut after byte 10000: the body has ${bodyOf(AWKWARD).length}, cut at the end`]);
    });

    it('cuts after a dropped event where its bytes would have ended', () => {
      const plan = planReplay(AWKWARD, { faults: { dropUsage: true, cutAfterEvent: 2 } });
      expect(writes(plan)).toEqual([
        [0, HI + FINISH.slice(0, SPLIT)],
        [10, FINISH.slice(SPLIT)],
      ]);
      expect(plan.end).toEqual({ at: 10, how: 'destroy' });
    });

    it('stalls before an event that starts mid-read: the read is split there and everything after waits', () => {
      const plan = planReplay(AWKWARD, { faults: { stalls: [{ beforeEvent: 1, ms: 500 }, { beforeEvent: 3, ms: 40 }] } });
      expect(writes(plan)).toEqual([
        [0, HI],
        [500, FINISH.slice(0, SPLIT)],
        [510, FINISH.slice(SPLIT) + USAGE],
        [550, 'da'],
        [560, 'ta: [DONE]\n\n'],
      ]);
      expect(plan.end).toEqual({ at: 565, how: 'end' });
      expect(plan.applied).toEqual(['stalled 500 ms before event 1', 'stalled 40 ms before event 3']);
    });

    it('holds a slow stream whole: the analysis says buffered-delivery', () => {
      const slow = timed(Array.from({ length: 40 }, (_, i): [number, string] => [i * 50, `data: {"choices":[{"index":0,"delta":{"content":"w${i}"}}]}\n\n`]));
      expect(codes(replayed(planReplay(slow, { faults: { bufferAll: true } })))).toContain('buffered-delivery');
    });

    it('holds what goes before a cut and sends it at the cut', () => {
      const plan = planReplay(AWKWARD, { faults: { bufferAll: true, cutAfterEvent: 1 } });
      expect(writes(plan)).toEqual([[10, HI + FINISH]]);
      expect(plan.end).toEqual({ at: 10, how: 'destroy' });
    });
  });

  describe('the status fault', () => {
    it('answers a 503 with a server_error', () => {
      expect(JSON.parse(latin1(sent(planReplay(AWKWARD, { faults: { status: { code: 503 } } })))).error.type).toBe('server_error');
    });
  });

  describe('chunk-boundary invariance', () => {
    const FAULTS: ReplayFaults = { dropDone: true, dropFinish: true, dropUsage: true, corruptEvent: 2 };
    const timedReads = (parts: readonly Uint8Array[]): Recording => timed(parts.map((part, i): [number, Uint8Array] => [i, part]));

    it('sends the same bytes with every fault that edits them, however the recording was split into reads', () => {
      const names = ['openai-gpt4o-structured-text-usage.sse', 'groq-llama33-tool-call-single-chunk.sse', 'openai-gpt4o-n3-interleaved-choices.sse', 'tgi-llama31-tool-call-no-finish-reserialised.sse'];
      for (const name of names) {
        const body = realStream(name);
        const whole = latin1(sent(planReplay(recordingFromSse(body), { faults: FAULTS })));
        fc.assert(
          fc.property(fc.array(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 40 }), (cuts) => {
            expect(latin1(sent(planReplay(timedReads(splitAt(body, cuts)), { faults: FAULTS })))).toBe(whole);
          }),
          { numRuns: 60 },
        );
      }
    });

    it('sends the same bytes when every byte came in its own read', () => {
      const body = realStream('openai-gpt4o-structured-text-usage.sse');
      const plan = planReplay(timedReads(byteByByte(body)), { faults: FAULTS });
      expect(latin1(sent(plan))).toBe(latin1(sent(planReplay(recordingFromSse(body), { faults: FAULTS }))));
      expect(plan.writes.every((write) => write.bytes.length <= 4)).toBe(true);
    });
  });
}

// ------------------------------------------------------------------ Responses' own cases

function responsesOwn(loaded: () => Loaded): void {
  const contract = (events: Json[], faults: ReplayFaults): ResponsesContract => {
    const recording = served(events, 'responses');
    return toContract(analyzeRecording(replayed(planReplay(recording, { faults }), recording))) as ResponsesContract;
  };

  it('an in_progress response without the terminal event, no usage without it, no reason for an incomplete one', () => {
    expect(contract(responses(), { dropDone: true }).response).toMatchObject({ status: 'in_progress', usage: null });
    expect(contract(responses(), { dropUsage: true }).response).toMatchObject({ status: 'completed', usage: null });
    const incomplete = contract(responses({ terminal: 'response.incomplete' }), { dropFinish: true });
    expect(incomplete.response).toMatchObject({ status: 'incomplete', incomplete_details: null });
    expect(incomplete.diagnostics.find((d) => d.code === 'response-incomplete')!.message).toBe(`The response ended incomplete (event ${TERMINAL}), without a reason.`);
  });

  it('drops the [DONE] a Responses server sends after its terminal event too, and says so', () => {
    const { recording } = loaded().all.find(({ name }) => name === 'responses/openrouter-gptoss-reasoning-text-no-event-lines.sse')!;
    const last = parseSse(bodyOf(recording)).events.length - 1;
    expect(planReplay(recording, { faults: { dropDone: true } }).applied).toEqual([`dropped the terminal event (response.completed, event ${last - 1}; [DONE], event ${last})`]);
  });
}

// ------------------------------------------------------------------ Anthropic Messages' own cases

function geminiOwn(): void {
  it("drops the end of a real signed function call's stream and nothing of its parts: the call and its thoughtSignature still go out", () => {
    const name = 'gemini3flash-function-call-id-signature.sse';
    const recording = geminiCorpus().find((each) => each.name === name)!.recording;
    const before = eventsOf(bodyOf(recording));
    const after = eventsOf(sent(planReplay(recording, { faults: { dropDone: true } })));
    expect(after.map((event) => event.bytes)).toEqual(before.filter((event) => !geminiFinishes(event.json)).map((event) => event.bytes));
    expect(after.some((event) => event.data?.includes('"thoughtSignature"'))).toBe(before.filter((event) => !geminiFinishes(event.json)).some((event) => event.data?.includes('"thoughtSignature"')));
    expect(codes(replayed(planReplay(recording, { faults: { dropDone: true } }), recording))).toContain('missing-finish-reason');
  });
}

function messagesOwn(): void {
  const contract = (events: Json[], faults: ReplayFaults): MessagesContract => {
    const recording = served(events, 'anthropic-messages');
    return toContract(analyzeRecording(replayed(planReplay(recording, { faults }), recording))) as MessagesContract;
  };

  it('no stop_reason, and the usage message_start gave', () => {
    expect(contract(messages(), { dropFinish: true }).message).toMatchObject({ stop_reason: null, usage: { output_tokens: 25 } });
    expect(contract(messages(), { dropUsage: true }).message).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 472, output_tokens: 2 } });
  });

  it('leaves a corrupted event as the corruption left it', () => {
    const plan = planReplay(served(messages(), 'anthropic-messages'), { faults: { dropFinish: true, corruptEvent: STOP - 1 } });
    const data = JSON.stringify(lastOfType(messages(), 'message_delta')).length;
    expect(plan.applied).toEqual(['drop finish: no message_delta carries a stop_reason', `corrupted event ${STOP - 1} (data cut to ${Math.floor(data / 2)} of ${data} bytes)`]);
    expect(problems(replayed(plan, served(messages(), 'anthropic-messages')))).toEqual(['invalid-json']);
  });
}

// ------------------------------------------------------------------ fault arguments, whatever the dialect

describe('fault arguments', () => {
  it('refuses faults no replay can apply', () => {
    expect(() => checkFaults({ cutAfterEvent: -1 })).toThrow(new RangeError('cutAfterEvent must be an integer, 0 or more, not -1'));
    expect(() => checkFaults({ cutAfterByte: 1.5 })).toThrow(new RangeError('cutAfterByte must be an integer, 0 or more, not 1.5'));
    expect(() => checkFaults({ stalls: [{ beforeEvent: 1, ms: -5 }] })).toThrow(new RangeError('stalls[].ms must be a number of milliseconds, 0 or more, not -5'));
    expect(() => checkFaults({ status: { code: 99 } })).toThrow(new RangeError('status.code must be an HTTP status from 200 to 599, not 99'));
    expect(() => planReplay(AWKWARD, { faults: { corruptEvent: Number.NaN } })).toThrow(RangeError);
  });

  it('names each fault in the words the command line uses', () => {
    const faults: ReplayFaults = { status: { code: 500, body: 'x' }, cutAfterEvent: 7, cutAfterByte: 99, stalls: [{ beforeEvent: 3, ms: 500 }], dropDone: true, dropFinish: true, dropUsage: true, corruptEvent: 2, bufferAll: true };
    expect(describeFaults(faults)).toEqual([
      'answer HTTP 500 with the given body',
      'cut after event 7',
      'cut after byte 99',
      'stall 500 ms before event 3',
      'drop [DONE]',
      'drop finish_reason',
      'drop the usage chunk',
      'corrupt event 2',
      'buffer everything until the end',
    ]);
    expect(describeFaults({})).toEqual([]);
  });

  it('names the drops in the words of each dialect served, when they differ', () => {
    const faults: ReplayFaults = { dropDone: true, dropFinish: true, dropUsage: true };
    expect(describeFaults(faults, ['chat-completions', 'anthropic-messages'])).toEqual([
      'drop [DONE] (Chat Completions) / message_stop (Anthropic Messages)',
      'drop finish_reason (Chat Completions) / stop_reason (Anthropic Messages)',
      'drop the usage chunk (Chat Completions) / the message_delta usage (Anthropic Messages)',
    ]);
  });
});
