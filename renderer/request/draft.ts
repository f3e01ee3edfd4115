// The new-request editor's state, as the user edits it: text where the user types text (numbers,
// JSON), so that a half-typed value is kept as typed and judged only when it is sent
// (./to-live.ts turns a draft into the API's LiveRequest, or into the problems that stop it).
// The draft is in one dialect: its parameters and options are that dialect's (./dialects/); its
// messages are written as Chat Completions writes them, or in the dialect's own shape, and the
// backend maps them (shared/dialects/request.ts).

import type { ProfileInfo } from '../../shared/api/contract.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { paramNames, PARAMS, TOKEN_LIMITS } from './dialects/kit/params.ts';
import type { ParamName } from './dialects/kit/params.ts';
import { DEFAULT_PROTOCOL, REQUEST_DIALECTS, requestDialect } from './dialects/registry.ts';

export { PARAMS };
export type { ParamName };

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

export function emptyDraft(profile = 'simulator', protocol: Protocol = DEFAULT_PROTOCOL): RequestDraft {
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
 * name, one dialect's word for "use some tool" as the other's), the others dropped; a token limit
 * the dialect requires filled with its default when empty.
 */
export function withProtocol(draft: RequestDraft, protocol: Protocol): RequestDraft {
  const was = draft.params;
  const from = requestDialect(draft.protocol);
  const to = requestDialect(protocol);
  let limit = TOKEN_LIMITS.map((name) => was[name]).find((text) => text !== '') ?? '';
  // A default limit, filled in because one API requires it, is not carried where it is not that dialect's.
  if (from.filledLimit !== null && from.filledLimit !== to.filledLimit && limit.trim() === from.filledLimit) limit = '';
  if (to.filledLimit !== null && limit.trim() === '') limit = to.filledLimit;
  const carried: Record<ParamName, string> = { ...was, ...Object.fromEntries(TOKEN_LIMITS.map((name) => [name, limit])), tool_choice: toolChoiceIn(was.tool_choice, protocol) };
  const kept = paramNames(to);
  const params = Object.fromEntries(PARAMS.map((name) => [name, kept.includes(name) ? carried[name] : ''])) as Record<ParamName, string>;
  return { ...draft, protocol, params };
}

/** The choice in the dialect's words: another dialect's word for "use some tool" becomes its own. */
function toolChoiceIn(choice: string, protocol: Protocol): string {
  const own = requestDialect(protocol).toolChoice.mustUse;
  const text = choice.trim();
  return text !== own && Object.values(REQUEST_DIALECTS).some((dialect) => dialect.toolChoice.mustUse === text) ? own : choice;
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
