// The tool calls of a Responses or Anthropic Messages stream, one per output item / content block,
// each with the fragments of its arguments and the events that carried them: what the Tool calls
// panel's cards and the timeline's tool lanes show (Chat Completions' calls come with its client
// state, shared/dialects/chat/accumulate.ts). Read from the events with the dialect's own reading of them,
// following its rules for finding the item or block a delta extends (shared/dialects/*/accumulate.ts):
//
// - Responses: a function_call (custom_tool_call, mcp_call, code_interpreter_call) item opened by
//   response.output_item.added at its output_index, extended by the arguments (input, code) deltas
//   that name its item_id (else its output_index), ended by response.output_item.done.
// - Anthropic Messages: a tool_use (server_tool_use) block opened by content_block_start at its
//   index, extended by input_json_delta's partial_json, ended (and its input parsed) by
//   content_block_stop.
//
// Built for a live recording of a hundred thousand events: a reader remembers how far it read and
// reads only the events that arrived since; only tool deltas and the events that open and close
// items are read again (text deltas are skipped by their kind).

import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import type { ArgumentsCheck } from '../../../shared/dialects/kit/arguments.ts';
import { checkArguments } from '../../../shared/dialects/kit/arguments.ts';
import { checkInput, TOOL_BLOCKS } from '../../../shared/dialects/anthropic/accumulate.ts';
import type { MessagesInterpretation } from '../../../shared/dialects/anthropic/interpret.ts';
import { initialText } from '../../../shared/dialects/responses/final.ts';
import type { ResponsesInterpretation } from '../../../shared/dialects/responses/interpret.ts';
import { CHANNELS } from '../../../shared/dialects/responses/ops.ts';
import type { DialectProtocol } from './final-entry.ts';
import { TOOL_ITEMS } from './responses-items.ts';

export interface Fragment {
  /** The event that carried it. */
  readonly event: number;
  readonly text: string;
}

export interface DialectToolCall {
  /** Its place, which no other call of the stream has: `output[1]`, `content[2]`. */
  readonly where: string;
  /** As sent: `function_call`, `custom_tool_call`, `tool_use`, `server_tool_use` … */
  readonly type: string;
  readonly name: string | null;
  /** What a tool result answers to: the Responses `call_id`, the Anthropic block's `id`. */
  readonly callId: string | null;
  /** The Responses item's `id` (deltas name it), or null. */
  readonly itemId: string | null;
  /** The member that holds what is passed to the tool: `arguments`, `input`, `code`. */
  readonly member: string;
  /** Whether what is passed is JSON (a custom tool's input and interpreter code are free text). */
  readonly json: boolean;
  /** The event that opened it. */
  readonly openedAt: number;
  /** The event that closed it (output_item.done, content_block_stop); -1 while open. */
  readonly closedAt: number;
  /** The text the item opened with (a Responses item may carry some; usually ''). */
  readonly initial: string;
  /** An Anthropic block's own `input` as content_block_start sent it (what stands when no fragment comes). */
  readonly startInput: unknown;
  /** In event order. */
  readonly fragments: readonly Fragment[];
}

interface OpenCall {
  where: string;
  type: string;
  name: string | null;
  callId: string | null;
  itemId: string | null;
  member: string;
  json: boolean;
  openedAt: number;
  closedAt: number;
  initial: string;
  startInput: unknown;
  fragments: Fragment[];
}

/** What a Responses delta names: an item's type at an output index (every item, so that indexes and types resolve as the fold's do). */
interface ItemSlot {
  readonly type: string;
  readonly call: OpenCall | null;
}

export interface ToolCallReader {
  /** The calls of `events` in the order they opened; `events` may have grown since the last call. The result is kept and changed as more events come. */
  read(events: readonly AnalyzedEvent[]): readonly DialectToolCall[];
}

/** The events a reader reads again: tool deltas, and those that open and close items and blocks. */
const READ_KINDS: ReadonlySet<string> = new Set(['tool', 'metadata']);

export function createToolCallReader(protocol: DialectProtocol): ToolCallReader {
  let calls: OpenCall[] = [];
  let scanned = 0;
  let last: AnalyzedEvent | undefined;
  // Responses: items by output index and by id. Anthropic: tool blocks by index.
  let items = new Map<number, ItemSlot>();
  let itemsById = new Map<string, ItemSlot>();
  let blocks = new Map<number, OpenCall>();

  const responsesEvent = (event: number, reading: ResponsesInterpretation): void => {
    const op = reading.ops[0];
    if (op === undefined) return;
    if (op.type === 'item-added') {
      let index = op.outputIndex;
      if (index === null) for (index = 0; items.has(index); ) index++;
      const type = typeof op.item.type === 'string' ? op.item.type : '?';
      const id = typeof op.item.id === 'string' && op.item.id !== '' ? op.item.id : null;
      const member = TOOL_ITEMS[type];
      let call: OpenCall | null = null;
      if (member !== undefined) {
        call = {
          where: `output[${index}]`,
          type,
          name: stringOf(op.item.name),
          callId: stringOf(op.item.call_id),
          itemId: id,
          member,
          json: member === 'arguments',
          openedAt: event,
          closedAt: -1,
          initial: initialText(op.item, member),
          startInput: undefined,
          fragments: [],
        };
        calls.push(call);
      }
      const slot = { type, call };
      items.set(index, slot);
      if (id !== null) itemsById.set(id, slot);
    } else if (op.type === 'item-done') {
      const id = typeof op.item.id === 'string' && op.item.id !== '' ? op.item.id : null;
      const slot = (id !== null ? itemsById.get(id) : undefined) ?? (op.outputIndex !== null ? items.get(op.outputIndex) : undefined);
      if (slot?.call && slot.type === op.item.type) {
        slot.call.closedAt = event;
        slot.call.name ??= stringOf(op.item.name);
        slot.call.callId ??= stringOf(op.item.call_id);
      }
    } else if (op.type === 'delta') {
      const channel = CHANNELS[op.channel];
      if (channel.area !== 'item') return;
      const slot = op.itemId !== null ? itemsById.get(op.itemId) : op.outputIndex !== null ? items.get(op.outputIndex) : undefined;
      if (slot?.call && slot.type === channel.itemType) slot.call.fragments.push({ event, text: op.text });
    }
  };

  const messagesEvent = (event: number, reading: MessagesInterpretation): void => {
    const op = reading.ops[0];
    if (op === undefined) return;
    if (op.type === 'block-start') {
      const type = typeof op.block.type === 'string' ? op.block.type : '?';
      // A block started again at an index replaces the one before, as in the fold.
      if (!TOOL_BLOCKS.has(type)) {
        blocks.delete(op.index);
        return;
      }
      const call: OpenCall = {
        where: `content[${op.index}]`,
        type,
        name: stringOf(op.block.name),
        callId: stringOf(op.block.id),
        itemId: null,
        member: 'input',
        json: true,
        openedAt: event,
        closedAt: -1,
        initial: '',
        startInput: op.block.input,
        fragments: [],
      };
      blocks.set(op.index, call);
      calls.push(call);
    } else if (op.type === 'delta' && op.deltaType === 'input_json_delta') {
      blocks.get(op.index)?.fragments.push({ event, text: op.text });
    } else if (op.type === 'block-stop') {
      const call = blocks.get(op.index);
      if (call && call.closedAt === -1) call.closedAt = event;
    }
  };

  return {
    read(events) {
      // Another list, or the same one analysed again: start over.
      if (scanned > events.length || (scanned > 0 && events[scanned - 1] !== last)) {
        calls = [];
        items = new Map();
        itemsById = new Map();
        blocks = new Map();
        scanned = 0;
      }
      for (let index = scanned; index < events.length; index++) {
        const event = events[index]!;
        if (!READ_KINDS.has(event.interpretation.kind)) continue;
        const reading = event.dialectInterpretation;
        if (protocol === 'responses') responsesEvent(index, reading as ResponsesInterpretation);
        else messagesEvent(index, reading as MessagesInterpretation);
      }
      scanned = events.length;
      last = events[scanned - 1];
      // A call dropped (a block replaced at its index) stays in the list: the events it had still came.
      return calls;
    },
  };
}

/** One reader per list of events: a live recording's list grows in place and keeps its reader (the panel and the timeline share it). */
const readers = new WeakMap<readonly AnalyzedEvent[], ToolCallReader>();

/** The tool calls of a recording's events, read on from where the last look stopped. */
export function dialectToolCalls(events: readonly AnalyzedEvent[], protocol: DialectProtocol): readonly DialectToolCall[] {
  let reader = readers.get(events);
  if (!reader) readers.set(events, (reader = createToolCallReader(protocol)));
  return reader.read(events);
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A call as a client held it after event `asOf` (null: at the end): the fragments up to it, and whether it was closed. */
export interface ToolCallAsOf {
  readonly call: DialectToolCall;
  readonly fragments: readonly Fragment[];
  /** Closed (item done, block stopped) by then: its arguments will not grow. */
  readonly closed: boolean;
  /** What is passed to the tool: the opening text and the fragments joined. */
  readonly text: string;
  /**
   * Whether it is JSON, for calls that pass JSON (null for free text). An Anthropic block with no
   * fragment passes its own `input` (`{}` when it had none), and empty fragments read as `{}`, as the SDK reads them.
   */
  readonly check: ArgumentsCheck | null;
}

/** The calls opened by event `asOf` (every call when null), each as it stood then. */
export function toolCallsAsOf(calls: readonly DialectToolCall[], asOf: number | null): ToolCallAsOf[] {
  const shown = asOf === null ? calls : calls.filter((call) => call.openedAt <= asOf);
  return shown.map((call) => {
    const fragments = asOf === null ? call.fragments : call.fragments.slice(0, fragmentsUpTo(call.fragments, asOf));
    const closed = call.closedAt !== -1 && (asOf === null || call.closedAt <= asOf);
    const text = call.initial + fragments.map((fragment) => fragment.text).join('');
    return { call, fragments, closed, text, check: checkOf(call, fragments.length, text) };
  });
}

function checkOf(call: DialectToolCall, fragments: number, text: string): ArgumentsCheck | null {
  if (!call.json) return null;
  if (call.member === 'input') {
    // Anthropic: with no fragment the block's own input stands (shared/dialects/anthropic/final.ts).
    if (fragments === 0) return { valid: true, value: call.startInput ?? {} };
    return checkInput(text);
  }
  return checkArguments(text);
}

/** How many fragments came by event `asOf`: fragments are in event order. */
function fragmentsUpTo(fragments: readonly Fragment[], asOf: number): number {
  let low = 0;
  let high = fragments.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (fragments[middle]!.event <= asOf) low = middle + 1;
    else high = middle;
  }
  return low;
}
