// The state of a Responses stream as accumulate.ts builds it: the items and parts with their text,
// the envelope and terminal response, and the evidence the diagnostics read.

import { Evidence, EvidenceMap, TextBuffer } from '../kit/common.ts';
import { isObject } from '../../is-object.ts';
import type { LifecycleEvent } from './ops.ts';

export type Json = Readonly<Record<string, unknown>>;

export interface PartState {
  readonly area: 'content' | 'summary';
  readonly index: number;
  /** The part as response.content_part.added (or reasoning_summary_part.added) sent it. */
  readonly added: Json;
  readonly addedAt: number;
  /** The part as its `.done` event sent it, or null. */
  done: Json | null;
  doneAt: number;
  /** The text deltas appended to the added part's text. */
  readonly text: TextBuffer;
  deltas: number;
  /**
   * Annotations added by response.output_text.annotation.added, keyed by annotation index: the
   * index is the wire's, so it is a key, never an array length (4294967294 made a sparse array
   * that building the final object walked for ever, issue 27).
   */
  annotations: Map<number, unknown> | null;
  /** Logprobs the deltas carried. */
  logprobs: unknown[] | null;
  /** The delta events of a refusal part (a refusal is evidence worth naming event by event). */
  readonly refusalEvents: Evidence | null;
}

export interface ItemState {
  readonly outputIndex: number;
  readonly id: string | null;
  readonly type: string;
  readonly added: Json;
  readonly addedAt: number;
  done: Json | null;
  doneAt: number;
  /**
   * The item's counterpart in the terminal response's output (same type, and same id, else same
   * position), or null: the openai SDK ends with the terminal response, so its fields stand.
   */
  final: Json | null;
  /** The last status a hosted-tool status event set (web_search_call.searching, ...). */
  status: string | null;
  readonly content: Map<number, PartState>;
  readonly summary: Map<number, PartState>;
  /** Deltas of the item's own text field (arguments, input, code), and the events that carried them. */
  readonly field: TextBuffer;
  readonly fieldEvents: Evidence;
}

/** A `.done` text (or a done item's part count) that differs from the deltas', once per place. */
export interface DoneMismatch {
  readonly where: string;
  readonly ours: unknown;
  readonly theirs: unknown;
  readonly events: number[];
}

export interface ResponsesState {
  /** The last lifecycle event's response, and which event it was. */
  response: Json | null;
  responseEvent: LifecycleEvent | null;
  /** The terminal event (response.completed, .incomplete, .failed), if one came; the last one counts. */
  terminal: { readonly event: LifecycleEvent; readonly at: number; readonly response: Json } | null;
  readonly items: Map<number, ItemState>;
  readonly itemsById: Map<string, ItemState>;
  /** The number of the last event applied; -1 before any. */
  lastEvent: number;
  // What the diagnostics report, gathered event by event.
  lastSequence: number | null;
  /** Events since the last sequence_number whose JSON could not be read: the numbers they held are not missing, only unread. */
  unreadSinceSequence: number;
  /** `unread`: events in the jump whose JSON could not be read (they held that many of the numbers). */
  readonly gaps: { readonly event: number; readonly from: number | null; readonly to: number; readonly unread: number }[];
  readonly disorder: { readonly event: number; readonly after: number; readonly got: number }[];
  readonly unknownTargets: EvidenceMap<string>;
  readonly doneMismatches: Map<string, DoneMismatch>;
  readonly unknownTypes: EvidenceMap<string>;
  readonly nameMismatches: EvidenceMap<string>;
  readonly errors: { readonly event: number; readonly message: string; readonly code: string | null }[];
  readonly malformed: Evidence;
  readonly malformedPaths: Set<string>;
  /** The first response id and model the lifecycle events gave, and where either changed later. */
  identity: { readonly id: unknown; readonly model: unknown; readonly at: number } | null;
  readonly identityChanges: { readonly event: number; readonly field: 'id' | 'model'; readonly from: unknown; readonly to: unknown }[];
}

/** A bound on lists that a hostile stream could make as long as itself. */
export const MAX_LISTED = 1000;

export function emptyState(): ResponsesState {
  return {
    response: null,
    responseEvent: null,
    terminal: null,
    items: new Map(),
    itemsById: new Map(),
    lastEvent: -1,
    lastSequence: null,
    unreadSinceSequence: 0,
    gaps: [],
    disorder: [],
    unknownTargets: new EvidenceMap(),
    doneMismatches: new Map(),
    unknownTypes: new EvidenceMap(),
    nameMismatches: new EvidenceMap(),
    errors: [],
    malformed: new Evidence(),
    malformedPaths: new Set(),
    identity: null,
    identityChanges: [],
  };
}

/** An independent copy of a state (the scrubber's checkpoints): text is shared, lists and parts copied. */
export function forkState(from: ResponsesState): ResponsesState {
  const to: ResponsesState = {
    ...from,
    items: new Map(),
    itemsById: new Map(),
    gaps: from.gaps.slice(),
    disorder: from.disorder.slice(),
    unknownTargets: from.unknownTargets.fork(),
    doneMismatches: new Map(),
    unknownTypes: from.unknownTypes.fork(),
    nameMismatches: from.nameMismatches.fork(),
    errors: from.errors.slice(),
    malformed: from.malformed.fork(),
    malformedPaths: new Set(from.malformedPaths),
    identityChanges: from.identityChanges.slice(),
  };
  // An item may be in both maps, or (added twice at one index) only in the map by id: one copy each.
  const copies = new Map<ItemState, ItemState>();
  const copyOf = (item: ItemState): ItemState => {
    let copy = copies.get(item);
    if (!copy) {
      copy = { ...item, content: forkParts(item.content), summary: forkParts(item.summary), field: item.field.fork(), fieldEvents: item.fieldEvents.fork() };
      copies.set(item, copy);
    }
    return copy;
  };
  for (const [index, item] of from.items) to.items.set(index, copyOf(item));
  for (const [id, item] of from.itemsById) to.itemsById.set(id, copyOf(item));
  for (const [key, mismatch] of from.doneMismatches) to.doneMismatches.set(key, { ...mismatch, events: mismatch.events.slice() });
  return to;
}

function forkParts(parts: Map<number, PartState>): Map<number, PartState> {
  const copy = new Map<number, PartState>();
  for (const [index, part] of parts) {
    copy.set(index, { ...part, text: part.text.fork(), annotations: part.annotations && new Map(part.annotations), logprobs: part.logprobs?.slice() ?? null, refusalEvents: part.refusalEvents?.fork() ?? null });
  }
  return copy;
}

export function newPart(area: 'content' | 'summary', index: number, added: Json, event: number): PartState {
  return {
    area,
    index,
    added,
    addedAt: event,
    done: null,
    doneAt: -1,
    text: new TextBuffer(),
    deltas: 0,
    annotations: null,
    logprobs: null,
    refusalEvents: added.type === 'refusal' ? new Evidence() : null,
  };
}

export function prefill(parts: Map<number, PartState>, area: 'content' | 'summary', value: unknown, event: number): void {
  if (!Array.isArray(value)) return;
  value.forEach((part, index) => {
    if (isObject(part)) parts.set(index, newPart(area, index, part, event));
  });
}
