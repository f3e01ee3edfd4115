// The OpenAI Responses API dialect (`POST …/responses`), behind the one dialect interface.

import { isObject } from '../../is-object.ts';
import type { RegisteredDialect } from '../types.ts';
import { createResponsesAccumulator } from './accumulate.ts';
import type { ResponsesState } from './accumulate.ts';
import { annotateResponsesEvent } from './annotate.ts';
import { responsesDescriptor } from './descriptor.ts';
import { responsesDrops } from './drops.ts';
import { diagnoseResponses } from './diagnostics.ts';
import { RESPONSES_CODES } from './catalogue.ts';
import { RESPONSES_VIEW_KINDS } from './view-kinds.ts';
import { responsesBody } from './request.ts';
import { responsesSnippet } from './snippet.ts';
import { finalResponse } from './final.ts';
import type { ResponseObject } from './final.ts';
import { interpretResponsesEvent } from './interpret.ts';
import type { ResponsesInterpretation } from './interpret.ts';

export const responses: RegisteredDialect<ResponsesInterpretation, ResponsesState, ResponseObject> = {
  protocol: responsesDescriptor.protocol,
  descriptor: responsesDescriptor,
  buildRequest: responsesBody,
  interpret: interpretResponsesEvent,
  annotate: annotateResponsesEvent,
  tokens: (interpretation) => interpretation.tokens,
  createAccumulator: createResponsesAccumulator,
  final: finalResponse,
  // Usage comes in the terminal response (docs/architecture.md, "The stream"); before it, the last lifecycle event's (null, as sent).
  usage: (state) => (state.response !== null && isObject(state.response.usage) ? { ...state.response.usage } : null),
  diagnose: diagnoseResponses,
  drops: responsesDrops,
  snippet: responsesSnippet,
  catalogue: RESPONSES_CODES,
  viewKinds: RESPONSES_VIEW_KINDS,
};

export type { ItemState, PartState, ResponsesState } from './accumulate.ts';
export type { ResponseObject } from './final.ts';
export type { ResponsesInterpretation, ResponsesKind } from './interpret.ts';
export type { ResponsesOp, Channel as ResponsesChannel, LifecycleEvent } from './ops.ts';
export { responsesDescriptor, interpretResponsesEvent, annotateResponsesEvent, createResponsesAccumulator, finalResponse, diagnoseResponses };
