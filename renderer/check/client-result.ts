// A client verdict's details in words: how the command ended, and each request it made.

import type { ClientCaseResult } from '../../shared/api/client-checks.ts';

export function exitWords(exitCode: number | null): string {
  return exitCode === null ? 'Killed by a signal' : `Exited ${exitCode}`;
}

/** `POST /v1/chat/completions {"model":"gpt-4o",…}`: the body cut at 200 characters, as the line is a glance. */
export function requestLine(request: ClientCaseResult['requests'][number]): string {
  const body = request.body === null || request.body === '' ? '' : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const shown = body.length > 200 ? `${body.slice(0, 200)}…` : body;
  return shown === '' ? `${request.method} ${request.path}` : `${request.method} ${request.path} ${shown}`;
}
