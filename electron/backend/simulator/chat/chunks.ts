// chat.completion.chunk objects shaped like api.openai.com's (2025–2026 captures
// in shared/test/fixtures/real-streams): the same id, created, model and
// system_fingerprint on every chunk, keys in OpenAI's order, `usage: null` on
// every chunk when usage was requested, and the `obfuscation` padding.

import type { Delta, FinishReason } from './script.ts';
import type { Rng } from '../timing.ts';
import { randomInt, randomString } from '../timing.ts';

/** What every chunk of one completion shares. */
export interface Identity {
  readonly id: string;
  readonly created: number;
  readonly model: string;
  readonly systemFingerprint: string;
}

/** Drawn from the request's seed, so a seed gives the same id and `created` every time. */
export function makeIdentity(rng: Rng, model: string): Identity {
  return {
    id: `chatcmpl-sim${randomString(rng, 26)}`,
    created: 1_770_000_000 + randomInt(rng, 0, 9_999_999),
    model,
    systemFingerprint: `fp_sim${randomString(rng, 6, '0123456789abcdef')}`,
  };
}

export function toolCallId(rng: Rng): string {
  return `call_${randomString(rng, 24)}`;
}

export interface ChunkChoice {
  readonly index: number;
  readonly delta: Delta;
  readonly finish: FinishReason | null;
}

export interface ChunkBody {
  readonly choices: readonly ChunkChoice[];
  /** `undefined` leaves the key out; `null` is OpenAI's placeholder on chunks before the usage chunk. */
  readonly usage?: Usage | null;
  /** The padding, or null for none (`include_obfuscation: false`). */
  readonly obfuscation: string | null;
}

/** One chunk's JSON, in OpenAI's key order. */
export function chunkJson(identity: Identity, body: ChunkBody): string {
  const chunk: Record<string, unknown> = {
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    service_tier: 'default',
    system_fingerprint: identity.systemFingerprint,
    choices: body.choices.map((choice) => ({ index: choice.index, delta: choice.delta, logprobs: null, finish_reason: choice.finish })),
  };
  if (body.usage !== undefined) chunk.usage = body.usage;
  if (body.obfuscation !== null) chunk.obfuscation = body.obfuscation;
  return JSON.stringify(chunk);
}

/**
 * The `obfuscation` padding. OpenAI pads a text delta so that its escaped text
 * and the padding make 10 characters (26 for longer pieces), hiding token
 * lengths from someone watching packet sizes; other chunks get 2 to 13
 * random characters.
 */
export function padding(rng: Rng, text: string | null): string {
  if (text === null) return randomString(rng, randomInt(rng, 2, 13));
  const length = JSON.stringify(text).length - 2;
  return randomString(rng, length <= 10 ? 10 - length : length <= 26 ? 26 - length : randomInt(rng, 0, 15));
}

/** The text a delta carries, for sizing its padding. */
export function deltaText(delta: Delta): string | null {
  for (const key of ['content', 'reasoning_content', 'refusal'] as const) {
    const value = delta[key];
    if (typeof value === 'string') return value;
  }
  const calls = delta.tool_calls;
  if (Array.isArray(calls)) {
    const args = (calls[0] as { function?: { arguments?: unknown } } | undefined)?.function?.arguments;
    if (typeof args === 'string') return args;
  }
  return null;
}

export interface Usage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  readonly prompt_tokens_details: { readonly cached_tokens: number; readonly audio_tokens: number };
  readonly completion_tokens_details: {
    readonly reasoning_tokens: number;
    readonly audio_tokens: number;
    readonly accepted_prediction_tokens: number;
    readonly rejected_prediction_tokens: number;
  };
}

export function usageOf(promptTokens: number, completionTokens: number, reasoningTokens: number): Usage {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: reasoningTokens, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

/** A rough token count of the prompt: about four characters a token, as OpenAI's rule of thumb says. */
export function promptTokensOf(messages: unknown): number {
  if (!Array.isArray(messages) || messages.length === 0) return 8;
  return Math.max(1, Math.ceil(JSON.stringify(messages).length / 4));
}

/** An SSE event: one data line and the blank line that dispatches it. */
export function dataEvent(payload: string, eol: string): string {
  return `data: ${payload}${eol}${eol}`;
}

/** An SSE comment line (a keep-alive), as its own block. */
export function commentEvent(text: string, eol: string): string {
  return `: ${text}${eol}${eol}`;
}
