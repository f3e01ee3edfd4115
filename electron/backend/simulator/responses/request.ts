// A Responses API request body (`POST /v1/responses`), read and checked the
// way api.openai.com checks it (errors in OpenAI's shape, with its messages),
// plus the simulator's own `sim` field.

import { BAD_JSON } from '../errors.ts';
import { badType, fail, parseOverrides } from '../chat/request.ts';
import { isObject } from '../../../../shared/is-object.ts';
import type { SimOverrides } from '../chat/request.ts';
import type { OpenAiError } from '../errors.ts';

/** The request fields the response object echoes, as OpenAI echoes them. */
export interface ResponsesEcho {
  readonly instructions: unknown;
  readonly max_output_tokens: number | null;
  readonly parallel_tool_calls: unknown;
  readonly previous_response_id: unknown;
  readonly reasoning: { readonly effort: unknown; readonly summary: unknown };
  readonly store: unknown;
  readonly temperature: unknown;
  readonly tool_choice: unknown;
  readonly tools: unknown;
  readonly top_p: unknown;
  readonly metadata: unknown;
}

export interface ResponsesRequest {
  readonly model: string;
  readonly stream: boolean;
  /** `max_output_tokens`: a longer answer ends `incomplete`. */
  readonly maxTokens: number | null;
  /** `stream_options.include_obfuscation` (default true, as OpenAI). */
  readonly includeObfuscation: boolean;
  readonly inputTokens: number;
  readonly echo: ResponsesEcho;
  readonly sim: SimOverrides;
}

export type ParsedResponsesRequest = { readonly ok: true; readonly value: ResponsesRequest } | { readonly ok: false; readonly error: OpenAiError };

/** OpenAI's smallest `max_output_tokens`. */
export const MIN_OUTPUT_TOKENS = 16;

export function parseResponsesRequest(text: string): ParsedResponsesRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: BAD_JSON };
  }
  if (!isObject(body)) return fail('The request body must be a JSON object.');
  if (body.model === undefined) return fail("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  if (typeof body.model !== 'string') return badType('model', 'a string', body.model);

  const stream = body.stream ?? false;
  if (typeof stream !== 'boolean') return badType('stream', 'a boolean', stream);
  // As OpenAI refuses it (`streamscope check`'s responses.error): a 400 before any stream.
  const input = body.input;
  if (input !== undefined && typeof input !== 'string' && !Array.isArray(input)) return badType('input', 'one of a string or an array of input items', input);

  const options = body.stream_options ?? null;
  if (options !== null && !stream) return fail("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options');
  if (options !== null && !isObject(options)) return badType('stream_options', 'an object', options);
  const includeObfuscation = options?.include_obfuscation ?? true;
  if (typeof includeObfuscation !== 'boolean') return badType('stream_options.include_obfuscation', 'a boolean', includeObfuscation);

  const limit = body.max_output_tokens ?? null;
  if (limit !== null && !Number.isInteger(limit)) return badType('max_output_tokens', 'an integer', limit);
  if (limit !== null && (limit as number) < MIN_OUTPUT_TOKENS) {
    return fail(`Invalid 'max_output_tokens': integer below minimum value. Expected a value >= ${MIN_OUTPUT_TOKENS}, but got ${limit as number} instead.`, 'max_output_tokens', 'integer_below_min_value');
  }

  const reasoning = body.reasoning ?? null;
  if (reasoning !== null && !isObject(reasoning)) return badType('reasoning', 'an object', reasoning);

  const sim = parseOverrides(body.sim);
  if (!sim.ok) return sim;

  return {
    ok: true,
    value: {
      model: body.model,
      stream,
      maxTokens: limit as number | null,
      includeObfuscation,
      inputTokens: Math.max(1, Math.ceil(JSON.stringify([body.instructions ?? '', body.input ?? '']).length / 4)),
      echo: {
        instructions: body.instructions ?? null,
        max_output_tokens: limit as number | null,
        parallel_tool_calls: body.parallel_tool_calls ?? true,
        previous_response_id: body.previous_response_id ?? null,
        reasoning: { effort: reasoning?.effort ?? null, summary: reasoning?.summary ?? null },
        store: body.store ?? true,
        temperature: body.temperature ?? 1,
        tool_choice: body.tool_choice ?? 'auto',
        tools: Array.isArray(body.tools) ? body.tools : [],
        top_p: body.top_p ?? 1,
        metadata: body.metadata ?? {},
      },
      sim: sim.value,
    },
  };
}
