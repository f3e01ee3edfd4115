// The replay's own answers (no match, a wrong method, a body that is not JSON, the status fault),
// in the error shape of the dialect asked, so that each official SDK raises its own error class
// with the message: OpenAI's `{"error": {message, type, param, code}}` for Chat Completions and
// Responses (and for a path that names no dialect), Anthropic's `{"type": "error", "error": {type,
// message}}` for Messages (docs.claude.com, "Errors": the type says the status).

import type { Protocol } from './dialect.ts';

/** An error in OpenAI's shape; Anthropic's is made from its message and the status. */
export interface ReplayError {
  readonly message: string;
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;
}

/** The JSON body of an error answered with `status` to a request of `protocol` (null: a path that names no dialect). */
export function errorBody(protocol: Protocol | null, status: number, error: ReplayError): string {
  if (protocol === 'anthropic-messages') return JSON.stringify({ type: 'error', error: { type: anthropicErrorType(status), message: error.message } });
  return JSON.stringify({ error });
}

/** Anthropic's error type for an HTTP status (docs.claude.com, "Errors"). */
export function anthropicErrorType(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 504:
      return 'timeout_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

export function invalidRequest(message: string, param: string | null = null, code: string | null = null): ReplayError {
  return { message, type: 'invalid_request_error', param, code };
}

/**
 * The status fault's default body: an error in the dialect's shape, typed as the provider types
 * that status (OpenAI: `requests`/`rate_limit_exceeded` for 429, `invalid_api_key` for 401,
 * `server_error` for 5xx; Anthropic: anthropicErrorType).
 */
export function statusErrorBody(code: number, protocol: Protocol = 'chat-completions'): string {
  const [type, errorCode] = code === 429 ? ['requests', 'rate_limit_exceeded'] : code === 401 ? ['invalid_request_error', 'invalid_api_key'] : code >= 500 ? ['server_error', null] : ['invalid_request_error', null];
  return errorBody(protocol, code, { message: `Streamscope replay answers HTTP ${code} instead of the recording (the status fault).`, type, param: null, code: errorCode });
}
