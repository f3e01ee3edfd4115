// The new-request editor's state, as the user edits it: text where the user types text (numbers,
// JSON), so that a half-typed value is kept as typed and judged only when it is sent
// (./to-live.ts turns a draft into the API's LiveRequest, or into the problems that stop it).
// The draft is in one dialect (Chat Completions, Responses, Anthropic Messages): its parameters
// and options are that dialect's; its messages are written as Chat Completions writes them, or in
// the dialect's own shape, and the backend maps them (shared/dialects/request.ts).

import { MESSAGES_DEFAULT_MAX_TOKENS } from '../../shared/api/contract.ts';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

/** Every body parameter with a field of its own, in any dialect; anything else goes in the extra JSON. */
export const PARAMS = ['temperature', 'max_tokens', 'max_output_tokens', 'top_p', 'top_k', 'n', 'seed', 'tool_choice'] as const;
export type ParamName = (typeof PARAMS)[number];

/** The parameters each dialect has a field for (the API references' request bodies). */
export const PROTOCOL_PARAMS: Readonly<Record<Protocol, readonly ParamName[]>> = {
  'chat-completions': ['temperature', 'max_tokens', 'top_p', 'n', 'seed', 'tool_choice'],
  responses: ['temperature', 'max_output_tokens', 'top_p', 'tool_choice'],
  'anthropic-messages': ['max_tokens', 'temperature', 'top_p', 'top_k', 'tool_choice'],
};

/** The roles the chat editor offers in each dialect; a system message is Responses' `instructions` (the first) or Anthropic's `system`. */
export const PROTOCOL_ROLES: Readonly<Record<Protocol, readonly string[]>> = {
  'chat-completions': ['system', 'developer', 'user', 'assistant', 'tool'],
  responses: ['system', 'developer', 'user', 'assistant'],
  'anthropic-messages': ['system', 'user', 'assistant'],
};

export interface MessageRow {
  /** Stable across edits and moves: the editor's list key. */
  readonly key: number;
  readonly role: string;
  /** The message's text; null when its content is not a string (content parts, null): then it is edited in raw JSON only. */
  readonly text: string | null;
  /** The message as given, keeping what the chat editor does not edit (content parts, tool_calls, name, tool_call_id). */
  readonly message: Readonly<Record<string, unknown>>;
}

export interface HeaderRow {
  readonly key: number;
  readonly name: string;
  readonly value: string;
}

export type Tristate = 'default' | 'on' | 'off';

export interface RequestDraft {
  readonly profile: string;
  /** The dialect; one the profile serves (to-live.ts says so otherwise). */
  readonly protocol: Protocol;
  /** Empty: the profile's own base URL. */
  readonly baseUrl: string;
  /** Empty: the profile's default model. */
  readonly model: string;
  readonly messages: readonly MessageRow[];
  /**
   * The raw JSON tab's text while it is being edited; null when the rows are the truth (the tab
   * then shows them formatted). Kept as typed, so an invalid text is not lost on the way.
   */
  readonly messagesText: string | null;
  /** A JSON array of tools; empty: none sent. */
  readonly tools: string;
  readonly params: Readonly<Record<ParamName, string>>;
  /** A JSON object of further body fields; empty: none. */
  readonly extra: string;
  /** Chat Completions' `stream_options.include_usage`. */
  readonly includeUsage: boolean;
  /** `stream_options.include_obfuscation` (Chat Completions, Responses): not sent (the server's default), true or false. */
  readonly includeObfuscation: Tristate;
  readonly headers: readonly HeaderRow[];
  /**
   * The origin the user confirmed the profile's key may be sent to ('' none). It counts only while
   * the base URL points there, so changing the URL asks again; a draft made from a recording never
   * carries one (shared/api/key-host.ts).
   */
  readonly sendKeyTo: string;
}

let lastKey = 0;
/** A key for a new row, unique in this page. */
export function rowKey(): number {
  return ++lastKey;
}

export const NO_PARAMS: Readonly<Record<ParamName, string>> = { temperature: '', max_tokens: '', max_output_tokens: '', top_p: '', top_k: '', n: '', seed: '', tool_choice: '' };

export function emptyDraft(profile = 'simulator', protocol: Protocol = 'chat-completions'): RequestDraft {
  return withProtocol(
    {
      profile,
      protocol,
      baseUrl: '',
      model: '',
      messages: [messageRow({ role: 'user', content: 'Say hello in five words.' })],
      messagesText: null,
      tools: '',
      params: NO_PARAMS,
      extra: '',
      includeUsage: true,
      includeObfuscation: 'default',
      headers: [],
      sendKeyTo: '',
    },
    protocol,
  );
}

/**
 * The draft in another dialect: the parameters that dialect has kept (the token limit under its
 * name, `required` and Anthropic's `any` for each other), the others dropped; Anthropic's required
 * `max_tokens` filled with the backend's default when empty.
 */
export function withProtocol(draft: RequestDraft, protocol: Protocol): RequestDraft {
  const was = draft.params;
  let limit = was.max_tokens || was.max_output_tokens;
  // Anthropic's default limit, filled in because its API requires one, is not carried where none is needed.
  if (draft.protocol === 'anthropic-messages' && protocol !== 'anthropic-messages' && limit.trim() === String(MESSAGES_DEFAULT_MAX_TOKENS)) limit = '';
  const carried: Record<ParamName, string> = { ...was, max_tokens: limit, max_output_tokens: limit, tool_choice: toolChoiceIn(was.tool_choice, protocol) };
  if (protocol === 'anthropic-messages' && carried.max_tokens.trim() === '') carried.max_tokens = String(MESSAGES_DEFAULT_MAX_TOKENS);
  const params = Object.fromEntries(PARAMS.map((name) => [name, PROTOCOL_PARAMS[protocol].includes(name) ? carried[name] : ''])) as Record<ParamName, string>;
  return { ...draft, protocol, params };
}

function toolChoiceIn(choice: string, protocol: Protocol): string {
  if (protocol === 'anthropic-messages' && choice.trim() === 'required') return 'any';
  if (protocol !== 'anthropic-messages' && choice.trim() === 'any') return 'required';
  return choice;
}

/** The draft sent through another profile: its own base URL and default model, and a dialect it serves (the draft's, if it does, else its default). */
export function withProfile(draft: RequestDraft, name: string, profile: ProfileInfo | undefined): RequestDraft {
  const protocol = profile === undefined || profile.protocols.includes(draft.protocol) ? draft.protocol : profile.protocols[0]!;
  return withProtocol({ ...draft, profile: name, baseUrl: '', model: '' }, protocol);
}

/** A row for a message object (the caller checked it is one). */
export function messageRow(message: Readonly<Record<string, unknown>>): MessageRow {
  return {
    key: rowKey(),
    role: typeof message.role === 'string' ? message.role : '',
    text: typeof message.content === 'string' ? message.content : null,
    message,
  };
}

/** The message a row stands for: the original with the edited role and text in their places (an item without a role, such as a Responses function call, gets none). */
export function rowMessage(row: MessageRow): Record<string, unknown> {
  return { ...row.message, ...(row.role !== '' || 'role' in row.message ? { role: row.role } : {}), ...(row.text !== null ? { content: row.text } : {}) };
}

// The chat editor's edits: each returns a new list.

export function addMessage(rows: readonly MessageRow[]): MessageRow[] {
  // A user's turn follows the assistant's and the system's; an answer follows the user's.
  const role = rows.at(-1)?.role === 'user' ? 'assistant' : 'user';
  return [...rows, messageRow({ role, content: '' })];
}

export function removeMessage(rows: readonly MessageRow[], index: number): MessageRow[] {
  return rows.filter((_, at) => at !== index);
}

/** Moves the row at `index` by `by` places (-1 up, 1 down); unchanged at either end. */
export function moveMessage(rows: readonly MessageRow[], index: number, by: number): MessageRow[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const moved = [...rows];
  const [row] = moved.splice(index, 1);
  moved.splice(to, 0, row!);
  return moved;
}

export function editMessage(rows: readonly MessageRow[], index: number, change: { readonly role?: string; readonly text?: string }): MessageRow[] {
  return rows.map((row, at) => (at === index ? { ...row, ...change } : row));
}

/** The rows as the raw JSON tab shows them. */
export function messagesJson(rows: readonly MessageRow[]): string {
  return JSON.stringify(rows.map(rowMessage), null, 2);
}
