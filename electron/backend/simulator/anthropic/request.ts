// An Anthropic Messages request body (`POST /v1/messages`), checked as
// minimally as api.anthropic.com checks it: `model`, `max_tokens` and
// `messages` are required; errors come in Anthropic's shape,
// `{"type":"error","error":{"type","message"},"request_id"}`. Any
// `anthropic-version` or key header is accepted.

import { parseOverrides } from '../chat/request.ts';
import { isObject } from '../../../../shared/is-object.ts';
import type { SimOverrides } from '../chat/request.ts';

export interface MessagesRequest {
  readonly model: string;
  readonly stream: boolean;
  /** `max_tokens`: a longer answer stops with `max_tokens`. */
  readonly maxTokens: number;
  readonly inputTokens: number;
  readonly sim: SimOverrides;
}

export type AnthropicErrorType = 'invalid_request_error' | 'not_found_error' | 'rate_limit_error' | 'api_error' | 'overloaded_error' | 'request_too_large';

export interface AnthropicError {
  readonly type: AnthropicErrorType;
  readonly message: string;
}

export function anthropicErrorJson(error: AnthropicError, requestId: string): string {
  return JSON.stringify({ type: 'error', error: { type: error.type, message: error.message }, request_id: requestId });
}

export type ParsedMessagesRequest = { readonly ok: true; readonly value: MessagesRequest } | { readonly ok: false; readonly error: AnthropicError };

const invalid = (message: string): { ok: false; error: AnthropicError } => ({ ok: false, error: { type: 'invalid_request_error', message } });

export function parseMessagesRequest(text: string): ParsedMessagesRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalid('The request body is not valid JSON.');
  }
  if (!isObject(body)) return invalid('The request body must be a JSON object.');
  if (body.model === undefined) return invalid('model: Field required');
  if (typeof body.model !== 'string') return invalid('model: Input should be a valid string');
  if (body.max_tokens === undefined) return invalid('max_tokens: Field required');
  if (!Number.isInteger(body.max_tokens)) return invalid('max_tokens: Input should be a valid integer');
  if ((body.max_tokens as number) < 1) return invalid('max_tokens: Input should be greater than or equal to 1');
  if (body.messages === undefined) return invalid('messages: Field required');
  if (!Array.isArray(body.messages)) return invalid('messages: Input should be a valid list');
  const stream = body.stream ?? false;
  if (typeof stream !== 'boolean') return invalid('stream: Input should be a valid boolean');
  const sim = parseOverrides(body.sim);
  if (!sim.ok) return invalid(sim.error.message);
  return {
    ok: true,
    value: {
      model: body.model,
      stream,
      maxTokens: body.max_tokens as number,
      inputTokens: Math.max(1, Math.ceil(JSON.stringify([body.system ?? '', body.messages, body.tools ?? []]).length / 4)),
      sim: sim.value,
    },
  };
}
