// What one Responses API event says, as operations on a client's state. interpret.ts turns an
// event into these; accumulate.ts applies them; annotate.ts puts them in words. Each event makes
// at most one operation, flat (no nested target object): a hundred thousand deltas are as many
// operations, and every object they need is one more for the garbage collector.

/** The lifecycle events that carry the whole `response`. The last three end the stream. */
export type LifecycleEvent = 'response.created' | 'response.queued' | 'response.in_progress' | 'response.completed' | 'response.incomplete' | 'response.failed';

export const TERMINAL_EVENTS: ReadonlySet<string> = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * The string channels deltas extend, after the field that holds them (openai SDK,
 * internal/responses/response-accumulator: each delta type extends one field of one item type).
 */
export type Channel =
  /** `output_text` content part of a `message` item: `.text`. */
  | 'output_text'
  /** `refusal` content part of a `message` item: `.refusal`. */
  | 'refusal'
  /** `reasoning_text` content part of a `reasoning` item: `.text`. */
  | 'reasoning_text'
  /** `summary_text` part of a `reasoning` item's `summary`: `.text`. */
  | 'summary_text'
  /** `function_call` item: `.arguments`. */
  | 'arguments'
  /** `custom_tool_call` item: `.input`. */
  | 'input'
  /** `mcp_call` item: `.arguments`. */
  | 'mcp_arguments'
  /** `code_interpreter_call` item: `.code`. */
  | 'code';

export interface ChannelInfo {
  /** The item type the channel belongs to. */
  readonly itemType: string;
  /** Where its text lives: in a part of `content`, in a part of `summary`, or on the item itself. */
  readonly area: 'content' | 'summary' | 'item';
  /** The part type it extends (for part channels). */
  readonly partType: string | null;
  /** The key holding the text, on the part or on the item. */
  readonly key: string;
}

export const CHANNELS: Readonly<Record<Channel, ChannelInfo>> = {
  output_text: { itemType: 'message', area: 'content', partType: 'output_text', key: 'text' },
  refusal: { itemType: 'message', area: 'content', partType: 'refusal', key: 'refusal' },
  reasoning_text: { itemType: 'reasoning', area: 'content', partType: 'reasoning_text', key: 'text' },
  summary_text: { itemType: 'reasoning', area: 'summary', partType: 'summary_text', key: 'text' },
  arguments: { itemType: 'function_call', area: 'item', partType: null, key: 'arguments' },
  input: { itemType: 'custom_tool_call', area: 'item', partType: null, key: 'input' },
  mcp_arguments: { itemType: 'mcp_call', area: 'item', partType: null, key: 'arguments' },
  code: { itemType: 'code_interpreter_call', area: 'item', partType: null, key: 'code' },
};

/** Where an event points: the item (by id, else by output index) and, for parts, the part index. */
interface Target {
  readonly itemId: string | null;
  readonly outputIndex: number | null;
  /** `content_index` or `summary_index`; null for item-level channels. */
  readonly index: number | null;
}

export interface ResponseOp {
  readonly type: 'response';
  readonly event: LifecycleEvent;
  readonly response: Readonly<Record<string, unknown>>;
}

export interface ItemOp {
  readonly type: 'item-added' | 'item-done';
  readonly outputIndex: number | null;
  readonly item: Readonly<Record<string, unknown>>;
}

export interface PartOp extends Target {
  readonly type: 'part-added' | 'part-done';
  readonly area: 'content' | 'summary';
  readonly part: Readonly<Record<string, unknown>>;
}

export interface DeltaOp extends Target {
  readonly type: 'delta';
  readonly channel: Channel;
  readonly text: string;
  /** output_text deltas' logprobs, when non-empty. */
  readonly logprobs: readonly unknown[] | null;
}

/** A `.done` event: the full text of a channel, as the server says it is. */
export interface TextDoneOp extends Target {
  readonly type: 'text-done';
  readonly channel: Channel;
  readonly text: string;
  readonly logprobs: readonly unknown[] | null;
}

export interface AnnotationOp extends Target {
  readonly type: 'annotation';
  readonly annotationIndex: number | null;
  readonly annotation: unknown;
}

/** `response.web_search_call.searching` and the like: a hosted tool item's status. */
export interface StatusOp extends Target {
  readonly type: 'item-status';
  readonly itemType: string;
  readonly status: string;
}

export interface ErrorOp {
  readonly type: 'error';
  readonly message: string;
  readonly code: string | null;
}

export type ResponsesOp = ResponseOp | ItemOp | PartOp | DeltaOp | TextDoneOp | AnnotationOp | StatusOp | ErrorOp;
