// The test a user would write around exported fixture modules, run by fixture-run.test.ts in a
// child Vitest: it is copied, as `consumer.test.ts`, into a folder next to the generated
// `<case>.fixture.ts` (openai-test) and `<case>.msw.ts` modules and a `cases.json`, and feeds each
// recording to its dialect's official SDK — openai's `chat.completions` and `responses`,
// @anthropic-ai/sdk's `messages`, @google/genai's `models.generateContentStream`,
// @aws-sdk/client-bedrock-runtime's `ConverseStreamCommand` — through `recordedFetch` and through
// msw's `setupServer`. It
// imports the SDKs, msw and Vitest, as a user's test does; of Streamscope only the `Protocol`
// type, erased before the copy runs, which keys the table of dialects: a registered dialect
// without its entry does not compile.

import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI } from '@google/genai';
import { FetchHttpHandler } from '@smithy/fetch-http-handler';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Protocol } from '../dialects/types.ts';

/** One recording, as fixture-run.test.ts describes it. */
export interface ConsumerCase {
  /** The modules are `<name>.fixture.ts` and `<name>.msw.ts`. */
  readonly name: string;
  readonly dialect: Protocol;
  /** Milliseconds from the request to the last read (0 when untimed): what replaying at speed 1 takes at least. */
  readonly span: number;
  /** The SDK's error when the stream was cut, else null. */
  readonly rejects: string | null;
  /** Chat Completions: the JSON chunks before [DONE], what the SDK's iterator yields. */
  readonly chunks?: number;
  /** Chat Completions: documented divergences of the SDK from Streamscope (shared/test/reference/openai-sdk.ts): the SDK's value of a field of choice 0. */
  readonly sdkDiffers?: Readonly<Record<string, unknown>>;
}

interface ReplayOptions {
  speed?: number;
}

interface FixtureModule {
  expectedChoices?: ChoiceLike[];
  /** Responses' (output_text), Gemini's (candidates) or Bedrock's (a ConverseResponse: message, stopReason, usage, metrics). */
  expectedResponse?: Record<string, unknown> & { output_text?: string; candidates?: GeminiCandidate[]; message?: { role: string; content: ConverseBlock[] }; stopReason?: string | null; metrics?: unknown };
  expectedMessage?: Record<string, unknown> & { content: { type: string; text?: string }[] };
  expectedUsage: Record<string, unknown> | null;
  recordedFetch(options?: ReplayOptions): typeof fetch;
}

interface MswModule {
  handler: HttpHandler;
  recordedPath: string;
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

interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: Record<string, unknown>;
}

interface GeminiCandidate {
  index: number;
  content: { parts: GeminiPart[] };
  finishReason: string | null;
}

/** A ConverseResponse content block, as far as an app of ConverseStream reads it. */
interface ConverseBlock {
  text?: string;
  reasoningContent?: { reasoningText?: { text: string; signature?: string }; redactedContent?: string };
  toolUse?: { toolUseId: string; name: string; input: unknown };
}

/** How the SDK is pointed at the recording: `recordedFetch`, or a base URL msw answers under (with the recorded path, for an SDK that puts the model in it). */
type Client = { fetch?: typeof fetch; baseURL?: string; path?: string };

/** A dialect as its SDK's user meets it. */
interface DialectConsumer {
  /** The path the msw handler answers at: Gemini's names the model. */
  readonly path: string | RegExp;
  /** The SDK's base URL under msw's origin, in the SDK's default shape. */
  readonly baseURL: string;
  /** The SDK's stream helper to its final object: that object as the module holds its expectation, and its usage. */
  final(client: Client): Promise<{ got: unknown; usage: unknown }>;
  /** What the module expects the SDK to end with. */
  expected(fixture: FixtureModule, recorded: ConsumerCase): unknown;
  /** At speed 0, the text as the SDK streams it out: the module's text. */
  streamsText(fixture: FixtureModule, recorded: ConsumerCase): Promise<void>;
  /** The error the SDK throws on a cut stream under msw, where its client there is not the fetch one (the case's `rejects`). */
  readonly cutUnderMsw?: string;
}

const CASES: ConsumerCase[] = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url), 'utf8'));
const ORIGIN = 'https://api.recorded.test';
const CHAT_REQUEST = { model: 'recorded', messages: [{ role: 'user' as const, content: 'hi' }] };

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
  const [first, ...rest] = view(fixture.expectedChoices!);
  return first ? [{ ...first, ...differs }, ...rest] : [];
}

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

async function asJson(final: Promise<unknown>): Promise<{ got: unknown; usage: unknown }> {
  const got = withoutHelpers(await final) as { usage?: unknown };
  return { got, usage: got.usage ?? null };
}

const openai = (client: Client) => new OpenAI({ apiKey: 'test', maxRetries: 0, fetch: client.fetch, baseURL: client.baseURL });
const anthropic = (client: Client) => new Anthropic({ apiKey: 'test', maxRetries: 0, fetch: client.fetch, baseURL: client.baseURL });

/** Gemini's request path: its API version and model (`/v1beta/models/MODEL:streamGenerateContent`). */
const GEMINI_PATH = /^\/(v1[a-z0-9]*)\/models\/([^/:]+):streamGenerateContent$/;

/**
 * What a user of @google/genai keeps of `generateContentStream()`'s chunks: candidate 0's text
 * (`chunk.text`, read where the chunk has text, as it warns on any other part), its calls
 * (`chunk.functionCalls`), every part's thoughtSignature, the last finishReason and usageMetadata.
 */
async function geminiChunks(client: Client, onText: (text: string) => void = () => {}): Promise<Record<string, unknown>> {
  // Under msw the recorded path says the API version and the model; recordedFetch answers any request.
  const [, apiVersion, model] = GEMINI_PATH.exec(client.path ?? '/v1beta/models/recorded:streamGenerateContent') ?? [];
  const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { ...(client.fetch ? { fetch: client.fetch } : {}), ...(client.baseURL ? { baseUrl: client.baseURL, apiVersion } : {}) } });
  const got = { text: '', functionCalls: [] as unknown[], thoughtSignatures: [] as string[], finishReason: null as string | null, usageMetadata: null as unknown };
  for await (const chunk of await ai.models.generateContentStream({ model: model!, contents: 'hi' })) {
    const parts = (chunk.candidates?.[0]?.content?.parts ?? []) as GeminiPart[];
    if (parts.some((part) => typeof part.text === 'string' && part.thought !== true)) {
      got.text += chunk.text ?? '';
      onText(chunk.text ?? '');
    }
    got.functionCalls.push(...(chunk.functionCalls ?? []).map((call) => ({ ...call })));
    for (const part of parts) if (typeof part.thoughtSignature === 'string') got.thoughtSignatures.push(part.thoughtSignature);
    got.finishReason = chunk.candidates?.[0]?.finishReason ?? got.finishReason;
    if (chunk.usageMetadata) got.usageMetadata = chunk.usageMetadata;
  }
  return got;
}

/** The same of the module's expected response: candidate 0's parts, as Streamscope kept them. */
function geminiExpected(fixture: FixtureModule): Record<string, unknown> {
  const candidate = fixture.expectedResponse!.candidates!.find((each) => each.index === 0);
  const parts = candidate?.content.parts ?? [];
  return {
    text: geminiText(fixture),
    functionCalls: parts.flatMap((part) => (part.functionCall ? [part.functionCall] : [])),
    thoughtSignatures: parts.flatMap((part) => (typeof part.thoughtSignature === 'string' ? [part.thoughtSignature] : [])),
    finishReason: candidate?.finishReason ?? null,
    usageMetadata: fixture.expectedResponse!.usageMetadata ?? null,
  };
}

const geminiText = (fixture: FixtureModule): string =>
  (fixture.expectedResponse!.candidates!.find((each) => each.index === 0)?.content.parts ?? []).flatMap((part) => (typeof part.text === 'string' && part.thought !== true ? [part.text] : [])).join('');

/** Bedrock's request path: the model (`/model/MODEL/converse-stream`, the model URI-encoded), under what precedes it (the simulator's `/v1`, a proxy's prefix; nothing at AWS). */
const BEDROCK_PATH = /^((?:\/[^/]+)*?)\/model\/([^/]+)\/converse-stream$/;

/** A joined toolUse input as ConverseResponse holds it: parsed, {} when empty, the raw text when it is not JSON. */
function converseInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What a user of @aws-sdk/client-bedrock-runtime keeps of `ConverseStreamCommand`'s events, block
 * by contentBlockIndex: text deltas joined, reasoning text and its signature, redacted reasoning's
 * bytes (base64, as JSON carries them), toolUse with its input joined and parsed; the role,
 * stopReason, metrics and usage. Through recordedFetch the SDK's FetchHttpHandler calls it as its
 * customFetch; under msw, NodeHttpHandler asks the origin over HTTP/1.1 (the SDK's default handler
 * speaks HTTP/2, which msw does not intercept). An API key (bearer auth) signs nothing.
 */
async function converseEvents(client: Client, onText: (text: string) => void = () => {}): Promise<Record<string, unknown>> {
  const [, prefix, model] = BEDROCK_PATH.exec(client.path ?? '/model/recorded/converse-stream') ?? [];
  const bedrock = new BedrockRuntimeClient({
    region: 'us-east-1',
    token: { token: 'test' },
    authSchemePreference: ['httpBearerAuth'],
    maxAttempts: 1,
    ...(client.fetch ? { requestHandler: new FetchHttpHandler({ customFetch: client.fetch }) } : { endpoint: `${client.baseURL}${prefix}`, requestHandler: new NodeHttpHandler() }),
  });
  const blocks = new Map<number, { text?: string; reasoning?: string; signature?: string; redacted?: Uint8Array[]; toolUse?: { toolUseId?: string; name?: string }; input?: string }>();
  const blockAt = (index = 0) => blocks.get(index) ?? blocks.set(index, {}).get(index)!;
  const got = { role: null as string | null, content: [] as ConverseBlock[], stopReason: null as string | null, metrics: null as unknown, usage: null as unknown };
  try {
    const answer = await bedrock.send(new ConverseStreamCommand({ modelId: decodeURIComponent(model!), messages: [{ role: 'user', content: [{ text: 'hi' }] }] }));
    for await (const event of answer.stream ?? []) {
      if (event.messageStart?.role) got.role = event.messageStart.role;
      const started = event.contentBlockStart?.start?.toolUse;
      if (started) blockAt(event.contentBlockStart!.contentBlockIndex).toolUse = { toolUseId: started.toolUseId, name: started.name };
      const delta = event.contentBlockDelta;
      if (delta?.delta) {
        const block = blockAt(delta.contentBlockIndex);
        const { text, toolUse, reasoningContent } = delta.delta;
        if (typeof text === 'string') {
          block.text = (block.text ?? '') + text;
          onText(text);
        }
        if (typeof toolUse?.input === 'string') block.input = (block.input ?? '') + toolUse.input;
        if (typeof reasoningContent?.text === 'string') block.reasoning = (block.reasoning ?? '') + reasoningContent.text;
        if (typeof reasoningContent?.signature === 'string') block.signature = (block.signature ?? '') + reasoningContent.signature;
        if (reasoningContent?.redactedContent) (block.redacted ??= []).push(reasoningContent.redactedContent);
      }
      if (event.messageStop) got.stopReason = event.messageStop.stopReason ?? null;
      if (event.metadata?.usage) got.usage = JSON.parse(JSON.stringify(event.metadata.usage));
      if (event.metadata?.metrics) got.metrics = JSON.parse(JSON.stringify(event.metadata.metrics));
    }
  } finally {
    bedrock.destroy();
  }
  for (const [, block] of [...blocks].sort(([a], [b]) => a - b)) {
    if (block.reasoning !== undefined || block.signature !== undefined) got.content.push({ reasoningContent: { reasoningText: { text: block.reasoning ?? '', ...(block.signature === undefined ? {} : { signature: block.signature }) } } });
    if (block.redacted) got.content.push({ reasoningContent: { redactedContent: Buffer.concat(block.redacted).toString('base64') } });
    if (block.text !== undefined) got.content.push({ text: block.text });
    if (block.toolUse || block.input !== undefined) got.content.push({ toolUse: { ...block.toolUse, input: converseInput(block.input ?? '') } as ConverseBlock['toolUse'] });
  }
  return got;
}

/** The same of the module's expected response: its content blocks of those kinds, its role, stopReason, metrics and usage. */
function converseExpected(fixture: FixtureModule): Record<string, unknown> {
  const response = fixture.expectedResponse!;
  return {
    role: response.message!.role,
    content: response.message!.content.filter((block) => block.text !== undefined || block.reasoningContent !== undefined || block.toolUse !== undefined),
    stopReason: response.stopReason ?? null,
    metrics: response.metrics ?? null,
    usage: response.usage ?? null,
  };
}

const converseText = (fixture: FixtureModule): string => fixture.expectedResponse!.message!.content.flatMap((block) => (typeof block.text === 'string' ? [block.text] : [])).join('');

function responsesFinal(client: Client, onText: (text: string) => void = () => {}): Promise<unknown> {
  const stream = openai(client).responses.stream({ model: 'recorded', input: 'hi' });
  stream.on('response.output_text.delta', (event) => onText(event.delta));
  return stream.finalResponse();
}

function messagesFinal(client: Client, onText: (text: string) => void = () => {}): Promise<unknown> {
  const stream = anthropic(client).messages.stream({ model: 'recorded', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] });
  stream.on('text', onText);
  return stream.finalMessage();
}

/** The text deltas a stream helper hands out at speed 0, joined: the expected text, or its start when the stream was cut. */
async function expectDeltas(final: (client: Client, onText: (text: string) => void) => Promise<unknown>, fixture: FixtureModule, recorded: ConsumerCase, expected: string): Promise<void> {
  let text = '';
  const ended = final({ fetch: fixture.recordedFetch({ speed: 0 }) }, (delta) => (text += delta));
  if (recorded.rejects !== null) await expect(ended).rejects.toThrow(recorded.rejects);
  else await ended;
  // A cut stream ends mid-text: what came is the start of the expected text.
  if (recorded.rejects === null) expect(text).toBe(expected);
  else expect(expected.startsWith(text) && text.length > 0).toBe(true);
}

const DIALECTS: Readonly<Record<Protocol, DialectConsumer | null>> = {
  'bedrock-converse': {
    path: BEDROCK_PATH,
    // The SDK asks /model/MODEL/converse-stream under the endpoint's path: the origin and the recorded path's prefix.
    baseURL: ORIGIN,
    final: async (client) => {
      const got = await converseEvents(client);
      return { got, usage: got.usage };
    },
    expected: converseExpected,
    streamsText: (fixture, recorded) => expectDeltas(converseEvents, fixture, recorded, converseText(fixture)),
    // NodeHttpHandler's body stream fails with Node's own message when the socket closes mid-body (fetch's is "terminated").
    cutUnderMsw: 'aborted',
  },
  'chat-completions': {
    path: '/v1/chat/completions',
    baseURL: `${ORIGIN}/v1`,
    final: async (client) => {
      const completion = await openai(client).chat.completions.stream(CHAT_REQUEST).finalChatCompletion();
      return { got: view(completion.choices as unknown as ChoiceLike[]), usage: completion.usage ?? null };
    },
    expected: (fixture, recorded) => sdkExpected(fixture, recorded.sdkDiffers ?? {}),
    // The SDK's plain async iterator: every chunk, the text of each choice.
    streamsText: async (fixture, recorded) => {
      const client = openai({ fetch: fixture.recordedFetch({ speed: 0 }) });
      const content = new Map<number, string>();
      let chunks = 0;
      const iterate = async (): Promise<void> => {
        for await (const chunk of await client.chat.completions.create({ ...CHAT_REQUEST, stream: true })) {
          chunks++;
          for (const choice of chunk.choices) content.set(choice.index, (content.get(choice.index) ?? '') + (choice.delta.content ?? ''));
        }
      };
      if (recorded.rejects !== null) await expect(iterate()).rejects.toThrow(recorded.rejects);
      else await iterate();
      expect(chunks).toBe(recorded.chunks);
      // Streamscope's content is null where no delta carried text; the joined deltas are then "".
      const choices = fixture.expectedChoices!;
      expect(choices.map((choice) => content.get(choice.index) ?? '')).toEqual(choices.map((choice) => choice.message.content ?? ''));
    },
  },
  responses: {
    path: '/v1/responses',
    // openai's default base URL ends in /v1.
    baseURL: `${ORIGIN}/v1`,
    final: (client) => asJson(responsesFinal(client)),
    expected: (fixture) => fixture.expectedResponse,
    streamsText: (fixture, recorded) => expectDeltas(responsesFinal, fixture, recorded, fixture.expectedResponse!.output_text!),
  },
  'anthropic-messages': {
    path: '/v1/messages',
    // Anthropic's SDK adds /v1/messages itself.
    baseURL: ORIGIN,
    final: (client) => asJson(messagesFinal(client)),
    expected: (fixture) => fixture.expectedMessage,
    streamsText: (fixture, recorded) =>
      expectDeltas(messagesFinal, fixture, recorded, fixture.expectedMessage!.content.flatMap((block) => (block.type === 'text' ? [block.text ?? ''] : [])).join('')),
  },
  gemini: {
    path: GEMINI_PATH,
    // @google/genai adds its API version and the model's path itself.
    baseURL: ORIGIN,
    final: async (client) => {
      const got = await geminiChunks(client);
      return { got, usage: got.usageMetadata };
    },
    expected: geminiExpected,
    streamsText: (fixture, recorded) => expectDeltas(geminiChunks, fixture, recorded, geminiText(fixture)),
  },
};

/** Runs the dialect's stream helper to its end and checks it against the module's expectation, timing included. */
async function expectFinal(recorded: ConsumerCase, fixture: FixtureModule, client: Client): Promise<void> {
  const dialect = DIALECTS[recorded.dialect]!;
  const started = performance.now();
  const final = dialect.final(client);
  if (recorded.rejects !== null) await expect(final).rejects.toThrow(client.fetch === undefined ? (dialect.cutUnderMsw ?? recorded.rejects) : recorded.rejects);
  else {
    const { got, usage } = await final;
    expect(got).toEqual(dialect.expected(fixture, recorded));
    expect(usage).toEqual(fixture.expectedUsage);
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

  it('streams the text out through recordedFetch at speed 0: the expected text', async () => {
    const [fixture] = await load();
    await DIALECTS[recorded.dialect]!.streamsText(fixture, recorded);
  });

  it("feeds the SDK through msw's setupServer at the recorded timing, at the dialect's path under an origin of its own", async () => {
    const [fixture, msw] = await load();
    server.use(msw.handler);
    const { path, baseURL } = DIALECTS[recorded.dialect]!;
    if (typeof path === 'string') expect(msw.recordedPath).toBe(path);
    else expect(msw.recordedPath).toMatch(path);
    await expectFinal(recorded, fixture, { baseURL, path: msw.recordedPath });
  });
});
