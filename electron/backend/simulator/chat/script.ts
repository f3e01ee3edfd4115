// Chat Completions' wire, as steps: the chunks, comments and faults of a
// stream, or a whole non-streamed answer, or an HTTP error. render.ts writes a
// scenario's answers as steps; plan.ts turns them into bytes and waits.

import type { OpenAiError } from '../errors.ts';
import type { Pace } from '../timing.ts';

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** A chunk's `delta`, in the key order it is sent. */
export type Delta = Record<string, unknown>;

interface StepBase {
  /** When it goes out, relative to the step before. */
  readonly pace: Pace;
  /** Line ending of this step's lines, when it differs from the script's. */
  readonly eol?: string;
}

export type Step =
  /**
   * A chunk with one choice. `tokens` is what it adds to completion_tokens (0
   * for the role and finish chunks), `reasoning` whether they are reasoning
   * tokens; `corrupt` sends its JSON cut in half (an invalid-json event).
   */
  | (StepBase & {
      readonly type: 'chunk';
      readonly choice: number;
      readonly delta: Delta;
      readonly finish: FinishReason | null;
      readonly tokens: number;
      readonly reasoning?: boolean;
      readonly corrupt?: boolean;
      /** Carries the usage itself, when usage was asked for (the usage-on-content defect). */
      readonly usage?: boolean;
    })
  /** The `choices: []` usage chunk: sent only when the request asked for `stream_options.include_usage`. */
  | (StepBase & { readonly type: 'usage' })
  /** An SSE comment line (`: text`), as its own event. */
  | (StepBase & { readonly type: 'comment'; readonly text: string })
  /** `data: {"error": …}` with HTTP 200, as OpenAI, vLLM and SGLang report a failure mid-stream. */
  | (StepBase & { readonly type: 'error'; readonly error: OpenAiError })
  | (StepBase & { readonly type: 'done' })
  /** The connection is destroyed: no more bytes, no clean end. */
  | (StepBase & { readonly type: 'drop' });

export type ChatScript =
  /** A stream; with `stream: false` in the request it is folded into one chat.completion. */
  | {
      readonly kind: 'stream';
      readonly steps: readonly Step[];
      /** Line ending of every line (default LF). */
      readonly eol?: string;
      /** `buffered`: everything is held back and written at once, when the last step is due. */
      readonly delivery?: 'paced' | 'buffered';
    }
  /** A non-streamed chat.completion built from these steps, whatever the request's `stream` says. */
  | { readonly kind: 'completion'; readonly steps: readonly Step[] }
  /** An HTTP error with an OpenAI error body. */
  | { readonly kind: 'error'; readonly status: number; readonly error: OpenAiError; readonly headers?: Readonly<Record<string, string>>; readonly pace: Pace };
