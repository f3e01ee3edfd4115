// What the editor's fields must hold before a request may be sent. Every check answers with the
// problems it found, in words that name the place (line and column of a JSON text, which message,
// which tool, which header), and never throws: a problem blocks Send and is shown by its field.

import { locateJsonError } from '../../shared/chunks/json-error.ts';
import { HEADER_NAME, headerValueProblem } from '../../shared/recording/header-field.ts';
import { isSecretHeader } from '../../shared/recording/redact.ts';
import type { HeaderRow, ParamName } from './draft.ts';

export type Field = 'profile' | 'baseUrl' | 'model' | 'key' | 'messages' | 'tools' | 'params' | 'extra' | 'headers';

export interface Problem {
  readonly field: Field;
  readonly message: string;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly Problem[] };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (field: Field, ...messages: string[]): Checked<never> => ({ ok: false, problems: messages.map((message) => ({ field, message })) });

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON text parsed, or where it stops being JSON (`line 3, column 7: expected ',' or ']'`). */
export function parseJsonText(text: string, field: Field, what: string): Checked<unknown> {
  const error = locateJsonError(text);
  if (error !== null) return fail(field, `${what}: line ${error.line}, column ${error.column}: expected ${error.expected}`);
  return ok(JSON.parse(text) as unknown);
}

/** The messages of a raw JSON text: a non-empty array of objects, each with a string role. */
export function parseMessages(text: string): Checked<Json[]> {
  const parsed = parseJsonText(text, 'messages', 'Messages JSON');
  if (!parsed.ok) return parsed;
  return checkMessages(parsed.value);
}

export function checkMessages(value: unknown): Checked<Json[]> {
  if (!Array.isArray(value)) return fail('messages', 'Messages JSON: expected an array of messages');
  if (value.length === 0) return fail('messages', 'Messages: add at least one message');
  const problems: string[] = [];
  value.forEach((message: unknown, index) => {
    const name = `Message ${index + 1}`;
    if (!isObject(message)) problems.push(`${name}: expected an object with a role and content`);
    else if (typeof message.role !== 'string' || message.role === '') problems.push(`${name}: role must be a non-empty string`);
  });
  return problems.length > 0 ? fail('messages', ...problems) : ok(value as Json[]);
}

// OpenAI's rule for a function's name (the API answers 400 otherwise).
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The tools of a JSON text: empty means none; else an array of `{type: 'function', function: {name, parameters?}}`. */
export function parseTools(text: string): Checked<Json[] | undefined> {
  if (text.trim() === '') return ok(undefined);
  const parsed = parseJsonText(text, 'tools', 'Tools JSON');
  if (!parsed.ok) return parsed;
  const tools = parsed.value;
  if (!Array.isArray(tools)) return fail('tools', 'Tools JSON: expected an array of tools');
  const problems: string[] = [];
  tools.forEach((tool: unknown, index) => {
    const problem = toolProblem(tool);
    if (problem !== null) problems.push(`Tool ${index + 1}${namedTool(tool)}: ${problem}`);
  });
  return problems.length > 0 ? fail('tools', ...problems) : ok(tools as Json[]);
}

function toolProblem(tool: unknown): string | null {
  if (!isObject(tool)) return 'expected an object {"type": "function", "function": {…}}';
  if (tool.type !== 'function') return `type must be "function" (it is ${JSON.stringify(tool.type) ?? 'missing'})`;
  const fn = tool.function;
  if (!isObject(fn)) return 'function must be an object with a name';
  if (typeof fn.name !== 'string') return 'function.name is missing';
  if (!FUNCTION_NAME.test(fn.name)) return 'function.name must be 1 to 64 letters, digits, _ or -';
  if (fn.parameters !== undefined && !isObject(fn.parameters)) return 'function.parameters must be a JSON Schema object';
  if (fn.description !== undefined && typeof fn.description !== 'string') return 'function.description must be a string';
  return null;
}

function namedTool(tool: unknown): string {
  const name = isObject(tool) && isObject(tool.function) ? tool.function.name : undefined;
  return typeof name === 'string' && name !== '' ? ` (${name})` : '';
}

/** Each parameter's range (OpenAI's API reference, chat completions "Create"). */
const NUMBERS: Readonly<Record<Exclude<ParamName, 'tool_choice'>, { readonly integer: boolean; readonly min: number; readonly max: number }>> = {
  temperature: { integer: false, min: 0, max: 2 },
  top_p: { integer: false, min: 0, max: 1 },
  max_tokens: { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER },
  n: { integer: true, min: 1, max: 128 },
  seed: { integer: true, min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
};

const TOOL_CHOICES = new Set(['auto', 'none', 'required']);

/** The parameters given (empty fields are not sent); tool_choice is a mode or a function's name. */
export function parseParams(params: Readonly<Record<ParamName, string>>): Checked<Json> {
  const out: Json = {};
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(NUMBERS) as [keyof typeof NUMBERS, (typeof NUMBERS)[keyof typeof NUMBERS]][]) {
    const text = params[name].trim();
    if (text === '') continue;
    const value = Number(text);
    if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) problems.push(`${name}: expected ${rule.integer ? 'a whole number' : 'a number'}, not “${text}”`);
    else if (value < rule.min || value > rule.max) problems.push(`${name}: must be ${rule.max === Number.MAX_SAFE_INTEGER ? `at least ${rule.min}` : `from ${rule.min} to ${rule.max}`}`);
    else out[name] = value;
  }
  const choice = params.tool_choice.trim();
  if (choice !== '') {
    if (TOOL_CHOICES.has(choice)) out.tool_choice = choice;
    else if (FUNCTION_NAME.test(choice)) out.tool_choice = { type: 'function', function: { name: choice } };
    else problems.push('tool_choice: auto, none, required or a function’s name');
  }
  return problems.length > 0 ? fail('params', ...problems) : ok(out);
}

/** Body fields the editor sets itself: extra JSON may not set them a second time. */
const OWN_FIELDS = new Set(['model', 'messages', 'tools', 'stream']);

/** The extra body fields: empty, or a JSON object; `stream_options` keys beside the editor's own are kept. */
export function parseExtra(text: string, params: Json): Checked<Json> {
  if (text.trim() === '') return ok({});
  const parsed = parseJsonText(text, 'extra', 'Extra fields JSON');
  if (!parsed.ok) return parsed;
  if (!isObject(parsed.value)) return fail('extra', 'Extra fields JSON: expected an object of body fields');
  const problems: string[] = [];
  for (const name of Object.keys(parsed.value)) {
    if (OWN_FIELDS.has(name)) problems.push(`Extra fields: ${name} is set by the editor above${name === 'stream' ? ' (always true)' : ''}`);
    else if (name in params) problems.push(`Extra fields: ${name} is also given in its own field`);
  }
  const options = parsed.value.stream_options;
  if (options !== undefined && !isObject(options)) problems.push('Extra fields: stream_options must be an object');
  return problems.length > 0 ? fail('extra', ...problems) : ok(parsed.value);
}

/** Set by the recorder or by HTTP itself: a value given here would contradict the request sent. */
const TRANSPORT_HEADERS = new Set(['content-length', 'host', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer']);

/** The custom headers (rows with neither name nor value are skipped). Secrets are refused: keys go through the profile. */
export function parseHeaders(rows: readonly HeaderRow[]): Checked<Record<string, string>> {
  const out: Record<string, string> = {};
  const seen = new Set<string>();
  const problems: string[] = [];
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (name === '' && row.value === '') return;
    const label = `Header ${index + 1}${name !== '' ? ` (${name})` : ''}`;
    const lower = name.toLowerCase();
    if (name === '') problems.push(`${label}: give it a name`);
    else if (!HEADER_NAME.test(name)) problems.push(`${label}: a header name is letters, digits and !#$%&'*+-.^_\`|~ only`);
    else if (isSecretHeader(name)) problems.push(`${label}: keys go through the profile (its key is saved once and sent as ${lower === 'api-key' ? 'api-key' : 'Authorization'}); a secret header would be redacted in the recording and could not be resent`);
    else if (TRANSPORT_HEADERS.has(lower)) problems.push(`${label}: set by Streamscope for each request`);
    else if (seen.has(lower)) problems.push(`${label}: given twice`);
    else if (headerValueProblem(row.value) !== null) problems.push(`${label}: the value ${headerValueProblem(row.value)}`);
    else out[name] = row.value;
    seen.add(lower);
  });
  return problems.length > 0 ? fail('headers', ...problems) : ok(out);
}
