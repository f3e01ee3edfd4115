// What the Responses API brings to the dialect suite (dialect.suite.ts): real streams (text,
// a function call, an error then response.failed, reasoning and tools from Bedrock), and
// streams broken at random, which must read as interpretInFull reads them (the template is a
// fast path, never another reading).

import fc from 'fast-check';
import type { FolderSamples } from '../dialect.suite.ts';
import { brokenBody, looseBody, text } from '../kit/broken-streams.test-support.ts';
import { responsesStream } from '../streams.test-support.ts';
import type { ResponsesItemSpec } from '../streams.test-support.ts';
import { responses } from './index.ts';
import { interpretInFull } from './interpret.ts';

const itemSpec: fc.Arbitrary<ResponsesItemSpec> = fc.oneof(
  fc.record({ type: fc.constant('message' as const), text: fc.option(fc.array(text, { maxLength: 4 }), { nil: undefined }), refusal: fc.option(fc.array(text, { maxLength: 2 }), { nil: undefined }) }),
  fc.record({ type: fc.constant('function_call' as const), name: fc.constantFrom('f', 'g'), args: fc.array(text, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('reasoning' as const), summary: fc.array(fc.array(text, { maxLength: 3 }), { maxLength: 2 }), content: fc.option(fc.array(fc.array(text, { maxLength: 2 }), { maxLength: 2 }), { nil: undefined }) }),
  fc.record({ type: fc.constant('web_search_call' as const) }),
);

const clean = fc.tuple(fc.array(itemSpec, { maxLength: 4 }), fc.constantFrom('response.completed', 'response.incomplete', 'response.failed', null)).map(([items, terminal]) => responsesStream(items, { terminal }));

const TYPES = ['response.created', 'response.in_progress', 'response.completed', 'response.failed', 'response.output_item.added', 'response.output_item.done', 'response.content_part.added', 'response.content_part.done', 'response.output_text.delta', 'response.output_text.done', 'response.refusal.delta', 'response.function_call_arguments.delta', 'response.function_call_arguments.done', 'response.reasoning_summary_part.added', 'response.reasoning_summary_text.delta', 'response.reasoning_text.delta', 'response.output_text.annotation.added', 'response.web_search_call.searching', 'response.custom_tool_call_input.delta', 'error', 'keepalive', 'response.other'];

export const samples: FolderSamples = {
  dialect: responses,
  samples: (fixture) => ({
    bodies: [
      fixture('dialects/responses/openai-gpt41nano-text-obfuscation.sse'),
      fixture('dialects/responses/openai-gpt4o-function-call-no-sequence-number.sse'),
      fixture('dialects/responses/openai-gpt5nano-error-then-failed.sse'),
      fixture('dialects/responses/bedrock-mantle-data-before-event.sse'),
    ],
    broken: { bodies: fc.oneof(brokenBody(clean), looseBody(TYPES)), interpretInFull },
  }),
};
