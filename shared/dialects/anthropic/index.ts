// The Anthropic Messages dialect (`POST …/v1/messages`), behind the one dialect interface.

import type { RegisteredDialect } from '../types.ts';
import { createMessagesAccumulator } from './accumulate.ts';
import type { MessagesState } from './accumulate.ts';
import { annotateMessagesEvent } from './annotate.ts';
import { anthropicDescriptor } from './descriptor.ts';
import { messagesDrops } from './drops.ts';
import { diagnoseMessages } from './diagnostics.ts';
import { ANTHROPIC_CODES } from './catalogue.ts';
import { ANTHROPIC_VIEW_KINDS } from './view-kinds.ts';
import { messagesBody } from './request.ts';
import { messagesSnippet } from './snippet.ts';
import { finalMessage } from './final.ts';
import type { MessageObject } from './final.ts';
import { interpretMessagesEvent } from './interpret.ts';
import type { MessagesInterpretation } from './interpret.ts';

export const messages: RegisteredDialect<MessagesInterpretation, MessagesState, MessageObject> = {
  protocol: anthropicDescriptor.protocol,
  descriptor: anthropicDescriptor,
  buildRequest: messagesBody,
  interpret: interpretMessagesEvent,
  annotate: annotateMessagesEvent,
  tokens: (interpretation) => interpretation.tokens,
  createAccumulator: createMessagesAccumulator,
  final: finalMessage,
  // As the provider sent it: message_start's, each message_delta's counters replacing (docs/architecture.md, "The stream").
  usage: (state) => (state.usage === null ? null : { ...state.usage }),
  // Bedrock's own count on an invoke stream, beside the usage and never in it.
  contractMembers: (state) => (state.invocationMetrics === null ? {} : { invocation_metrics: { ...state.invocationMetrics.metrics } }),
  diagnose: diagnoseMessages,
  drops: messagesDrops,
  snippet: messagesSnippet,
  catalogue: ANTHROPIC_CODES,
  viewKinds: ANTHROPIC_VIEW_KINDS,
};

export type { BlockState, MessagesState } from './accumulate.ts';
export type { MessageObject } from './final.ts';
export type { MessagesInterpretation, MessagesKind } from './interpret.ts';
export type { MessagesOp, DeltaType as MessagesDeltaType } from './ops.ts';
export { anthropicDescriptor, interpretMessagesEvent, annotateMessagesEvent, createMessagesAccumulator, finalMessage, diagnoseMessages };
