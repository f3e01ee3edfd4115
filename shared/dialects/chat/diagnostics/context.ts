// What Chat Completions' chunk checks read of a stream (docs/diagnostics.md, "Chunks"): its events
// in Chat's words, the state a client builds, where [DONE] came, and whether the stream ended.

import type { Finding } from '../../../findings/finding.ts';
import type { FramedMessage } from '../../../framing/types.ts';
import type { Recording } from '../../../recording/types.ts';
import type { StreamState } from '../accumulate.ts';
import type { CHAT_CODES } from '../catalogue.ts';
import type { Interpretation } from '../interpret.ts';

/** An event as the checks read it (the analysis's AnalyzedEvent is one). */
export interface ChatEvent {
  readonly sse: FramedMessage;
  readonly interpretation: Interpretation;
  /** The kinds of token the event carried, as TOKEN_* bits (dialects/types.ts). */
  readonly tokens: number;
  /** How many operations the event carried. */
  readonly opCount: number;
}

export interface ChatCheckContext {
  readonly recording: Recording;
  readonly events: readonly ChatEvent[];
  readonly state: StreamState;
  /** False while the recording is under way: end-of-stream checks wait for the end. */
  readonly ended: boolean;
  /** The event that is data: [DONE], or -1. */
  readonly doneAt: number;
}

export type ChatCode = keyof typeof CHAT_CODES;

export type ChatDiagnostic = Finding<ChatCode>;

export type ChatCheck = (context: ChatCheckContext) => ChatDiagnostic[];
