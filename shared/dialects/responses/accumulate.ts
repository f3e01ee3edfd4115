// The state a correct Responses API client holds, built one event at a time, in arrival order
// (what a client does; sequence_number only says whether that order is the server's).
//
// Rules (openai SDK, internal/responses/response-accumulator and lib/responses/ResponseStream):
// the response envelope is the last lifecycle event's `response`; output items are keyed by
// `output_index` and added by response.output_item.added; content parts by `content_index` and
// summary parts by `summary_index`; deltas extend one field of one part or item, found by
// `item_id`; `.done` events carry the full text, which the SDK lets overwrite the deltas' — here
// the deltas' text stands and a different `.done` text is kept as a mismatch (done-text-mismatch).
// What the diagnostics need is gathered on the way, so that they never go over the events again.

import { Evidence, TextBuffer } from '../kit/common.ts';
import { isObject } from '../../is-object.ts';
import type { DialectAccumulator } from '../types.ts';
import type { ResponsesInterpretation } from './interpret.ts';
import { CHANNELS } from './ops.ts';
import type { DeltaOp, ItemOp, PartOp, TextDoneOp } from './ops.ts';
import { compareDoneItem, initialText, sameText, textKeyOf } from './final.ts';
import { MAX_LISTED, emptyState, forkState, newPart, prefill } from './state.ts';
import type { ItemState, Json, PartState, ResponsesState } from './state.ts';

export type { DoneMismatch, ItemState, PartState, ResponsesState } from './state.ts';

export function createResponsesAccumulator(): DialectAccumulator<ResponsesInterpretation, ResponsesState> {
  return new Fold();
}

/** The accumulator. A class for speed: V8 keeps the optimised code of methods across analyses. */
class Fold implements DialectAccumulator<ResponsesInterpretation, ResponsesState> {
  /**
   * No output index below it is free: an item added without one takes the first free index from
   * here (items are never removed), instead of a search from 0 for each.
   */
  private lowestFree = 0;

  constructor(readonly state: ResponsesState = emptyState()) {}

  apply(event: number, interpretation: ResponsesInterpretation): void {
    const state = this.state;
    state.lastEvent = event;
    const { sequence, kind } = interpretation;
    if (sequence !== null) this.sequence(event, sequence);
    else if (kind === 'invalid-json') state.unreadSinceSequence++;
    if (interpretation.eventName !== null) state.nameMismatches.add(`${interpretation.eventName}\u0000${interpretation.type ?? ''}`, event);
    if (interpretation.problems.length > 0 && kind !== 'invalid-json') {
      state.malformed.add(event);
      for (const problem of interpretation.problems) if (problem.code === 'wrong-type' && state.malformedPaths.size < MAX_LISTED) state.malformedPaths.add(`${problem.path} is ${problem.got} (expected ${problem.expected})`);
    }
    if (kind === 'unknown') state.unknownTypes.add(interpretation.type!, event);
    const ops = interpretation.ops;
    if (ops.length === 0) return;
    const op = ops[0]!;
    switch (op.type) {
      case 'delta':
        this.delta(event, op);
        break;
      case 'text-done':
        this.textDone(event, op);
        break;
      case 'part-added':
      case 'part-done':
        this.part(event, op);
        break;
      case 'item-added':
      case 'item-done':
        this.item(event, op);
        break;
      case 'response':
        this.identity(event, op.response);
        state.response = op.response;
        state.responseEvent = op.event;
        if (interpretation.kind === 'terminal') {
          state.terminal = { event: op.event, at: event, response: op.response };
          this.matchTerminal(op.response);
        }
        break;
      case 'annotation': {
        const part = this.partFor(event, op.itemId, op.outputIndex, 'content', op.index, 'output_text');
        if (part && op.annotationIndex !== null) (part.annotations ??= new Map()).set(op.annotationIndex, op.annotation);
        break;
      }
      case 'item-status': {
        const item = this.itemFor(event, op.itemId, op.outputIndex, op.itemType);
        if (item) item.status = op.status;
        break;
      }
      case 'error':
        if (state.errors.length < MAX_LISTED) state.errors.push({ event, message: op.message, code: op.code });
        break;
    }
  }

  /**
   * Finds each item in the terminal response (ResponseStream: the terminal's output is the final
   * one, once the SDK found each unfinished item there): by type and id, else at the item's own
   * output index with the same type (OpenRouter streams temporary ids and ends with other ones).
   * An item found there is complete even without response.output_item.done (OpenAI sends
   * mcp_list_tools items so).
   */
  private matchTerminal(response: Json): void {
    const output = Array.isArray(response.output) ? response.output : [];
    const items = [...this.state.items.values()].sort((a, b) => a.outputIndex - b.outputIndex);
    const claimed = new Set<number>();
    // Each type and id's places in the output, in order, taken one by one: a search of the whole
    // output for each item cost items × output.
    const places = new Map<string, Map<string, { readonly at: number[]; next: number }>>();
    output.forEach((entry: unknown, position) => {
      if (!isObject(entry) || typeof entry.type !== 'string' || typeof entry.id !== 'string') return;
      let byId = places.get(entry.type);
      if (!byId) places.set(entry.type, (byId = new Map()));
      const known = byId.get(entry.id);
      if (known) known.at.push(position);
      else byId.set(entry.id, { at: [position], next: 0 });
    });
    for (const item of items) {
      item.final = null;
      if (item.id === null) continue;
      const place = places.get(item.type)?.get(item.id);
      if (!place || place.next === place.at.length) continue;
      const at = place.at[place.next++]!;
      claimed.add(at);
      item.final = output[at] as Json;
    }
    for (const item of items) {
      const entry: unknown = output[item.outputIndex];
      if (item.final !== null || claimed.has(item.outputIndex) || !isObject(entry) || entry.type !== item.type) continue;
      claimed.add(item.outputIndex);
      item.final = entry;
    }
  }

  /** Every lifecycle event of one stream carries the same response: the openai SDK throws when its id changes. */
  private identity(event: number, response: Json): void {
    const state = this.state;
    const known = state.identity;
    if (known === null) {
      state.identity = { id: response.id, model: response.model, at: event };
      return;
    }
    if (state.identityChanges.length >= MAX_LISTED) return;
    const last = (field: 'id' | 'model'): unknown => {
      for (let i = state.identityChanges.length - 1; i >= 0; i--) if (state.identityChanges[i]!.field === field) return state.identityChanges[i]!.to;
      return known[field];
    };
    for (const field of ['id', 'model'] as const) {
      const before = last(field);
      if (response[field] !== undefined && response[field] !== before) state.identityChanges.push({ event, field, from: before, to: response[field] });
    }
  }

  /**
   * sequence_number must go 0, 1, 2, … (docs/architecture.md, "The stream"): a jump forward is a gap, a step back or a repeat
   * is disorder. A jump no longer than the events in between that could not be read is no gap:
   * those events held the numbers (their invalid JSON is reported on its own).
   */
  private sequence(event: number, sequence: number): void {
    const state = this.state;
    const last = state.lastSequence;
    const unread = state.unreadSinceSequence;
    state.unreadSinceSequence = 0;
    const skipped = last === null ? sequence : sequence - last - 1;
    if (skipped > unread) {
      if (state.gaps.length < MAX_LISTED) state.gaps.push({ event, from: last, to: sequence, unread });
    } else if (last !== null && sequence <= last) {
      if (state.disorder.length < MAX_LISTED) state.disorder.push({ event, after: last, got: sequence });
      return;
    }
    state.lastSequence = sequence;
  }

  private item(event: number, op: ItemOp): void {
    const state = this.state;
    const type = typeof op.item.type === 'string' ? op.item.type : '?';
    const id = typeof op.item.id === 'string' && op.item.id !== '' ? op.item.id : null;
    if (op.type === 'item-added') {
      let index = op.outputIndex;
      if (index === null) {
        while (state.items.has(this.lowestFree)) this.lowestFree++;
        index = this.lowestFree;
      }
      const item: ItemState = {
        outputIndex: index,
        id,
        type,
        added: op.item,
        addedAt: event,
        done: null,
        doneAt: -1,
        final: null,
        status: null,
        content: new Map(),
        summary: new Map(),
        field: new TextBuffer(),
        fieldEvents: new Evidence(),
      };
      // Parts the added item already holds come first (the SDK appends later parts after them).
      prefill(item.content, 'content', op.item.content, event);
      if (type === 'reasoning') prefill(item.summary, 'summary', op.item.summary, event);
      // The openai SDK throws on an output index added twice; the later item is the one kept.
      if (state.items.has(index)) {
        state.malformed.add(event);
        state.malformedPaths.add(`output_index ${index} added twice`);
      }
      state.items.set(index, item);
      if (id !== null) state.itemsById.set(id, item);
      return;
    }
    const item = (id !== null ? state.itemsById.get(id) : undefined) ?? (op.outputIndex !== null ? state.items.get(op.outputIndex) : undefined);
    if (!item || item.type !== type) {
      state.unknownTargets.add(`response.output_item.done for ${id ?? `output[${op.outputIndex ?? '?'}]`} (${type}), never added`, event);
      return;
    }
    item.done = op.item;
    item.doneAt = event;
    for (const mismatch of compareDoneItem(item)) this.mismatch(event, mismatch.where, mismatch.ours, mismatch.theirs);
  }

  private part(event: number, op: PartOp): void {
    const partType = typeof op.part.type === 'string' ? op.part.type : null;
    if (op.type === 'part-added') {
      // A content part belongs to a message, or (reasoning_text) to a reasoning item; a summary part to a reasoning item.
      const itemType = op.area === 'summary' || partType === 'reasoning_text' ? 'reasoning' : 'message';
      const item = this.itemFor(event, op.itemId, op.outputIndex, itemType);
      if (!item || op.index === null) return;
      const parts = op.area === 'content' ? item.content : item.summary;
      parts.set(op.index, newPart(op.area, op.index, op.part, event));
      return;
    }
    const part = this.partFor(event, op.itemId, op.outputIndex, op.area, op.index, null);
    if (!part) return;
    part.done = op.part;
    part.doneAt = event;
    const key = textKeyOf(part.added);
    if (key !== null && typeof op.part[key] === 'string') this.compare(event, part, key, op.part[key], op.itemId, op.outputIndex);
  }

  private delta(event: number, op: DeltaOp): void {
    const info = CHANNELS[op.channel];
    if (info.area === 'item') {
      const item = this.itemFor(event, op.itemId, op.outputIndex, info.itemType);
      if (!item) return;
      item.field.append(op.text);
      item.fieldEvents.add(event);
      return;
    }
    const part = this.partFor(event, op.itemId, op.outputIndex, info.area, op.index, info.partType);
    if (!part) return;
    part.text.append(op.text);
    part.deltas++;
    if (op.logprobs !== null) for (const entry of op.logprobs) (part.logprobs ??= []).push(entry);
    part.refusalEvents?.add(event);
  }

  private textDone(event: number, op: TextDoneOp): void {
    const info = CHANNELS[op.channel];
    if (info.area === 'item') {
      const item = this.itemFor(event, op.itemId, op.outputIndex, info.itemType);
      // Tool consumers read a call's arguments from .done: with no delta there is nothing to disagree with.
      if (item && item.fieldEvents.count > 0) {
        const ours = initialText(item.added, info.key) + item.field.value;
        if (!sameText(ours, op.text)) this.mismatch(event, `output[${item.outputIndex}].${info.key}`, ours, op.text);
      }
      return;
    }
    const part = this.partFor(event, op.itemId, op.outputIndex, info.area, op.index, info.partType);
    if (part) this.compare(event, part, info.key, op.text, op.itemId, op.outputIndex);
  }

  private compare(event: number, part: PartState, key: string, theirs: string, itemId: string | null, outputIndex: number | null): void {
    const ours = initialText(part.added, key) + part.text.value;
    if (sameText(ours, theirs)) return;
    const item = (itemId !== null ? this.state.itemsById.get(itemId) : undefined) ?? this.state.items.get(outputIndex ?? -1);
    this.mismatch(event, `output[${item?.outputIndex ?? '?'}].${part.area}[${part.index}].${key}`, ours, theirs);
  }

  private mismatch(event: number, where: string, ours: unknown, theirs: unknown): void {
    const known = this.state.doneMismatches.get(where);
    if (known) {
      if (known.events.length < MAX_LISTED) known.events.push(event);
    } else if (this.state.doneMismatches.size < MAX_LISTED) this.state.doneMismatches.set(where, { where, ours, theirs, events: [event] });
  }

  /** The item an event names, by item_id (else output_index); null, and a finding, when there is none of that type. */
  private itemFor(event: number, itemId: string | null, outputIndex: number | null, itemType: string): ItemState | null {
    const state = this.state;
    const item = itemId !== null ? state.itemsById.get(itemId) : outputIndex !== null ? state.items.get(outputIndex) : undefined;
    const name = itemId ?? `output[${outputIndex ?? '?'}]`;
    if (!item) {
      state.unknownTargets.add(`item ${name}, never added`, event);
      return null;
    }
    if (item.type !== itemType) {
      state.unknownTargets.add(`item ${name}, a ${item.type} where a ${itemType} was expected`, event);
      return null;
    }
    return item;
  }

  private partFor(event: number, itemId: string | null, outputIndex: number | null, area: 'content' | 'summary', index: number | null, partType: string | null): PartState | null {
    const itemType = area === 'summary' || partType === 'reasoning_text' ? 'reasoning' : 'message';
    const item = partType === null ? this.anyItem(event, itemId, outputIndex) : this.itemFor(event, itemId, outputIndex, itemType);
    if (!item) return null;
    const part = index !== null ? (area === 'content' ? item.content : item.summary).get(index) : undefined;
    const name = `${area} part ${index ?? '?'} of ${itemId ?? `output[${item.outputIndex}]`}`;
    if (!part) {
      this.state.unknownTargets.add(`${name}, never added`, event);
      return null;
    }
    if (partType !== null && part.added.type !== partType) {
      this.state.unknownTargets.add(`${name}, a ${String(part.added.type)} part where a ${partType} part was expected`, event);
      return null;
    }
    return part;
  }

  private anyItem(event: number, itemId: string | null, outputIndex: number | null): ItemState | null {
    const item = itemId !== null ? this.state.itemsById.get(itemId) : outputIndex !== null ? this.state.items.get(outputIndex) : undefined;
    if (!item) this.state.unknownTargets.add(`item ${itemId ?? `output[${outputIndex ?? '?'}]`}, never added`, event);
    return item ?? null;
  }

  fork(): DialectAccumulator<ResponsesInterpretation, ResponsesState> {
    const copy = new Fold(forkState(this.state));
    copy.lowestFree = this.lowestFree;
    return copy;
  }
}
