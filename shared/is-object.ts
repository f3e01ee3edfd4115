// A JSON object (not null, not an array): the one test every reader of parsed JSON makes first.

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
