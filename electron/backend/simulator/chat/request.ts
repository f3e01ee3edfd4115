// A chat-completions request body, read and checked the way OpenAI checks it,
// plus the simulator's own `sim` field for shaping a stream from a test.

import { isObject } from '../../../../shared/is-object.ts';
import { BAD_JSON, invalidRequest } from '../errors.ts';
import type { OpenAiError } from '../errors.ts';
import { promptTokensOf } from './chunks.ts';

/**
 * Per-request overrides, in the request body's `sim` field, e.g.
 * `{"sim": {"ttft_ms": 50, "tps": 100, "chunks": 500}}`.
 */
export interface SimOverrides {
  /** Time to first token, ms. */
  readonly ttft_ms?: number;
  /** Token chunks a second. */
  readonly tps?: number;
  /** Variation of each interval, 0 to 1. */
  readonly jitter?: number;
  /** Content chunks per choice (generated prose instead of the canned answer). */
  readonly chunks?: number;
  /** Seed for this request: ids, padding, words and jitter. */
  readonly seed?: number;
  /** Time scale for this request (1 realistic, 0 no waits). */
  readonly time_scale?: number;
  /** Length of the pause in long-silence and keep-alive, ms. */
  readonly pause_ms?: number;
  /** Interval between keep-alive comments, ms. */
  readonly keep_alive_ms?: number;
  /** Token chunks sent before a fault (stream-error, connection-drop, invalid-json, the pause). */
  readonly fail_after?: number;
}

type OverrideRule = { readonly min: number; readonly max: number; readonly integer: boolean; readonly above?: boolean };

export const SIM_OVERRIDES: Readonly<Record<keyof SimOverrides, OverrideRule & { readonly doc: string }>> = {
  ttft_ms: { min: 0, max: 600_000, integer: false, doc: 'time to first token, ms' },
  tps: { min: 0, max: 1_000_000, integer: false, above: true, doc: 'token chunks a second' },
  jitter: { min: 0, max: 1, integer: false, doc: 'variation of each interval, 0 to 1' },
  chunks: { min: 1, max: 1_000_000, integer: true, doc: 'content chunks per choice (generated prose)' },
  seed: { min: -(2 ** 53), max: 2 ** 53, integer: true, doc: 'seed for this request (ids, padding, words, jitter)' },
  time_scale: { min: 0, max: 1000, integer: false, doc: 'time scale for this request (1 realistic, 0 no waits)' },
  pause_ms: { min: 0, max: 3_600_000, integer: false, doc: 'pause of long-silence and keep-alive, ms' },
  keep_alive_ms: { min: 1, max: 3_600_000, integer: false, doc: 'interval between keep-alive comments, ms' },
  fail_after: { min: 0, max: 1_000_000, integer: true, doc: 'token chunks before the fault' },
};

export interface ChatRequest {
  readonly model: string;
  readonly stream: boolean;
  /** The request's `n`, or null when it gave none. */
  readonly n: number | null;
  readonly includeUsage: boolean;
  readonly includeObfuscation: boolean;
  /** `max_completion_tokens` or `max_tokens`: an answer longer than this is cut with `finish_reason: "length"`. */
  readonly maxTokens: number | null;
  /** The request's `seed`, when given. */
  readonly seed: number | null;
  readonly promptTokens: number;
  readonly sim: SimOverrides;
}

export type ParsedRequest = { readonly ok: true; readonly value: ChatRequest } | { readonly ok: false; readonly error: OpenAiError };

export function parseChatRequest(text: string): ParsedRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: BAD_JSON };
  }
  if (!isObject(body)) return fail('The request body must be a JSON object.');
  if (body.model === undefined) return fail('you must provide a model parameter');
  if (typeof body.model !== 'string') return badType('model', 'a string', body.model);

  const stream = body.stream ?? false;
  if (typeof stream !== 'boolean') return badType('stream', 'a boolean', stream);
  // As OpenAI refuses it (`streamscope check`'s chat.error): a 400 before any stream.
  if (body.messages !== undefined && !Array.isArray(body.messages)) return badType('messages', 'an array of objects', body.messages);

  const n = body.n ?? null;
  if (n !== null && !(Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 128)) return fail(`Invalid 'n': expected an integer from 1 to 128, got ${JSON.stringify(n)}.`, 'n', 'invalid_value');

  const options = body.stream_options ?? null;
  if (options !== null && !stream) return fail("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options');
  if (options !== null && !isObject(options)) return badType('stream_options', 'an object', options);
  const includeUsage = options?.include_usage ?? false;
  if (typeof includeUsage !== 'boolean') return badType('stream_options.include_usage', 'a boolean', includeUsage);
  const includeObfuscation = options?.include_obfuscation ?? true;
  if (typeof includeObfuscation !== 'boolean') return badType('stream_options.include_obfuscation', 'a boolean', includeObfuscation);

  let maxTokens: number | null = null;
  for (const key of ['max_completion_tokens', 'max_tokens'] as const) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (!(Number.isInteger(value) && (value as number) >= 1)) return fail(`Invalid '${key}': expected a positive integer, got ${JSON.stringify(value)}.`, key, 'invalid_value');
    maxTokens ??= value as number;
  }

  const seed = body.seed ?? null;
  if (seed !== null && !Number.isSafeInteger(seed)) return badType('seed', 'an integer', seed);

  const sim = parseOverrides(body.sim);
  if (!sim.ok) return sim;

  return {
    ok: true,
    value: {
      model: body.model,
      stream,
      n: n as number | null,
      includeUsage,
      includeObfuscation,
      maxTokens,
      seed: seed as number | null,
      promptTokens: promptTokensOf(body.messages),
      sim: sim.value,
    },
  };
}

export function parseOverrides(value: unknown): { ok: true; value: SimOverrides } | { ok: false; error: OpenAiError } {
  if (value === undefined || value === null) return { ok: true, value: {} };
  if (!isObject(value)) return badType('sim', 'an object', value);
  const out: Record<string, number> = {};
  for (const [key, raw] of Object.entries(value)) {
    const rule = SIM_OVERRIDES[key as keyof SimOverrides];
    if (!rule) return fail(`Unknown field 'sim.${key}'. Known: ${Object.keys(SIM_OVERRIDES).join(', ')}.`, `sim.${key}`, 'unknown_parameter');
    const ok =
      typeof raw === 'number' &&
      Number.isFinite(raw) &&
      (!rule.integer || Number.isInteger(raw)) &&
      (rule.above ? raw > rule.min : raw >= rule.min) &&
      raw <= rule.max;
    if (!ok) {
      const range = `${rule.integer ? 'an integer' : 'a number'} ${rule.above ? 'above' : 'from'} ${rule.min}${rule.above ? ', at most' : ' to'} ${rule.max}`;
      return fail(`Invalid 'sim.${key}': expected ${range}, got ${JSON.stringify(raw)}.`, `sim.${key}`, 'invalid_value');
    }
    out[key] = raw;
  }
  return { ok: true, value: out as SimOverrides };
}

export function fail(message: string, param: string | null = null, code: string | null = null): { ok: false; error: OpenAiError } {
  return { ok: false, error: invalidRequest(message, param, code) };
}

export function badType(param: string, expected: string, got: unknown): { ok: false; error: OpenAiError } {
  const kind = got === null ? 'null' : Array.isArray(got) ? 'an array' : `a ${typeof got}`;
  return fail(`Invalid type for '${param}': expected ${expected}, but got ${kind} instead.`, param, 'invalid_type');
}
