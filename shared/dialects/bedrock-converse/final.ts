// The final object of a ConverseStream: the ConverseResponse the non-streaming Converse call
// answers (@aws-sdk/client-bedrock-runtime: ConverseResponse, ContentBlock), as far as the stream
// tells it — `{message: {role, content}, stopReason, usage, metrics}` (Converse's `output.message` lifted to the top, as the contract's `output` member holds it: issue 32), with
// additionalModelResponseFields, trace and metadata's other members when sent.
//
// Each block by contentBlockIndex becomes the ContentBlock Converse would hold: text `{text}`
// (with citation deltas, `{citationsContent: {content: [{text}], citations}}`); reasoning
// `{reasoningContent: {reasoningText: {text, signature}}}`, and each redacted piece
// `{reasoningContent: {redactedContent}}` (base64, as JSON carries the SDK's bytes); a tool use
// `{toolUse: {toolUseId, name, input, type?}}`, its input the fragments joined and parsed (`{}`
// when none or only empty ones came; the raw text when it is not JSON — tool-arguments-invalid
// says so); a tool result `{toolResult: {toolUseId, type, status, content}}`; an image
// `{image: {format, source}}`. What a newer API sends is kept whole under its own name: nothing
// is dropped. A block that mixes kinds (no server does) gives one entry each, in that order.

import type { BlockState, ConverseState } from './accumulator.ts';
import { checkInput } from './accumulator.ts';

type Json = Record<string, unknown>;

/** The contract's final object (docs/architecture.md, "Analysis contract"): a ConverseResponse. */
export interface ConverseResponse {
  message: { role: string; content: Json[] };
  /** null when no messageStop came (missing-message-stop). */
  stopReason: string | null;
  usage: Json | null;
  metrics: Json | null;
  additionalModelResponseFields?: unknown;
  trace?: Json;
  [member: string]: unknown;
}

export function finalResponse(state: ConverseState): ConverseResponse {
  const content = [...state.blocks.values()].sort((a, b) => a.index - b.index).flatMap(contentOf);
  const out: ConverseResponse = {
    message: { role: state.role ?? 'assistant', content },
    stopReason: state.stopReason,
    usage: state.usage === null ? null : { ...state.usage },
    metrics: state.metrics === null ? null : { ...state.metrics },
  };
  if (state.additional !== undefined) out.additionalModelResponseFields = state.additional;
  if (state.trace !== null) out.trace = { ...state.trace };
  if (state.metadataFields !== null) for (const [key, value] of Object.entries(state.metadataFields)) if (!(key in out)) out[key] = value;
  return out;
}

const STARTS: ReadonlySet<string> = new Set(['toolUse', 'toolResult', 'image']);

function contentOf(block: BlockState): Json[] {
  const out: Json[] = [];
  const key = block.start?.key ?? null;
  const started = (of: string): Json => (key === of ? { ...block.start!.value } : {});
  if (block.reasoning !== null || block.signature !== null) {
    const reasoningText: Json = { text: block.reasoning?.value ?? '' };
    if (block.signature !== null) reasoningText.signature = block.signature;
    out.push({ reasoningContent: { reasoningText } });
  }
  if (block.redacted.length > 0) out.push({ reasoningContent: { redactedContent: joinBase64(block.redacted) } });
  if (block.text !== null || block.citations !== null) {
    const content = block.text === null ? [] : [{ text: block.text.value }];
    out.push(block.citations === null ? content[0]! : { citationsContent: { content, citations: block.citations.slice() } });
  }
  if (key === 'toolUse' || block.input !== null) out.push({ toolUse: { ...started('toolUse'), input: inputOf(block) } });
  if (key === 'toolResult' || block.toolResult !== null) out.push({ toolResult: { ...started('toolResult'), content: block.toolResult?.slice() ?? [] } });
  if (key === 'image' || block.images !== null) out.push({ image: imageOf(started('image'), block.images ?? []) });
  if (key !== null && !STARTS.has(key)) out.push({ [key]: { ...block.start!.value } });
  for (const other of block.other ?? []) out.push({ [other.key]: other.value });
  return out;
}

/** The joined fragments parsed (at the block's stop, or as the stream left them), or their raw text when they are not JSON. */
function inputOf(block: BlockState): unknown {
  const text = block.input?.value ?? '';
  const check = block.inputCheck ?? checkInput(text);
  return check.valid ? check.value : text;
}

/** An image block: its start's members (format), and the deltas' source — their base64 bytes joined when there are several — and error. */
function imageOf(start: Json, deltas: readonly Json[]): Json {
  const image: Json = { ...start };
  const pieces: string[] = [];
  for (const delta of deltas) {
    const source = delta.source;
    if (typeof source === 'object' && source !== null && typeof (source as Json).bytes === 'string') pieces.push((source as Json).bytes as string);
    else if (source !== undefined) image.source = source;
    if (delta.error !== undefined) image.error = delta.error;
  }
  if (pieces.length > 0) image.source = { bytes: joinBase64(pieces) };
  return image;
}

/**
 * The base64 of the pieces' bytes one after the other: their text joined when no piece but the
 * last is padded (the same bytes), else decoded and encoded again; pieces that are not base64 are
 * joined as they are, as data (the view shows them).
 */
export function joinBase64(pieces: readonly string[]): string {
  if (pieces.length === 1) return pieces[0]!;
  if (pieces.slice(0, -1).every((piece) => piece.length % 4 === 0 && !piece.endsWith('='))) return pieces.join('');
  try {
    return btoa(pieces.map((piece) => atob(piece)).join(''));
  } catch {
    return pieces.join('');
  }
}
