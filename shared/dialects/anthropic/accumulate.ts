// The state a correct Anthropic Messages client holds, built one event at a time.
//
// Rules (@anthropic-ai/sdk, lib/MessageStream: accumulateMessage): message_start gives the message
// (id, model, role, usage…); content_block_start opens a block, and deltas extend the block at
// their `index` — text_delta its text, citations_delta its citations, input_json_delta a tool_use
// (or server_tool_use) block's input JSON, thinking_delta its thinking; signature_delta replaces
// its signature; a delta of a type its block cannot take is dropped. content_block_stop ends a
// block: a tool's input is parsed then. message_delta sets stop_reason, stop_sequence and
// stop_details, and its usage replaces (cumulative counts: the last value counts; output_tokens
// always, the other counters when present). Payloads are never mutated: the scrubber forks states
// that share them. Bedrock's invocation metrics (an invoke stream's last event) are kept beside the
// usage, never in it: the message's usage is Anthropic's, as the SDK's is.

import { checkArguments } from '../kit/arguments.ts';
import type { ArgumentsCheck } from '../kit/arguments.ts';
import { Evidence, EvidenceMap, TextBuffer } from '../kit/common.ts';
import type { DialectAccumulator } from '../types.ts';
import type { MessagesInterpretation } from './interpret.ts';
import { DELTA_INFO } from './ops.ts';
import type { DeltaOp, MessageDeltaOp } from './ops.ts';

type Json = Readonly<Record<string, unknown>>;

export interface BlockState {
  readonly index: number;
  readonly type: string;
  /** The block as content_block_start sent it. */
  readonly start: Json;
  readonly startAt: number;
  stopAt: number;
  /** The text, thinking or input JSON the deltas appended. */
  readonly text: TextBuffer;
  /** How many input_json / text / thinking deltas came. */
  deltas: number;
  /** The last signature_delta, or null. */
  signature: string | null;
  citations: unknown[] | null;
  /** A tool block's input JSON checked at its content_block_stop; null before (or for other blocks). */
  input: ArgumentsCheck | null;
  /** The events that carried input JSON (evidence for tool-arguments-invalid). */
  readonly inputEvents: Evidence;
}

export interface MessagesState {
  /** message_start's message, and its event. */
  message: Json | null;
  messageAt: number;
  readonly blocks: Map<number, BlockState>;
  /** The last message_delta's `delta`, and its event; null before one. */
  delta: Json | null;
  deltaAt: number;
  /** The usage: message_start's, with each message_delta's counters replacing. */
  usage: Json | null;
  messageStopAt: number;
  lastEvent: number;
  /** The last event whose JSON could not be read (it may have been the message_delta), or -1. */
  lastUnreadAt: number;
  // What the diagnostics report, gathered event by event.
  /** The highest output_tokens a message_delta reported, and where. */
  outputTokens: { readonly value: number; readonly at: number } | null;
  readonly usageDrops: { readonly event: number; readonly from: number; readonly fromAt: number; readonly to: number }[];
  readonly pings: Evidence;
  readonly unknownTargets: EvidenceMap<string>;
  readonly unknownTypes: EvidenceMap<string>;
  readonly nameMismatches: EvidenceMap<string>;
  readonly errors: { readonly event: number; readonly message: string; readonly code: string | null; readonly frame: 'exception' | 'error' | null }[];
  /** Bedrock's own count on an invoke stream (`amazon-bedrock-invocationMetrics`, on its last event), and its event; null when none came. */
  invocationMetrics: { readonly metrics: Json; readonly at: number } | null;
  readonly malformed: Evidence;
  readonly malformedPaths: Set<string>;
}

export function createMessagesAccumulator(): DialectAccumulator<MessagesInterpretation, MessagesState> {
  return new Fold();
}

const MAX_LISTED = 1000;

/** The tool blocks, whose input the SDK assembles from input_json_delta (MessageStream: tracksToolInput). */
export const TOOL_BLOCKS: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use']);

/** The usage counters message_delta replaces when present (besides output_tokens, which it always sets). */
const REPLACED = ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'server_tool_use', 'output_tokens_details'] as const;

function emptyState(): MessagesState {
  return {
    message: null,
    messageAt: -1,
    blocks: new Map(),
    delta: null,
    deltaAt: -1,
    usage: null,
    messageStopAt: -1,
    lastEvent: -1,
    lastUnreadAt: -1,
    outputTokens: null,
    usageDrops: [],
    pings: new Evidence(),
    unknownTargets: new EvidenceMap(),
    unknownTypes: new EvidenceMap(),
    nameMismatches: new EvidenceMap(),
    errors: [],
    invocationMetrics: null,
    malformed: new Evidence(),
    malformedPaths: new Set(),
  };
}

class Fold implements DialectAccumulator<MessagesInterpretation, MessagesState> {
  constructor(readonly state: MessagesState = emptyState()) {}

  apply(event: number, interpretation: MessagesInterpretation): void {
    const state = this.state;
    state.lastEvent = event;
    const kind = interpretation.kind;
    if (kind === 'invalid-json') state.lastUnreadAt = event;
    if (interpretation.eventName !== null) state.nameMismatches.add(`${interpretation.eventName}\u0000${interpretation.type ?? ''}`, event);
    if (interpretation.problems.length > 0 && kind !== 'invalid-json') this.malformed(event, interpretation.problems.map((problem) => (problem.code === 'wrong-type' ? `${problem.path} is ${problem.got} (expected ${problem.expected})` : problem.message)));
    if (kind === 'unknown') state.unknownTypes.add(interpretation.type!, event);
    if (interpretation.invocationMetrics !== null) state.invocationMetrics = { metrics: interpretation.invocationMetrics, at: event };
    const op = interpretation.ops[0];
    if (op === undefined) return;
    switch (op.type) {
      case 'delta':
        this.delta(event, op);
        break;
      case 'block-start': {
        const type = typeof op.block.type === 'string' ? op.block.type : '?';
        if (state.blocks.has(op.index)) this.malformed(event, [`content block ${op.index} started twice`]);
        state.blocks.set(op.index, {
          index: op.index,
          type,
          start: op.block,
          startAt: event,
          stopAt: -1,
          text: new TextBuffer(),
          deltas: 0,
          signature: null,
          citations: null,
          input: null,
          inputEvents: new Evidence(),
        });
        break;
      }
      case 'block-stop': {
        const block = state.blocks.get(op.index);
        if (!block) {
          state.unknownTargets.add(`content_block_stop for block ${op.index}, never started`, event);
          break;
        }
        block.stopAt = event;
        if (TOOL_BLOCKS.has(block.type) && block.deltas > 0) block.input = checkInput(block.text.value);
        break;
      }
      case 'message-start':
        // The SDK throws on a second message_start ("Unexpected event order"); the later one is kept.
        if (state.message !== null) this.malformed(event, ['a second message_start']);
        state.message = op.message;
        state.messageAt = event;
        state.usage = isJson(op.message.usage) ? op.message.usage : null;
        break;
      case 'message-delta':
        this.messageDelta(event, op);
        break;
      case 'message-stop':
        state.messageStopAt = event;
        break;
      case 'ping':
        state.pings.add(event);
        break;
      case 'error':
        if (state.errors.length < MAX_LISTED) state.errors.push({ event, message: op.message, code: op.code, frame: op.frame ?? null });
        break;
    }
  }

  private delta(event: number, op: DeltaOp): void {
    const block = this.state.blocks.get(op.index);
    if (!block) {
      this.state.unknownTargets.add(`${article(op.deltaType)} ${op.deltaType} for block ${op.index}, never started`, event);
      return;
    }
    if (!DELTA_INFO[op.deltaType].blocks.includes(block.type)) {
      this.state.unknownTargets.add(`${article(op.deltaType)} ${op.deltaType} for block ${op.index}, ${article(block.type)} ${block.type} block`, event);
      return;
    }
    switch (op.deltaType) {
      case 'signature_delta':
        block.signature = op.text;
        return;
      case 'citations_delta':
        (block.citations ??= []).push(op.citation);
        return;
      case 'input_json_delta':
        block.inputEvents.add(event);
        break;
      default:
        break;
    }
    block.text.append(op.text);
    block.deltas++;
  }

  private messageDelta(event: number, op: MessageDeltaOp): void {
    const state = this.state;
    state.delta = op.delta;
    state.deltaAt = event;
    const usage = op.usage;
    if (usage === null) return;
    const next: Record<string, unknown> = { ...(state.usage ?? {}) };
    next.output_tokens = usage.output_tokens;
    if (usage.output_tokens === undefined) delete next.output_tokens;
    for (const key of REPLACED) if (usage[key] !== undefined && usage[key] !== null) next[key] = usage[key];
    state.usage = next;
    const tokens = usage.output_tokens;
    if (typeof tokens === 'number') {
      const highest = state.outputTokens;
      if (highest !== null && tokens < highest.value) {
        if (state.usageDrops.length < MAX_LISTED) state.usageDrops.push({ event, from: highest.value, fromAt: highest.at, to: tokens });
      } else state.outputTokens = { value: tokens, at: event };
    }
  }

  private malformed(event: number, paths: readonly string[]): void {
    this.state.malformed.add(event);
    for (const path of paths) if (this.state.malformedPaths.size < MAX_LISTED) this.state.malformedPaths.add(path);
  }

  fork(): DialectAccumulator<MessagesInterpretation, MessagesState> {
    const from = this.state;
    const to: MessagesState = {
      ...from,
      blocks: new Map(),
      usageDrops: from.usageDrops.slice(),
      pings: from.pings.fork(),
      unknownTargets: from.unknownTargets.fork(),
      unknownTypes: from.unknownTypes.fork(),
      nameMismatches: from.nameMismatches.fork(),
      errors: from.errors.slice(),
      malformed: from.malformed.fork(),
      malformedPaths: new Set(from.malformedPaths),
    };
    for (const [index, block] of from.blocks) {
      to.blocks.set(index, { ...block, text: block.text.fork(), citations: block.citations?.slice() ?? null, inputEvents: block.inputEvents.fork() });
    }
    return new Fold(to);
  }
}

/** A tool's input JSON at its stop: the SDK reads no JSON at all ('') as {} (MessageStream: withLazyInput). */
export function checkInput(text: string): ArgumentsCheck {
  return text === '' ? { valid: true, value: {} } : checkArguments(text);
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
