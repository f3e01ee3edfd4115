// The state a correct ConverseStream client holds, built one event at a time (docs/architecture.md,
// "Dialects"): the role, each content block by its contentBlockIndex (a Map key: text and reasoning
// blocks open with their first delta, as Bedrock sends no contentBlockStart for them), what each
// delta brought — text, reasoning text, the signature, redacted reasoning, tool-input fragments,
// tool-result items, citations, image deltas, newer members kept whole —, the stopReason and the
// last metadata. A tool block's input is parsed at its contentBlockStop. Payloads are never
// mutated: the scrubber forks states that share them.

import { checkArguments } from '../kit/arguments.ts';
import type { ArgumentsCheck } from '../kit/arguments.ts';
import { Evidence, EvidenceMap, TextBuffer } from '../kit/common.ts';
import type { DialectAccumulator } from '../types.ts';
import type { ConverseInterpretation } from './interpret.ts';
import type { ConverseOp, DeltaOp } from './ops.ts';

type Json = Readonly<Record<string, unknown>>;

export interface BlockState {
  readonly index: number;
  /** contentBlockStart's member (`toolUse`, `toolResult`, `image` …) and its value; null for a block opened by a delta. */
  start: { readonly key: string; readonly value: Json } | null;
  readonly firstAt: number;
  stopAt: number;
  /** Text deltas joined; null when none came. */
  text: TextBuffer | null;
  reasoning: TextBuffer | null;
  /** The last reasoningContent.signature. */
  signature: string | null;
  /** Each redactedContent delta, base64. */
  redacted: string[];
  /** toolUse.input fragments joined; null when none came. */
  input: TextBuffer | null;
  /** The tool input checked at the block's contentBlockStop; null before it. */
  inputCheck: ArgumentsCheck | null;
  readonly inputEvents: Evidence;
  /** toolResult delta items, in order; citation deltas; image deltas; other members, kept whole. */
  toolResult: unknown[] | null;
  citations: Json[] | null;
  images: Json[] | null;
  other: { readonly key: string; readonly value: unknown }[] | null;
}

export interface ConverseState {
  role: string | null;
  readonly blocks: Map<number, BlockState>;
  stopReason: string | null;
  /** messageStop's event, or -1 while none came. */
  stopAt: number;
  additional: unknown;
  usage: Json | null;
  metrics: Json | null;
  trace: Json | null;
  /** The last metadata's other members (performanceConfig, serviceTier …). */
  metadataFields: Json | null;
  metadataAt: number;
  lastEvent: number;
  readonly exceptions: { readonly event: number; readonly frame: 'exception' | 'error'; readonly type: string; readonly message: string }[];
  readonly unknownTypes: EvidenceMap<string>;
  readonly malformed: Evidence;
  readonly malformedPaths: Set<string>;
}

const MAX_LISTED = 1000;

export function createConverseAccumulator(): DialectAccumulator<ConverseInterpretation, ConverseState> {
  return new Fold({
    role: null,
    blocks: new Map(),
    stopReason: null,
    stopAt: -1,
    additional: undefined,
    usage: null,
    metrics: null,
    trace: null,
    metadataFields: null,
    metadataAt: -1,
    lastEvent: -1,
    exceptions: [],
    unknownTypes: new EvidenceMap(),
    malformed: new Evidence(),
    malformedPaths: new Set(),
  });
}

/** Whether a tool block's joined input is JSON: no fragment, or only empty ones, is `{}` (a tool without arguments). */
export function checkInput(text: string): ArgumentsCheck {
  return text === '' ? { valid: true, value: {} } : checkArguments(text);
}

class Fold implements DialectAccumulator<ConverseInterpretation, ConverseState> {
  constructor(readonly state: ConverseState) {}

  apply(event: number, interpretation: ConverseInterpretation): void {
    const state = this.state;
    state.lastEvent = event;
    if (interpretation.problems.length > 0 && interpretation.kind !== 'invalid-json') {
      state.malformed.add(event);
      for (const problem of interpretation.problems) {
        const path = problem.code === 'wrong-type' ? `${problem.path} is ${problem.got} (expected ${problem.expected})` : problem.message;
        if (state.malformedPaths.size < MAX_LISTED) state.malformedPaths.add(path);
      }
    }
    for (const op of interpretation.ops) this.op(event, op);
  }

  private op(event: number, op: ConverseOp): void {
    const state = this.state;
    switch (op.op) {
      case 'message-start':
        if (op.role !== null) state.role = op.role;
        return;
      case 'block-start':
        this.block(op.index, event).start = { key: op.key, value: op.start };
        return;
      case 'delta': {
        const block = this.block(op.index, event);
        for (const delta of op.deltas) this.delta(event, block, delta);
        return;
      }
      case 'block-stop': {
        const block = this.block(op.index, event);
        block.stopAt = event;
        if (block.input !== null) block.inputCheck = checkInput(block.input.value);
        return;
      }
      case 'message-stop':
        state.stopReason = op.stopReason;
        state.stopAt = event;
        state.additional = op.additional;
        return;
      case 'metadata':
        if (op.usage !== null) state.usage = op.usage;
        if (op.metrics !== null) state.metrics = op.metrics;
        if (op.trace !== null) state.trace = op.trace;
        if (Object.keys(op.fields).length > 0) state.metadataFields = op.fields;
        state.metadataAt = event;
        return;
      case 'exception':
        if (state.exceptions.length < MAX_LISTED) state.exceptions.push({ event, frame: op.frame, type: op.type, message: op.message });
        return;
      case 'unknown':
        state.unknownTypes.add(op.type ?? '(none)', event);
        return;
    }
  }

  private block(index: number, event: number): BlockState {
    let block = this.state.blocks.get(index);
    if (block === undefined) {
      block = { index, start: null, firstAt: event, stopAt: -1, text: null, reasoning: null, signature: null, redacted: [], input: null, inputCheck: null, inputEvents: new Evidence(), toolResult: null, citations: null, images: null, other: null };
      this.state.blocks.set(index, block);
    }
    return block;
  }

  private delta(event: number, block: BlockState, delta: DeltaOp): void {
    switch (delta.type) {
      case 'text':
        (block.text ??= new TextBuffer()).append(delta.text);
        return;
      case 'reasoning-text':
        (block.reasoning ??= new TextBuffer()).append(delta.text);
        return;
      case 'signature':
        block.signature = delta.signature;
        return;
      case 'redacted':
        block.redacted.push(delta.redactedContent);
        return;
      case 'tool-input':
        (block.input ??= new TextBuffer()).append(delta.input);
        block.inputEvents.add(event);
        return;
      case 'tool-result':
        (block.toolResult ??= []).push(...delta.items);
        return;
      case 'citation':
        (block.citations ??= []).push(delta.citation);
        return;
      case 'image':
        (block.images ??= []).push(delta.image);
        return;
      case 'other':
        (block.other ??= []).push({ key: delta.key, value: delta.value });
        return;
    }
  }

  fork(): DialectAccumulator<ConverseInterpretation, ConverseState> {
    const from = this.state;
    const blocks = new Map<number, BlockState>();
    for (const [index, block] of from.blocks) {
      blocks.set(index, {
        ...block,
        text: block.text?.fork() ?? null,
        reasoning: block.reasoning?.fork() ?? null,
        redacted: block.redacted.slice(),
        input: block.input?.fork() ?? null,
        inputEvents: block.inputEvents.fork(),
        toolResult: block.toolResult?.slice() ?? null,
        citations: block.citations?.slice() ?? null,
        images: block.images?.slice() ?? null,
        other: block.other?.slice() ?? null,
      });
    }
    return new Fold({ ...from, blocks, exceptions: from.exceptions.slice(), unknownTypes: from.unknownTypes.fork(), malformed: from.malformed.fork(), malformedPaths: new Set(from.malformedPaths) });
  }
}
