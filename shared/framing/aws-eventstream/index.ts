// The AWS event stream (application/vnd.amazon.eventstream, Bedrock's framing) as a framing
// (../types.ts): the parser, its own checks and their codes (docs/architecture.md, "Framing").

import type { Framing } from '../types.ts';
import { EVENT_STREAM_CODES } from './catalogue.ts';
import { checkEventStream } from './checks.ts';
import type { EventStreamCheckContext } from './checks.ts';
import { createEventStreamParser } from './parser.ts';
import type { EventStreamMessage, EventStreamPartialFrame, EventStreamStats } from './types.ts';

declare module '../types.ts' {
  interface FramingKinds {
    'aws-eventstream': { readonly message: EventStreamMessage; readonly partial: EventStreamPartialFrame; readonly stats: EventStreamStats };
  }
}

export const awsEventStream: Framing<EventStreamMessage, EventStreamPartialFrame, EventStreamStats, EventStreamCheckContext> = {
  name: 'aws-eventstream',
  mediaType: 'application/vnd.amazon.eventstream',
  // Preludes, CRCs and typed headers: a body of frames is no text, even where its bytes happen to be UTF-8.
  binary: true,
  parse: createEventStreamParser,
  check: checkEventStream,
  catalogue: EVENT_STREAM_CODES,
};
