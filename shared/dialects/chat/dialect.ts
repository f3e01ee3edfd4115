// Chat Completions as a registered dialect: its chunk reading (interpret.ts through the chunk
// template), annotation, accumulator, final choices and descriptor, with the chunk checks of
// analysis/diagnostics as its `diagnose` (they still take the analysis's context, built here; see
// docs/architecture.md, "Adding a dialect", for what is left to move). dialect.test.ts checks that
// it gives, on every captured real stream, what analyzeRecording gives.

import { DEFAULT_DIAGNOSTIC_OPTIONS } from '../../analysis/diagnostics/context.ts';
import type { DiagnosticContext } from '../../analysis/diagnostics/context.ts';
import { errors } from '../../analysis/diagnostics/errors.ts';
import { finish } from '../../analysis/diagnostics/finish.ts';
import { message } from '../../analysis/diagnostics/message.ts';
import { metadata } from '../../analysis/diagnostics/metadata.ts';
import { tools } from '../../analysis/diagnostics/tools.ts';
import { usage } from '../../analysis/diagnostics/usage.ts';
import type { AnalyzedEvent } from '../../analysis/stream.ts';
import { createAccumulator } from './accumulate.ts';
import type { Accumulator, StreamState } from './accumulate.ts';
import { annotate } from './annotate.ts';
import type { Interpretation } from './interpret.ts';
import { toChoices } from './message.ts';
import type { ChoiceMessage } from './message.ts';
import { ChunkTemplate } from './template.ts';
import { tokensOf } from './tokens.ts';
import type { SseFields } from '../../framing/sse/types.ts';
import type { DialectAccumulator, DialectContext, DialectDiagnostic, RegisteredDialect } from '../types.ts';
import { chatDescriptor } from './descriptor.ts';
import { chatBody } from './request.ts';

/** The chunk checks of analysis/diagnostics/diagnose.ts's STREAM_CHECKS: the dialect's own. */
const CHECKS = [errors, finish, message, tools, usage, metadata];

// The fold's faster reading (analysis/fold.ts): the same interpretation, without JSON.parse for
// chunks that only change the content of a recent one.
const template = new ChunkTemplate();

/** The chunks accumulator, applying an interpretation's operations. */
function wrap(accumulator: Accumulator): DialectAccumulator<Interpretation, StreamState> {
  return {
    apply: (event, interpretation) => accumulator.apply(event, interpretation.ops),
    get state() {
      return accumulator.state;
    },
    fork: () => wrap(accumulator.fork()),
  };
}

export const chat: RegisteredDialect<Interpretation, StreamState, ChoiceMessage[]> = {
  protocol: chatDescriptor.protocol,
  descriptor: chatDescriptor,
  buildRequest: chatBody,
  interpret: (event: SseFields) => template.interpret(event),
  annotate,
  tokens: (interpretation) => tokensOf(interpretation.ops),
  createAccumulator: () => wrap(createAccumulator()),
  final: toChoices,
  usage: (state) => (state.usage ? { ...state.usage } : null),
  diagnose(context: DialectContext<Interpretation, StreamState>): DialectDiagnostic[] {
    // The chunk checks read an analysis's events (opCount among them) and where [DONE] came.
    const events = context.events.map((event) => ('opCount' in event ? event : { ...event, opCount: event.interpretation.ops.length })) as unknown as AnalyzedEvent[];
    const full: DiagnosticContext = {
      recording: context.recording,
      events,
      state: context.state,
      dialect: chat,
      dialectState: context.state,
      ended: context.ended,
      limit: null,
      doneAt: events.findIndex((event) => event.interpretation.kind === 'done'),
      reads: [],
      partial: null,
      stats: { bytes: 0, reads: 0, bom: false, lineEndings: { lf: 0, cr: 0, crlf: 0 }, events: events.length },
      options: DEFAULT_DIAGNOSTIC_OPTIONS,
    };
    // The codes are the catalogue's (analysis/diagnostics/catalogue.ts); DialectDiagnostic names the new dialects' only.
    return CHECKS.flatMap((check) => check(full)) as unknown as DialectDiagnostic[];
  },
};
