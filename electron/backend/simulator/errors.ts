// Error bodies in OpenAI's shape: `{"error": {"message", "type", "param", "code"}}`,
// with the messages api.openai.com sends for the same mistakes.

import type { HttpAnswer } from './plan.ts';

/** An OpenAI error object (the value of the `error` key). */
export interface OpenAiError {
  readonly message: string;
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;
}

export function errorJson(error: OpenAiError): string {
  return JSON.stringify({ error });
}

/** An OpenAI error answer (Chat Completions and the Responses API share the shape). */
export function openAiError(status: number, error: OpenAiError, headers: Readonly<Record<string, string>> = {}): HttpAnswer {
  return { kind: 'json', status, headers: { 'content-type': 'application/json', ...headers }, body: errorJson(error) };
}

/** The headers of a 429, as api.openai.com sends them. */
export const OPENAI_RATE_LIMIT_HEADERS: Readonly<Record<string, string>> = { 'retry-after': '20', 'x-ratelimit-limit-requests': '3', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '20s' };

export function invalidRequest(message: string, param: string | null = null, code: string | null = null): OpenAiError {
  return { message, type: 'invalid_request_error', param, code };
}

export const BAD_JSON: OpenAiError = invalidRequest(
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
);

export function invalidUrl(method: string, path: string): OpenAiError {
  return invalidRequest(`Invalid URL (${method} ${path})`);
}

export function modelNotFound(model: string, models: readonly string[]): OpenAiError {
  return invalidRequest(
    `The model \`${model}\` does not exist or you do not have access to it. The simulator serves: ${models.join(', ')}.`,
    'model',
    'model_not_found',
  );
}

export function rateLimited(model: string): OpenAiError {
  return {
    message: `Rate limit reached for ${model} in organization org-simulator on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
    type: 'requests',
    param: null,
    code: 'rate_limit_exceeded',
  };
}

export const SERVER_ERROR: OpenAiError = {
  message: 'The server had an error while processing your request. Sorry about that!',
  type: 'server_error',
  param: null,
  code: null,
};
