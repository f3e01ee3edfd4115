// Server-Sent Events as a framing (../types.ts): the parser, its own checks and their codes.

import type { Framing } from '../types.ts';
import { SSE_CODES } from './catalogue.ts';
import { checkSse } from './checks.ts';
import type { SseCheckContext } from './checks.ts';
import { createSseParser } from './parser.ts';
import type { SseEvent, SsePartialEvent, SseStats } from './types.ts';

declare module '../types.ts' {
  interface FramingKinds {
    sse: { readonly message: SseEvent; readonly partial: SsePartialEvent; readonly stats: SseStats };
  }
}

export const sse: Framing<SseEvent, SsePartialEvent, SseStats, SseCheckContext> = {
  name: 'sse',
  mediaType: 'text/event-stream',
  parse: createSseParser,
  check: checkSse,
  catalogue: SSE_CODES,
};
