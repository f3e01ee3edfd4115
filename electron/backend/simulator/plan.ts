// From a request to the server's plan, in every dialect: the scenario builds
// its answer (one per choice), the dialect renders it on its wire (events, the
// JSON body, the error bodies) and paces it. Every random draw comes from the
// seed, the scenario and the purpose of the draw (and the dialect's own seed
// words), so the same request and seed give the same bytes and the same waits.
// A dialect of the simulator is one SimulatorDialect (dialects.ts lists them).

import type { Protocol } from '../../../shared/dialects/types.ts';
import type { SimOverrides } from './chat/request.ts';
import type { Scenario, ScenarioContext, Script, ToolWriting } from './scenarios.ts';
import { DEFAULT_PACE, createRng, seedFrom } from './timing.ts';
import type { PaceOptions, Rng } from './timing.ts';

export type Action =
  /** Wait `delayMs` (at time scale 1) after the previous action, then write `text` (UTF-8) or `bytes` (a binary framing's frames) in one res.write. */
  | { readonly kind: 'write'; readonly delayMs: number; readonly text: string }
  | { readonly kind: 'write'; readonly delayMs: number; readonly bytes: Uint8Array }
  /** Wait, then destroy the connection. */
  | { readonly kind: 'drop'; readonly delayMs: number };

export type Plan =
  | {
      readonly kind: 'stream';
      readonly actions: readonly Action[];
      /** Hold every write back and send them as one, when the last is due. */
      readonly buffered: boolean;
      /** The stream's content-type: `text/event-stream; charset=utf-8` when absent (a binary framing names its own media type). */
      readonly contentType?: string;
    }
  /** One response (JSON, or a binary framing's frames), sent after `delayMs`. */
  | { readonly kind: 'response'; readonly delayMs: number; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string | Uint8Array }
  /** No response at all: the connection is destroyed after `delayMs`. */
  | { readonly kind: 'drop'; readonly delayMs: number };

/** What the planner needs of a request, whatever its dialect. */
export interface SimRequest {
  readonly model: string;
  readonly stream: boolean;
  /** Chat `max_completion_tokens`, Responses `max_output_tokens`, Messages `max_tokens`. */
  readonly maxTokens: number | null;
  readonly sim: SimOverrides;
}

/** A whole HTTP answer (JSON; or bytes, a binary framing's frames, as a defective server streams a refusal), or no answer at all. */
export type HttpAnswer =
  | { readonly kind: 'json'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string }
  | { readonly kind: 'bytes'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array }
  | { readonly kind: 'drop' };

/** Draws of one request: a fresh generator for each purpose (`content`, `identity`, `timing`, `padding`). */
export type Draws = (purpose: string) => Rng;

/** What a dialect's renderer is given for one request. */
export interface Rendering<R extends SimRequest> {
  readonly request: R;
  readonly draws: Draws;
  readonly pace: PaceOptions;
  readonly requestId: string;
}

/** One dialect of the simulator: how it reads a request, answers a bad one, and renders a scenario. */
export interface SimulatorDialect<R extends SimRequest = SimRequest> {
  readonly protocol: Protocol;
  /** The request, or the error answering a bad one; `path` is the request's (Gemini's names the model). */
  parse(text: string, requestId: string, path: string): { readonly ok: true; readonly value: R } | { readonly ok: false; readonly answer: HttpAnswer };
  /** A body over the size limit. */
  tooLarge(limitBytes: number, requestId: string): HttpAnswer;
  /** A model that names no scenario of this dialect. */
  notFound(model: string, requestId: string): HttpAnswer;
  /** Headers on every answer (Anthropic's `request-id`). */
  headers(requestId: string): Readonly<Record<string, string>>;
  /** The draws of a request for a scenario: which seed it honours, and the words mixed into it. */
  draws(request: R, scenario: string, serverSeed: number): Draws;
  /** How many answers the scenario builds (Chat's `n`; one elsewhere). */
  choices(request: R, scenario: Scenario): number;
  readonly tools: ToolWriting;
  /** The scenario's scripts, one per choice, as this dialect's plan. */
  render(scripts: readonly [Script, ...Script[]], rendering: Rendering<R>): Plan;
}

/** The one engine: the scenario's answers, rendered by the dialect. */
export function planScenario<R extends SimRequest>(dialect: SimulatorDialect<R>, scenario: Scenario, request: R, serverSeed: number, requestId: string): Plan {
  const draws = dialect.draws(request, scenario.name, serverSeed);
  const sim = request.sim;
  const pace: PaceOptions = {
    ttftMs: sim.ttft_ms ?? scenario.pace?.ttftMs ?? DEFAULT_PACE.ttftMs,
    tps: sim.tps ?? scenario.pace?.tps ?? DEFAULT_PACE.tps,
    jitter: sim.jitter ?? scenario.pace?.jitter ?? DEFAULT_PACE.jitter,
  };
  const context: ScenarioContext = {
    model: request.model,
    choice: 0,
    // One generator for every choice, drawn in choice order.
    rng: draws('content'),
    chunks: sim.chunks ?? null,
    failAfter: sim.fail_after ?? null,
    pauseMs: sim.pause_ms ?? null,
    keepAliveMs: sim.keep_alive_ms ?? null,
    tools: dialect.tools,
  };
  const first = scenario.build(context);
  const rest = Array.from({ length: dialect.choices(request, scenario) - 1 }, (_, index) => scenario.build({ ...context, choice: index + 1 }));
  return dialect.render([first, ...rest], { request, draws, pace, requestId });
}

/** Draws seeded by `seed` and these words, then the purpose. */
export function drawsOf(seed: number, ...words: readonly string[]): Draws {
  return (purpose) => createRng(seedFrom(seed, ...words, purpose));
}

/** A request read by its dialect, ready to plan. */
export interface ReadRequest {
  readonly request: SimRequest;
  plan(scenario: Scenario, serverSeed: number, requestId: string): Plan;
}

/** A dialect as the server holds it: its request type kept inside. */
export interface Endpoint {
  readonly protocol: Protocol;
  read(text: string, requestId: string, path: string): { readonly ok: true; readonly value: ReadRequest } | { readonly ok: false; readonly answer: HttpAnswer };
  tooLarge(limitBytes: number, requestId: string): HttpAnswer;
  notFound(model: string, requestId: string): HttpAnswer;
  headers(requestId: string): Readonly<Record<string, string>>;
}

export function endpointOf<R extends SimRequest>(dialect: SimulatorDialect<R>): Endpoint {
  return {
    protocol: dialect.protocol,
    read(text, requestId, path) {
      const parsed = dialect.parse(text, requestId, path);
      if (!parsed.ok) return parsed;
      const request = parsed.value;
      return { ok: true, value: { request, plan: (scenario, serverSeed, id) => planScenario(dialect, scenario, request, serverSeed, id) } };
    },
    tooLarge: (limit, requestId) => dialect.tooLarge(limit, requestId),
    notFound: (model, requestId) => dialect.notFound(model, requestId),
    headers: (requestId) => dialect.headers(requestId),
  };
}
