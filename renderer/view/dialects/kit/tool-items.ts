// The tool calls of a dialect whose calls are items or blocks of its final object (a Responses
// function_call item, an Anthropic tool_use block), one per item / block, each with the fragments
// of its arguments and the events that carried them: what the Tool calls panel's cards
// (./ToolItemCards.tsx) and the timeline's tool lanes show (Chat Completions' calls come with its
// client state, shared/dialects/chat/accumulate.ts). Each dialect reads its events its own way
// (../responses/tools.ts, ../anthropic/tools.ts), following its rules for finding the item or
// block a delta extends (shared/dialects/*/accumulate.ts).
//
// Built for a live recording of a hundred thousand events: a reader remembers how far it read and
// reads only the events that arrived since; only tool deltas and the events that open and close
// items are read again (text deltas are skipped by their kind).

import type { AnalyzedEvent } from '../../../../shared/analysis/stream.ts';
import type { ArgumentsCheck } from '../../../../shared/dialects/kit/arguments.ts';
import { checkArguments } from '../../../../shared/dialects/kit/arguments.ts';
import { checkInput } from '../../../../shared/dialects/anthropic/accumulate.ts';

export interface Fragment {
  /** The event that carried it. */
  readonly event: number;
  readonly text: string;
  /** The dialect's own reading of the fragment, for a call whose fragments are not pieces of text (Gemini's partialArgs). */
  readonly value?: unknown;
}

export interface ToolItemCall {
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
  /**
   * What the fragments come to, for a call whose fragments are not pieces of its text (Gemini's
   * partialArgs, each a JSONPath and a value: their args assembled, as JSON); absent: the opening
   * text and the fragments' texts joined.
   */
  readonly join?: (fragments: readonly Fragment[]) => string;
}

export interface OpenCall {
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
  join?: (fragments: readonly Fragment[]) => string;
}

/**
 * How a dialect reads its tool calls: `start()` gives a reader of one list of events from its first,
 * which pushes each call it opens onto `calls` and changes it as its events come.
 */
export interface ToolItemReading {
  start(calls: OpenCall[]): (event: number, reading: unknown) => void;
}

export interface ToolCallReader {
  /** The calls of `events` in the order they opened; `events` may have grown since the last call. The result is kept and changed as more events come. */
  read(events: readonly AnalyzedEvent[]): readonly ToolItemCall[];
}

/** The events a reader reads again: tool deltas, and those that open and close items and blocks. */
const READ_KINDS: ReadonlySet<string> = new Set(['tool', 'metadata']);

export function createToolCallReader(dialect: ToolItemReading): ToolCallReader {
  let calls: OpenCall[] = [];
  let onEvent = dialect.start(calls);
  let scanned = 0;
  let last: AnalyzedEvent | undefined;
  return {
    read(events) {
      // Another list, or the same one analysed again: start over.
      if (scanned > events.length || (scanned > 0 && events[scanned - 1] !== last)) {
        calls = [];
        onEvent = dialect.start(calls);
        scanned = 0;
      }
      for (let index = scanned; index < events.length; index++) {
        const event = events[index]!;
        if (!READ_KINDS.has(event.interpretation.kind)) continue;
        onEvent(index, event.dialectInterpretation);
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
export function toolItemsOf(events: readonly AnalyzedEvent[], dialect: ToolItemReading): readonly ToolItemCall[] {
  let reader = readers.get(events);
  if (!reader) readers.set(events, (reader = createToolCallReader(dialect)));
  return reader.read(events);
}

export function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A call as a client held it after event `asOf` (null: at the end): the fragments up to it, and whether it was closed. */
export interface ToolCallAsOf {
  readonly call: ToolItemCall;
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
export function toolCallsAsOf(calls: readonly ToolItemCall[], asOf: number | null): ToolCallAsOf[] {
  const shown = asOf === null ? calls : calls.filter((call) => call.openedAt <= asOf);
  return shown.map((call) => {
    const fragments = asOf === null ? call.fragments : call.fragments.slice(0, fragmentsUpTo(call.fragments, asOf));
    const closed = call.closedAt !== -1 && (asOf === null || call.closedAt <= asOf);
    const text = call.join ? call.join(fragments) : call.initial + fragments.map((fragment) => fragment.text).join('');
    return { call, fragments, closed, text, check: checkOf(call, fragments.length, text) };
  });
}

function checkOf(call: ToolItemCall, fragments: number, text: string): ArgumentsCheck | null {
  if (!call.json) return null;
  if (call.member === 'input') {
    // Anthropic: with no fragment the block's own input stands (shared/dialects/anthropic/final.ts).
    if (fragments === 0) return { valid: true, value: call.startInput ?? {} };
    return checkInput(text);
  }
  // A call that came whole (Gemini's functionCall part): its own arguments stand.
  if (fragments === 0 && call.startInput !== undefined) return { valid: true, value: call.startInput };
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
