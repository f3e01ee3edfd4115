// The SSE wire of the dialects that name their events (Responses, Messages):
// each event is an `event:` line naming its type and one `data:` line, written
// on its own. Such a dialect renders a turn into events (its EventWire); this
// turns the events into the server's plan (the writes and the waits), applying
// the transport's faults on the way: a pause (with keep-alive events through
// it), a corrupted event, buffering, CRLF line ends, a dropped connection at
// the end.

import type { Action, HttpAnswer, Plan, Rendering, SimRequest } from './plan.ts';
import type { Script, ScriptTransport } from './scenarios.ts';
import { delayFor } from './timing.ts';
import type { Pace, PaceOptions, Rng } from './timing.ts';
import { turnOf } from './turn.ts';
import type { Answer, Turn } from './turn.ts';

export interface WireEvent {
  /** The SSE `event:` name (the data's `type`); null sends none (a defect: data-only events). */
  readonly event: string | null;
  /** The `data:` payload, as the server writes it. */
  readonly data: string;
  /** When it goes out, relative to the event before. */
  readonly pace: Pace;
  /** Output tokens it carries (1 for a delta, 0 otherwise): where "after N tokens" falls. */
  readonly tokens: number;
}

export interface Transport {
  /** Line ending of every line (default LF). */
  readonly eol?: string;
  /** `buffered`: everything held back and written at once, when the last event is due. */
  readonly delivery?: 'paced' | 'buffered';
  /** A pause of `ms` after `after` tokens, with `keepAlive` events every `everyMs` through it when given. */
  readonly pause?: { readonly after: number; readonly ms: number; readonly keepAlive: { readonly everyMs: number; readonly event: WireEvent } | null };
  /** The event that carries token `corruptAfter + 1` goes out with its JSON cut in half. */
  readonly corruptAfter?: number;
}

export function sseEvent(event: WireEvent, eol = '\n'): string {
  return `${event.event === null ? '' : `event: ${event.event}${eol}`}data: ${event.data}${eol}${eol}`;
}

/**
 * How many events come before the fault point "after `after` tokens": up to and
 * including the one that brings the count to `after`; for 0, the events before
 * the first token.
 */
export function eventsBefore(events: readonly WireEvent[], after: number): number {
  let count = 0;
  for (let index = 0; index < events.length; index++) {
    if (count >= after && events[index]!.tokens > 0) return index;
    count += events[index]!.tokens;
    if (after > 0 && count >= after) return index + 1;
  }
  return events.length;
}

/** The events with the transport's pause (and its keep-alive events) put in. */
function withPause(events: readonly WireEvent[], pause: NonNullable<Transport['pause']>): WireEvent[] {
  const at = eventsBefore(events, pause.after);
  if (at >= events.length) return [...events];
  const inserted: WireEvent[] = [];
  let waited = 0;
  if (pause.keepAlive !== null) {
    for (; waited + pause.keepAlive.everyMs < pause.ms; waited += pause.keepAlive.everyMs) inserted.push({ ...pause.keepAlive.event, pace: pause.keepAlive.everyMs });
  }
  return [...events.slice(0, at), ...inserted, { ...events[at]!, pace: pause.ms - waited }, ...events.slice(at + 1)];
}

/** How a dialect whose framing is not SSE writes its events: each as its frame, under the framing's media type. */
export interface EventFraming {
  readonly contentType: string;
  frame(event: WireEvent): Uint8Array;
}

export interface StreamInput {
  readonly events: readonly WireEvent[];
  /** SSE (`sseEvent`) when absent. */
  readonly framing?: EventFraming;
  /** `drop`: the connection is destroyed after the last event, one token interval later. */
  readonly end: 'end' | 'drop';
  readonly transport: Transport;
  readonly pace: PaceOptions;
  readonly timingRng: Rng;
}

export function planStream({ events, end, transport, pace, timingRng, framing }: StreamInput): Plan {
  const eol = transport.eol ?? '\n';
  const corrupt = transport.corruptAfter === undefined ? -1 : eventsBefore(events, transport.corruptAfter + 1) - 1;
  const sent = events.map((event, index) => (index === corrupt ? { ...event, data: event.data.slice(0, Math.floor(event.data.length / 2)) } : event));
  const paced = transport.pause ? withPause(sent, transport.pause) : sent;
  const actions: Action[] = paced.map((event) => {
    const delayMs = delayFor(event.pace, pace, timingRng);
    return framing ? { kind: 'write', delayMs, bytes: framing.frame(event) } : { kind: 'write', delayMs, text: sseEvent(event, eol) };
  });
  if (end === 'drop') actions.push({ kind: 'drop', delayMs: delayFor('token', pace, timingRng) });
  return { kind: 'stream', actions, buffered: transport.delivery === 'buffered', ...(framing ? { contentType: framing.contentType } : {}) };
}

/** The time the stream of these events would take: a non-streamed answer arrives when the stream would have ended. */
export function streamDuration(events: readonly WireEvent[], pace: PaceOptions, timingRng: Rng): number {
  return events.reduce((sum, event) => sum + delayFor(event.pace, pace, timingRng), 0);
}

/** One event dialect's wire for one request. Its draws are fresh for each call, so the stream and the JSON body agree. */
export interface EventWire {
  /** The events of the turn's stream, and whether the connection is dropped after them. */
  stream(turn: Turn): { readonly events: readonly WireEvent[]; readonly end: 'end' | 'drop' };
  /** The non-streamed answer: the JSON object, or the error a failing turn answers with. */
  json(turn: Turn): HttpAnswer;
  /** An HTTP error scenario. */
  error(kind: Extract<Script, { kind: 'error' }>['error']): HttpAnswer;
  /** The event sent through a keep-alive pause (Messages' ping), or null. */
  readonly keepAlive: WireEvent | null;
  /** How its events are framed when not as SSE (Bedrock's event-stream frames). */
  readonly framing?: EventFraming;
}

/** A scenario's script (one choice) on an event dialect's wire. */
export function renderEvents(wire: EventWire, script: Script, { request, draws, pace }: Rendering<SimRequest>): Plan {
  const timingRng = draws('timing');
  if (script.kind === 'error') return answerPlan(wire.error(script.error), delayFor(script.pace, pace, timingRng));
  const turn = turnOf(script.answer.blocks, limitOf(script.answer, request.maxTokens), script.kind === 'stream' ? (script.fault ?? null) : null);
  const { events, end } = wire.stream(turn);
  if (script.kind === 'json' || !request.stream) {
    const delayMs = streamDuration(events, pace, timingRng);
    return end === 'drop' ? { kind: 'drop', delayMs } : answerPlan(wire.json(turn), delayMs);
  }
  return planStream({ events, end, transport: transportOf(script.transport ?? {}, wire.keepAlive), pace, timingRng, ...(wire.framing ? { framing: wire.framing } : {}) });
}

/** The scenario's own limit or the request's, whichever is lower. */
function limitOf(answer: Answer, requested: number | null): number | null {
  if (answer.limit === undefined) return requested;
  return Math.min(requested ?? answer.limit, answer.limit);
}

function answerPlan(answer: HttpAnswer, delayMs: number): Plan {
  return answer.kind === 'drop' ? { kind: 'drop', delayMs } : { kind: 'response', delayMs, status: answer.status, headers: answer.headers, body: answer.body };
}

function transportOf(script: ScriptTransport, keepAlive: WireEvent | null): Transport {
  const { pause, ...rest } = script;
  if (!pause) return rest;
  return { ...rest, pause: { after: pause.after, ms: pause.ms, keepAlive: pause.keepAliveMs !== null && keepAlive !== null ? { everyMs: pause.keepAliveMs, event: keepAlive } : null } };
}
