// The client cases' shape (issue 30, `streamscope check-client -- CMD`): each case is a stream a
// real server sends (or a fault one produces), served to the user's command on a loopback mock,
// and what a correct client does with it: survive a valid stream (the same text and tool calls as
// our own analysis assembles from the case's bytes) or detect a broken one (an error, never a cut
// answer taken as complete). One table a dialect, read by the runner, the report and the docs.

import type { Protocol } from '../../dialects/types.ts';
import type { Recording } from '../../recording/types.ts';

export type CaseExpect = 'survive' | 'detect';

/** What a client assembled: the text, and each tool call with its arguments parsed when they are JSON. */
export interface AssembledOutput {
  readonly text: string;
  readonly toolCalls: readonly { readonly name: string; readonly arguments: unknown }[];
}

export interface ClientCase {
  /** `clean`, `split-reads`: unique within its dialect. */
  readonly id: string;
  readonly protocol: Protocol;
  readonly expect: CaseExpect;
  /** What the mock serves, in a sentence. */
  readonly serves: string;
  /** Why a client meets it: the servers that send it, the bug it finds. */
  readonly why: string;
  /** Where its bytes or its shape come from: a corpus file, a provider's documentation, an SDK's source. */
  readonly source: string;
  /**
   * The stream as the mock serves it, a timed recording: each read one write at its time after the
   * request (the replay's plan carries it out, shared/replay/plan.ts), the response line at 0, a
   * connection destroyed when `end.outcome` is `error`. It is also what is stored for the case.
   */
  readonly recording: Recording;
  /** For a valid case, what our analysis assembles from the case's bytes; null for a broken one. */
  readonly expected: AssembledOutput | null;
}

/** How a dialect's cases are made: waits are parameters, so tests can shorten them. */
export interface CaseOptions {
  /** `slow-first-token`'s silence before the first event. Default 5000 ms. */
  readonly slowFirstTokenMs?: number;
  /** The pause between two writes of a case that writes event by event. Default 10 ms. */
  readonly gapMs?: number;
}

export const DEFAULT_SLOW_FIRST_TOKEN_MS = 5000;
export const DEFAULT_GAP_MS = 10;

export type CaseFactory = (options?: CaseOptions) => readonly ClientCase[];
