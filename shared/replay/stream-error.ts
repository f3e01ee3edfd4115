// The error-after-event fault: after event N's last byte, the error the recording's dialect sends
// mid-stream (its drops.ts's streamError: Bedrock's exception frame, Anthropic's `event: error`,
// OpenAI's error data, Gemini's JSON tail), in the recording's own line endings; what followed
// event N is not sent, and the body ends cleanly, as a server ends it after such an error.

import type { SseEvent } from '../framing/sse/parser.ts';
import type { FramingName } from '../framing/types.ts';
import { registeredDialect } from '../dialects/registry.ts';
import type { Protocol } from './dialect.ts';

export interface StreamErrorTail {
  /** The recorded body's offset the error goes at (event N's end); what follows is not sent. */
  readonly offset: number;
  /** The error's bytes; null when the body has no event to follow, or its framing no error (nothing is done). */
  readonly bytes: Uint8Array | null;
  readonly note: string;
}

export function streamErrorTail(body: Uint8Array, events: readonly SseEvent[], index: number, protocol: Protocol, framing: FramingName): StreamErrorTail {
  const after = events[index] ?? events[events.length - 1];
  if (!after) return { offset: body.length, bytes: null, note: `error after event ${index}: the recording has no event to follow` };
  const message = `Streamscope replay: an error after event ${after.index} (the error-after-event fault).`;
  const bytes = registeredDialect(protocol).drops.streamError({ framing, after, lineEnd: lineEndOf(body, after), message });
  if (bytes === null) return { offset: body.length, bytes: null, note: `error after event ${index}: the dialect sends no mid-stream error in a ${framing} body` };
  const where = events[index] ? `after event ${index}` : `after event ${index}: no such event (the recording has ${events.length}), written after the last`;
  return { offset: after.end, bytes, note: `error ${where} (byte ${after.end}, ${bytes.length} bytes)` };
}

/** The line ending the event ends with (its blank line's): CRLF, CR or LF (LF when it ends otherwise, as a frame does). */
function lineEndOf(body: Uint8Array, event: SseEvent): string {
  const last = body[event.end - 1];
  if (last === 0x0d) return '\r';
  return last === 0x0a && body[event.end - 2] === 0x0d ? '\r\n' : '\n';
}
