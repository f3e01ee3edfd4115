// Chat Completions as a registered dialect: its chunk reading (interpret.ts through the chunk
// template), annotation, accumulator, final choices, descriptor, catalogue and chunk checks
// (diagnostics/). dialect.test.ts checks that it gives, on every captured real stream, what
// analyzeRecording gives.

import { pushAll } from '../../push-all.ts';
import { CHAT_CODES } from './catalogue.ts';
import { chatDrops } from './drops.ts';
import { CHAT_CHECKS } from './diagnostics/index.ts';
import type { ChatDiagnostic, ChatEvent } from './diagnostics/index.ts';
import { createAccumulator } from './accumulate.ts';
import type { Accumulator, StreamState } from './accumulate.ts';
import { annotate } from './annotate.ts';
import type { Interpretation } from './interpret.ts';
import { toChoices } from './message.ts';
import type { ChoiceMessage } from './message.ts';
import { ChunkTemplate } from './template.ts';
import { tokensOf } from './tokens.ts';
import type { MessageFields } from '../../framing/types.ts';
import type { DialectAccumulator, DialectContext, DialectDiagnostic, RegisteredDialect } from '../types.ts';
import { chatDescriptor } from './descriptor.ts';
import { chatBody } from './request.ts';
import { chatSnippet } from './snippet.ts';
import { chatKeeper } from './kept.ts';
import { identityOfChunks, isChunk } from './identity.ts';
import { CHAT_VIEW_KINDS } from './view-kinds.ts';

// The fold's faster reading (analysis/fold.ts): the same interpretation, without JSON.parse for
// chunks that only change the content of a recent one.
const template = new ChunkTemplate();

/** The chunks accumulator, applying an interpretation's operations. A class, as the fold's keeper is (kept.ts says why). */
class ChatAccumulator implements DialectAccumulator<Interpretation, StreamState> {
  /** Keeps the shape alive (see the SSE parser's `shapeKeeper`). */
  static readonly shapeKeeper: ChatAccumulator = new ChatAccumulator(createAccumulator());

  constructor(private readonly accumulator: Accumulator) {}

  apply(event: number, interpretation: Interpretation): void {
    this.accumulator.apply(event, interpretation.ops);
  }

  get state(): StreamState {
    return this.accumulator.state;
  }

  fork(): ChatAccumulator {
    return new ChatAccumulator(this.accumulator.fork());
  }
}

/** The first finish reason of any choice: where a client first learns that the answer ended. */
function finishEvent(state: StreamState): number {
  let finish = -1;
  for (const choice of state.choices.values()) {
    const first = choice.finishEvents[0];
    if (first !== undefined && (finish < 0 || first < finish)) finish = first;
  }
  return finish;
}

export const chat: RegisteredDialect<Interpretation, StreamState, ChoiceMessage[]> = {
  protocol: chatDescriptor.protocol,
  descriptor: chatDescriptor,
  buildRequest: chatBody,
  interpret: (event: MessageFields) => template.interpret(event),
  annotate,
  tokens: (interpretation) => tokensOf(interpretation.ops),
  createAccumulator: () => new ChatAccumulator(createAccumulator()),
  final: toChoices,
  usage: (state) => (state.usage ? { ...state.usage } : null),
  diagnose(context: DialectContext<Interpretation, StreamState>): DialectDiagnostic[] {
    // The analysis's events carry their operation count; events read by runDialect get it here.
    const events = context.events.map((event): ChatEvent => ('opCount' in event ? (event as ChatEvent) : { ...event, opCount: event.interpretation.ops.length }));
    const checked = { recording: context.recording, events, state: context.state, ended: context.ended, doneAt: events.findIndex((event) => event.interpretation.kind === 'done') };
    // Not a spread: 130,000 findings (one per choice) overflow the stack as arguments.
    const found: ChatDiagnostic[] = [];
    for (const check of CHAT_CHECKS) pushAll(found, check(checked));
    return found;
  },
  drops: chatDrops,
  snippet: chatSnippet,
  catalogue: CHAT_CODES,
  viewKinds: CHAT_VIEW_KINDS,
  keeper: chatKeeper,
  identity: identityOfChunks,
  isChunk,
  finishEvent,
};
