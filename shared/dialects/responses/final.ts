// The final object of a Responses stream: the object the openai SDK's `responses.stream()` →
// `finalResponse()` ends with on a well-formed stream, built from the deltas.
//
// What the SDK does (lib/responses/ResponseStream, internal/responses/response-accumulator): it
// starts from response.created's `response`, appends items and parts as they are added, appends
// deltas to their field, lets `.done` events and response.output_item.done replace text and items,
// takes each later lifecycle event's `response` whole, and adds `output_text` (the output_text
// parts of message items joined). Here every envelope field comes from the last lifecycle event,
// each item's and part's other fields from its `.done` event (else from its `.added` one), and the
// text from the deltas: on a well-formed stream the same object. Not reproduced: the SDK's
// structured-output helpers (`output_parsed`, and `parsed` / `parsed_arguments` set to null on
// every message part and function call), which parse the object rather than stream anything.

import { firstDifference } from '../kit/common.ts';
import { isObject } from '../../is-object.ts';
import type { ItemState, PartState, ResponsesState } from './state.ts';
import { CHANNELS } from './ops.ts';
import type { Channel } from './ops.ts';

type Json = Record<string, unknown>;

/** The contract's `"response"` (docs/architecture.md, "Analysis contract"): the envelope as the server sent it, the output as the deltas built it. */
export interface ResponseObject {
  id: string | null;
  model: string | null;
  /** "in_progress" when no terminal event came. */
  status: string;
  output: Json[];
  /** The SDK's convenience: every output_text part of every message, joined. */
  output_text: string;
  usage: Json | null;
  incomplete_details: unknown;
  error: unknown;
  [key: string]: unknown;
}

export function finalResponse(state: ResponsesState): ResponseObject {
  const envelope: Json = { ...(state.response ?? {}) };
  for (const key of ['id', 'model', 'usage', 'incomplete_details', 'error'] as const) if (!(key in envelope)) envelope[key] = null;
  const output = builtOutput(state);
  envelope.output = output;
  // With no terminal event the response did not finish, whatever the last lifecycle event said (docs/architecture.md, "The stream").
  if (state.terminal === null) envelope.status = 'in_progress';
  else if (typeof envelope.status !== 'string') envelope.status = state.terminal.event.slice('response.'.length);
  // A server may send output_text in the response itself (OpenRouter): the SDK keeps it as sent.
  if (typeof envelope.output_text !== 'string') envelope.output_text = outputText(output);
  return envelope as ResponseObject;
}

/** The output items, by output index, each built from its events. */
export function builtOutput(state: ResponsesState): Json[] {
  return [...state.items.values()].sort((a, b) => a.outputIndex - b.outputIndex).map(buildItem);
}

/** The first difference between the built output and the terminal response's, or null (also when it carried none). */
export function finalMismatch(state: ResponsesState): { path: string; ours: unknown; theirs: unknown } | null {
  const terminal = state.terminal;
  if (terminal === null || !Array.isArray(terminal.response.output)) return null;
  const output = builtOutput(state);
  const found = firstDifference(output, terminal.response.output, 'output');
  if (found !== null) return found;
  // The SDK throws when a call's call_id changes between the stream and the terminal response.
  for (const item of [...state.items.values()].sort((a, b) => a.outputIndex - b.outputIndex)) {
    const streamed = item.done ?? item.added;
    if (item.final !== null && 'call_id' in streamed && streamed.call_id !== item.final.call_id) {
      return { path: `output[${item.outputIndex}].call_id`, ours: streamed.call_id, theirs: item.final.call_id };
    }
  }
  if (typeof terminal.response.output_text !== 'string') return null;
  return firstDifference(outputText(output), terminal.response.output_text, 'output_text');
}

function buildItem(item: ItemState): Json {
  // The terminal response's item, else the done item, else the added one: the SDK's order of authority.
  const base = item.final ?? item.done ?? item.added;
  const out: Json = { ...base };
  // Hosted tools' status events set the status until the done item brings its own (as the SDK does).
  if (item.done === null && item.status !== null) out.status = item.status;
  const channel = channelOf(item);
  if (channel !== null && item.fieldEvents.count > 0) {
    const key = CHANNELS[channel].key;
    out[key] = initialText(item.added, key) + item.field.value;
  }
  if (item.type === 'message' || item.content.size > 0) out.content = buildParts(item.content, base === item.added ? null : base.content);
  if (item.type === 'reasoning') out.summary = buildParts(item.summary, base === item.added ? null : base.summary);
  return out;
}

function buildParts(parts: Map<number, PartState>, doneParts: unknown): Json[] {
  const done = Array.isArray(doneParts) ? doneParts : null;
  return [...parts.values()].sort((a, b) => a.index - b.index).map((part) => buildPart(part, done?.[part.index]));
}

function buildPart(part: PartState, inItem: unknown): Json {
  // The part as the terminal or done item has it, else as its done event, else as added.
  const finished = isObject(inItem) ? inItem : part.done;
  const out: Json = { ...(finished ?? part.added) };
  const key = textKeyOf(part.added);
  if (key !== null) out[key] = initialText(part.added, key) + part.text.value;
  if (finished === null) {
    // Not done: the annotations and logprobs the events added (the done part would carry them all).
    if (part.annotations !== null) {
      out.annotations = withAnnotations(Array.isArray(out.annotations) ? out.annotations : [], part.annotations);
    }
    if (part.logprobs !== null) out.logprobs = [...(Array.isArray(out.logprobs) ? out.logprobs : []), ...part.logprobs];
  }
  return out;
}

/**
 * The part's annotations with those the events added: an index the part already holds is replaced,
 * the others follow in order of index. On a well-formed stream the indexes run on from the part's
 * own, so this is the array the SDK builds; a stream that skips indexes gets no holes.
 */
function withAnnotations(own: readonly unknown[], added: ReadonlyMap<number, unknown>): unknown[] {
  const annotations = own.slice();
  for (const index of [...added.keys()].sort((a, b) => a - b)) {
    if (index < annotations.length) annotations[index] = added.get(index);
    else annotations.push(added.get(index));
  }
  return annotations;
}

function outputText(output: readonly Json[]): string {
  const texts: string[] = [];
  for (const item of output) {
    if (item.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content) if (isObject(part) && part.type === 'output_text' && typeof part.text === 'string') texts.push(part.text);
  }
  return texts.join('');
}

export function sameText(ours: string, theirs: string): boolean {
  return ours === theirs;
}

/**
 * Where a done item's text differs from what the deltas built: its parts' texts (and how many parts
 * there are), and its own field (arguments, input, code) when deltas came for it — tool consumers
 * read a call's arguments from the done item, so with no delta there is nothing to disagree with.
 */
export function compareDoneItem(item: ItemState): { where: string; ours: unknown; theirs: unknown }[] {
  const done = item.done!;
  const found: { where: string; ours: unknown; theirs: unknown }[] = [];
  const at = `output[${item.outputIndex}]`;
  const channel = channelOf(item);
  if (channel !== null && item.fieldEvents.count > 0) {
    const key = CHANNELS[channel].key;
    const ours = initialText(item.added, key) + item.field.value;
    if (typeof done[key] === 'string' && !sameText(ours, done[key])) found.push({ where: `${at}.${key}`, ours, theirs: done[key] });
  }
  const areas = item.type === 'message' ? (['content'] as const) : item.type === 'reasoning' ? (['summary', 'content'] as const) : [];
  for (const area of areas) {
    const theirs = done[area];
    const parts = area === 'content' ? item.content : item.summary;
    if (!Array.isArray(theirs) || (area === 'content' && item.type === 'reasoning' && parts.size === 0)) continue;
    if (parts.size !== theirs.length) found.push({ where: `${at}.${area}`, ours: `${parts.size} parts`, theirs: `${theirs.length} parts` });
    for (const part of parts.values()) {
      const key = textKeyOf(part.added);
      const full = theirs[part.index];
      if (key === null || !isObject(full) || typeof full[key] !== 'string') continue;
      const ours = initialText(part.added, key) + part.text.value;
      if (!sameText(ours, full[key])) found.push({ where: `${at}.${area}[${part.index}].${key}`, ours, theirs: full[key] });
    }
  }
  return found;
}

/** The key holding a part's text: `refusal` for refusal parts, `text` for the others that have one. */
export function textKeyOf(part: Readonly<Json>): string | null {
  if (part.type === 'refusal') return 'refusal';
  return typeof part.text === 'string' || part.type === 'output_text' || part.type === 'summary_text' || part.type === 'reasoning_text' ? 'text' : null;
}

/** What a delta-built text starts from: the added part's or item's own (the SDK appends to it). */
export function initialText(value: Readonly<Json>, key: string): string {
  const text = value[key];
  return typeof text === 'string' ? text : '';
}

export function channelOf(item: ItemState): Channel | null {
  for (const channel of Object.keys(CHANNELS) as Channel[]) {
    const info = CHANNELS[channel];
    if (info.area === 'item' && info.itemType === item.type) return channel;
  }
  return null;
}
