// The body of a streamed request in each dialect, built from the same inputs whatever the
// dialect: a conversation, tools, a token limit, further fields. The conversation and the tools
// may be written as Chat Completions writes them (role/content messages, `tool_calls`, `tool`
// results, `{type: "function", function: {…}}` tools): each dialect's module maps them onto its own
// shape (./request-body-responses.ts, ./request-body-messages.ts). What is already in the target
// dialect's shape, or has no counterpart, is sent as given: the server judges it, and the
// recording shows what it said.

import type { Protocol } from '../../../shared/dialects/types.ts';
import { withStreamOptions } from './request-body-common.ts';
import type { Json } from './request-body-common.ts';
import { messagesBody } from './request-body-messages.ts';
import { responsesBody } from './request-body-responses.ts';

export interface BodyInputs {
  readonly model: string;
  /** The conversation: Chat Completions messages, or the dialect's own items (sent as given). */
  readonly messages: readonly unknown[];
  readonly tools?: readonly unknown[];
  /** Further body fields, in the dialect's own names (`temperature`, `tool_choice` …); the fields built here win over them. */
  readonly params?: Readonly<Json>;
  /** The answer's token limit, under the dialect's name: `max_tokens`, `max_output_tokens`, `max_tokens`. */
  readonly maxTokens?: number;
  /** Chat Completions' `stream_options.include_usage` (default true); the other two always send usage. */
  readonly includeUsage?: boolean;
  /** `stream_options.include_obfuscation` (Chat Completions and Responses); not sent when absent. */
  readonly includeObfuscation?: boolean;
}

/** A body, or why the inputs cannot make one in that dialect (a sentence naming the input). */
export type BuiltBody = { readonly ok: true; readonly body: Json } | { readonly ok: false; readonly problem: string };

export function buildRequestBody(protocol: Protocol, inputs: BodyInputs): BuiltBody {
  if (protocol === 'chat-completions') return { ok: true, body: chatBody(inputs) };
  if (inputs.includeUsage !== undefined) return { ok: false, problem: `includeUsage is Chat Completions' own: a ${protocol === 'responses' ? 'Responses' : 'Messages'} stream always carries its usage` };
  if (protocol === 'responses') return responsesBody(inputs);
  if (inputs.includeObfuscation !== undefined) return { ok: false, problem: 'includeObfuscation is OpenAI’s: Anthropic Messages has no stream_options' };
  return messagesBody(inputs);
}

function chatBody(inputs: BodyInputs): Json {
  const { stream_options: given, ...rest } = inputs.params ?? {};
  const streamOptions = withStreamOptions(given, { includeUsage: inputs.includeUsage ?? true, includeObfuscation: inputs.includeObfuscation });
  return {
    ...rest,
    model: inputs.model,
    messages: inputs.messages,
    ...(inputs.tools !== undefined ? { tools: inputs.tools } : {}),
    ...(inputs.maxTokens !== undefined ? { max_tokens: inputs.maxTokens } : {}),
    ...(streamOptions ? { stream_options: streamOptions } : {}),
    stream: true,
  };
}
