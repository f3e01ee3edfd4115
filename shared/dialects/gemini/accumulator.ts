// The state a correct Gemini client holds, built one event at a time (docs/architecture.md,
// "Dialects"): each candidate by its index (a Map key, never an array length), its parts in the
// order they came, consecutive text parts of one kind (thought or not) joined, and each
// thoughtSignature kept on the part that carried it — a part with a signature is never joined
// to, nor joined, so that the final object holds the exact parts the next turn must send back.
// Function calls are kept whole; a streamed one (partial-args.ts) keeps its fragments until the
// final object assembles them. The last usageMetadata counts. Payloads are never mutated: the
// scrubber forks states that share them.

import { Evidence, TextBuffer } from '../kit/common.ts';
import type { DialectAccumulator } from '../types.ts';
import type { CandidateOp, GeminiInterpretation, GeminiOp } from './interpret.ts';
import type { Fragment } from './partial-args.ts';
import type { PartOp } from './parts.ts';

type Json = Readonly<Record<string, unknown>>;

export type PartState =
  | { readonly kind: 'text'; readonly thought: boolean; readonly text: TextBuffer; readonly signature: string | null; readonly at: number }
  /** A part kept as sent: a function call whole, a text part with members of its own, any other part. */
  | { readonly kind: 'whole'; readonly part: Json; readonly at: number }
  | StreamedCall;

export interface StreamedCall {
  readonly kind: 'streamed';
  /** The opening functionCall's members but partialArgs and willContinue (name, id). */
  readonly call: Json;
  readonly fragments: Fragment[];
  signature: string | null;
  readonly at: number;
  /** The event that closed it, or -1 while it is open. */
  endAt: number;
  /** The events that carried its fragments. */
  readonly events: Evidence;
}

export interface CandidateState {
  readonly index: number;
  role: string | null;
  readonly parts: PartState[];
  /** The position in `parts` of the streamed call still open, or -1. */
  open: number;
  finishReason: string | null;
  finishAt: number;
  /** The last value sent of each other member (safetyRatings, groundingMetadata, finishMessage …). */
  readonly fields: Record<string, unknown>;
  /** citationMetadata.citations of every event, in order (each event cites what it brought). */
  citations: unknown[] | null;
  readonly firstAt: number;
  lastAt: number;
}

export interface UsageDrop {
  readonly field: 'promptTokenCount' | 'candidatesTokenCount';
  readonly from: number;
  readonly fromAt: number;
  readonly to: number;
  readonly at: number;
}

export interface GeminiState {
  responseId: string | null;
  modelVersion: string | null;
  createTime: string | null;
  readonly candidates: Map<number, CandidateState>;
  usage: Json | null;
  usageAt: number;
  promptFeedback: Json | null;
  /** Every promptFeedback.blockReason, with its event. */
  readonly blocked: { readonly event: number; readonly reason: unknown; readonly message: unknown }[];
  lastEvent: number;
  /** The highest count yet of each usage field usage-not-monotonic watches, and where it was. */
  readonly highest: Map<UsageDrop['field'], { readonly value: number; readonly at: number }>;
  readonly usageDrops: UsageDrop[];
  readonly errors: { readonly event: number; readonly message: string; readonly code: number | string | null; readonly status: string | null }[];
  readonly malformed: Evidence;
  readonly malformedPaths: Set<string>;
}

const MAX_LISTED = 1000;
const WATCHED = ['promptTokenCount', 'candidatesTokenCount'] as const;

export function createGeminiAccumulator(): DialectAccumulator<GeminiInterpretation, GeminiState> {
  return new Fold({
    responseId: null,
    modelVersion: null,
    createTime: null,
    candidates: new Map(),
    usage: null,
    usageAt: -1,
    promptFeedback: null,
    blocked: [],
    lastEvent: -1,
    highest: new Map(),
    usageDrops: [],
    errors: [],
    malformed: new Evidence(),
    malformedPaths: new Set(),
  });
}

class Fold implements DialectAccumulator<GeminiInterpretation, GeminiState> {
  /** The last event counted as malformed (an event counts once, however many of its members are). */
  private counted = -1;

  constructor(readonly state: GeminiState) {}

  apply(event: number, interpretation: GeminiInterpretation): void {
    const state = this.state;
    state.lastEvent = event;
    if (interpretation.problems.length > 0 && interpretation.kind !== 'invalid-json') {
      this.malformed(event, interpretation.problems.map((problem) => (problem.code === 'wrong-type' ? `${problem.path} is ${problem.got} (expected ${problem.expected})` : problem.message)));
    }
    for (const op of interpretation.ops) this.op(event, op);
  }

  private op(event: number, op: GeminiOp): void {
    const state = this.state;
    if (op.op === 'error') {
      if (state.errors.length < MAX_LISTED) state.errors.push({ event, message: op.message, code: op.code, status: op.status });
      return;
    }
    if (op.responseId !== null) state.responseId = op.responseId;
    if (op.modelVersion !== null) state.modelVersion = op.modelVersion;
    if (op.createTime !== null) state.createTime = op.createTime;
    if (op.promptFeedback !== null) {
      state.promptFeedback = op.promptFeedback;
      const reason = op.promptFeedback.blockReason;
      if (reason !== undefined && reason !== null && state.blocked.length < MAX_LISTED) state.blocked.push({ event, reason, message: op.promptFeedback.blockReasonMessage });
    }
    for (const candidate of op.candidates) this.candidate(event, candidate);
    if (op.usage !== null) this.usage(event, op.usage);
  }

  private candidate(event: number, op: CandidateOp): void {
    let candidate = this.state.candidates.get(op.index);
    if (candidate === undefined) {
      candidate = { index: op.index, role: null, parts: [], open: -1, finishReason: null, finishAt: -1, fields: {}, citations: null, firstAt: event, lastAt: event };
      this.state.candidates.set(op.index, candidate);
    }
    candidate.lastAt = event;
    if (op.role !== null) candidate.role = op.role;
    for (const part of op.parts) this.part(event, candidate, part);
    if (op.finishReason !== null) {
      candidate.finishReason = op.finishReason;
      candidate.finishAt = event;
    }
    for (const [key, value] of Object.entries(op.fields)) {
      const cited = key === 'citationMetadata' && typeof value === 'object' && value !== null ? (value as Json).citations : undefined;
      if (Array.isArray(cited)) (candidate.citations ??= []).push(...cited);
      else candidate.fields[key] = value;
    }
  }

  private part(event: number, candidate: CandidateState, op: PartOp): void {
    const parts = candidate.parts;
    switch (op.type) {
      case 'text': {
        if (op.whole !== null) {
          parts.push({ kind: 'whole', part: op.whole, at: event });
          return;
        }
        const last = parts.at(-1);
        if (op.signature === null && last?.kind === 'text' && last.thought === op.thought && last.signature === null) last.text.append(op.text);
        else parts.push({ kind: 'text', thought: op.thought, text: new TextBuffer(op.text), signature: op.signature, at: event });
        return;
      }
      case 'call':
      case 'other':
        parts.push({ kind: 'whole', part: op.part, at: event });
        return;
      case 'call-start': {
        if (candidate.open !== -1) {
          this.malformed(event, [`a streamed functionCall (${JSON.stringify(op.name)}) opened before the one open ended`]);
          this.close(candidate, event);
        }
        const call: StreamedCall = { kind: 'streamed', call: op.call, fragments: [], signature: op.signature, at: event, endAt: -1, events: new Evidence() };
        candidate.open = parts.length;
        parts.push(call);
        this.fragments(event, candidate, op.fragments, op.ends);
        return;
      }
      case 'call-args':
      case 'call-continue':
      case 'call-end': {
        const call = candidate.open === -1 ? null : (parts[candidate.open] as StreamedCall);
        if (call === null) {
          this.malformed(event, [`functionCall ${op.type === 'call-args' ? 'partialArgs' : op.type === 'call-end' ? '{}' : '{willContinue: true}'} with no streamed call open`]);
          return;
        }
        if (call.signature === null && op.signature !== null) call.signature = op.signature;
        if (op.type === 'call-args') this.fragments(event, candidate, op.fragments, op.ends);
        else if (op.type === 'call-end') this.close(candidate, event);
        return;
      }
    }
  }

  private fragments(event: number, candidate: CandidateState, fragments: readonly Fragment[], ends: boolean): void {
    const call = candidate.parts[candidate.open] as StreamedCall;
    if (fragments.length > 0) {
      call.fragments.push(...fragments);
      call.events.add(event);
    }
    if (ends) this.close(candidate, event);
  }

  private close(candidate: CandidateState, event: number): void {
    (candidate.parts[candidate.open] as StreamedCall).endAt = event;
    candidate.open = -1;
  }

  private usage(event: number, usage: Json): void {
    const state = this.state;
    state.usage = usage;
    state.usageAt = event;
    for (const field of WATCHED) {
      const value = usage[field];
      if (typeof value !== 'number') continue;
      const highest = state.highest.get(field);
      if (highest !== undefined && value < highest.value) {
        if (state.usageDrops.length < MAX_LISTED) state.usageDrops.push({ field, from: highest.value, fromAt: highest.at, to: value, at: event });
      } else state.highest.set(field, { value, at: event });
    }
  }

  private malformed(event: number, paths: readonly string[]): void {
    const state = this.state;
    if (this.counted !== event) state.malformed.add(event);
    this.counted = event;
    for (const path of paths) if (state.malformedPaths.size < MAX_LISTED) state.malformedPaths.add(path);
  }

  fork(): DialectAccumulator<GeminiInterpretation, GeminiState> {
    const from = this.state;
    const candidates = new Map<number, CandidateState>();
    for (const [index, candidate] of from.candidates) {
      candidates.set(index, { ...candidate, parts: candidate.parts.map(copyPart), fields: { ...candidate.fields }, citations: candidate.citations?.slice() ?? null });
    }
    return new Fold({
      ...from,
      candidates,
      blocked: from.blocked.slice(),
      highest: new Map(from.highest),
      usageDrops: from.usageDrops.slice(),
      errors: from.errors.slice(),
      malformed: from.malformed.fork(),
      malformedPaths: new Set(from.malformedPaths),
    });
  }
}

function copyPart(part: PartState): PartState {
  switch (part.kind) {
    case 'text':
      return { ...part, text: part.text.fork() };
    case 'whole':
      return part;
    case 'streamed':
      return { ...part, fragments: part.fragments.slice(), events: part.events.fork() };
  }
}
