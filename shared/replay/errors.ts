// The replay's own answers (no match, a wrong method, a body that is not JSON, the status fault),
// in the error shape of the dialect asked — its descriptor's `errors` — so that each official SDK
// raises its own error class with the message: OpenAI's `{"error": {message, type, param, code}}`
// for Chat Completions and Responses (and for a path that names no dialect), Anthropic's
// `{"type": "error", "error": {type, message}}` for Messages.

import { DEFAULT_PROTOCOL, descriptorOf } from '../dialects/registry.ts';
import type { Protocol } from './dialect.ts';

/** An error in OpenAI's shape; a dialect's own shape is made from it and the status (DialectDescriptor.errors). */
export interface ReplayError {
  readonly message: string;
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;
}

/** The JSON body of an error answered with `status` to a request of `protocol` (null: a path that names no dialect, answered in OpenAI's shape). */
export function errorBody(protocol: Protocol | null, status: number, error: ReplayError): string {
  return protocol === null ? JSON.stringify({ error }) : descriptorOf(protocol).errors.body(status, error);
}

export function invalidRequest(message: string, param: string | null = null, code: string | null = null): ReplayError {
  return { message, type: 'invalid_request_error', param, code };
}

/**
 * The status fault's default body: an error in the dialect's shape, typed as the provider types
 * that status (OpenAI: `requests`/`rate_limit_exceeded` for 429, `invalid_api_key` for 401,
 * `server_error` for 5xx; Anthropic's type says the status: dialects/anthropic/errors.ts).
 */
export function statusErrorBody(code: number, protocol: Protocol = DEFAULT_PROTOCOL): string {
  const [type, errorCode] = code === 429 ? ['requests', 'rate_limit_exceeded'] : code === 401 ? ['invalid_request_error', 'invalid_api_key'] : code >= 500 ? ['server_error', null] : ['invalid_request_error', null];
  return errorBody(protocol, code, { message: `Streamscope replay answers HTTP ${code} instead of the recording (the status fault).`, type, param: null, code: errorCode });
}
