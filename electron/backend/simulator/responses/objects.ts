// The Responses API's objects as api.openai.com writes them (2025 captures in
// shared/test/fixtures/dialects/responses): the response object with its keys
// in OpenAI's order, output items (message, reasoning, function_call), usage,
// the ids (`resp_`, `msg_`, `rs_`, `fc_` + 50 hex digits sharing the
// response's prefix) and the `obfuscation` padding of delta events.

import { toolCallId } from '../chat/chunks.ts';
import { randomInt, randomString } from '../timing.ts';
import type { Rng } from '../timing.ts';
import { reasoningTokensOf, tokensOf } from '../turn.ts';
import type { Block } from '../turn.ts';
import type { ResponsesRequest } from './request.ts';

const HEX = '0123456789abcdef';

export interface ResponsesIdentity {
  readonly id: string;
  readonly createdAt: number;
  /** One id per block, in order; `callId` for function calls. */
  readonly items: readonly { readonly id: string; readonly callId: string }[];
}

/**
 * The response's id, `created_at` and its items' ids: 16 hex digits shared by
 * every id of the response, "00", `created_at` in hex, 24 hex digits of its own.
 */
export function makeIdentity(rng: Rng, blocks: readonly Block[]): ResponsesIdentity {
  const createdAt = 1_770_000_000 + randomInt(rng, 0, 9_999_999);
  const prefix = randomString(rng, 16, HEX);
  const hexId = (kind: string) => `${kind}_${prefix}00${createdAt.toString(16).padStart(8, '0')}${randomString(rng, 24, HEX)}`;
  const id = hexId('resp');
  const items = blocks.map((block) => {
    const itemId = hexId(block.kind === 'reasoning' ? 'rs' : block.kind === 'tool' ? 'fc' : 'msg');
    return { id: itemId, callId: block.kind === 'tool' ? toolCallId(rng) : '' };
  });
  return { id, createdAt, items };
}

export type ItemStatus = 'in_progress' | 'completed' | 'incomplete';

/** An output item with the text so far, in OpenAI's key order. */
export function itemObject(block: Block, ids: ResponsesIdentity['items'][number], text: string, status: ItemStatus, started = false): Record<string, unknown> {
  switch (block.kind) {
    case 'reasoning':
      return { id: ids.id, type: 'reasoning', summary: started ? [summaryPart(text)] : [] };
    case 'tool':
      return { id: ids.id, type: 'function_call', status, arguments: text, call_id: ids.callId, name: block.name };
    case 'text':
    case 'refusal':
      return { id: ids.id, type: 'message', status, content: started ? [contentPart(block, text)] : [], role: 'assistant' };
  }
}

export function contentPart(block: Block, text: string): Record<string, unknown> {
  return block.kind === 'refusal' ? { type: 'refusal', refusal: text } : { type: 'output_text', annotations: [], logprobs: [], text };
}

export function summaryPart(text: string): Record<string, unknown> {
  return { type: 'summary_text', text };
}

export interface Usage {
  readonly input_tokens: number;
  readonly input_tokens_details: { readonly cached_tokens: number };
  readonly output_tokens: number;
  readonly output_tokens_details: { readonly reasoning_tokens: number };
  readonly total_tokens: number;
}

export function usageOf(inputTokens: number, blocks: readonly Block[]): Usage {
  const output = tokensOf(blocks);
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoningTokensOf(blocks) },
    total_tokens: inputTokens + output,
  };
}

export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

export interface ResponseState {
  readonly status: ResponseStatus;
  readonly output: readonly Record<string, unknown>[];
  readonly usage: Usage | null;
  readonly error?: { readonly code: string; readonly message: string } | null;
  readonly incompleteReason?: string | null;
}

/** The response object, keys in OpenAI's order; `service_tier` is "auto" until the response is done, as OpenAI sends it. */
export function responseObject(request: ResponsesRequest, identity: ResponsesIdentity, state: ResponseState): Record<string, unknown> {
  const echo = request.echo;
  return {
    id: identity.id,
    object: 'response',
    created_at: identity.createdAt,
    status: state.status,
    background: false,
    error: state.error ?? null,
    incomplete_details: state.incompleteReason ? { reason: state.incompleteReason } : null,
    instructions: echo.instructions,
    max_output_tokens: echo.max_output_tokens,
    max_tool_calls: null,
    model: request.model,
    output: state.output,
    parallel_tool_calls: echo.parallel_tool_calls,
    previous_response_id: echo.previous_response_id,
    prompt_cache_key: null,
    prompt_cache_retention: null,
    reasoning: echo.reasoning,
    safety_identifier: null,
    service_tier: state.status === 'in_progress' ? 'auto' : 'default',
    store: echo.store,
    temperature: echo.temperature,
    text: { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: echo.tool_choice,
    tools: echo.tools,
    top_logprobs: 0,
    top_p: echo.top_p,
    truncation: 'disabled',
    usage: state.usage,
    user: null,
    metadata: echo.metadata,
  };
}

/**
 * The `obfuscation` padding of a delta event. OpenAI pads a short delta so
 * that its escaped text and the padding make 16 characters, hiding token
 * lengths from someone watching packet sizes; a longer one gets 0 to 15.
 */
export function padding(rng: Rng, text: string): string {
  const length = JSON.stringify(text).length - 2;
  return randomString(rng, length < 16 ? 16 - length : randomInt(rng, 0, 15));
}

export const FAILURE_MESSAGE = 'An error occurred while processing your request. You can retry your request, or contact us through our help center at help.openai.com if the error persists.';
