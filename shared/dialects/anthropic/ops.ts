// What one Anthropic Messages event says, as operations on a client's state. interpret.ts turns an
// event into these; accumulate.ts applies them; annotate.ts puts them in words. One operation an
// event at most, flat.

/** The content_block_delta types the Anthropic SDK accumulates (lib/MessageStream: accumulateMessage). */
export type DeltaType = 'text_delta' | 'input_json_delta' | 'thinking_delta' | 'signature_delta' | 'citations_delta';

export const DELTA_TYPES: ReadonlySet<string> = new Set(['text_delta', 'input_json_delta', 'thinking_delta', 'signature_delta', 'citations_delta']);

/** Which member of the delta carries its value, and which block types take it (the SDK ignores it on any other). */
export const DELTA_INFO: Readonly<Record<DeltaType, { readonly key: string; readonly blocks: readonly string[] }>> = {
  text_delta: { key: 'text', blocks: ['text'] },
  citations_delta: { key: 'citation', blocks: ['text'] },
  input_json_delta: { key: 'partial_json', blocks: ['tool_use', 'server_tool_use'] },
  thinking_delta: { key: 'thinking', blocks: ['thinking'] },
  signature_delta: { key: 'signature', blocks: ['thinking'] },
};

type Json = Readonly<Record<string, unknown>>;

export interface MessageStartOp {
  readonly type: 'message-start';
  readonly message: Json;
}

export interface BlockStartOp {
  readonly type: 'block-start';
  readonly index: number;
  readonly block: Json;
}

export interface DeltaOp {
  readonly type: 'delta';
  readonly index: number;
  readonly deltaType: DeltaType;
  /** The text of a text, input_json, thinking or signature delta; '' for a citation. */
  readonly text: string;
  /** The citation of a citations_delta; undefined otherwise. */
  readonly citation: unknown;
}

export interface BlockStopOp {
  readonly type: 'block-stop';
  readonly index: number;
}

export interface MessageDeltaOp {
  readonly type: 'message-delta';
  readonly delta: Json;
  readonly usage: Json | null;
}

export interface MessageStopOp {
  readonly type: 'message-stop';
}

export interface PingOp {
  readonly type: 'ping';
}

export interface ErrorOp {
  readonly type: 'error';
  readonly message: string;
  readonly code: string | null;
  /** An event-stream frame that said it (Bedrock's exception or error frame on an invoke stream), not Anthropic's error event. */
  readonly frame?: 'exception' | 'error';
}

export type MessagesOp = MessageStartOp | BlockStartOp | DeltaOp | BlockStopOp | MessageDeltaOp | MessageStopOp | PingOp | ErrorOp;
