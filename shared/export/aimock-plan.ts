// What @copilotkit/aimock (1.43) will send for a recording, chunk by chunk, and when.
//
// aimock does not replay bytes: it rebuilds OpenAI chunks from a fixture's response
// (node_modules/@copilotkit/aimock/dist/helpers.js, buildContentWithToolCallsChunks and
// buildToolCallChunks): reasoning cut every `chunkSize` characters, a role chunk, the ordered
// `blocks` (a text block cut every `chunkSize` characters; a tool call as a header chunk with
// `arguments: ""`, then its arguments cut every `chunkSize`), a finish chunk, then the usage chunk
// (when the request asked for it) and `[DONE]`. Its recorded-timing mode (dist/sse-writer.js,
// calculateDelay) waits `ttftMs` before chunk 0 and `interChunkDelaysMs[i - 1]` before chunk i.
//
// So the plan chooses the fixture that makes aimock's chunks line up with the recorded events
// where aimock allows it (one text block per content delta, with a chunk size no smaller than the
// longest delta, so each becomes exactly one chunk) and gives every chunk the arrival time of the
// recorded event that delivered the last character it carries.

import type { Analysis } from '../analysis/analyze.ts';
import { DONE } from '../dialects/chat/interpret.ts';
import type { ChoiceState, ToolCallState } from '../dialects/chat/accumulate.ts';
import { toolCallsOf } from '../dialects/chat/message.ts';
import { chatReading } from '../dialects/chat/kept.ts';

export type AimockChunkKind = 'reasoning' | 'role' | 'content' | 'tool' | 'arguments' | 'finish';

export interface AimockChunk {
  readonly kind: AimockChunkKind;
  /** The recorded event whose arrival time the chunk takes (it delivered the chunk's last character). */
  readonly event: number;
}

/** A fixture's streaming blocks (aimock's FixtureFileBlock). */
export type AimockBlock = { type: 'text'; text: string } | { type: 'toolCall'; name: string; arguments: string; id?: string };

export interface AimockToolCall {
  name: string;
  arguments: string;
  id?: string;
}

export interface AimockTimings {
  ttftMs: number;
  interChunkDelaysMs: number[];
  totalDurationMs: number;
}

export interface AimockPlan {
  /** Choice 0's state, or null when the stream carried no choice. */
  readonly choice: ChoiceState | null;
  readonly reasoning: string;
  /** Set when the stream had content: text and tool-call blocks in the order they started. */
  readonly blocks: AimockBlock[] | null;
  /** Set when it had none (aimock then opens with `content: null`, as OpenAI does for tool calls). */
  readonly toolCalls: AimockToolCall[] | null;
  readonly chunkSize: number;
  /** The chunks aimock sends before the usage chunk and `[DONE]`, in order. */
  readonly chunks: AimockChunk[];
  /** Recorded events that the chunks stand for (the usage and `[DONE]` events included). */
  readonly represented: ReadonlySet<number>;
  /**
   * When the recorded choice never completed (no finish reason, no [DONE]): the time, in ms from
   * the request, at which aimock resets the connection (`disconnectAfterMs`). The finish chunk
   * aimock always builds is then held back (its delay is `HOLD_MS`), so it never goes out.
   */
  readonly cutAtMs: number | null;
  /** Chunks whose data came in a different order than aimock sends it in. */
  readonly reordered: number[];
  /** aimock's recordedTimings; null for an untimed recording (aimock then sends everything at once). */
  readonly timings: AimockTimings | null;
  /** The index of the `[DONE]` event, or -1. */
  readonly doneAt: number;
}

interface Piece {
  readonly text: string;
  readonly event: number;
}

/** Plans choice 0 of an analysed recording (aimock streams one choice). */
export function planAimock(analysis: Analysis): AimockPlan {
  const { events } = analysis;
  const doneAt = events.findIndex((event) => event.sse.data === DONE);
  const choice = analysis.state.choices.get(0) ?? null;
  const content: Piece[] = [];
  const reasoning: Piece[] = [];
  let roleEvent: number | null = null;
  // The accumulator stops at [DONE] (a client stops reading there): so does the plan.
  for (const event of doneAt === -1 ? events : events.slice(0, doneAt)) {
    for (const op of chatReading(event).ops) {
      if (!('choice' in op) || op.choice !== 0) continue;
      if (op.type === 'role' && roleEvent === null) roleEvent = event.sse.index;
      if (op.type === 'text' && op.text !== '' && op.channel !== 'refusal') (op.channel === 'content' ? content : reasoning).push({ text: op.text, event: event.sse.index });
    }
  }
  const calls = choice ? toolCallsOf(choice) : [];
  const chunkSize = chooseChunkSize(content, reasoning, calls);

  const chunks: AimockChunk[] = [];
  for (const event of cut(reasoning, chunkSize)) chunks.push({ kind: 'reasoning', event });
  const firstEvent = choice?.firstEvent ?? 0;
  chunks.push({ kind: 'role', event: roleEvent ?? firstEvent });

  // Text and tool calls in the order they started; aimock sends each tool call whole.
  const items: ({ kind: 'text'; piece: Piece } | { kind: 'call'; call: ToolCallState })[] = [
    ...content.map((piece) => ({ kind: 'text' as const, piece })),
    ...calls.map((call) => ({ kind: 'call' as const, call })),
  ].sort((a, b) => startOf(a) - startOf(b));
  for (const item of items) {
    if (item.kind === 'text') {
      for (let at = 0; at < item.piece.text.length; at += chunkSize) chunks.push({ kind: 'content', event: item.piece.event });
      continue;
    }
    chunks.push({ kind: 'tool', event: item.call.events[0] ?? firstEvent });
    const fragments = item.call.fragments.map((fragment) => ({ text: fragment.text, event: fragment.event }));
    for (const event of cut(fragments, chunkSize)) chunks.push({ kind: 'arguments', event });
  }

  const finishEvent = choice?.finishEvents[0] ?? null;
  // A choice without a finish reason and without [DONE] never completed: aimock can only cut it.
  const cutShort = choice !== null && finishEvent === null && doneAt === -1;
  const sent = chunks.length;
  chunks.push({ kind: 'finish', event: finishEvent ?? lastChunkEvent(analysis, doneAt) ?? firstEvent });

  const represented = new Set(chunks.slice(0, cutShort ? sent : chunks.length).map((chunk) => chunk.event));
  if (doneAt !== -1) represented.add(doneAt);
  const usageEvent = lastUsageEvent(analysis, doneAt);
  if (usageEvent !== null) represented.add(usageEvent);

  const reordered: number[] = [];
  chunks.forEach((chunk, i) => {
    if (i > 0 && chunk.event < chunks[i - 1]!.event) reordered.push(i);
  });

  // An untimed cut stream still needs timings: no waits, so that the finish chunk can be held back.
  const times = timesOf(analysis, chunks) ?? (cutShort ? chunks.map(() => 0) : null);
  const cutAtMs = cutShort ? round(Math.max(analysis.recording.end?.t ?? 0, (times?.[sent - 1] ?? 0) + CUT_MARGIN_MS)) : null;
  return {
    choice,
    reasoning: reasoning.map((piece) => piece.text).join(''),
    blocks: content.length > 0 ? items.map((item) => (item.kind === 'text' ? { type: 'text', text: item.piece.text } : { type: 'toolCall', ...toolCallOf(item.call) })) : null,
    toolCalls: content.length > 0 ? null : calls.map(toolCallOf),
    chunkSize,
    chunks,
    represented,
    cutAtMs,
    reordered,
    timings: timingsOf(analysis, times, cutShort),
    doneAt,
  };
}

const startOf = (item: { kind: 'text'; piece: Piece } | { kind: 'call'; call: ToolCallState }): number =>
  item.kind === 'text' ? item.piece.event : (item.call.events[0] ?? 0);

function toolCallOf(call: ToolCallState): AimockToolCall {
  return { name: call.name ?? '', arguments: call.arguments, ...(call.id ? { id: call.id } : {}) };
}

/**
 * Content deltas decide (each must stay one chunk, so no smaller than the longest); without
 * content, the median reasoning or argument fragment, so the chunk count stays close.
 */
function chooseChunkSize(content: readonly Piece[], reasoning: readonly Piece[], calls: readonly ToolCallState[]): number {
  if (content.length > 0) return Math.max(...content.map((piece) => piece.text.length));
  const lengths = [...reasoning.map((piece) => piece.text.length), ...calls.flatMap((call) => call.fragments.map((fragment) => fragment.text.length))].sort((a, b) => a - b);
  return Math.max(1, lengths[lengths.length >> 1] ?? 1);
}

/** For each `size`-character chunk of the pieces joined, the event that delivered its last character. */
function cut(pieces: readonly Piece[], size: number): number[] {
  const out: number[] = [];
  const total = pieces.reduce((sum, piece) => sum + piece.text.length, 0);
  let piece = 0;
  let pieceEnd = pieces[0]?.text.length ?? 0;
  for (let start = 0; start < total; start += size) {
    const last = Math.min(start + size, total) - 1;
    while (pieceEnd <= last) pieceEnd += pieces[++piece]!.text.length;
    out.push(pieces[piece]!.event);
  }
  return out;
}

function lastChunkEvent(analysis: Analysis, doneAt: number): number | null {
  for (let i = (doneAt === -1 ? analysis.events.length : doneAt) - 1; i >= 0; i--) if (chatReading(analysis.events[i]!).meta !== null) return i;
  return null;
}

function lastUsageEvent(analysis: Analysis, doneAt: number): number | null {
  for (let i = (doneAt === -1 ? analysis.events.length : doneAt) - 1; i >= 0; i--) {
    if (chatReading(analysis.events[i]!).ops.some((op) => op.type === 'usage')) return i;
  }
  return null;
}

// Microseconds are what the recorder's clock resolves; more digits only lengthen the file.
const round = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * aimock resets a connection with `res.destroy()`, and a reset can discard chunks the client has
 * not read yet (it did, in our tests, for chunks written in the same tick): the cut comes at least
 * this long after the last chunk.
 */
export const CUT_MARGIN_MS = 10;
/** The delay that holds back the finish chunk of a cut stream: longer than any test waits. */
export const HOLD_MS = 3_600_000;

/** Each chunk at its event's arrival time, never before the chunk aimock sends ahead of it; null when untimed. */
function timesOf(analysis: Analysis, chunks: readonly AimockChunk[]): number[] | null {
  const times: number[] = [];
  for (const chunk of chunks) {
    const t = analysis.events[chunk.event]?.t;
    if (t === null || t === undefined) return null;
    times.push(Math.max(round(t), times[times.length - 1] ?? 0));
  }
  return times;
}

/** aimock's recordedTimings: the recorded times, or (for a cut stream only) no waits, then the hold. */
function timingsOf(analysis: Analysis, times: number[] | null, cutShort: boolean): AimockTimings | null {
  if (times === null) return null;
  const delays = times.slice(1).map((t, i) => round(t - times[i]!));
  if (cutShort) delays[delays.length - 1] = HOLD_MS;
  return { ttftMs: times[0]!, interChunkDelaysMs: delays, totalDurationMs: round(Math.max(analysis.recording.end?.t ?? 0, times[times.length - 1]!)) };
}
