// Builders of well-formed Responses and Anthropic Messages streams for the dialects' tests, in the
// shapes the real servers send (the openai SDK's and @anthropic-ai/sdk's types, and streams
// captured in the Vercel AI SDK's fixtures): a test builds a clean stream, then breaks it in the
// one way it is about.

import { parseSse } from '../framing/sse/parser.ts';
import type { SseEvent } from '../framing/sse/types.ts';

type Json = Record<string, unknown>;

export type ResponsesItemSpec =
  | { readonly type: 'message'; readonly id?: string; readonly text?: readonly string[]; readonly refusal?: readonly string[]; readonly annotations?: readonly Json[] }
  | { readonly type: 'function_call'; readonly id?: string; readonly callId?: string; readonly name: string; readonly args: readonly string[] }
  | { readonly type: 'reasoning'; readonly id?: string; readonly summary?: readonly (readonly string[])[]; readonly content?: readonly (readonly string[])[] }
  | { readonly type: 'web_search_call'; readonly id?: string };

export interface ResponsesOptions {
  readonly terminal?: 'response.completed' | 'response.incomplete' | 'response.failed' | null;
  readonly usage?: Json | null;
  readonly id?: string;
  readonly model?: string;
}

export const RESPONSES_USAGE: Json = { input_tokens: 45, input_tokens_details: { cached_tokens: 0 }, output_tokens: 25, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 70 };

/** A Responses stream as OpenAI sends it, sequence numbers from 0; the terminal response carries the whole output. */
export function responsesStream(items: readonly ResponsesItemSpec[], options: ResponsesOptions = {}): Json[] {
  const id = options.id ?? 'resp_test';
  const envelope = (status: string, output: Json[], usage: Json | null): Json => ({
    id,
    object: 'response',
    created_at: 1787659560,
    status,
    error: status === 'failed' ? { code: 'server_error', message: 'The model failed.' } : null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    model: options.model ?? 'gpt-test',
    output,
    parallel_tool_calls: true,
    usage,
    metadata: {},
  });
  const events: Json[] = [
    { type: 'response.created', response: envelope('in_progress', [], null) },
    { type: 'response.in_progress', response: envelope('in_progress', [], null) },
  ];
  const output: Json[] = [];
  items.forEach((spec, outputIndex) => {
    const itemId = spec.id ?? `${spec.type.slice(0, 2)}_${outputIndex}`;
    let done: Json;
    if (spec.type === 'message') {
      events.push({ type: 'response.output_item.added', output_index: outputIndex, item: { id: itemId, type: 'message', status: 'in_progress', content: [], role: 'assistant' } });
      const parts: Json[] = [];
      const texts: [string, readonly string[]][] = [];
      if (spec.text) texts.push(['output_text', spec.text]);
      if (spec.refusal) texts.push(['refusal', spec.refusal]);
      texts.forEach(([kind, pieces], contentIndex) => {
        const at = { item_id: itemId, output_index: outputIndex, content_index: contentIndex };
        const empty = kind === 'refusal' ? { type: 'refusal', refusal: '' } : { type: 'output_text', annotations: [], logprobs: [], text: '' };
        events.push({ type: 'response.content_part.added', ...at, part: empty });
        for (const piece of pieces) events.push(kind === 'refusal' ? { type: 'response.refusal.delta', ...at, delta: piece } : { type: 'response.output_text.delta', ...at, delta: piece, logprobs: [] });
        const full = pieces.join('');
        if (kind === 'output_text') (spec.annotations ?? []).forEach((annotation, annotationIndex) => events.push({ type: 'response.output_text.annotation.added', ...at, annotation_index: annotationIndex, annotation }));
        events.push(kind === 'refusal' ? { type: 'response.refusal.done', ...at, refusal: full } : { type: 'response.output_text.done', ...at, text: full, logprobs: [] });
        const part = kind === 'refusal' ? { type: 'refusal', refusal: full } : { type: 'output_text', annotations: [...(spec.annotations ?? [])], logprobs: [], text: full };
        events.push({ type: 'response.content_part.done', ...at, part });
        parts.push(part);
      });
      done = { id: itemId, type: 'message', status: 'completed', content: parts, role: 'assistant' };
    } else if (spec.type === 'function_call') {
      const base = { id: itemId, type: 'function_call', call_id: spec.callId ?? `call_${outputIndex}`, name: spec.name };
      events.push({ type: 'response.output_item.added', output_index: outputIndex, item: { ...base, status: 'in_progress', arguments: '' } });
      for (const piece of spec.args) events.push({ type: 'response.function_call_arguments.delta', item_id: itemId, output_index: outputIndex, delta: piece });
      events.push({ type: 'response.function_call_arguments.done', item_id: itemId, output_index: outputIndex, arguments: spec.args.join('') });
      done = { ...base, status: 'completed', arguments: spec.args.join('') };
    } else if (spec.type === 'reasoning') {
      events.push({ type: 'response.output_item.added', output_index: outputIndex, item: { id: itemId, type: 'reasoning', summary: [] } });
      const summary: Json[] = [];
      (spec.summary ?? []).forEach((pieces, summaryIndex) => {
        const at = { item_id: itemId, output_index: outputIndex, summary_index: summaryIndex };
        events.push({ type: 'response.reasoning_summary_part.added', ...at, part: { type: 'summary_text', text: '' } });
        for (const piece of pieces) events.push({ type: 'response.reasoning_summary_text.delta', ...at, delta: piece });
        events.push({ type: 'response.reasoning_summary_text.done', ...at, text: pieces.join('') });
        events.push({ type: 'response.reasoning_summary_part.done', ...at, part: { type: 'summary_text', text: pieces.join('') } });
        summary.push({ type: 'summary_text', text: pieces.join('') });
      });
      const content: Json[] = [];
      (spec.content ?? []).forEach((pieces, contentIndex) => {
        const at = { item_id: itemId, output_index: outputIndex, content_index: contentIndex };
        events.push({ type: 'response.content_part.added', ...at, part: { type: 'reasoning_text', text: '' } });
        for (const piece of pieces) events.push({ type: 'response.reasoning_text.delta', ...at, delta: piece });
        events.push({ type: 'response.reasoning_text.done', ...at, text: pieces.join('') });
        events.push({ type: 'response.content_part.done', ...at, part: { type: 'reasoning_text', text: pieces.join('') } });
        content.push({ type: 'reasoning_text', text: pieces.join('') });
      });
      done = { id: itemId, type: 'reasoning', summary, ...(spec.content ? { content } : {}) };
    } else {
      events.push({ type: 'response.output_item.added', output_index: outputIndex, item: { id: itemId, type: 'web_search_call', status: 'in_progress' } });
      for (const status of ['in_progress', 'searching', 'completed']) events.push({ type: `response.web_search_call.${status}`, item_id: itemId, output_index: outputIndex });
      done = { id: itemId, type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'weather' } };
    }
    events.push({ type: 'response.output_item.done', output_index: outputIndex, item: done });
    output.push(done);
  });
  const terminal = options.terminal === undefined ? 'response.completed' : options.terminal;
  if (terminal !== null) {
    const status = terminal.slice('response.'.length);
    events.push({ type: terminal, response: envelope(status, output, options.usage === undefined ? RESPONSES_USAGE : options.usage) });
  }
  // No object shared between events: a test may change one without changing another.
  return events.map((event, sequence) => JSON.parse(JSON.stringify({ ...event, sequence_number: sequence })) as Json);
}

export type MessagesBlockSpec =
  | { readonly type: 'text'; readonly text: readonly string[]; readonly citations?: readonly Json[] }
  | { readonly type: 'tool_use'; readonly id?: string; readonly name: string; readonly json: readonly string[] }
  | { readonly type: 'thinking'; readonly thinking: readonly string[]; readonly signature: string }
  | { readonly type: 'redacted_thinking'; readonly data: string };

export interface MessagesOptions {
  readonly stopReason?: string;
  /** Output tokens of each message_delta (cumulative, as Anthropic sends them); default one delta with 25. */
  readonly outputTokens?: readonly number[];
  /** Whether a ping follows message_start (Anthropic sends one). Default true. */
  readonly ping?: boolean;
  /** Whether message_stop ends it. Default true. */
  readonly stop?: boolean;
}

/** An Anthropic Messages stream as Anthropic sends it. */
export function messagesStream(blocks: readonly MessagesBlockSpec[], options: MessagesOptions = {}): Json[] {
  const events: Json[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_test',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 472, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 2, service_tier: 'standard' },
      },
    },
  ];
  if (options.ping !== false) events.push({ type: 'ping' });
  blocks.forEach((block, index) => {
    switch (block.type) {
      case 'text':
        events.push({ type: 'content_block_start', index, content_block: block.citations ? { type: 'text', text: '', citations: [] } : { type: 'text', text: '' } });
        for (const piece of block.text) events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
        for (const citation of block.citations ?? []) events.push({ type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } });
        break;
      case 'tool_use':
        events.push({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id ?? `toolu_${index}`, name: block.name, input: {} } });
        for (const piece of block.json) events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } });
        break;
      case 'thinking':
        events.push({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
        for (const piece of block.thinking) events.push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: piece } });
        events.push({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } });
        break;
      case 'redacted_thinking':
        events.push({ type: 'content_block_start', index, content_block: { type: 'redacted_thinking', data: block.data } });
        break;
    }
    events.push({ type: 'content_block_stop', index });
  });
  for (const tokens of options.outputTokens ?? [25]) {
    events.push({ type: 'message_delta', delta: { stop_reason: options.stopReason ?? 'end_turn', stop_sequence: null }, usage: { output_tokens: tokens } });
  }
  if (options.stop !== false) events.push({ type: 'message_stop' });
  return events.map((event) => JSON.parse(JSON.stringify(event)) as Json);
}

/** An SSE body: each event as `event: <type>` (unless `names` is false) and `data: <JSON>`; strings are sent as they are. */
export function toSse(events: readonly (Json | string)[], names = true): string {
  return events.map((event) => (typeof event === 'string' ? event : `${names ? `event: ${String(event.type)}\n` : ''}data: ${JSON.stringify(event)}\n\n`)).join('');
}

export function sseEvents(body: string | Uint8Array): SseEvent[] {
  return parseSse(typeof body === 'string' ? new TextEncoder().encode(body) : body).events;
}
