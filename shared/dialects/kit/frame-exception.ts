// An AWS event-stream exception or error frame, as any dialect whose bodies may come in that
// framing reads it (framing/aws-eventstream: the frame's `:message-type` among the fields, its
// `:exception-type` or `:error-code` as the event's name). Bedrock sends one inside a 200 when the
// stream fails after it started (throttlingException, modelStreamErrorException…).

import type { MessageFields } from '../../framing/types.ts';
import { isObject } from '../../is-object.ts';

export interface FrameException {
  /** `exception` or `error`, the frame's `:message-type`. */
  readonly frame: 'exception' | 'error';
  /** Its `:exception-type` or `:error-code`, or what stands for it when the frame has none. */
  readonly type: string;
  /** Its payload's `message` (an error frame's `:error-message`), else its payload as it came. */
  readonly message: string;
}

function field(event: MessageFields, name: string): string | null {
  for (const unknown of event.unknownFields) if (unknown.name === name) return unknown.value;
  return null;
}

/** The exception or error an event-stream frame says; null for an event frame and for any other framing's message. */
export function frameException(event: MessageFields): FrameException | null {
  const messageType = field(event, ':message-type');
  if (messageType === 'error') return { frame: 'error', type: event.event ?? '(no :error-code)', message: field(event, ':error-message') ?? event.data ?? '' };
  if (messageType !== 'exception') return null;
  let message = event.data ?? '';
  try {
    const json: unknown = JSON.parse(message);
    // Bedrock's exceptions say `message`; some AWS services `Message`.
    if (isObject(json)) message = typeof json.message === 'string' ? json.message : typeof json.Message === 'string' ? json.Message : message;
  } catch {
    // Not JSON: the payload as it came.
  }
  return { frame: 'exception', type: event.event ?? '(no :exception-type)', message };
}
