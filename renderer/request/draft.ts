// The new-request editor's state, as the user edits it: text where the user types text (numbers,
// JSON), so that a half-typed value is kept as typed and judged only when it is sent
// (./to-live.ts turns a draft into the API's LiveRequest, or into the problems that stop it).

/** The body parameters with a field of their own; anything else goes in the extra JSON. */
export const PARAMS = ['temperature', 'max_tokens', 'top_p', 'n', 'seed', 'tool_choice'] as const;
export type ParamName = (typeof PARAMS)[number];

/** The roles the chat editor offers (OpenAI's chat completions message roles). */
export const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;

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
  readonly includeUsage: boolean;
  /** `stream_options.include_obfuscation`: not sent (the server's default), true or false. */
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

export const NO_PARAMS: Readonly<Record<ParamName, string>> = { temperature: '', max_tokens: '', top_p: '', n: '', seed: '', tool_choice: '' };

export function emptyDraft(profile = 'simulator'): RequestDraft {
  return {
    profile,
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
  };
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

/** The message a row stands for: the original with the edited role and text in their places. */
export function rowMessage(row: MessageRow): Record<string, unknown> {
  return { ...row.message, role: row.role, ...(row.text !== null ? { content: row.text } : {}) };
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
