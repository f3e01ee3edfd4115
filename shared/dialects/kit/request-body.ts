// What the dialects' body builders share: reading Chat Completions' shapes.

import { isObject } from '../../is-object.ts';

export type Json = Record<string, unknown>;

export interface BodyInputs {
  readonly model: string;
  /** The conversation: Chat Completions messages, or the dialect's own items (sent as given). */
  readonly messages: readonly unknown[];
  readonly tools?: readonly unknown[];
  /** Further body fields, in the dialect's own names (`temperature`, `tool_choice` …); the fields built here win over them. */
  readonly params?: Readonly<Json>;
  /** The answer's token limit, under the dialect's name: `max_tokens`, `max_output_tokens`, `max_tokens`. */
  readonly maxTokens?: number;
  /** Chat Completions' `stream_options.include_usage` (default true); the other two always send usage. */
  readonly includeUsage?: boolean;
  /** `stream_options.include_obfuscation` (Chat Completions and Responses); not sent when absent. */
  readonly includeObfuscation?: boolean;
}

/** A body, or why the inputs cannot make one in that dialect (a sentence naming the input). */
export type BuiltBody = { readonly ok: true; readonly body: Json } | { readonly ok: false; readonly problem: string };

/** A Chat Completions system (or developer) message: the dialects without that role lift it into their own system member. */
export function isSystemMessage(message: unknown): message is Json {
  return isObject(message) && (message.role === 'system' || message.role === 'developer');
}

/**
 * The body fields split between the body and the object a dialect nests its sampling settings in
 * (Gemini's `generationConfig`, Converse's `inferenceConfig`): a field `names` maps goes in it under
 * the dialect's name, over what a given `member` object already holds; `other` may place any other field.
 */
export function nestParams(given: Readonly<Json>, member: string, names: Readonly<Record<string, string>>, other: (params: Json, name: string, value: unknown) => void = (params, name, value) => void (params[name] = value)): { readonly params: Json; readonly nested: Json } {
  const params: Json = {};
  const nested: Json = isObject(given[member]) ? { ...given[member] } : {};
  for (const [name, value] of Object.entries(given)) {
    if (name === member) continue;
    if (names[name] !== undefined) nested[names[name]] = value;
    else other(params, name, value);
  }
  return { params, nested };
}


/** A Chat Completions function tool, `{type: "function", function: {name, …}}`: its function; else null (another shape, sent as given). */
export function chatFunction(tool: unknown): Json | null {
  return isObject(tool) && tool.type === 'function' && isObject(tool.function) && typeof tool.function.name === 'string' ? tool.function : null;
}

/** A function's parameters schema; a function without one takes no arguments. */
export function parametersOf(fn: Json): unknown {
  return fn.parameters ?? { type: 'object', properties: {} };
}

/** A Chat Completions tool call, `{id, type: "function", function: {name, arguments}}`, or null. */
export function chatToolCall(call: unknown): { readonly id: unknown; readonly name: string; readonly arguments: unknown } | null {
  if (!isObject(call) || !isObject(call.function) || typeof call.function.name !== 'string') return null;
  return { id: call.id, name: call.function.name, arguments: call.function.arguments };
}

/** A Chat Completions `image_url` part's URL and detail, or null. */
export function imageUrlPart(part: Json): { readonly url: string; readonly detail: unknown } | null {
  if (part.type !== 'image_url') return null;
  const image = part.image_url;
  if (typeof image === 'string') return { url: image, detail: undefined };
  return isObject(image) && typeof image.url === 'string' ? { url: image.url, detail: image.detail } : null;
}

/** `stream_options` as given in the fields, with the two the inputs set; undefined when empty (some servers refuse the field). */
export function withStreamOptions(given: unknown, set: { readonly includeUsage?: boolean; readonly includeObfuscation?: boolean | undefined }): Json | undefined {
  const options: Json = isObject(given) ? { ...given } : {};
  if (set.includeUsage) options.include_usage = true;
  if (set.includeObfuscation !== undefined) options.include_obfuscation = set.includeObfuscation;
  return Object.keys(options).length > 0 ? options : undefined;
}

/** A tool choice in a dialect-neutral form: a mode, and the tool's name for `tool`. */
export type ToolChoice = { readonly mode: 'auto' | 'any' | 'none' } | { readonly mode: 'tool'; readonly name: string };

/**
 * The editor's `tool_choice` as written in Chat Completions ('auto' | 'required' | 'none' |
 * `{type: "function", function: {name}}`) or in Anthropic Messages (`{type: "auto" | "any" |
 * "none" | "tool", name}`), read once for the dialects that spell it otherwise; null for any other shape.
 */
export function readToolChoice(value: unknown): ToolChoice | null {
  if (value === 'auto' || value === 'none') return { mode: value };
  if (value === 'required') return { mode: 'any' };
  if (!isObject(value)) return null;
  if (value.type === 'function' && isObject(value.function) && typeof value.function.name === 'string') return { mode: 'tool', name: value.function.name };
  if (value.type === 'tool' && typeof value.name === 'string') return { mode: 'tool', name: value.name };
  if (value.type === 'auto' || value.type === 'any' || value.type === 'none') return { mode: value.type };
  return null;
}
