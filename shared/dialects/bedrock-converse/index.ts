// The Bedrock ConverseStream dialect (`POST …/model/MODEL/converse-stream`, framed as AWS event
// stream messages), behind the one dialect interface (docs/architecture.md, "Adding a dialect").

import type { ViewKind } from '../kit/view.ts';
import type { RegisteredDialect } from '../types.ts';
import { createConverseAccumulator } from './accumulator.ts';
import type { ConverseState } from './accumulator.ts';
import { annotateConverseEvent } from './annotate.ts';
import { BEDROCK_CONVERSE_CODES } from './catalogue.ts';
import { bedrockConverseDescriptor } from './descriptor.ts';
import { diagnoseConverse } from './diagnose.ts';
import { converseDrops } from './drops.ts';
import { converseBody } from './request.ts';
import { converseSnippet } from './snippet.ts';
import { finalResponse } from './final.ts';
import type { ConverseResponse } from './final.ts';
import { interpretConverseEvent } from './interpret.ts';
import type { ConverseInterpretation } from './interpret.ts';

/** ConverseStream's own event kinds (interpret.ts) in the views' words (kit/view.ts); text, reasoning, tool and error are the shared words. */
export const BEDROCK_CONVERSE_VIEW_KINDS: Readonly<Record<string, ViewKind>> = {
  'message-start': 'role',
  'block-start': 'metadata',
  signature: 'reasoning',
  'block-delta': 'content',
  'block-stop': 'metadata',
  'message-stop': 'finish',
  metadata: 'usage',
  unknown: 'empty',
};

export const bedrockConverse: RegisteredDialect<ConverseInterpretation, ConverseState, ConverseResponse> = {
  protocol: bedrockConverseDescriptor.protocol,
  descriptor: bedrockConverseDescriptor,
  buildRequest: converseBody,
  drops: converseDrops,
  snippet: converseSnippet,
  interpret: interpretConverseEvent,
  annotate: annotateConverseEvent,
  tokens: (interpretation) => interpretation.tokens,
  createAccumulator: createConverseAccumulator,
  final: finalResponse,
  // As the provider sent it: the metadata event's usage.
  usage: (state) => (state.usage === null ? null : { ...state.usage }),
  diagnose: diagnoseConverse,
  catalogue: BEDROCK_CONVERSE_CODES,
  viewKinds: BEDROCK_CONVERSE_VIEW_KINDS,
};

export type { BlockState, ConverseState } from './accumulator.ts';
export type { ConverseResponse } from './final.ts';
export type { ConverseInterpretation, ConverseKind } from './interpret.ts';
export type { ConverseOp, DeltaOp } from './ops.ts';
export type { BedrockConverseCode } from './catalogue.ts';
export { BEDROCK_CONVERSE_CODES } from './catalogue.ts';
export { bedrockConverseDescriptor, bedrockErrorType, claimsConversePayload } from './descriptor.ts';
export { EVENT_TYPES, EXCEPTION_TYPES } from './interpret.ts';
export { annotateConverseEvent, createConverseAccumulator, diagnoseConverse, finalResponse, interpretConverseEvent };
export { joinBase64 } from './final.ts';
export { converseBody } from './request.ts';
export { converseFrame } from './frame.ts';
