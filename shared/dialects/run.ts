// A dialect run over a body's events, without the transport: every event interpreted and folded,
// then the final object, the usage and the dialect's findings. What the analysis fold does for a
// dialect (analysis/fold.ts keeps less per event and adds the transport); the tests, the
// benchmark and the differential against the SDKs use it as it is.

import type { Recording } from '../recording/types.ts';
import { DEFAULT_FRAMING, framingOf } from '../framing/registry.ts';
import type { FramedMessage, FramingName } from '../framing/types.ts';
import type { Dialect, DialectDiagnostic, DialectEventView, DialectInterpretation, UnframedTail } from './types.ts';

export interface DialectRun<I, S, F> {
  readonly events: readonly DialectEventView<I>[];
  readonly state: S;
  readonly final: F;
  readonly usage: Record<string, unknown> | null;
  readonly diagnostics: DialectDiagnostic[];
  /** The first event that carried a token (text, refusal, reasoning or tool arguments), or -1. */
  readonly firstToken: number;
}

export interface RunOptions {
  /** Whether the body ended (end-of-stream checks wait for it). Default true. */
  readonly ended?: boolean;
  readonly recording?: Recording;
  /** The body's framing, for the recording when none is given (bareRecording). Default SSE. */
  readonly framing?: FramingName;
  /** What the body's end left unframed (the analysis reads it from the framing's partial). Default none. */
  readonly tail?: UnframedTail | null;
}

const NO_RECORDING: Recording = { source: 'sse', startedAt: null, request: null, response: null, reads: [], end: null };

/**
 * A body with nothing around it, as an imported file holds one (source `sse`, the bodies-only
 * source): in another framing than SSE, with a 200 response that names the framing's media type.
 */
export function bareRecording(framing: FramingName = DEFAULT_FRAMING): Recording {
  if (framing === DEFAULT_FRAMING) return NO_RECORDING;
  return { ...NO_RECORDING, response: { t: null, status: 200, httpVersion: null, headers: { 'content-type': framingOf(framing).mediaType } } };
}

export function runDialect<I extends DialectInterpretation, S, F>(dialect: Dialect<I, S, F>, sse: readonly FramedMessage[], options: RunOptions = {}): DialectRun<I, S, F> {
  const accumulator = dialect.createAccumulator();
  const events: DialectEventView<I>[] = [];
  let firstToken = -1;
  let done = false;
  for (const event of sse) {
    const interpretation = dialect.interpret(event);
    const tokens = dialect.tokens(interpretation);
    if (tokens !== 0 && firstToken === -1 && !done) firstToken = event.index;
    // A client stops reading at [DONE] (as analysis/fold.ts does): what comes after is shown, never accumulated.
    if (!done) accumulator.apply(event.index, interpretation);
    if (interpretation.kind === 'done') done = true;
    events.push({ sse: event, interpretation, tokens });
  }
  const state = accumulator.state;
  const diagnostics = dialect.diagnose({ recording: options.recording ?? bareRecording(options.framing), events, state, ended: options.ended ?? true, tail: options.tail ?? null });
  return { events, state, final: dialect.final(state), usage: dialect.usage(state), diagnostics, firstToken };
}
