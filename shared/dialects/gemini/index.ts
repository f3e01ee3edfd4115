// The Gemini dialect (`POST …/models/MODEL:streamGenerateContent?alt=sse`, the Gemini API and
// Vertex AI), behind the one dialect interface. Not registered yet (issue 32): registering asks
// for its descriptor, request body, drops, snippet, simulator, views, request editor and battery.
// Until then, like the test dialect echo, its protocol is null and its findings are widened to
// DialectDiagnostic; its folder's test runs the dialect suite over it.
//
// Registering it asks besides: the descriptor (wire.ts's data, with `declare module` adding
// 'gemini' to DialectProtocols, and an `auth` for `x-goog-api-key`, which DialectDescriptor does
// not have yet), catalogue.ts adding its codes to DialectCodes (missing-finish-reason then moves to
// kit/codes.ts, as Chat Completions reports it too), an `identity` (its final object names them
// responseId and modelVersion, not id and model), samples.test-support.ts (from
// gemini-samples.test-support.ts) — and a snippet and request matching for a path that holds the model.

import type { Dialect } from '../types.ts';
import type { ViewKind } from '../kit/view.ts';
import { createGeminiAccumulator } from './accumulator.ts';
import type { GeminiState } from './accumulator.ts';
import { annotateGeminiEvent } from './annotate.ts';
import { GEMINI_CODES } from './catalogue.ts';
import { diagnoseGemini } from './diagnose.ts';
import { finalResponse } from './final.ts';
import type { GeminiResponse } from './final.ts';
import { interpretGeminiEvent } from './interpret.ts';
import type { GeminiInterpretation } from './interpret.ts';

/** Gemini's own event kinds (interpret.ts) in the views' words (kit/view.ts); text, reasoning, tool and error are the shared words. */
export const GEMINI_VIEW_KINDS: Readonly<Record<string, ViewKind>> = {
  finish: 'finish',
  blocked: 'finish',
  signature: 'reasoning',
  part: 'content',
  metadata: 'metadata',
  usage: 'usage',
  empty: 'empty',
};

export const gemini: Dialect<GeminiInterpretation, GeminiState, GeminiResponse> = {
  protocol: null,
  interpret: interpretGeminiEvent,
  annotate: annotateGeminiEvent,
  tokens: (interpretation) => interpretation.tokens,
  createAccumulator: createGeminiAccumulator,
  final: finalResponse,
  // As the provider sent it: the last usageMetadata (each event's is the count so far).
  usage: (state) => (state.usage === null ? null : { ...state.usage }),
  diagnose: diagnoseGemini,
  catalogue: GEMINI_CODES,
  viewKinds: GEMINI_VIEW_KINDS,
};

export type { CandidateState, GeminiState, PartState, StreamedCall } from './accumulator.ts';
export type { GeminiCandidate, GeminiResponse } from './final.ts';
export type { CandidateOp, GeminiInterpretation, GeminiKind, GeminiOp } from './interpret.ts';
export type { Fragment } from './partial-args.ts';
export type { PartOp } from './parts.ts';
export { annotateGeminiEvent, createGeminiAccumulator, diagnoseGemini, finalResponse, interpretGeminiEvent };
export { assembleArgs, parseJsonPath } from './partial-args.ts';
export { GEMINI_CODES } from './catalogue.ts';
export { GEMINI_WIRE, claimsGeminiPayload, geminiEndReasons } from './wire.ts';
