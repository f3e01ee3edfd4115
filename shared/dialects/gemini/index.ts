// The Gemini dialect (`POST …/models/MODEL:streamGenerateContent?alt=sse`, the Gemini API and
// Vertex AI), behind the one dialect interface (docs/architecture.md, "Adding a dialect").

import type { RegisteredDialect } from '../types.ts';
import type { ViewKind } from '../kit/view.ts';
import { createGeminiAccumulator } from './accumulator.ts';
import type { GeminiState } from './accumulator.ts';
import { annotateGeminiEvent } from './annotate.ts';
import { GEMINI_CODES } from './catalogue.ts';
import { geminiDescriptor } from './descriptor.ts';
import { geminiDrops } from './drops.ts';
import { geminiIdentity } from './identity.ts';
import { geminiBody } from './request.ts';
import { geminiSnippet } from './snippet.ts';
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

export const gemini: RegisteredDialect<GeminiInterpretation, GeminiState, GeminiResponse> = {
  protocol: geminiDescriptor.protocol,
  descriptor: geminiDescriptor,
  buildRequest: geminiBody,
  interpret: interpretGeminiEvent,
  annotate: annotateGeminiEvent,
  tokens: (interpretation) => interpretation.tokens,
  createAccumulator: createGeminiAccumulator,
  final: finalResponse,
  // As the provider sent it: the last usageMetadata (each event's is the count so far).
  usage: (state) => (state.usage === null ? null : { ...state.usage }),
  diagnose: diagnoseGemini,
  drops: geminiDrops,
  snippet: geminiSnippet,
  catalogue: GEMINI_CODES,
  viewKinds: GEMINI_VIEW_KINDS,
  identity: geminiIdentity,
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
export { geminiDescriptor, googleStatus } from './descriptor.ts';
