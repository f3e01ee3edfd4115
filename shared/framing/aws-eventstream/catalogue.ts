// The codes of the AWS event-stream framing's own checks (checks.ts), with their severity and how to
// fix what they find (docs/architecture.md, "Framing").

import type { CatalogueEntry } from '../../findings/finding.ts';

declare module '../types.ts' {
  interface FramingCodes {
    'aws-eventstream': keyof typeof EVENT_STREAM_CODES;
  }
}

export const EVENT_STREAM_CODES = {
  'frame-crc-mismatch': {
    severity: 'error',
    title: 'Frame CRC mismatch',
    hint: 'The bytes were changed on the way (a proxy re-encoding a binary body as text, a body cut and re-joined): relay application/vnd.amazon.eventstream bodies untouched. The AWS SDKs reject the frame and end the stream with an error.',
  },
  'frame-truncated': {
    severity: 'error',
    title: 'Body ends inside a frame',
    hint: 'The connection closed before the frame\'s last byte: the AWS SDKs fail with "Truncated event message received"; look for a timeout or a proxy closing the stream.',
  },
  'frame-oversized': {
    severity: 'error',
    title: 'Frame length out of bounds',
    hint: 'A frame\'s stated length is below 16 bytes or above 16 MiB of payload: the body is not an event stream from here on (another format, or bytes lost before it), and no parser can find the next frame.',
  },
  'frame-malformed-headers': {
    severity: 'error',
    title: 'Malformed frame headers',
    hint: 'A header has an unknown type tag or runs past the headers\' length: the AWS SDKs throw on it. The encoder that wrote the frame is at fault.',
  },
  'invoke-chunk-malformed': {
    severity: 'error',
    title: 'Invoke chunk cannot be read',
    hint: 'An InvokeModelWithResponseStream chunk\'s payload must be {"bytes": "<base64 of the model\'s event>"}: this one is not JSON, has no bytes, or its bytes are not base64. The AWS SDKs fail to deserialize it (or hand the client bytes it cannot parse); the model\'s event in it is lost. The encoder or a proxy that rewrote the payload is at fault.',
  },
} as const satisfies Record<string, CatalogueEntry>;
