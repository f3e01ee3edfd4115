// A turn as the Responses API streams it: `response.created`,
// `response.in_progress`, then each block as an output item — added, its
// content or summary part added, its deltas, the `.done` events — then the
// terminal event (`response.completed`, `.incomplete`, `.failed`), each with
// a `sequence_number` counting from 0 right after `type`. The terminal
// response carries the whole output and the usage.

import { keepTokens } from '../turn.ts';
import type { Block, Turn } from '../turn.ts';
import type { Pace } from '../timing.ts';
import type { WireEvent } from '../wire.ts';
import { FAILURE_MESSAGE, contentPart, itemObject, responseObject, summaryPart, usageOf } from './objects.ts';
import type { ItemStatus, ResponseState, ResponsesIdentity } from './objects.ts';
import type { ResponsesRequest } from './request.ts';

export interface ResponsesRender {
  readonly request: ResponsesRequest;
  readonly identity: ResponsesIdentity;
  /** The padding of a delta, or null when the request turned it off. */
  readonly pad: (text: string) => string | null;
}

/** The events of a turn's stream, and whether the connection is dropped after them. */
export function responsesEvents(turn: Turn, render: ResponsesRender): { events: WireEvent[]; end: 'end' | 'drop' } {
  const { request, identity } = render;
  const fault = turn.fault;
  // A fault with a place stops the stream there, the block under way left open.
  const stopped = fault !== null && 'after' in fault && fault.kind !== 'sequence-gap';
  const blocks = stopped ? keepTokens(turn.blocks, fault.after).blocks : turn.blocks;
  const gapAfter = fault?.kind === 'sequence-gap' ? fault.after : null;

  const events: WireEvent[] = [];
  let sequence = 0;
  let tokens = 0;
  let gapped = false;
  const emit = (type: string, fields: Record<string, unknown>, pace: Pace, carries = 0): void => {
    if (gapAfter !== null && !gapped && events.length > 0 && tokens >= gapAfter) {
      sequence++;
      gapped = true;
    }
    events.push({ event: type, data: JSON.stringify({ type, sequence_number: sequence++, ...fields }), pace, tokens: carries });
    tokens += carries;
  };
  const response = (state: ResponseState) => responseObject(request, identity, state);

  emit('response.created', { response: response({ status: 'in_progress', output: [], usage: null }) }, 'quick');
  emit('response.in_progress', { response: response({ status: 'in_progress', output: [], usage: null }) }, 'quick');

  const output: Record<string, unknown>[] = [];
  blocks.forEach((block, index) => {
    const open = stopped && index === blocks.length - 1;
    const ids = identity.items[index]!;
    const status: ItemStatus = turn.truncated && index === blocks.length - 1 ? 'incomplete' : 'completed';
    emitItem({ block, index, ids, open, status }, emit, render.pad);
    output.push(itemObject(block, ids, block.pieces.join(''), open ? 'in_progress' : status, true));
  });

  if (fault?.kind === 'drop') return { events, end: 'drop' };
  if (fault?.kind === 'cut') return { events, end: 'end' };
  if (fault?.kind === 'error' || fault?.kind === 'failed') {
    if (fault.kind === 'error') emit('error', { error: { type: 'server_error', code: 'server_error', message: FAILURE_MESSAGE, param: null } }, 'token');
    emit('response.failed', { response: response({ status: 'failed', output, usage: null, error: { code: 'server_error', message: FAILURE_MESSAGE } }) }, fault.kind === 'error' ? 'quick' : 'token');
    return { events, end: 'end' };
  }
  const usage = usageOf(request.inputTokens, blocks);
  if (turn.truncated) emit('response.incomplete', { response: response({ status: 'incomplete', output, usage, incompleteReason: 'max_output_tokens' }) }, 'quick');
  else emit('response.completed', { response: response({ status: 'completed', output, usage }) }, 'quick');
  return { events, end: 'end' };
}

type Emit = (type: string, fields: Record<string, unknown>, pace: Pace, carries?: number) => void;

interface ItemToEmit {
  readonly block: Block;
  readonly index: number;
  readonly ids: ResponsesIdentity['items'][number];
  /** Left open: no `.done` events (the stream fails inside it). */
  readonly open: boolean;
  readonly status: ItemStatus;
}

/** One output item: added, its part, its deltas, and (unless left open) its `.done` events. */
function emitItem({ block, index, ids, open, status }: ItemToEmit, emit: Emit, pad: ResponsesRender['pad']): void {
  const padOf = (piece: string): { obfuscation?: string } => {
    const padding = pad(piece);
    return padding === null ? {} : { obfuscation: padding };
  };
  const at = { item_id: ids.id, output_index: index };
  const text = block.pieces.join('');
  const pace = (piece: number): Pace => (piece === 0 ? 'quick' : 'token');
  emit('response.output_item.added', { output_index: index, item: itemObject(block, ids, '', 'in_progress') }, index === 0 ? 'first' : 'token');
  switch (block.kind) {
    case 'reasoning': {
      const part = { ...at, summary_index: 0 };
      emit('response.reasoning_summary_part.added', { ...part, part: summaryPart('') }, 'quick');
      block.pieces.forEach((piece, n) => emit('response.reasoning_summary_text.delta', { ...part, delta: piece, ...padOf(piece) }, pace(n), 1));
      if (open) return;
      emit('response.reasoning_summary_text.done', { ...part, text }, 'quick');
      emit('response.reasoning_summary_part.done', { ...part, part: summaryPart(text) }, 'quick');
      break;
    }
    case 'tool': {
      block.pieces.forEach((piece, n) => emit('response.function_call_arguments.delta', { ...at, delta: piece, ...padOf(piece) }, pace(n), 1));
      if (open) return;
      emit('response.function_call_arguments.done', { ...at, arguments: text }, 'quick');
      break;
    }
    case 'text':
    case 'refusal': {
      const part = { ...at, content_index: 0 };
      const delta = block.kind === 'refusal' ? 'response.refusal.delta' : 'response.output_text.delta';
      emit('response.content_part.added', { ...part, part: contentPart(block, '') }, 'quick');
      block.pieces.forEach((piece, n) => emit(delta, { ...part, delta: piece, ...(block.kind === 'text' ? { logprobs: [] } : {}), ...padOf(piece) }, pace(n), 1));
      if (open) return;
      if (block.kind === 'refusal') emit('response.refusal.done', { ...part, refusal: text }, 'quick');
      else emit('response.output_text.done', { ...part, text, logprobs: [] }, 'quick');
      emit('response.content_part.done', { ...part, part: contentPart(block, text) }, 'quick');
      break;
    }
  }
  emit('response.output_item.done', { output_index: index, item: itemObject(block, ids, text, status, true) }, 'quick');
}
