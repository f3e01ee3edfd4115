// The final object of an Anthropic Messages stream: the object @anthropic-ai/sdk's
// `messages.stream()` → `finalMessage()` ends with on a well-formed stream, built from the deltas.
//
// What the SDK does (lib/MessageStream: accumulateMessage, lib/parser: maybeParseMessage):
// message_start's message, blocks pushed as they start, text and thinking appended, citations
// appended to `citations`, the last signature kept, a tool block's `input` the JSON of its
// input_json_delta fragments (listed last among the block's keys; `{}` when the fragments are
// all empty; the block's own `input` when none came), and message_delta's stop_reason,
// stop_sequence, stop_details, container and usage. Blocks are ordered by `index` here (the SDK
// pushes them in arrival order and finds a delta's block by `index`: the same on a well-formed
// stream). Not reproduced: the SDK's structured-output helper `parsed_output` (null at the top and,
// not enumerable, on text blocks), which parses the object rather than stream anything.
//
// Differences on malformed streams, where the SDK has no well-defined answer: tool input that is
// not JSON keeps the block's own `input` (the SDK's partial-JSON parser repairs it into a shorter
// object; tool-arguments-invalid names the fault), and a message_delta without stop_reason or
// stop_sequence leaves them null (the SDK sets them to undefined).

import { isObject } from '../../is-object.ts';
import type { BlockState, MessagesState } from './accumulate.ts';
import { TOOL_BLOCKS, checkInput } from './accumulate.ts';

type Json = Record<string, unknown>;

/** The contract's `"message"` (docs/architecture.md, "Analysis contract"). */
export interface MessageObject {
  id: string | null;
  type: string;
  role: string;
  model: string | null;
  content: Json[];
  /** null when no message_delta said it (with no terminal event, stop_reason is null: docs/diagnostics.md, `missing-message-stop`). */
  stop_reason: string | null;
  stop_sequence: string | null;
  usage: Json | null;
  [key: string]: unknown;
}

export function finalMessage(state: MessagesState): MessageObject {
  const out: Json = { id: null, type: 'message', role: 'assistant', model: null, content: [], stop_reason: null, stop_sequence: null, usage: null, ...(state.message ?? {}) };
  out.content = [...state.blocks.values()].sort((a, b) => a.index - b.index).map(buildBlock);
  const delta = state.delta;
  if (delta !== null) {
    out.stop_reason = delta.stop_reason ?? null;
    out.stop_sequence = delta.stop_sequence ?? null;
    // The SDK assigns stop_details whatever the delta holds: absent there is absent here.
    if ('stop_details' in delta) out.stop_details = delta.stop_details;
    else delete out.stop_details;
    if (delta.container !== undefined && delta.container !== null) out.container = delta.container;
  }
  out.usage = state.usage === null ? null : { ...state.usage };
  return out as MessageObject;
}

function buildBlock(block: BlockState): Json {
  const start = block.start;
  switch (block.type) {
    case 'text': {
      const out: Json = { ...start, text: (typeof start.text === 'string' ? start.text : '') + block.text.value };
      if (block.citations !== null) out.citations = [...(Array.isArray(start.citations) ? start.citations : []), ...block.citations];
      return out;
    }
    case 'thinking': {
      const out: Json = { ...start, thinking: (typeof start.thinking === 'string' ? start.thinking : '') + block.text.value };
      if (block.signature !== null) out.signature = block.signature;
      return out;
    }
    default: {
      if (!TOOL_BLOCKS.has(block.type) || block.deltas === 0) return { ...start };
      const out: Json = {};
      for (const key of Object.keys(start)) if (key !== 'input') out[key] = start[key];
      // Parsed at the block's stop; a block never stopped is parsed as it stands.
      const check = block.input ?? checkInput(block.text.value);
      out.input = check.valid ? check.value : isObject(start.input) ? start.input : {};
      return out;
    }
  }
}
