// What a defect scenario is (issue 29, "Real servers to prove it on"): a faithful scenario's
// answer with one thing a real server got wrong, so each check of the server battery can be
// shown to catch the defect it exists for. A dialect writes its defects in its own folder
// (chat/defects.ts, …) as a rewrite of what it would send; defects.ts makes them scenarios.

import type { HttpAnswer, SimRequest } from './plan.ts';
import type { Script } from './scenarios.ts';
import type { EventWire, WireEvent } from './wire.ts';

/** One defect: the check it is for, the broken rule that check must name, and the server it imitates. */
export interface DefectSpec<Rewrite> {
  /** The scenario's name (model `sim-<name>`). */
  readonly name: string;
  /** One line: what the server does wrong, and which real server did (its issue or PR), if one is known. */
  readonly description: string;
  /** The real server and the issue or PR it shipped this in; null where none is known. */
  readonly imitates: string | null;
  /** The check of the battery it is for. */
  readonly check: string;
  /**
   * The check's rules it breaks, in the order they are judged: the first is the code the check's
   * summary starts with (the first rule of the worst kind, judge.ts).
   */
  readonly breaks: readonly [string, ...string[]];
  /** The verdict: `warn` where the rule only warns. */
  readonly verdict: 'fail' | 'warn';
  /** The faithful scenario it rewrites (the one `simulatorModelOf` asks the check with). */
  readonly builds: string;
  readonly rewrite: Rewrite;
}

/** A bad request answered as the defective server does: 200 and the error inside a stream (vLLM, guidellm #743). */
export type Refusal = (refused: Extract<HttpAnswer, { kind: 'json' }>) => HttpAnswer;

/** A defect of an event dialect (Responses, Messages): the request as the server misreads it, the events it sends instead. */
export interface EventDefect {
  readonly request?: (request: SimRequest) => SimRequest;
  readonly events?: (events: readonly WireEvent[]) => WireEvent[];
  readonly refusal?: Refusal;
}

/** The script's defect in this dialect's list, if it names one. */
export function defectOf<Rewrite>(defects: readonly DefectSpec<Rewrite>[], script: Script): Rewrite | undefined {
  if (script.kind !== 'stream' || script.defect === undefined) return undefined;
  return defects.find((defect) => defect.name === script.defect)?.rewrite;
}

/** The wire with the defect's events in place of its own (a JSON answer is left as it was). */
export function defectiveWire(wire: EventWire, defect: EventDefect | undefined): EventWire {
  const events = defect?.events;
  if (events === undefined) return wire;
  return {
    ...wire,
    stream(turn) {
      const sent = wire.stream(turn);
      return { ...sent, events: events(sent.events) };
    },
  };
}

/** An event's data, rewritten as JSON (key order kept; Anthropic's padding is lost, as a re-serialising server loses it). */
export function rewriteData(event: WireEvent, rewrite: (data: Record<string, unknown>) => Record<string, unknown>): WireEvent {
  return { ...event, data: JSON.stringify(rewrite(JSON.parse(event.data) as Record<string, unknown>)) };
}

/** An SSE stream of one body, as a defective server answers a request it should refuse. */
export function streamedAnswer(body: string): HttpAnswer {
  return { kind: 'json', status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' }, body };
}
