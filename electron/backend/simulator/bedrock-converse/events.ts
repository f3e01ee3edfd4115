// A turn as Bedrock's ConverseStream streams it (the real streams of shared/test/fixtures/bedrock/):
// messageStart (role assistant), then each content block by its contentBlockIndex — reasoning as
// reasoningContent text deltas closed by its signature, text as text deltas, a tool use opened by
// contentBlockStart's toolUse {toolUseId, name} and its input in JSON fragments — each closed by
// contentBlockStop; messageStop with its stopReason (end_turn, tool_use, or max_tokens when cut),
// then metadata with usage and metrics. Every payload carries Bedrock's random `p` padding, and its
// members in the order Bedrock writes them (by name).

import { randomString } from '../timing.ts';
import type { Rng } from '../timing.ts';
import { tokensOf } from '../turn.ts';
import type { Block, Turn } from '../turn.ts';
import type { WireEvent } from '../wire.ts';
import type { ConverseRequest } from './request.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PADDING = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** What Bedrock sends mid-stream when the model fails: its exception frame's type and payload. */
export const STREAM_EXCEPTION = { type: 'modelStreamErrorException', message: 'The model encountered an error while streaming. Try your request again.', originalStatusCode: 500 } as const;

export interface ConverseIdentity {
  /** Each tool use's toolUseId, in order. */
  readonly toolUseIds: readonly string[];
  /** The reasoning block's signature. */
  readonly signature: string;
  readonly latencyMs: number;
}

export function makeIdentity(rng: Rng): ConverseIdentity {
  return {
    toolUseIds: Array.from({ length: 8 }, () => `tooluse_${randomString(rng, 22)}`),
    signature: `Er${randomString(rng, 200, BASE64)}==`,
    latencyMs: 200 + Math.floor(rng() * 800),
  };
}

/** A payload as Bedrock writes it: its members by name, the `p` padding (1 to 60 characters) among them. */
export function padded(payload: Record<string, unknown>, rng: Rng): string {
  const members = { ...payload, p: randomString(rng, 1 + Math.floor(rng() * 60), PADDING) };
  return JSON.stringify(Object.fromEntries(Object.entries(members).sort(([a], [b]) => (a < b ? -1 : 1))));
}

export function stopReasonOf(turn: Turn): string {
  if (turn.truncated) return 'max_tokens';
  return turn.blocks.some((block) => block.kind === 'tool') ? 'tool_use' : 'end_turn';
}

export function usageOf(request: ConverseRequest, output: number): Record<string, number> {
  return { inputTokens: request.promptTokens, outputTokens: output, totalTokens: request.promptTokens + output };
}

type Event = { readonly type: string; readonly payload: Record<string, unknown>; readonly tokens: number };

/** The block's events, at its contentBlockIndex. */
function blockEvents(block: Block, index: number, identity: ConverseIdentity, tool: number): Event[] {
  const delta = (delta: Record<string, unknown>, tokens = 1): Event => ({ type: 'contentBlockDelta', payload: { contentBlockIndex: index, delta }, tokens });
  const stop: Event = { type: 'contentBlockStop', payload: { contentBlockIndex: index }, tokens: 0 };
  switch (block.kind) {
    case 'tool':
      return [
        { type: 'contentBlockStart', payload: { contentBlockIndex: index, start: { toolUse: { name: block.name, toolUseId: identity.toolUseIds[tool % identity.toolUseIds.length]! } } }, tokens: 0 },
        ...block.pieces.map((input) => delta({ toolUse: { input } })),
        stop,
      ];
    case 'reasoning':
      return [...block.pieces.map((text) => delta({ reasoningContent: { text } })), delta({ reasoningContent: { signature: identity.signature } }, 0), stop];
    default:
      return [...block.pieces.map((text) => delta({ text })), stop];
  }
}

/** The turn's events up to messageStop's, and what follows it; `finish` false leaves messageStop and metadata out (a stream cut before its end). */
export function converseEvents(turn: Turn, request: ConverseRequest, identity: ConverseIdentity, rng: Rng, finish = true): WireEvent[] {
  let tools = 0;
  const events: Event[] = [{ type: 'messageStart', payload: { role: 'assistant' }, tokens: 0 }, ...turn.blocks.flatMap((block, index) => blockEvents(block, index, identity, block.kind === 'tool' ? tools++ : tools))];
  if (finish) {
    events.push({ type: 'messageStop', payload: { stopReason: stopReasonOf(turn) }, tokens: 0 });
    events.push({ type: 'metadata', payload: { metrics: { latencyMs: identity.latencyMs }, usage: usageOf(request, tokensOf(turn.blocks)) }, tokens: 0 });
  }
  let seenToken = false;
  return events.map((event) => {
    const first = !seenToken && event.tokens > 0;
    if (first) seenToken = true;
    return { event: event.type, data: padded(event.payload, rng), pace: first ? 'first' : event.tokens > 0 ? 'token' : 'quick', tokens: event.tokens };
  });
}

/** The Converse (non-streaming) response a JSON answer is: the blocks whole, as ConverseCommand returns them. */
export function converseResponse(turn: Turn, request: ConverseRequest, identity: ConverseIdentity): Record<string, unknown> {
  let tools = 0;
  const content = turn.blocks.map((block) => {
    const text = block.pieces.join('');
    if (block.kind === 'reasoning') return { reasoningContent: { reasoningText: { signature: identity.signature, text } } };
    if (block.kind !== 'tool') return { text };
    let input: unknown = {};
    try {
      input = JSON.parse(text);
    } catch {
      // The scenarios write their arguments as JSON: an unparsable one stays an empty object.
    }
    return { toolUse: { input, name: block.name, toolUseId: identity.toolUseIds[tools++ % identity.toolUseIds.length]! } };
  });
  return { metrics: { latencyMs: identity.latencyMs }, output: { message: { content, role: 'assistant' } }, stopReason: stopReasonOf(turn), usage: usageOf(request, tokensOf(turn.blocks)) };
}
