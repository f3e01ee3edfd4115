// What one SSE event says, as a list of operations on a client's state.
// Interpretation (interpret.ts) turns a payload into these; the accumulator
// (accumulate.ts) applies them; annotation (annotate.ts) puts them in words.

/** The three string channels of an assistant message (docs/architecture.md, "The stream"). */
export type Channel = 'content' | 'refusal' | 'reasoning';

/** Where a channel's text came from on the wire. */
export type TextSource =
  | 'content'
  | 'refusal'
  | 'reasoning_content'
  | 'reasoning'
  /** Mistral's typed content parts: `content: [{"type":"text","text":…}]`. */
  | 'content[].text'
  /** Mistral's typed content parts: `content: [{"type":"thinking","thinking":[…]}]`. */
  | 'content[].thinking';

export interface RoleOp {
  readonly type: 'role';
  readonly choice: number;
  readonly role: string;
}

export interface TextOp {
  readonly type: 'text';
  readonly choice: number;
  readonly channel: Channel;
  readonly source: TextSource;
  readonly text: string;
}

/** One `delta.tool_calls[]` fragment. Absent keys are undefined; present ones keep their value, `null` and `""` included. */
export interface ToolOp {
  readonly type: 'tool';
  readonly choice: number;
  /** `index` as sent; null when the fragment has none (Mistral, Gemini, old Ollama). */
  readonly index: number | null;
  /** Position of the fragment in this delta's `tool_calls` array. */
  readonly position: number;
  readonly id?: string | null;
  readonly callType?: string | null;
  readonly name?: string | null;
  readonly arguments?: string | null;
}

/** A fragment of the deprecated `delta.function_call` (one call per choice, before tool_calls existed). */
export interface FunctionCallOp {
  readonly type: 'function_call';
  readonly choice: number;
  readonly name?: string | null;
  readonly arguments?: string | null;
}

export interface FinishOp {
  readonly type: 'finish';
  readonly choice: number;
  readonly reason: string;
}

export interface LogprobsOp {
  readonly type: 'logprobs';
  readonly choice: number;
  readonly content: readonly unknown[] | null;
  readonly refusal: readonly unknown[] | null;
}

export interface UsageOp {
  readonly type: 'usage';
  readonly usage: Readonly<Record<string, unknown>>;
  /** `usage` at the top level, or Groq's `x_groq.usage` when that is the only place it came. */
  readonly source: 'usage' | 'x_groq.usage';
}

export interface ErrorOp {
  readonly type: 'error';
  readonly message: string;
  readonly code: string | number | null;
  /** Where the error was carried. */
  readonly source: 'error-object' | 'object-error' | 'event-error' | 'sse-error-field';
}

export type Op = RoleOp | TextOp | ToolOp | FunctionCallOp | FinishOp | LogprobsOp | UsageOp | ErrorOp;
