// What the official SDKs do on each defect the server battery fails (issue 29: "the SDKs'
// behaviour is the judge"): each check's defect scenarios (DEFECTS_OF_CHECK) met by the real SDK
// as an app uses it, the check's own request sent, and what the SDK ends with pinned. A failing
// rule's `sdk` sentence — the end of its verdict's summary — must quote what is pinned here, so
// no sentence says more than an SDK was seen to do. Where the SDK ends exactly as on the faithful
// scenario the rule's `fail` is not confirmed by any SDK, and the rule says nothing of one.

import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesOf } from '../../../shared/conformance/server/judge.ts';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import type { CheckRule, ServerCheck } from '../../../shared/conformance/server/types.ts';
import { PROTOCOLS } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { DEFECTS_OF_CHECK, simulatorModelOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { runChecks } from './run.ts';

let simulator: Simulator;
let openai: OpenAI;
let anthropic: Anthropic;
let google: GoogleGenAI;
beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
  // logLevel 'off' only silences the SDKs' console output; what they throw is unchanged.
  openai = new OpenAI({ apiKey: 'test', baseURL: simulator.url, maxRetries: 0, logLevel: 'off' });
  // The Anthropic SDK adds /v1 itself.
  anthropic = new Anthropic({ apiKey: 'test', baseURL: simulator.url.replace(/\/v1$/, ''), maxRetries: 0, logLevel: 'off' });
  // @google/genai adds its API version (/v1beta) itself.
  google = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: simulator.url.replace(/\/v1$/, '') } });
});
afterAll(() => simulator.close());

/** What an SDK threw: its class, its status (none for an error read from the stream), its message. */
interface Threw {
  threw: { name: string; status: number | null; message: string };
}
const threw = (error: unknown): Threw => {
  const status = (error as { status?: unknown }).status;
  return { threw: { name: (error as Error).constructor.name, status: typeof status === 'number' ? status : null, message: (error as Error).message } };
};

/** A choice as an app ends with it: its text, its calls ([name, arguments]), its finish reason. */
interface ChoiceEnd {
  content: string | null;
  calls: [string | null, string][];
  finish: string | null;
}
type ChatEnd = Threw | { choices: ChoiceEnd[]; usage: boolean };

/** `create({ stream: true })` iterated as a careful app does: by choice index, each call by index, its name and id from the first fragment. */
async function chatIterator(body: Record<string, unknown>): Promise<ChatEnd> {
  const choices = new Map<number, ChoiceEnd & { byIndex: Map<number, [string | null, string]> }>();
  let usage = false;
  try {
    const stream = await openai.chat.completions.create({ ...body, stream: true } as unknown as ChatCompletionCreateParamsStreaming);
    for await (const chunk of stream) {
      if (chunk.usage) usage = true;
      for (const choice of chunk.choices ?? []) {
        let state = choices.get(choice.index);
        if (!state) choices.set(choice.index, (state = { content: null, calls: [], finish: null, byIndex: new Map() }));
        if (choice.delta?.content) state.content = (state.content ?? '') + choice.delta.content;
        for (const fragment of choice.delta?.tool_calls ?? []) {
          const call = state.byIndex.get(fragment.index) ?? [null, ''];
          state.byIndex.set(fragment.index, call);
          if (fragment.function?.name && call[0] === null) call[0] = fragment.function.name;
          if (fragment.function?.arguments) call[1] += fragment.function.arguments;
        }
        if (choice.finish_reason) state.finish = choice.finish_reason;
      }
    }
  } catch (error) {
    return threw(error);
  }
  const ordered = [...choices].sort(([a], [b]) => a - b).map(([, { byIndex, ...choice }]) => ({ ...choice, calls: [...byIndex].sort(([a], [b]) => a - b).map(([, call]) => call) }));
  return { choices: ordered, usage };
}

/** `chat.completions.stream(…).finalChatCompletion()`. */
async function chatFinal(body: Record<string, unknown>): Promise<ChatEnd> {
  try {
    const completion = await openai.chat.completions.stream(body as never).finalChatCompletion();
    return {
      choices: completion.choices.map((choice) => ({
        content: choice.message.content,
        calls: (choice.message.tool_calls ?? []).map((call): [string | null, string] => (call.type === 'function' ? [call.function.name, call.function.arguments] : [null, ''])),
        finish: choice.finish_reason,
      })),
      usage: completion.usage !== undefined,
    };
  } catch (error) {
    return threw(error);
  }
}

type ResponsesEnd = Threw | { status: string | undefined; text: string; calls: [string, string][]; incomplete: string | null };
type ResponsesEvents = Threw | { textDone: string[]; argumentsDone: string[] };

/** `responses.stream(…)` iterated for its .done events, as an app that takes the text and arguments from them does. */
async function responsesEvents(body: Record<string, unknown>): Promise<ResponsesEvents> {
  const textDone: string[] = [];
  const argumentsDone: string[] = [];
  try {
    for await (const event of openai.responses.stream(body as never)) {
      if (event.type === 'response.output_text.done') textDone.push(event.text);
      if (event.type === 'response.function_call_arguments.done') argumentsDone.push(event.arguments);
    }
    return { textDone, argumentsDone };
  } catch (error) {
    return threw(error);
  }
}

/** `responses.stream(…).finalResponse()`. */
async function responsesFinal(body: Record<string, unknown>): Promise<ResponsesEnd> {
  try {
    const response = await openai.responses.stream(body as never).finalResponse();
    const calls = response.output.flatMap((item): [string, string][] => (item.type === 'function_call' ? [[item.name, item.arguments]] : []));
    return { status: response.status, text: response.output_text, calls, incomplete: response.incomplete_details?.reason ?? null };
  } catch (error) {
    return threw(error);
  }
}

type MessagesEnd = Threw | { stop: string | null; blocks: (['text', string] | ['tool_use', string, unknown])[] };

/** `messages.stream(…).finalMessage()`. */
async function messagesFinal(body: Record<string, unknown>): Promise<MessagesEnd> {
  try {
    const message = await anthropic.messages.stream(body as never).finalMessage();
    const blocks = message.content.flatMap((block): (['text', string] | ['tool_use', string, unknown])[] => (block.type === 'text' ? [['text', block.text]] : block.type === 'tool_use' ? [['tool_use', block.name, block.input]] : []));
    return { stop: message.stop_reason, blocks };
  } catch (error) {
    return threw(error);
  }
}

type GeminiEnd = Threw | { text: string; calls: [string | undefined, unknown][]; finish: string | null; usage: boolean };

/**
 * `models.generateContentStream(…)` iterated as an app does: `chunk.text` joined (read where the
 * chunk has text, as it warns on any other part), every call of `chunk.functionCalls` as [name,
 * args], the last finishReason, whether usageMetadata came. The check's body is the request's:
 * its generationConfig, tools and toolConfig go in the SDK's `config`.
 */
async function geminiStream(model: string, body: Record<string, unknown>): Promise<GeminiEnd> {
  const { contents, generationConfig, ...rest } = body as { contents: unknown; generationConfig?: Record<string, unknown> };
  let text = '';
  const calls: [string | undefined, unknown][] = [];
  let finish: string | null = null;
  let usage = false;
  try {
    for await (const chunk of await google.models.generateContentStream({ model, contents: contents as never, config: { ...generationConfig, ...rest } })) {
      if (chunk.candidates?.[0]?.content?.parts?.some((part) => typeof part.text === 'string' && part.thought !== true)) text += chunk.text ?? '';
      for (const call of chunk.functionCalls ?? []) calls.push([call.name, call.args]);
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
      if (chunk.usageMetadata) usage = true;
    }
  } catch (error) {
    return threw(error);
  }
  return { text, calls, finish, usage };
}

/** Every way an app of this dialect reads a stream, and what each ended with (Gemini's model is the path's, not the body's). */
async function sdksOn(protocol: Protocol, body: Record<string, unknown>, model: string): Promise<Record<string, unknown>> {
  if (protocol === 'gemini') return { generateContentStream: await geminiStream(model, body) };
  if (protocol === 'chat-completions') return { iterator: await chatIterator(body), finalChatCompletion: await chatFinal(body) };
  if (protocol === 'responses') return { events: await responsesEvents(body), finalResponse: await responsesFinal(body) };
  return { finalMessage: await messagesFinal(body) };
}

/** What the SDKs ended with, arguments read as the JSON they hold rather than as the text they are. */
function meaning(ends: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(ends), (key, value: unknown) => (key === 'argumentsDone' && Array.isArray(value) ? value.map((text) => JSON.parse(text as string) as unknown) : value)) as Record<string, unknown>;
}

/** The simulator's faithful answer to the text checks, which several defects hand on whole. */
const ANSWER = 'Streaming sends each token as soon as the model makes it, so the first words show up after a fraction of a second instead of after the whole reply.\n\nThe catch: a client must read the stream to its end, watch for the finish reason, and not trip over the usage chunk.';
const PARIS = '{"city":"Paris","unit":"celsius"}';
const JOINED = '{"city":"Paris","unit":"celsius"}{"city":"Tokyo","unit":"celsius"}{"timezone":"America/New_York"}';
const text = (content: string, finish: string): ChoiceEnd => ({ content, calls: [], finish });

/**
 * A defect's consequence: what the SDKs end with; the rule whose sentence tells it and the
 * fragments of what was pinned that the sentence quotes (and what the SDKs end with on the
 * faithful scenario, where the sentence contrasts the two); or `unconfirmed`, where every SDK ends
 * as on the faithful scenario and the rule can name no SDK that breaks.
 */
type Consequence = { sdks: Record<string, unknown>; faithful?: Record<string, unknown> } & ({ told: { rules: readonly string[]; quotes: readonly string[] } } | { unconfirmed: string });

const CONSEQUENCES: Readonly<Record<string, Consequence>> = {
  'chat.text sim-finish-twice': {
    sdks: { iterator: { choices: [text(ANSWER, 'stop')], usage: false }, finalChatCompletion: { choices: [{ ...text(ANSWER, 'stop'), calls: [] }], usage: false } },
    unconfirmed: 'finish-not-once',
  },
  'chat.usage sim-usage-on-content': {
    sdks: { iterator: { choices: [text(ANSWER, 'stop')], usage: true }, finalChatCompletion: { choices: [text(ANSWER, 'stop')], usage: true } },
    unconfirmed: 'usage-not-final-chunk',
  },
  'chat.tools sim-tool-stop': {
    sdks: {
      iterator: { choices: [{ content: null, calls: [['get_weather', PARIS]], finish: 'stop' }], usage: false },
      finalChatCompletion: { choices: [{ content: null, calls: [['get_weather', PARIS]], finish: 'stop' }], usage: false },
    },
    told: { rules: ['finish-not-once'], quotes: ['finish_reason "stop"', 'forced tool call', 'iterator', 'finalChatCompletion()'] },
  },
  'chat.parallel-tools sim-parallel-index-zero': {
    sdks: {
      iterator: { choices: [{ content: null, calls: [['get_weather', JOINED]], finish: 'tool_calls' }], usage: false },
      finalChatCompletion: { choices: [{ content: null, calls: [['get_local_time', JOINED]], finish: 'tool_calls' }], usage: false },
    },
    told: { rules: ['tool-call-wrong', 'tool-calls-collide'], quotes: ["iterator, accumulated by index, ends with one call of the first call's name", "finalChatCompletion() with one call of the last call's name", "every call's arguments joined", 'not JSON'] },
  },
  'chat.n sim-n-ignored': {
    sdks: { iterator: { choices: [text(ANSWER, 'stop')], usage: false }, finalChatCompletion: { choices: [text(ANSWER, 'stop')], usage: false } },
    told: { rules: ['choices-wrong'], quotes: ['iterator', 'finalChatCompletion()', 'the one choice sent', 'asked for 2 answers'] },
  },
  'chat.max-tokens sim-max-tokens-ignored': {
    sdks: { iterator: { choices: [text(ANSWER, 'stop')], usage: false }, finalChatCompletion: { choices: [text(ANSWER, 'stop')], usage: false } },
    told: { rules: ['finish-not-once'], quotes: ['whole answer', 'finish_reason "stop"', 'iterator', 'finalChatCompletion()'] },
  },
  'chat.error sim-error-streamed': {
    sdks: {
      iterator: { threw: { name: 'APIError', status: null, message: "Invalid type for 'messages': expected an array of objects, but got a string instead." } },
      finalChatCompletion: { threw: { name: 'APIError', status: null, message: "Invalid type for 'messages': expected an array of objects, but got a string instead." } },
    },
    faithful: {
      iterator: { threw: { name: 'BadRequestError', status: 400, message: "400 Invalid type for 'messages': expected an array of objects, but got a string instead." } },
      finalChatCompletion: { threw: { name: 'BadRequestError', status: 400, message: "400 Invalid type for 'messages': expected an array of objects, but got a string instead." } },
    },
    told: { rules: ['error-not-refused'], quotes: ['APIError with no status', 'BadRequestError (status 400)', 'iterator', 'finalChatCompletion()'] },
  },
  'responses.text sim-no-sequence-number': {
    sdks: { events: { textDone: [ANSWER], argumentsDone: [] }, finalResponse: { status: 'completed', text: ANSWER, calls: [], incomplete: null } },
    unconfirmed: 'sequence-number-wrong',
  },
  'responses.text sim-no-text-done': {
    sdks: { events: { textDone: [], argumentsDone: [] }, finalResponse: { status: 'completed', text: ANSWER, calls: [], incomplete: null } },
    told: { rules: ['event-sequence'], quotes: ['iterated', 'no response.output_text.done event', 'finalResponse() resolves with the whole text'] },
  },
  'responses.tools sim-arguments-respaced': {
    // The .done event's arguments are pretty-printed, not the deltas joined, but parse to the same object the final item holds.
    sdks: { events: { textDone: [], argumentsDone: [JSON.stringify(JSON.parse(PARIS), null, 1)] }, finalResponse: { status: 'completed', text: '', calls: [['get_weather', PARIS]], incomplete: null } },
    unconfirmed: 'done-text-mismatch',
  },
  'responses.parallel-tools sim-calls-one-index': {
    sdks: {
      events: { threw: { name: 'OpenAIError', status: null, message: 'Duplicate response output index 0.' } },
      finalResponse: { threw: { name: 'OpenAIError', status: null, message: 'Duplicate response output index 0.' } },
    },
    told: { rules: ['done-text-mismatch', 'function-calls-collide'], quotes: ['iterated', 'finalResponse()', "reject with 'Duplicate response output index 0.'", 'no call at all'] },
  },
  'responses.max-output-tokens sim-max-tokens-ignored': {
    sdks: { events: { textDone: [ANSWER], argumentsDone: [] }, finalResponse: { status: 'completed', text: ANSWER, calls: [], incomplete: null } },
    told: { rules: ['terminal-wrong'], quotes: ['finalResponse() resolves without error', 'status "completed"', 'whole answer'] },
  },
  'responses.error sim-error-streamed': {
    sdks: {
      events: { threw: { name: 'APIError', status: null, message: "Invalid type for 'input': expected one of a string or an array of input items, but got a number instead." } },
      finalResponse: { threw: { name: 'APIError', status: null, message: "Invalid type for 'input': expected one of a string or an array of input items, but got a number instead." } },
    },
    faithful: {
      events: { threw: { name: 'BadRequestError', status: 400, message: "400 Invalid type for 'input': expected one of a string or an array of input items, but got a number instead." } },
      finalResponse: { threw: { name: 'BadRequestError', status: 400, message: "400 Invalid type for 'input': expected one of a string or an array of input items, but got a number instead." } },
    },
    told: { rules: ['error-not-refused'], quotes: ['iterated', 'finalResponse()', 'APIError with no status', 'BadRequestError (status 400)'] },
  },
  'messages.text sim-no-event-names': {
    sdks: { finalMessage: { threw: { name: 'AnthropicError', status: null, message: 'request ended without sending any chunks' } } },
    told: { rules: ['event-name-mismatch'], quotes: ['finalMessage()', "rejects with 'request ended without sending any chunks'"] },
  },
  'messages.tools sim-text-on-tool': {
    // The text_delta is dropped: the message is what the faithful stream builds.
    sdks: { finalMessage: { stop: 'tool_use', blocks: [['tool_use', 'get_weather', { city: 'Paris', unit: 'celsius' }]] } },
    unconfirmed: 'delta-unknown-block',
  },
  'messages.parallel-tools sim-blocks-one-index': {
    sdks: { finalMessage: { threw: { name: 'AnthropicError', status: null, message: 'Unexpected non-whitespace character after JSON at position 33 (line 1 column 34)' } } },
    told: { rules: ['tool-use-wrong', 'blocks-collide'], quotes: ['finalMessage() rejects', "'Unexpected non-whitespace character after JSON at position 33 (line 1 column 34)'", 'no tool call at all'] },
  },
  'messages.max-tokens sim-max-tokens-ignored': {
    sdks: { finalMessage: { stop: 'end_turn', blocks: [['text', ANSWER]] } },
    told: { rules: ['stop-reason-wrong'], quotes: ['finalMessage() resolves without error', 'whole answer', 'stop_reason "end_turn"'] },
  },
  'messages.error sim-error-streamed': {
    sdks: { finalMessage: { threw: { name: 'APIError', status: null, message: '{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}}' } } },
    faithful: { finalMessage: { threw: { name: 'BadRequestError', status: 400, message: expect.stringMatching(/^400 \{"type":"error","error":\{"type":"invalid_request_error","message":"max_tokens: Field required"\},"request_id":"req_sim_\d+"\}$/) } } },
    told: { rules: ['error-not-refused'], quotes: ['finalMessage()', 'APIError with no status', "the error event's JSON as its message", 'BadRequestError (status 400)'] },
  },
  'gemini.text sim-no-finish-reason': {
    sdks: { generateContentStream: { text: ANSWER, calls: [], finish: null, usage: true } },
    faithful: { generateContentStream: { text: ANSWER, calls: [], finish: 'STOP', usage: true } },
    told: { rules: ['no-finish-reason'], quotes: ['generateContentStream() ends without error', 'whole text', 'no chunk carries a finishReason'] },
  },
  'gemini.tools sim-split-function-call': {
    sdks: {
      generateContentStream: {
        text: '',
        calls: [
          ['get_weather', { partial: '{"city":"Paris",' }],
          ['', { partial: '"unit":"celsius"}' }],
        ],
        finish: 'STOP',
        usage: true,
      },
    },
    faithful: { generateContentStream: { text: '', calls: [['get_weather', { city: 'Paris', unit: 'celsius' }]], finish: 'STOP', usage: true } },
    told: { rules: ['function-call-not-whole'], quotes: ['chunk.functionCalls', 'two calls', '"get_weather" and one with an empty name', 'args.partial'] },
  },
  'gemini.max-tokens sim-max-output-tokens-ignored': {
    sdks: { generateContentStream: { text: ANSWER, calls: [], finish: 'STOP', usage: true } },
    faithful: { generateContentStream: { text: 'Streaming sends each token', calls: [], finish: 'MAX_TOKENS', usage: true } },
    told: { rules: ['no-finish-reason'], quotes: ['generateContentStream() ends without error', 'whole answer', 'finishReason "STOP"'] },
  },
  // @google/genai sends no such request: it turns contents "not a list" into a user turn of that text, which the simulator answers in full,
  // as it does the defect's model — the error event is never streamed to an app of the SDK.
  'gemini.error sim-error-streamed': {
    sdks: { generateContentStream: { text: ANSWER, calls: [], finish: 'STOP', usage: true } },
    unconfirmed: 'error-not-refused',
  },
};

// Bedrock ConverseStream's SDK, @aws-sdk/client-bedrock-runtime, is not pinned on its defects yet (issue 32): they are judged by the battery alone (defects.test.ts), its rules name no SDK.
const EVERY: readonly ServerCheck[] = PROTOCOLS.filter((protocol) => protocol !== 'bedrock-converse').flatMap((protocol) => SERVER_BATTERIES[protocol]);
const ruleOf = (check: ServerCheck, code: string): CheckRule => rulesOf(check).find((rule) => rule.code === code)!;

const CASES = EVERY.flatMap((check) =>
  (DEFECTS_OF_CHECK[check.id] ?? [])
    .filter((defect) => defect.verdict === 'fail')
    .map((defect) => ({ check, defect, key: `${check.id} ${defect.model}`, name: `${check.id} on ${defect.model.slice('sim-'.length)}` })),
);

describe('what the official SDKs do on each defect the battery fails', () => {
  it('is pinned for every failing defect of every check, and for no other', () => {
    expect(CASES.map(({ key }) => key).filter((key) => !(key in CONSEQUENCES))).toEqual([]);
    expect(Object.keys(CONSEQUENCES).filter((key) => !CASES.some((kase) => kase.key === key))).toEqual([]);
  });

  it.each(CASES.filter(({ key }) => key in CONSEQUENCES))('$name', async ({ check, defect, key }) => {
    const consequence = CONSEQUENCES[key]!;
    const faithfulModel = simulatorModelOf(check.id);
    const got = await sdksOn(check.protocol, check.body(defect.model), defect.model);
    expect(got).toEqual(consequence.sdks);
    if (consequence.faithful) expect(await sdksOn(check.protocol, check.body(faithfulModel), faithfulModel)).toEqual(consequence.faithful);
    if ('unconfirmed' in consequence) {
      // The SDKs end as they do on the faithful answer, arguments meaning the same: nothing breaks, nothing differs.
      expect(meaning(got)).toEqual(meaning(await sdksOn(check.protocol, check.body(faithfulModel), faithfulModel)));
      expect(defect.breaks).toContain(consequence.unconfirmed);
      return;
    }
    const { rules, quotes } = consequence.told;
    for (const rule of rules) {
      expect(defect.breaks).toContain(rule);
      // The sentence names the helpers and quotes what they were seen to end with, pinned above.
      const sentence = ruleOf(check, rule).sdk ?? '';
      expect([rule, quotes.filter((quote) => !sentence.includes(quote))]).toEqual([rule, []]);
    }
    // And the check's verdict on the defect says it: its summary, and each told rule's finding, end with the sentence.
    const [verdict] = (await runChecks({ baseUrl: simulator.url, checks: [check], model: defect.model })).results;
    const first = ruleOf(check, rules[0]!).sdk!;
    expect(verdict!.summary.slice(-first.length - 1)).toBe(` ${first}`);
    expect(rules.filter((rule) => !verdict!.findings.some((finding) => finding.code === rule && finding.message.endsWith(` ${ruleOf(check, rule).sdk!}`)))).toEqual([]);
  });
});

// The transport rules (and [DONE]) have no defect of a check of their own: the simulator's faulty
// scenarios break them, in every dialect it plays them in, asked with each dialect's text check.
const CHAT_TEXT = 'The server had an error while processing your request. Sorry about that!';
const RESPONSES_TEXT = 'An error occurred while processing your request. You can retry your request, or contact us through our help center at help.openai.com if the error persists.';
const both = (end: unknown) => ({ iterator: end, finalChatCompletion: end });
const thrown = (name: string, message: string, status: number | null = null) => ({ threw: { name, status, message } });

interface Faulty {
  /** The simulator's scenario, where it is not the entry's key (a scenario that breaks another rule in another dialect). */
  readonly scenario?: string;
  readonly rule: string;
  readonly sdks: Readonly<Partial<Record<Protocol, Record<string, unknown>>>>;
  /** What the SDK ends with instead where the network's reads fall otherwise (the simulator at timeScale 0 writes events back to back, which a read may join or not). */
  readonly orElse?: Readonly<Partial<Record<Protocol, Record<string, unknown>>>>;
  /** What the rule's sentence quotes; null where the SDKs end as on the faithful answer, and the rule names none. */
  readonly quotes: readonly string[] | null;
}

const FAULTY: Readonly<Record<string, Faulty>> = {
  'server-error': {
    rule: 'http-status',
    sdks: {
      'chat-completions': both(thrown('InternalServerError', `500 ${CHAT_TEXT}`, 500)),
      responses: { events: thrown('InternalServerError', `500 ${CHAT_TEXT}`, 500), finalResponse: thrown('InternalServerError', `500 ${CHAT_TEXT}`, 500) },
      'anthropic-messages': { finalMessage: thrown('InternalServerError', expect.stringMatching(/^500 \{"type":"error","error":\{"type":"api_error","message":"Internal server error"\},"request_id":"req_sim_\d+"\}$/) as unknown as string, 500) },
    },
    quotes: ['openai-node', '@anthropic-ai/sdk', 'InternalServerError (status 500)', 'before any text'],
  },
  'json-response': {
    rule: 'not-event-stream',
    sdks: {
      'chat-completions': { iterator: { choices: [], usage: false }, finalChatCompletion: thrown('OpenAIError', 'request ended without sending any chunks') },
      responses: { events: thrown('OpenAIError', 'request ended without sending any events'), finalResponse: thrown('OpenAIError', 'request ended without sending any events') },
      'anthropic-messages': { finalMessage: thrown('AnthropicError', 'request ended without sending any chunks') },
    },
    quotes: ['iterator ends without error and without a chunk', 'empty answer', "finalChatCompletion() rejects with 'request ended without sending any chunks'", "responses.stream(), iterated or awaited with finalResponse(), with 'request ended without sending any events'", "finalMessage() with 'request ended without sending any chunks'"],
  },
  'invalid-json': {
    rule: 'invalid-json',
    sdks: {
      'chat-completions': { iterator: thrown('SyntaxError', 'Error reading response: malformed server-sent event JSON.'), finalChatCompletion: thrown('OpenAIError', 'Error reading response: malformed server-sent event JSON.') },
      responses: { events: thrown('OpenAIError', 'Error reading response: malformed server-sent event JSON.'), finalResponse: thrown('OpenAIError', 'Error reading response: malformed server-sent event JSON.') },
      'anthropic-messages': { finalMessage: thrown('AnthropicError', 'Unexpected end of JSON input') },
    },
    quotes: ["'Error reading response: malformed server-sent event JSON.'", "finalMessage() 'Unexpected end of JSON input'", 'iterator', 'finalChatCompletion()', 'finalResponse()'],
  },
  'stream-error': {
    rule: 'stream-error',
    sdks: {
      'chat-completions': both(thrown('APIError', CHAT_TEXT)),
      responses: { events: thrown('APIError', RESPONSES_TEXT), finalResponse: thrown('APIError', RESPONSES_TEXT) },
      'anthropic-messages': { finalMessage: thrown('APIError', '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}') },
    },
    quotes: ['throw an APIError with no status', "error event's message", 'iterator', 'finalChatCompletion()', 'finalResponse()', 'finalMessage()'],
  },
  'connection-drop': {
    rule: 'stream-error',
    sdks: {
      'chat-completions': { iterator: thrown('TypeError', 'terminated'), finalChatCompletion: thrown('OpenAIError', 'terminated') },
      responses: { events: thrown('OpenAIError', 'terminated'), finalResponse: thrown('OpenAIError', 'terminated') },
      'anthropic-messages': { finalMessage: thrown('AnthropicError', 'terminated') },
    },
    quotes: ["'terminated' where the connection drops"],
  },
  // Gemini's error is Google's JSON after the events, no data: line and no blank line: a partial event, not an error event. @google/genai looks
  // for an error in each network read whole before it splits it into events, so what it throws depends on whether the tail shares a read
  // (Node 24's fetch here joins it with the events before it, Node 22's does not); both pinned at speed 1 with the reads given in
  // electron/backend/replay/conformance/clients.test.ts.
  'gemini-error-tail': {
    scenario: 'stream-error',
    rule: 'partial-event',
    sdks: { gemini: { generateContentStream: thrown('Error', 'Incomplete JSON segment at the end') } },
    orElse: {
      gemini: {
        generateContentStream: thrown(
          'ApiError',
          'got status: INTERNAL. {"error":{"code":500,"message":"An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting","status":"INTERNAL"}}',
          500,
        ),
      },
    },
    quotes: [
      "Google's JSON error after Gemini's events",
      "@google/genai's generateContentStream() throws a plain Error, 'Incomplete JSON segment at the end'",
      "neither the error's message nor its status",
      "a network read of its own is thrown as its ApiError, with the status ('got status: INTERNAL. …')",
    ],
  },
  'no-done': {
    rule: 'done-not-last',
    // The answer is whole but for [DONE]: the SDKs take it, as they take the faithful one.
    sdks: { 'chat-completions': both({ choices: [text(ANSWER, 'stop')], usage: false }) },
    quotes: null,
  },
};

const FAULTY_CASES = Object.entries(FAULTY).flatMap(([scenario, faulty]) =>
  (Object.keys(faulty.sdks) as Protocol[]).map((protocol) => ({ scenario, faulty, protocol, check: SERVER_BATTERIES[protocol][0]!, name: `${faulty.rule} on ${scenario}, ${protocol}` })),
);

describe('what the official SDKs do on the faulty scenarios that break the transport rules', () => {
  it.each(FAULTY_CASES)('$name', async ({ scenario, faulty, protocol, check }) => {
    const model = `sim-${faulty.scenario ?? scenario}`;
    const ends = [faulty.sdks[protocol], ...(faulty.orElse?.[protocol] ? [faulty.orElse[protocol]] : [])];
    expect(ends).toContainEqual(await sdksOn(protocol, check.body(model), model));
    const [verdict] = (await runChecks({ baseUrl: simulator.url, checks: [check], model })).results;
    expect(verdict!.summary.split(':')[0]).toBe(faulty.rule);
    if (faulty.quotes === null) {
      expect(await sdksOn(protocol, check.body(simulatorModelOf(check.id)), simulatorModelOf(check.id))).toEqual(faulty.sdks[protocol]);
      expect(ruleOf(check, faulty.rule).sdk).toBeUndefined();
      return;
    }
    const sentence = ruleOf(check, faulty.rule).sdk ?? '';
    expect(faulty.quotes.filter((quote) => !sentence.includes(quote))).toEqual([]);
    expect(verdict!.summary.slice(-sentence.length - 1)).toBe(` ${sentence}`);
  });
});

describe('the rules that name an SDK', () => {
  it('say only sentences a defect or faulty scenario above was seen to prove, and only of failing rules', () => {
    const checkOf = (id: string): ServerCheck => EVERY.find((check) => check.id === id)!;
    const proven = Object.entries(CONSEQUENCES).flatMap(([key, consequence]) => ('told' in consequence ? consequence.told.rules.map((code) => `${code}: ${ruleOf(checkOf(key.split(' ')[0]!), code).sdk}`) : []));
    for (const faulty of Object.values(FAULTY)) if (faulty.quotes !== null) proven.push(`${faulty.rule}: ${ruleOf(SERVER_BATTERIES['chat-completions'][0]!, faulty.rule).sdk}`);
    const said = EVERY.flatMap((check) => rulesOf(check).filter((rule) => rule.sdk !== undefined).map((rule) => `${rule.code}: ${rule.sdk}`));
    expect([...new Set(said)].sort()).toEqual([...new Set(proven)].sort());
    expect(EVERY.flatMap((check) => rulesOf(check).filter((rule) => rule.sdk !== undefined && rule.breaks !== 'fail').map((rule) => rule.code))).toEqual([]);
  });
});
