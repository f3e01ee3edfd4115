// Error bodies in OpenAI's shape: `{"error": {"message", "type", "param", "code"}}`,
// with the messages api.openai.com sends for the same mistakes.

import type { OpenAiError } from './chat/script.ts';

export function errorJson(error: OpenAiError): string {
  return JSON.stringify({ error });
}

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
