// What Anthropic Messages brings to the dialect suite (dialect.suite.ts): real streams (text,
// parallel tool use, redacted thinking, a refusal before any block), and streams broken at
// random, which must read as interpretInFull reads them (the template is a fast path, never
// another reading).

import fc from 'fast-check';
import type { FolderSamples } from '../dialect.suite.ts';
import { brokenBody, looseBody, text } from '../kit/broken-streams.test-support.ts';
import { messagesStream } from '../streams.test-support.ts';
import type { MessagesBlockSpec } from '../streams.test-support.ts';
import { messages } from './index.ts';
import { interpretInFull } from './interpret.ts';

const blockSpec: fc.Arbitrary<MessagesBlockSpec> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: fc.array(text, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('tool_use' as const), name: fc.constantFrom('f', 'g'), json: fc.array(text, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('thinking' as const), thinking: fc.array(text, { maxLength: 3 }), signature: fc.string({ maxLength: 4 }) }),
  fc.record({ type: fc.constant('redacted_thinking' as const), data: fc.string({ maxLength: 4 }) }),
);

const clean = fc
  .tuple(fc.array(blockSpec, { maxLength: 4 }), fc.constantFrom('end_turn', 'max_tokens', 'tool_use', 'refusal'), fc.array(fc.nat(50), { minLength: 1, maxLength: 3 }))
  .map(([blocks, stopReason, outputTokens]) => messagesStream(blocks, { stopReason, outputTokens }));

const TYPES = ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping', 'error', 'other'];

export const samples: FolderSamples = {
  dialect: messages,
  samples: (fixture) => ({
    bodies: [
      fixture('dialects/messages/anthropic-sonnet46-text.sse'),
      fixture('dialects/messages/anthropic-sonnet35-parallel-tool-use.sse'),
      fixture('dialects/messages/anthropic-sonnet45-redacted-thinking.sse'),
      fixture('dialects/messages/anthropic-fable51-refusal-no-content-blocks.sse'),
    ],
    broken: { bodies: fc.oneof(brokenBody(clean), looseBody(TYPES)), interpretInFull },
  }),
};
