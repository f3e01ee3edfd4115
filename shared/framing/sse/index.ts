// Server-Sent Events as a framing (../types.ts): the parser, its own checks and their codes.

import type { Framing } from '../types.ts';
import { SSE_CODES } from './catalogue.ts';
import { checkSse } from './checks.ts';
import type { SseCheckContext } from './checks.ts';
import { createSseParser } from './parser.ts';
import type { SseEvent, SsePartialEvent, SseStats } from './types.ts';

export const sse: Framing<SseEvent, SsePartialEvent, SseStats, SseCheckContext> = {
  name: 'sse',
  parse: createSseParser,
  check: checkSse,
  catalogue: SSE_CODES,
};
