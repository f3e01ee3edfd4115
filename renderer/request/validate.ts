// What the editor's fields must hold before a request may be sent. Every check answers with the
// problems it found, in words that name the place (line and column of a JSON text, which message,
// which tool, which header), and never throws: a problem blocks Send and is shown by its field.

import { isObject } from '../../shared/is-object.ts';
import { locateJsonError } from '../../shared/dialects/kit/json-error.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { HEADER_NAME, headerValueProblem } from '../../shared/recording/header-field.ts';
import { isSecretHeader } from '../../shared/recording/secrets/names.ts';
import { PROTOCOL_PARAMS } from './draft.ts';
import type { HeaderRow, ParamName } from './draft.ts';

export type Field = 'profile' | 'protocol' | 'baseUrl' | 'model' | 'key' | 'messages' | 'tools' | 'params' | 'extra' | 'headers';

export interface Problem {
  readonly field: Field;
  readonly message: string;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly Problem[] };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (field: Field, ...messages: string[]): Checked<never> => ({ ok: false, problems: messages.map((message) => ({ field, message })) });

type Json = Record<string, unknown>;

/** A JSON text parsed, or where it stops being JSON (`line 3, column 7: expected ',' or ']'`). */
export function parseJsonText(text: string, field: Field, what: string): Checked<unknown> {
  const error = locateJsonError(text);
  if (error !== null) return fail(field, `${what}: line ${error.line}, column ${error.column}: expected ${error.expected}`);
  return ok(JSON.parse(text) as unknown);
}

/** The messages of a raw JSON text: a non-empty array of messages (see checkMessages). */
export function parseMessages(text: string, protocol: Protocol = 'chat-completions'): Checked<Json[]> {
  const parsed = parseJsonText(text, 'messages', 'Messages JSON');
  if (!parsed.ok) return parsed;
  return checkMessages(parsed.value, protocol);
}

/** Anthropic's roles, and the Chat Completions roles the backend maps onto them (system and developer to `system`, tool to a tool_result). */
const ANTHROPIC_ROLES = new Set(['user', 'assistant', 'system', 'developer', 'tool']);

/**
 * A non-empty array of objects, each with a string role; in Responses an input item may have a
 * `type` instead (a function call, its output, a reasoning item); Anthropic takes its own roles
 * and those mapped onto them.
 */
export function checkMessages(value: unknown, protocol: Protocol = 'chat-completions'): Checked<Json[]> {
  if (!Array.isArray(value)) return fail('messages', 'Messages JSON: expected an array of messages');
  if (value.length === 0) return fail('messages', 'Messages: add at least one message');
  const problems: string[] = [];
  value.forEach((message: unknown, index) => {
    const name = `Message ${index + 1}`;
    if (!isObject(message)) problems.push(`${name}: expected an object with a role and content`);
    else if (protocol === 'responses' && message.role === undefined && typeof message.type === 'string' && message.type !== '') return;
    else if (typeof message.role !== 'string' || message.role === '') problems.push(`${name}: role must be a non-empty string${protocol === 'responses' ? ' (or, for an item, a type)' : ''}`);
    else if (protocol === 'anthropic-messages' && !ANTHROPIC_ROLES.has(message.role)) problems.push(`${name}: Anthropic takes the roles user and assistant (system and tool are mapped), not “${message.role}”`);
  });
  return problems.length > 0 ? fail('messages', ...problems) : ok(value as Json[]);
}

// OpenAI's rule for a function's name (the API answers 400 otherwise); Anthropic's tool names follow the same.
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The tools of a JSON text: empty means none; else an array of Chat Completions function tools
 * `{type: 'function', function: {name, parameters?}}` (mapped onto the dialect's shape), or of the
 * dialect's own: Responses' flat `{type: 'function', name, parameters}` and its built-in tools
 * (`{type: 'web_search'}` …), Anthropic's `{name, input_schema}` and its typed server tools.
 */
export function parseTools(text: string, protocol: Protocol = 'chat-completions'): Checked<Json[] | undefined> {
  if (text.trim() === '') return ok(undefined);
  const parsed = parseJsonText(text, 'tools', 'Tools JSON');
  if (!parsed.ok) return parsed;
  const tools = parsed.value;
  if (!Array.isArray(tools)) return fail('tools', 'Tools JSON: expected an array of tools');
  const problems: string[] = [];
  tools.forEach((tool: unknown, index) => {
    const problem = toolProblem(tool, protocol);
    if (problem !== null) problems.push(`Tool ${index + 1}${namedTool(tool)}: ${problem}`);
  });
  return problems.length > 0 ? fail('tools', ...problems) : ok(tools as Json[]);
}

function toolProblem(tool: unknown, protocol: Protocol): string | null {
  if (!isObject(tool)) return 'expected an object {"type": "function", "function": {…}}';
  if (tool.type === 'function' && tool.function !== undefined) return chatToolProblem(tool.function);
  if (protocol === 'responses') {
    if (tool.type === 'function') return nameProblem(tool.name, 'name') ?? schemaProblem(tool.parameters, 'parameters', true);
    return typeof tool.type === 'string' && tool.type !== '' ? null : 'type must be "function" or a built-in tool’s type';
  }
  if (protocol === 'anthropic-messages') {
    if (tool.type === undefined || tool.type === null || tool.type === 'custom') return nameProblem(tool.name, 'name') ?? (tool.input_schema === undefined ? 'input_schema is missing' : schemaProblem(tool.input_schema, 'input_schema', false));
    if (tool.type === 'function') return 'function must be an object with a name';
    return typeof tool.type === 'string' && typeof tool.name === 'string' ? null : 'a server tool has a type and a name';
  }
  if (tool.type !== 'function') return `type must be "function" (it is ${JSON.stringify(tool.type) ?? 'missing'})`;
  return 'function must be an object with a name';
}

function chatToolProblem(fn: unknown): string | null {
  if (!isObject(fn)) return 'function must be an object with a name';
  if (typeof fn.name !== 'string') return 'function.name is missing';
  return nameProblem(fn.name, 'function.name') ?? schemaProblem(fn.parameters, 'function.parameters', false) ?? (fn.description !== undefined && typeof fn.description !== 'string' ? 'function.description must be a string' : null);
}

function nameProblem(name: unknown, what: string): string | null {
  if (typeof name !== 'string') return `${what} is missing`;
  return FUNCTION_NAME.test(name) ? null : `${what} must be 1 to 64 letters, digits, _ or -`;
}

function schemaProblem(schema: unknown, what: string, nullable: boolean): string | null {
  return schema === undefined || (nullable && schema === null) || isObject(schema) ? null : `${what} must be a JSON Schema object`;
}

function namedTool(tool: unknown): string {
  const name = isObject(tool) ? (isObject(tool.function) ? tool.function.name : tool.name) : undefined;
  return typeof name === 'string' && name !== '' ? ` (${name})` : '';
}

interface Range {
  readonly integer: boolean;
  readonly min: number;
  readonly max: number;
  /** Said when the field is empty; absent: an empty field is not sent. */
  readonly required?: string;
}

/**
 * Each parameter's range, per dialect: OpenAI's API reference (Chat Completions and Responses
 * "Create": temperature 0 to 2, top_p 0 to 1, n 1 to 128, max_output_tokens at least 16) and
 * Anthropic's ("Messages": max_tokens required, temperature 0 to 1, top_p 0 to 1, top_k at least 0).
 */
const RANGES: Readonly<Record<Protocol, Partial<Record<Exclude<ParamName, 'tool_choice'>, Range>>>> = {
  'chat-completions': {
    temperature: { integer: false, min: 0, max: 2 },
    top_p: { integer: false, min: 0, max: 1 },
    max_tokens: { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER },
    n: { integer: true, min: 1, max: 128 },
    seed: { integer: true, min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  },
  responses: {
    temperature: { integer: false, min: 0, max: 2 },
    top_p: { integer: false, min: 0, max: 1 },
    max_output_tokens: { integer: true, min: 16, max: Number.MAX_SAFE_INTEGER },
  },
  'anthropic-messages': {
    temperature: { integer: false, min: 0, max: 1 },
    top_p: { integer: false, min: 0, max: 1 },
    top_k: { integer: true, min: 0, max: Number.MAX_SAFE_INTEGER },
    max_tokens: { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER, required: 'Anthropic requires it' },
  },
};

/** The tool_choice modes each dialect names by a word. */
export const TOOL_CHOICE_MODES: Readonly<Record<Protocol, readonly string[]>> = {
  'chat-completions': ['auto', 'none', 'required'],
  responses: ['auto', 'none', 'required'],
  'anthropic-messages': ['auto', 'any', 'none'],
};

/** A tool choice as the dialect writes it: a mode, or one function by its name. */
function toolChoice(text: string, protocol: Protocol): unknown {
  if (protocol === 'anthropic-messages') return TOOL_CHOICE_MODES[protocol].includes(text) ? { type: text } : { type: 'tool', name: text };
  if (TOOL_CHOICE_MODES[protocol].includes(text)) return text;
  return protocol === 'responses' ? { type: 'function', name: text } : { type: 'function', function: { name: text } };
}

/** The dialect's parameters given (empty fields are not sent; Anthropic's max_tokens must be given); tool_choice is a mode or a function's name. */
export function parseParams(params: Readonly<Record<ParamName, string>>, protocol: Protocol = 'chat-completions'): Checked<Json> {
  const out: Json = {};
  const problems: string[] = [];
  for (const name of PROTOCOL_PARAMS[protocol]) {
    const text = params[name].trim();
    if (name === 'tool_choice') {
      if (text === '') continue;
      if (TOOL_CHOICE_MODES[protocol].includes(text) || FUNCTION_NAME.test(text)) out.tool_choice = toolChoice(text, protocol);
      else problems.push(`tool_choice: ${TOOL_CHOICE_MODES[protocol].join(', ')} or a function’s name`);
      continue;
    }
    const rule = RANGES[protocol][name]!;
    if (text === '') {
      if (rule.required) problems.push(`${name}: ${rule.required}`);
      continue;
    }
    const value = Number(text);
    if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) problems.push(`${name}: expected ${rule.integer ? 'a whole number' : 'a number'}, not “${text}”`);
    else if (value < rule.min || value > rule.max) problems.push(`${name}: must be ${rule.max === Number.MAX_SAFE_INTEGER ? `at least ${rule.min}` : `from ${rule.min} to ${rule.max}`}`);
    else out[name] = value;
  }
  return problems.length > 0 ? fail('params', ...problems) : ok(out);
}

/** Body fields the editor sets itself, per dialect: extra JSON may not set them a second time. */
const OWN_FIELDS: Readonly<Record<Protocol, ReadonlySet<string>>> = {
  'chat-completions': new Set(['model', 'messages', 'tools', 'stream']),
  responses: new Set(['model', 'input', 'tools', 'stream']),
  'anthropic-messages': new Set(['model', 'messages', 'tools', 'stream']),
};

/** The extra body fields: empty, or a JSON object; `stream_options` keys beside the editor's own are kept. */
export function parseExtra(text: string, params: Json, protocol: Protocol = 'chat-completions'): Checked<Json> {
  if (text.trim() === '') return ok({});
  const parsed = parseJsonText(text, 'extra', 'Extra fields JSON');
  if (!parsed.ok) return parsed;
  if (!isObject(parsed.value)) return fail('extra', 'Extra fields JSON: expected an object of body fields');
  const problems: string[] = [];
  for (const name of Object.keys(parsed.value)) {
    if (OWN_FIELDS[protocol].has(name)) problems.push(`Extra fields: ${name} is set by the editor above${name === 'stream' ? ' (always true)' : ''}`);
    else if (name in params) problems.push(`Extra fields: ${name} is also given in its own field`);
  }
  const options = parsed.value.stream_options;
  if (protocol !== 'anthropic-messages' && options !== undefined && !isObject(options)) problems.push('Extra fields: stream_options must be an object');
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
    else if (isSecretHeader(name)) problems.push(`${label}: keys go through the profile (its key is saved once and sent as ${lower === 'api-key' || lower === 'x-api-key' ? lower : 'Authorization'}); a secret header would be redacted in the recording and could not be resent`);
    else if (TRANSPORT_HEADERS.has(lower)) problems.push(`${label}: set by Streamscope for each request`);
    else if (seen.has(lower)) problems.push(`${label}: given twice`);
    else if (headerValueProblem(row.value) !== null) problems.push(`${label}: the value ${headerValueProblem(row.value)}`);
    else out[name] = row.value;
    seen.add(lower);
  });
  return problems.length > 0 ? fail('headers', ...problems) : ok(out);
}
