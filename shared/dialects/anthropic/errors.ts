// Anthropic's error body, `{"type": "error", "error": {type, message}}`, whose type says the status
// (docs.claude.com, "Errors"): what @anthropic-ai/sdk reads to raise its own error class.

import type { DialectDescriptor } from '../types.ts';

/** Anthropic's error type for an HTTP status. */
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

export const ANTHROPIC_ERRORS: DialectDescriptor['errors'] = {
  // Only the message is Anthropic's to keep: its type comes from the status.
  body: (status, error) => JSON.stringify({ type: 'error', error: { type: anthropicErrorType(status), message: error.message } }),
  badJson: 'The request body is not valid JSON.',
};
