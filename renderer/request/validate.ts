// What the editor's fields must hold before a request may be sent. Every check answers with the
// problems it found, in words that name the place (line and column of a JSON text, which message,
// which tool, which header), and never throws: a problem blocks Send and is shown by its field.

import { isObject } from '../../shared/is-object.ts';
import { locateJsonError } from '../../shared/dialects/kit/json-error.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { HEADER_NAME, headerValueProblem } from '../../shared/recording/header-field.ts';
import { isSecretHeader } from '../../shared/recording/secrets/names.ts';
import type { HeaderRow, ParamName } from './draft.ts';
import { chatToolProblem, FUNCTION_NAME } from './dialects/kit/tools.ts';
import { DEFAULT_PROTOCOL, requestDialect } from './dialects/registry.ts';

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
export function parseMessages(text: string, protocol: Protocol = DEFAULT_PROTOCOL): Checked<Json[]> {
  const parsed = parseJsonText(text, 'messages', 'Messages JSON');
  if (!parsed.ok) return parsed;
  return checkMessages(parsed.value, protocol);
}

/** A non-empty array of objects, each a message as the dialect takes one (its messageProblem: a role, or what it takes instead). */
export function checkMessages(value: unknown, protocol: Protocol): Checked<Json[]> {
  if (!Array.isArray(value)) return fail('messages', 'Messages JSON: expected an array of messages');
  if (value.length === 0) return fail('messages', 'Messages: add at least one message');
  const dialect = requestDialect(protocol);
  const problems: string[] = [];
  value.forEach((message: unknown, index) => {
    const problem = isObject(message) ? dialect.messageProblem(message) : 'expected an object with a role and content';
    if (problem !== null) problems.push(`Message ${index + 1}: ${problem}`);
  });
  return problems.length > 0 ? fail('messages', ...problems) : ok(value as Json[]);
}

/**
 * The tools of a JSON text: empty means none; else an array of Chat Completions function tools
 * `{type: 'function', function: {name, parameters?}}` (mapped onto the dialect's shape), or of the
 * dialect's own (its toolProblem: Responses' flat functions and built-in tools, Anthropic's
 * `{name, input_schema}` and server tools).
 */
export function parseTools(text: string, protocol: Protocol = DEFAULT_PROTOCOL): Checked<Json[] | undefined> {
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
  return requestDialect(protocol).toolProblem(tool);
}

function namedTool(tool: unknown): string {
  const name = isObject(tool) ? (isObject(tool.function) ? tool.function.name : tool.name) : undefined;
  return typeof name === 'string' && name !== '' ? ` (${name})` : '';
}

/** The dialect's parameters given (empty fields are not sent; a required one must be given); tool_choice is a mode or a function's name. */
export function parseParams(params: Readonly<Record<ParamName, string>>, protocol: Protocol = DEFAULT_PROTOCOL): Checked<Json> {
  const dialect = requestDialect(protocol);
  const { modes } = dialect.toolChoice;
  const out: Json = {};
  const problems: string[] = [];
  for (const rule of dialect.numbers) {
    const text = params[rule.name].trim();
    if (text === '') {
      if (rule.required) problems.push(`${rule.name}: ${rule.required}`);
      continue;
    }
    const value = Number(text);
    if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value))) problems.push(`${rule.name}: expected ${rule.integer ? 'a whole number' : 'a number'}, not “${text}”`);
    else if (value < rule.min || value > rule.max) problems.push(`${rule.name}: must be ${rule.max === Number.MAX_SAFE_INTEGER ? `at least ${rule.min}` : `from ${rule.min} to ${rule.max}`}`);
    else out[rule.name] = value;
  }
  const choice = params.tool_choice.trim();
  if (choice !== '') {
    if (modes.includes(choice) || FUNCTION_NAME.test(choice)) out.tool_choice = dialect.toolChoice.write(choice);
    else problems.push(`tool_choice: ${modes.join(', ')} or a function’s name`);
  }
  return problems.length > 0 ? fail('params', ...problems) : ok(out);
}

/** The extra body fields: empty, or a JSON object; `stream_options` keys beside the editor's own are kept. */
export function parseExtra(text: string, params: Json, protocol: Protocol = DEFAULT_PROTOCOL): Checked<Json> {
  if (text.trim() === '') return ok({});
  const parsed = parseJsonText(text, 'extra', 'Extra fields JSON');
  if (!parsed.ok) return parsed;
  if (!isObject(parsed.value)) return fail('extra', 'Extra fields JSON: expected an object of body fields');
  const dialect = requestDialect(protocol);
  // The body fields the editor sets itself: extra JSON may not set them a second time.
  const own = new Set(['model', dialect.conversationField, 'tools', 'stream']);
  const problems: string[] = [];
  for (const name of Object.keys(parsed.value)) {
    if (own.has(name)) problems.push(`Extra fields: ${name} is set by the editor above${name === 'stream' ? ' (always true)' : ''}`);
    else if (name in params) problems.push(`Extra fields: ${name} is also given in its own field`);
  }
  const options = parsed.value.stream_options;
  if (dialect.streamOptions !== null && options !== undefined && !isObject(options)) problems.push('Extra fields: stream_options must be an object');
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
