// From a Responses or Messages request to the server's plan: the scenario
// builds its turn, the dialect's wire renders it (events, the JSON body, the
// error bodies), wire.ts paces it. Every random draw comes from the seed, the
// dialect, the scenario and the purpose of the draw, so the same request and
// seed give the same bytes and the same waits.

import type { Dialect, DialectScenario, DialectScript } from './dialect-scenarios.ts';
import type { Plan } from './chat/plan.ts';
import type { SimOverrides } from './chat/request.ts';
import { DEFAULT_PACE, createRng, delayFor, seedFrom } from './timing.ts';
import type { PaceOptions, Rng } from './timing.ts';
import type { Turn } from './turn.ts';
import { planStream, streamDuration } from './wire.ts';
import type { Transport, WireEvent } from './wire.ts';

/** What the planner needs of a request, whatever its dialect. */
export interface DialectRequest {
  readonly model: string;
  readonly stream: boolean;
  /** Responses `max_output_tokens`, Messages `max_tokens`. */
  readonly maxTokens: number | null;
  readonly sim: SimOverrides;
}

/** A whole HTTP answer (JSON), or no answer at all. */
export type HttpAnswer = { readonly kind: 'json'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string } | { readonly kind: 'drop' };

/** One dialect's wire for one request. Its draws come from `rng(purpose)`, fresh for each call, so the stream and the JSON body agree. */
export interface DialectWire {
  /** Tool arguments' JSON text as the dialect writes it. */
  argumentsJson(args: Readonly<Record<string, unknown>>): string;
  /** The events of the turn's stream, and whether the connection is dropped after them. */
  stream(turn: Turn): { readonly events: readonly WireEvent[]; readonly end: 'end' | 'drop' };
  /** The non-streamed answer: the JSON object, or the error a failing turn answers with. */
  json(turn: Turn): HttpAnswer;
  /** An HTTP error scenario. */
  error(kind: Extract<DialectScript, { kind: 'error' }>['error']): HttpAnswer;
  /** The event sent through a keep-alive pause (Messages' ping), or null. */
  readonly keepAlive: WireEvent | null;
}

/** One dialect's endpoint: how it reads a request, answers a bad one, and renders its scenarios. */
export interface DialectEndpoint<R extends DialectRequest> {
  readonly dialect: Dialect;
  /** The request, or the error answering a bad one. */
  parse(text: string, requestId: string): { readonly ok: true; readonly value: R } | { readonly ok: false; readonly answer: HttpAnswer };
  /** A body over the size limit. */
  tooLarge(limitBytes: number, requestId: string): HttpAnswer;
  /** A model that names no scenario of this dialect. */
  notFound(model: string, requestId: string): HttpAnswer;
  wire(request: R, rng: (purpose: string) => Rng, requestId: string): DialectWire;
  /** Headers on every answer (Anthropic's `request-id`). */
  headers(requestId: string): Readonly<Record<string, string>>;
}

export interface DialectPlanInput<R extends DialectRequest> {
  readonly dialect: Dialect;
  readonly scenario: DialectScenario;
  readonly request: R;
  readonly serverSeed: number;
  readonly wire: (request: R, rng: (purpose: string) => Rng) => DialectWire;
}

export function planDialect<R extends DialectRequest>({ dialect, scenario, request, serverSeed, wire: makeWire }: DialectPlanInput<R>): Plan {
  const seed = request.sim.seed ?? serverSeed;
  const rng = (purpose: string) => createRng(seedFrom(seed, dialect, scenario.name, purpose));
  const sim = request.sim;
  const pace: PaceOptions = {
    ttftMs: sim.ttft_ms ?? scenario.pace?.ttftMs ?? DEFAULT_PACE.ttftMs,
    tps: sim.tps ?? scenario.pace?.tps ?? DEFAULT_PACE.tps,
    jitter: sim.jitter ?? scenario.pace?.jitter ?? DEFAULT_PACE.jitter,
  };
  const wire = makeWire(request, rng);
  const script = scenario.build({
    dialect,
    model: request.model,
    rng: rng('content'),
    maxTokens: request.maxTokens,
    chunks: sim.chunks ?? null,
    failAfter: sim.fail_after ?? null,
    pauseMs: sim.pause_ms ?? null,
    keepAliveMs: sim.keep_alive_ms ?? null,
    argumentsJson: wire.argumentsJson,
  });
  const timingRng = rng('timing');
  if (script.kind === 'error') return answerPlan(wire.error(script.error), delayFor(script.pace, pace, timingRng));
  const { events, end } = wire.stream(script.turn);
  if (script.kind === 'json' || !request.stream) {
    const delayMs = streamDuration(events, pace, timingRng);
    return end === 'drop' ? { kind: 'drop', delayMs } : answerPlan(wire.json(script.turn), delayMs);
  }
  return planStream({ events, end, transport: transportOf(script.transport ?? {}, wire.keepAlive), pace, timingRng });
}

function answerPlan(answer: HttpAnswer, delayMs: number): Plan {
  return answer.kind === 'drop' ? { kind: 'drop', delayMs } : { kind: 'response', delayMs, status: answer.status, headers: answer.headers, body: answer.body };
}

function transportOf(script: NonNullable<Extract<DialectScript, { kind: 'stream' }>['transport']>, keepAlive: WireEvent | null): Transport {
  const { pause, ...rest } = script;
  if (!pause) return rest;
  return { ...rest, pause: { after: pause.after, ms: pause.ms, keepAlive: pause.keepAliveMs !== null && keepAlive !== null ? { everyMs: pause.keepAliveMs, event: keepAlive } : null } };
}
