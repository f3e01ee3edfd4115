// What a command printed, as the judge reads it (issue 30, "The command"): one JSON object
// `{ text, toolCalls: [{ name, arguments }] }` (arguments an object or a JSON string), or the text
// alone (one trailing newline, a print's own, is not part of it). A JSON object with an `error`
// key is the command reporting an error. Malformed output is data: it is what the command said.

import { isObject } from '../../is-object.ts';
import { parsedArguments } from './expected.ts';
import type { AssembledOutput } from './types.ts';

export type ReadOutput = { readonly kind: 'output'; readonly output: AssembledOutput } | { readonly kind: 'error'; readonly error: string };

export function readOutput(stdout: string): ReadOutput {
  const text = stdout.endsWith('\r\n') ? stdout.slice(0, -2) : stdout.endsWith('\n') ? stdout.slice(0, -1) : stdout;
  const json = jsonObject(text);
  if (json === null) return { kind: 'output', output: { text, toolCalls: [] } };
  if ('error' in json && json.error !== null && json.error !== undefined) return { kind: 'error', error: typeof json.error === 'string' ? json.error : JSON.stringify(json.error) };
  const calls = Array.isArray(json.toolCalls) ? json.toolCalls : [];
  return {
    kind: 'output',
    output: {
      text: typeof json.text === 'string' ? json.text : '',
      toolCalls: calls.map((call: unknown) => {
        const record = isObject(call) ? call : {};
        return { name: typeof record.name === 'string' ? record.name : String(record.name), arguments: typeof record.arguments === 'string' ? parsedArguments(record.arguments) : (record.arguments ?? null) };
      }),
    },
  };
}

/** The text as a JSON object with `text`, `toolCalls` or `error`, or null when it is not one (then it is the text itself). */
function jsonObject(text: string): Record<string, unknown> | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && ('text' in value || 'toolCalls' in value || 'error' in value) ? value : null;
  } catch {
    return null;
  }
}

/** How the output differs from the expected one, a clause each; none when it is the same (arguments compared parsed). */
export function outputDifferences(expected: AssembledOutput, got: AssembledOutput): string[] {
  const differences: string[] = [];
  if (got.text !== expected.text) differences.push(`the text is ${quote(got.text)}, not ${quote(expected.text)}`);
  if (got.toolCalls.length !== expected.toolCalls.length) differences.push(`${got.toolCalls.length} tool call${got.toolCalls.length === 1 ? '' : 's'}, not ${expected.toolCalls.length}`);
  expected.toolCalls.forEach((call, i) => {
    const other = got.toolCalls[i];
    if (other === undefined) return;
    if (other.name !== call.name) differences.push(`tool call ${i} is named ${quote(other.name)}, not ${quote(call.name)}`);
    if (!sameJson(other.arguments, call.arguments)) differences.push(`tool call ${i}'s arguments are ${JSON.stringify(other.arguments)}, not ${JSON.stringify(call.arguments)}`);
  });
  return differences;
}

function quote(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 40)}…${text.slice(-40)}` : text;
  return `${JSON.stringify(shown)} (${text.length} characters)`;
}

/** Deep equality of JSON values, object keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return Object.is(a, b);
}
