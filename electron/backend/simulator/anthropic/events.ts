// A turn as Anthropic's Messages API streams it (2025–2026 captures in
// shared/test/fixtures/dialects/messages): `message_start` (usage with
// output_tokens 1), each block as `content_block_start`, its deltas
// (`text_delta`, `thinking_delta` then `signature_delta`, `input_json_delta`
// starting with an empty fragment) and `content_block_stop`, a `ping` after the
// first block starts, then `message_delta` (stop reason, cumulative usage) and
// `message_stop`. Every payload but ping's is padded with 0 to 15 spaces before
// its last brace, as the live API pads them; ping is `{"type": "ping"}`.

import { randomInt, randomString } from '../timing.ts';
import type { Pace, Rng } from '../timing.ts';
import { keepTokens, tokensOf } from '../turn.ts';
import type { Block, Turn } from '../turn.ts';
import type { WireEvent } from '../wire.ts';
import type { MessagesRequest } from './request.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export interface MessagesIdentity {
  readonly id: string;
  /** Per block: the tool_use id (`toolu_01…`), or the thinking signature. */
  readonly blocks: readonly { readonly id: string; readonly signature: string }[];
}

export function makeIdentity(rng: Rng, blocks: readonly Block[]): MessagesIdentity {
  const id = `msg_01${randomString(rng, 22)}`;
  return {
    id,
    blocks: blocks.map((block) => ({
      id: block.kind === 'tool' ? `toolu_01${randomString(rng, 22)}` : '',
      signature: block.kind === 'reasoning' ? `Eq${randomString(rng, 381, BASE64)}=` : '',
    })),
  };
}

export const PING: WireEvent = { event: 'ping', data: '{"type": "ping"}', pace: 'quick', tokens: 0 };

export const OVERLOADED = { type: 'overloaded_error', message: 'Overloaded' } as const;

/** The stop reason of a finished turn. */
export function stopReasonOf(turn: Turn): string {
  if (turn.truncated) return 'max_tokens';
  if (turn.blocks.some((block) => block.kind === 'tool')) return 'tool_use';
  if (turn.blocks.some((block) => block.kind === 'refusal')) return 'refusal';
  return 'end_turn';
}

export function stopDetailsOf(turn: Turn): Record<string, unknown> | null {
  return stopReasonOf(turn) === 'refusal' ? { type: 'refusal', category: null, explanation: null } : null;
}

export function startUsage(request: MessagesRequest, outputTokens: number): Record<string, unknown> {
  return {
    input_tokens: request.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: outputTokens,
    service_tier: 'standard',
    inference_geo: 'not_available',
  };
}

/** The message object, keys in Anthropic's order (model first, as the API writes it since 2025). */
export function messageObject(request: MessagesRequest, identity: MessagesIdentity, content: readonly unknown[], stop: { reason: string | null; details: unknown }, usage: Record<string, unknown>): Record<string, unknown> {
  return { model: request.model, id: identity.id, type: 'message', role: 'assistant', content, stop_reason: stop.reason, stop_sequence: null, stop_details: stop.details, usage };
}

/** A block as `content_block_start` opens it (`final` false), or whole, as in the final message. */
export function blockObject(block: Block, ids: MessagesIdentity['blocks'][number], final: boolean): Record<string, unknown> {
  const text = final ? block.pieces.join('') : '';
  switch (block.kind) {
    case 'reasoning':
      return { type: 'thinking', thinking: text, signature: final ? ids.signature : '' };
    case 'tool':
      return { type: 'tool_use', id: ids.id, name: block.name, input: final ? parseInput(text) : {}, caller: { type: 'direct' } };
    case 'text':
    case 'refusal':
      return { type: 'text', text };
  }
}

function parseInput(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

export interface MessagesRender {
  readonly request: MessagesRequest;
  readonly identity: MessagesIdentity;
  /** Draws the padding of each payload. */
  readonly paddingRng: Rng;
}

export function messagesEvents(turn: Turn, { request, identity, paddingRng }: MessagesRender): { events: WireEvent[]; end: 'end' | 'drop' } {
  const fault = turn.fault;
  const stopped = fault?.kind === 'error' || fault?.kind === 'drop';
  const blocks = stopped ? keepTokens(turn.blocks, fault.after).blocks : turn.blocks;
  const events: WireEvent[] = [];
  const emit = (type: string, fields: Record<string, unknown>, pace: Pace, tokens = 0): void => {
    const json = JSON.stringify({ type, ...fields });
    events.push({ event: type, data: `${json.slice(0, -1)}${' '.repeat(randomInt(paddingRng, 0, 15))}}`, pace, tokens });
  };

  emit('message_start', { message: messageObject(request, identity, [], { reason: null, details: null }, startUsage(request, 1)) }, 'first');
  blocks.forEach((block, index) => {
    const ids = identity.blocks[index]!;
    emit('content_block_start', { index, content_block: blockObject(block, ids, false) }, index === 0 ? 'quick' : 'token');
    if (index === 0) events.push(PING);
    const delta = (body: Record<string, unknown>, pace: Pace, tokens = 0) => emit('content_block_delta', { index, delta: body }, pace, tokens);
    if (block.kind === 'tool') delta({ type: 'input_json_delta', partial_json: '' }, 'quick');
    block.pieces.forEach((piece, n) => {
      const pace = n === 0 && block.kind !== 'tool' ? 'quick' : 'token';
      if (block.kind === 'reasoning') delta({ type: 'thinking_delta', thinking: piece }, pace, 1);
      else if (block.kind === 'tool') delta({ type: 'input_json_delta', partial_json: piece }, pace, 1);
      else delta({ type: 'text_delta', text: piece }, pace, 1);
    });
    if (stopped && index === blocks.length - 1) return;
    if (block.kind === 'reasoning') delta({ type: 'signature_delta', signature: ids.signature }, 'quick');
    emit('content_block_stop', { index }, 'quick');
  });

  if (fault?.kind === 'drop') return { events, end: 'drop' };
  if (fault?.kind === 'error') {
    events.push({ event: 'error', data: JSON.stringify({ type: 'error', error: OVERLOADED }), pace: 'token', tokens: 0 });
    return { events, end: 'end' };
  }
  if (fault?.kind === 'cut') return { events, end: 'end' };
  const usage = { input_tokens: request.inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: tokensOf(blocks) };
  emit('message_delta', { delta: { stop_reason: stopReasonOf(turn), stop_sequence: null, stop_details: stopDetailsOf(turn) }, usage }, 'quick');
  emit('message_stop', {}, 'quick');
  return { events, end: 'end' };
}
