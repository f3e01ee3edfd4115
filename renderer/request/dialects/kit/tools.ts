// A tool's parts as every dialect checks them: Chat Completions' function tool (which each
// dialect takes and the backend maps), a function's name and its JSON Schema.

import { isObject } from '../../../../shared/is-object.ts';

// OpenAI's rule for a function's name (the API answers 400 otherwise); Anthropic's tool names follow the same.
export const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** What is wrong with Chat Completions' `function` member; null: nothing. */
export function chatToolProblem(fn: unknown): string | null {
  if (!isObject(fn)) return 'function must be an object with a name';
  if (typeof fn.name !== 'string') return 'function.name is missing';
  return nameProblem(fn.name, 'function.name') ?? schemaProblem(fn.parameters, 'function.parameters', false) ?? (fn.description !== undefined && typeof fn.description !== 'string' ? 'function.description must be a string' : null);
}

export function nameProblem(name: unknown, what: string): string | null {
  if (typeof name !== 'string') return `${what} is missing`;
  return FUNCTION_NAME.test(name) ? null : `${what} must be 1 to 64 letters, digits, _ or -`;
}

export function schemaProblem(schema: unknown, what: string, nullable: boolean): string | null {
  return schema === undefined || (nullable && schema === null) || isObject(schema) ? null : `${what} must be a JSON Schema object`;
}
