// Real clients, none written here, pointed at a base URL (the replay server, aimock), for every
// registered dialect: what each ends with, comparable with our analysis.
//
// Chat Completions — one flat view that can be compared with our analysis (`ourView`):
// - `openaiFinal`: the official SDK's `chat.completions.stream(...).finalChatCompletion()`.
// - `openaiIterator`: the SDK's plain `create({ stream: true })` async iterator, accumulated as a
//   careful user does (choices by index, tool calls by index, text channels concatenated, the
//   last non-null finish reason and usage).
// - `aiSdk`: the Vercel AI SDK 6, `streamText` with `@ai-sdk/openai-compatible` (Chat alone).
//
// Responses and Anthropic Messages — what `openai`'s `responses.stream(…).finalResponse()` and
// `@anthropic-ai/sdk`'s `messages.stream(…).finalMessage()` end with, as JSON comparable with
// `inspect`'s final object (the contract's `response` / `message`), or the error they throw:
// `responsesFinal`, `messagesFinal`. (shared/dialects/sdk.test.ts feeds the same SDKs in memory,
// through a `fetch` of its own.)
//
// Gemini — what an app of `@google/genai`'s `generateContentStream()` keeps of its chunks
// (`geminiFinal`, GeminiView), beside the same view of `inspect`'s `response` (`geminiViewOf`).
//
// Bedrock ConverseStream — what an app of `@aws-sdk/client-bedrock-runtime`'s `ConverseStreamCommand`
// keeps of its events (`bedrockFinal`, BedrockView), beside the same view of `inspect`'s `output`
// (`bedrockViewOf`).

import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import Anthropic from '@anthropic-ai/sdk';
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import type { Message } from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI } from '@google/genai';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { jsonSchema, streamText, tool } from 'ai';
import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Analysis } from '../analysis/analyze.ts';

// ------------------------------------------------------------------ Chat Completions

export interface ToolCallView {
  id: string | null;
  type: string | null;
  name: string | null;
  arguments: string | null;
}

/** Choice 0 as a client ends with it, and how many choices there were. */
export interface ClientView {
  choices: number;
  role: string | null;
  content: string | null;
  refusal: string | null;
  reasoning: string | null;
  tool_calls: ToolCallView[] | null;
  finish_reason: string | null;
  usage: Record<string, unknown> | null;
}

export interface ClientError {
  /** The error's class: APIError, APIConnectionError, OpenAIError, TypeError … */
  name: string;
  message: string;
  status?: number;
}

export type ClientEnd = { ok: true; view: ClientView } | { ok: false; error: ClientError; view: ClientView | null };

export interface ClientRequest {
  model: string;
  messages: { role: 'user' | 'system' | 'assistant'; content: string }[];
  includeUsage?: boolean;
}

/** What our analysis says a client should end with. */
export function ourView(analysis: Analysis): ClientView {
  const choice = analysis.choices.find((candidate) => candidate.index === 0);
  const message = choice?.message;
  return {
    choices: analysis.choices.length,
    role: message?.role ?? null,
    content: message?.content ?? null,
    refusal: message?.refusal ?? null,
    reasoning: message?.reasoning_content ?? null,
    tool_calls: message?.tool_calls?.map((call) => ({ id: call.id, type: call.type, name: call.function.name, arguments: call.function.arguments })) ?? null,
    finish_reason: choice?.finish_reason ?? null,
    usage: analysis.state.usage ? { ...analysis.state.usage } : null,
  };
}

function errorOf(error: unknown): ClientError {
  if (error instanceof OpenAI.APIError && error.status !== undefined) return { name: error.constructor.name, message: error.message, status: error.status };
  // The AI SDK's APICallError carries the response status as statusCode.
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof Error) return { name: error.constructor.name, message: error.message, ...(typeof statusCode === 'number' ? { status: statusCode } : {}) };
  // The AI SDK hands on a stream's `error` object as it came, not as an Error.
  return { name: typeof error, message: JSON.stringify(error) };
}

function openai(baseURL: string): OpenAI {
  // logLevel 'off' only silences the SDK's console.error on malformed JSON; behaviour is unchanged.
  return new OpenAI({ apiKey: 'test', baseURL, maxRetries: 0, logLevel: 'off' });
}

const params = (request: ClientRequest) => ({
  model: request.model,
  messages: request.messages,
  ...(request.includeUsage ? { stream_options: { include_usage: true } } : {}),
});

/** `chat.completions.stream(...).finalChatCompletion()`. */
export async function openaiFinal(baseURL: string, request: ClientRequest): Promise<ClientEnd> {
  try {
    const completion = await openai(baseURL).chat.completions.stream(params(request)).finalChatCompletion();
    const choice = completion.choices.find((candidate) => candidate.index === 0);
    const message = choice?.message as (Record<string, unknown> & NonNullable<typeof choice>['message']) | undefined;
    return {
      ok: true,
      view: {
        choices: completion.choices.length,
        role: message?.role ?? null,
        content: message?.content ?? null,
        refusal: message?.refusal ?? null,
        // The SDK copies delta keys it does not know onto the message under their own name.
        reasoning: ((message?.reasoning_content ?? message?.reasoning) as string | null | undefined) ?? null,
        tool_calls:
          message?.tool_calls?.map((call) => ({
            id: call.id ?? null,
            type: call.type ?? null,
            name: call.type === 'function' ? call.function.name : null,
            arguments: call.type === 'function' ? call.function.arguments : null,
          })) ?? null,
        finish_reason: choice?.finish_reason ?? null,
        usage: (completion.usage as Record<string, unknown> | undefined) ?? null,
      },
    };
  } catch (error) {
    return { ok: false, error: errorOf(error), view: null };
  }
}

interface Accumulated {
  role: string | null;
  content: string | null;
  refusal: string | null;
  reasoning: string | null;
  calls: Map<number, ToolCallView>;
  finish: string | null;
}

/** The plain async iterator of `create({ stream: true })`, accumulated chunk by chunk. */
export async function openaiIterator(baseURL: string, request: ClientRequest): Promise<ClientEnd> {
  const choices = new Map<number, Accumulated>();
  let usage: Record<string, unknown> | null = null;
  const view = (): ClientView => {
    const first = choices.get(0);
    const calls = first ? [...first.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call) : [];
    return {
      choices: choices.size,
      role: first?.role ?? null,
      content: first?.content ?? null,
      refusal: first?.refusal ?? null,
      reasoning: first?.reasoning ?? null,
      tool_calls: calls.length > 0 ? calls : null,
      finish_reason: first?.finish ?? null,
      usage,
    };
  };
  try {
    const stream = await openai(baseURL).chat.completions.create({ ...params(request), stream: true });
    for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
      if (chunk.usage) usage = chunk.usage as unknown as Record<string, unknown>;
      for (const choice of chunk.choices ?? []) {
        let state = choices.get(choice.index);
        if (!state) choices.set(choice.index, (state = { role: null, content: null, refusal: null, reasoning: null, calls: new Map(), finish: null }));
        const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null; reasoning?: string | null };
        if (delta.role && !state.role) state.role = delta.role;
        if (typeof delta.content === 'string' && delta.content !== '') state.content = (state.content ?? '') + delta.content;
        if (typeof delta.refusal === 'string' && delta.refusal !== '') state.refusal = (state.refusal ?? '') + delta.refusal;
        const reasoning = delta.reasoning_content ?? delta.reasoning;
        if (typeof reasoning === 'string' && reasoning !== '') state.reasoning = (state.reasoning ?? '') + reasoning;
        for (const fragment of delta.tool_calls ?? []) {
          let call = state.calls.get(fragment.index);
          if (!call) state.calls.set(fragment.index, (call = { id: null, type: null, name: null, arguments: '' }));
          if (fragment.id && !call.id) call.id = fragment.id;
          if (fragment.type && !call.type) call.type = fragment.type;
          if (fragment.function?.name && !call.name) call.name = fragment.function.name;
          if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
        }
        if (choice.finish_reason) state.finish = choice.finish_reason;
      }
    }
    return { ok: true, view: view() };
  } catch (error) {
    return { ok: false, error: errorOf(error), view: view() };
  }
}

/**
 * What the AI SDK ends with. It has no role, no refusal channel and no choice count, and gives a
 * tool call's arguments parsed (`input`); its finish reason comes raw and unified.
 */
export interface AiSdkView {
  content: string | null;
  reasoning: string | null;
  tool_calls: { id: string; name: string; input: unknown }[] | null;
  finish_reason: string | null;
  unified_finish_reason: string;
  usage: Record<string, unknown> | null;
}

export interface AiSdkEnd {
  /** `error` parts of the full stream, in order (the AI SDK reports stream errors there, it does not throw). */
  errors: ClientError[];
  /** What was read, up to a thrown error; null when not even the stream's start came. */
  view: AiSdkView | null;
}

/**
 * `streamText` over `createOpenAICompatible`, read through `fullStream` as a UI does (text and
 * reasoning deltas appended, tool calls and the finish part kept, error parts collected), with
 * the tools the stream calls declared (no `execute`, one step). What was read before a failure is
 * kept: the AI SDK throws from the stream when the connection breaks.
 */
export async function aiSdk(baseURL: string, request: ClientRequest, toolNames: readonly string[] = []): Promise<AiSdkEnd> {
  const provider = createOpenAICompatible({ name: 'replay', baseURL, apiKey: 'test', includeUsage: request.includeUsage ?? false });
  const tools = Object.fromEntries(toolNames.map((name) => [name, tool({ inputSchema: jsonSchema({ type: 'object', additionalProperties: true }) })]));
  const errors: ClientError[] = [];
  const view: AiSdkView = { content: null, reasoning: null, tool_calls: null, finish_reason: null, unified_finish_reason: 'unknown', usage: null };
  let read = false;
  try {
    // onError: the error parts are collected below; the default handler only logs them.
    const result = streamText({ model: provider.chatModel(request.model), messages: request.messages, tools, maxRetries: 0, onError: () => {} });
    for await (const part of result.fullStream) {
      read = true;
      if (part.type === 'text-delta') view.content = (view.content ?? '') + part.text;
      else if (part.type === 'reasoning-delta') view.reasoning = (view.reasoning ?? '') + part.text;
      else if (part.type === 'tool-call') (view.tool_calls ??= []).push({ id: part.toolCallId, name: part.toolName, input: part.input });
      else if (part.type === 'finish') {
        view.finish_reason = part.rawFinishReason ?? null;
        view.unified_finish_reason = part.finishReason;
        view.usage = (part.totalUsage.raw as Record<string, unknown> | undefined) ?? null;
      } else if (part.type === 'error') errors.push(errorOf(part.error));
    }
  } catch (error) {
    errors.push(errorOf(error));
  }
  return { errors, view: read ? view : null };
}

// ------------------------------------------------------------------ Responses and Anthropic Messages: the official SDKs

export interface SdkError {
  /** The error's class: APIError, NotFoundError, AnthropicError, OpenAIError, TypeError … */
  readonly name: string;
  readonly message: string;
  /** The HTTP status of an API error. */
  readonly status?: number;
}

export type SdkEnd = { readonly ok: true; readonly final: unknown } | { readonly ok: false; readonly error: SdkError };

export interface ResponsesAsk {
  readonly model: string;
  readonly input: string | OpenAI.Responses.ResponseInput;
  readonly instructions?: string;
}

export interface MessagesAsk {
  readonly model: string;
  readonly max_tokens: number;
  readonly messages: Anthropic.MessageParam[];
  readonly system?: string;
}

/**
 * A final object as JSON has it, without the SDKs' structured-output helpers (openai's
 * `output_parsed`, `parsed`, `parsed_arguments`; Anthropic's `parsed_output`), which parse the
 * object rather than stream anything, and without the keys they leave undefined.
 */
export function withoutHelpers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutHelpers);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== 'output_parsed' && key !== 'parsed' && key !== 'parsed_arguments' && key !== 'parsed_output' && inner !== undefined) out[key] = withoutHelpers(inner);
  }
  return out;
}

function sdkErrorOf(error: unknown): SdkError {
  const status = (error as { status?: unknown } | null)?.status;
  if (error instanceof Error) return { name: error.constructor.name, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
  return { name: typeof error, message: String(error) };
}

async function settle(final: () => Promise<unknown>): Promise<SdkEnd> {
  try {
    return { ok: true, final: withoutHelpers(await final()) };
  } catch (error) {
    return { ok: false, error: sdkErrorOf(error) };
  }
}

/** `openai`'s `client.responses.stream(ask).finalResponse()` against `baseURL` (`http://host:port/v1`). */
export function responsesFinal(baseURL: string, ask: ResponsesAsk): Promise<SdkEnd> {
  // logLevel 'off' only silences the SDK's console output on malformed events; behaviour is unchanged.
  const client = new OpenAI({ apiKey: 'test', baseURL, maxRetries: 0, logLevel: 'off' });
  return settle(() => client.responses.stream(ask).finalResponse());
}

/** `@anthropic-ai/sdk`'s `client.messages.stream(ask).finalMessage()` against `baseURL` (`http://host:port/v1`; the SDK adds `/v1` itself). */
export function messagesFinal(baseURL: string, ask: MessagesAsk): Promise<SdkEnd> {
  const client = new Anthropic({ apiKey: 'test', baseURL: baseURL.replace(/\/v1\/?$/, ''), maxRetries: 0, logLevel: 'off' });
  return settle(() => client.messages.stream(ask).finalMessage());
}

// ------------------------------------------------------------------ Gemini: @google/genai

/**
 * What an app of `@google/genai` keeps of `generateContentStream()`, which yields each event as a
 * GenerateContentResponse and builds no final object: candidate 0's answer text (`chunk.text`,
 * thoughts left out) and its thought summaries joined, every call of `chunk.functionCalls`, every
 * part's thoughtSignature in order, the last finishReason and the last usageMetadata.
 */
export interface GeminiView {
  text: string;
  thoughts: string;
  functionCalls: Record<string, unknown>[];
  thoughtSignatures: string[];
  finishReason: string | null;
  usageMetadata: Record<string, unknown> | null;
}

export interface GeminiAsk {
  readonly model: string;
  readonly contents: unknown;
  readonly config?: Record<string, unknown>;
}

type GeminiPart = { text?: string; thought?: boolean; thoughtSignature?: string; functionCall?: unknown };

/** The view our final object gives: the same members, from candidate 0's parts as the analysis keeps them. */
export function geminiViewOf(response: { candidates: { index: number; content: { parts: GeminiPart[] }; finishReason: string | null }[]; usageMetadata: Record<string, unknown> | null }): GeminiView {
  const parts = response.candidates.find((candidate) => candidate.index === 0)?.content.parts ?? [];
  return {
    text: parts.flatMap((part) => (typeof part.text === 'string' && part.thought !== true ? [part.text] : [])).join(''),
    thoughts: parts.flatMap((part) => (typeof part.text === 'string' && part.thought === true ? [part.text] : [])).join(''),
    functionCalls: parts.flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall as Record<string, unknown>])),
    thoughtSignatures: parts.flatMap((part) => (typeof part.thoughtSignature === 'string' ? [part.thoughtSignature] : [])),
    finishReason: response.candidates.find((candidate) => candidate.index === 0)?.finishReason ?? null,
    usageMetadata: response.usageMetadata,
  };
}

/** `@google/genai`'s `generateContentStream(ask)` against `baseURL` (`http://host:port/v1`; the SDK adds its own `/v1beta`), its chunks read as an app reads them. */
export async function geminiFinal(baseURL: string, ask: GeminiAsk): Promise<SdkEnd> {
  const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: baseURL.replace(/\/v1\/?$/, '') } });
  const view: GeminiView = { text: '', thoughts: '', functionCalls: [], thoughtSignatures: [], finishReason: null, usageMetadata: null };
  try {
    for await (const chunk of await ai.models.generateContentStream({ model: ask.model, contents: ask.contents as never, config: ask.config })) {
      const parts = (chunk.candidates?.[0]?.content?.parts ?? []) as GeminiPart[];
      // chunk.text warns on a part that is not text (a function call): only text parts are read through it.
      if (parts.some((part) => typeof part.text === 'string' && part.thought !== true)) view.text += chunk.text ?? '';
      for (const part of parts) if (typeof part.text === 'string' && part.thought === true) view.thoughts += part.text;
      for (const call of chunk.functionCalls ?? []) view.functionCalls.push(JSON.parse(JSON.stringify(call)) as Record<string, unknown>);
      for (const part of parts) if (typeof part.thoughtSignature === 'string') view.thoughtSignatures.push(part.thoughtSignature);
      const finish = chunk.candidates?.[0]?.finishReason;
      if (finish !== undefined) view.finishReason = finish;
      if (chunk.usageMetadata !== undefined) view.usageMetadata = JSON.parse(JSON.stringify(chunk.usageMetadata)) as Record<string, unknown>;
    }
    return { ok: true, final: view };
  } catch (error) {
    return { ok: false, error: sdkErrorOf(error) };
  }
}

// ------------------------------------------------------------------ Bedrock ConverseStream: @aws-sdk/client-bedrock-runtime

/**
 * What an app of `ConverseStreamCommand` keeps of the events it yields (the SDK builds no final
 * object): the messageStart's role, the text deltas joined, the reasoning text joined with each
 * block's signature in order, each block's redacted reasoning bytes (base64, as JSON carries
 * them), each toolUse with its input fragments joined and parsed, messageStop's stopReason and
 * metadata's usage and metrics.
 */
export interface BedrockView {
  role: string | null;
  text: string;
  reasoning: string;
  signatures: string[];
  redacted: string[];
  toolUses: { toolUseId: unknown; name: unknown; input: unknown }[];
  stopReason: string | null;
  usage: Record<string, unknown> | null;
  metrics: Record<string, unknown> | null;
}

export interface BedrockAsk {
  readonly modelId: string;
  readonly messages: Message[];
  readonly inferenceConfig?: Record<string, unknown>;
}

type ConverseBlock = Record<string, Record<string, unknown> | undefined>;

/** A tool use's joined input as Converse's final object holds it: parsed, `{}` when empty, the raw text when it is not JSON. */
function parsedInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The view our final object gives (the contract's `output`): the same members, from its content blocks in order. */
export function bedrockViewOf(output: { message: { role: string; content: ConverseBlock[] }; stopReason: string | null; usage: Record<string, unknown> | null; metrics: Record<string, unknown> | null }): BedrockView {
  const blocks = output.message.content;
  const reasoning = blocks.flatMap((block) => (block.reasoningContent?.reasoningText ? [block.reasoningContent.reasoningText as { text: string; signature?: string }] : []));
  return {
    role: output.message.role,
    text: blocks.flatMap((block) => (typeof block.text === 'string' ? [block.text] : [])).join(''),
    reasoning: reasoning.map((each) => each.text).join(''),
    signatures: reasoning.flatMap((each) => (typeof each.signature === 'string' ? [each.signature] : [])),
    redacted: blocks.flatMap((block) => (typeof block.reasoningContent?.redactedContent === 'string' ? [block.reasoningContent.redactedContent] : [])),
    toolUses: blocks.flatMap((block) => (block.toolUse ? [{ toolUseId: block.toolUse.toolUseId, name: block.toolUse.name, input: block.toolUse.input }] : [])),
    stopReason: output.stopReason,
    usage: output.usage,
    metrics: output.metrics,
  };
}

interface BedrockBlock {
  reasoning: string | null;
  signature: string | null;
  redacted: Uint8Array[];
  toolUse: { toolUseId: unknown; name: unknown } | null;
  input: string | null;
  text: string | null;
}

/**
 * `ConverseStreamCommand(ask)` against `baseURL` (the replay's `http://host:port/v1`; the SDK asks
 * `/model/{modelId}/converse-stream` at the endpoint's root), over HTTP/1.1 (NodeHttpHandler: the
 * client's default handler speaks HTTP/2) with a Bedrock API key (bearer auth, no SigV4), one
 * attempt; its events read as an app reads them, block by contentBlockIndex.
 */
export async function bedrockFinal(baseURL: string, ask: BedrockAsk): Promise<SdkEnd> {
  const client = new BedrockRuntimeClient({
    endpoint: baseURL.replace(/\/v1\/?$/, ''),
    region: 'us-east-1',
    token: { token: 'test' },
    authSchemePreference: ['httpBearerAuth'],
    requestHandler: new NodeHttpHandler(),
    maxAttempts: 1,
  });
  const blocks = new Map<number, BedrockBlock>();
  const blockAt = (index: number | undefined): BedrockBlock => {
    const at = index ?? 0;
    let block = blocks.get(at);
    if (!block) blocks.set(at, (block = { reasoning: null, signature: null, redacted: [], toolUse: null, input: null, text: null }));
    return block;
  };
  let role: string | null = null;
  let stopReason: string | null = null;
  let usage: Record<string, unknown> | null = null;
  let metrics: Record<string, unknown> | null = null;
  const json = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  try {
    const answer = await client.send(new ConverseStreamCommand({ modelId: ask.modelId, messages: ask.messages, ...(ask.inferenceConfig === undefined ? {} : { inferenceConfig: ask.inferenceConfig }) }));
    for await (const event of answer.stream ?? []) {
      if (event.messageStart?.role !== undefined) role = event.messageStart.role;
      const start = event.contentBlockStart;
      if (start?.start?.toolUse) blockAt(start.contentBlockIndex).toolUse = { toolUseId: start.start.toolUse.toolUseId, name: start.start.toolUse.name };
      const delta = event.contentBlockDelta;
      if (delta?.delta) {
        const block = blockAt(delta.contentBlockIndex);
        const { text, toolUse, reasoningContent } = delta.delta;
        if (typeof text === 'string') block.text = (block.text ?? '') + text;
        if (typeof toolUse?.input === 'string') block.input = (block.input ?? '') + toolUse.input;
        if (typeof reasoningContent?.text === 'string') block.reasoning = (block.reasoning ?? '') + reasoningContent.text;
        if (typeof reasoningContent?.signature === 'string') block.signature = (block.signature ?? '') + reasoningContent.signature;
        if (reasoningContent?.redactedContent !== undefined) block.redacted.push(reasoningContent.redactedContent);
      }
      if (event.messageStop) stopReason = event.messageStop.stopReason ?? null;
      if (event.metadata) {
        if (event.metadata.usage !== undefined) usage = json(event.metadata.usage);
        if (event.metadata.metrics !== undefined) metrics = json(event.metadata.metrics);
      }
    }
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata?.httpStatusCode;
    const name = error instanceof Error ? error.constructor.name : typeof error;
    return { ok: false, error: { name, message: error instanceof Error ? error.message : String(error), ...(typeof status === 'number' ? { status } : {}) } };
  } finally {
    client.destroy();
  }
  const ordered = [...blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
  const view: BedrockView = {
    role,
    text: ordered.flatMap((block) => (block.text === null ? [] : [block.text])).join(''),
    reasoning: ordered.flatMap((block) => (block.reasoning === null ? [] : [block.reasoning])).join(''),
    signatures: ordered.flatMap((block) => (block.signature === null ? [] : [block.signature])),
    redacted: ordered.flatMap((block) => (block.redacted.length === 0 ? [] : [Buffer.concat(block.redacted).toString('base64')])),
    toolUses: ordered.flatMap((block) => (block.toolUse === null && block.input === null ? [] : [{ ...(block.toolUse ?? { toolUseId: undefined, name: undefined }), input: parsedInput(block.input ?? '') }])),
    stopReason,
    usage,
    metrics,
  };
  return { ok: true, final: JSON.parse(JSON.stringify(view)) as unknown };
}
