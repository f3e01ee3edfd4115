// The Anthropic Messages defects (issue 29), one per check of the Messages battery: each rewrites
// the faithful scenario's events, or the request as the server misread it, so the stream differs
// from Anthropic's in that one way.

import type { DefectSpec, EventDefect } from '../defect-spec.ts';
import { rewriteData, streamedAnswer } from '../defect-spec.ts';
import { sseEvent } from '../wire.ts';
import type { WireEvent } from '../wire.ts';

/** A text_delta put on each tool_use block, right after its opening input_json_delta. */
function textOnTools(events: readonly WireEvent[]): WireEvent[] {
  return events.flatMap((event) => {
    if (event.event !== 'content_block_delta' || !event.data.includes('"partial_json":""')) return [event];
    const { index } = JSON.parse(event.data) as { index: number };
    return [event, { ...event, data: JSON.stringify({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: 'Let me check.' } }) }];
  });
}

/** Every block's events at index 0. */
function atIndexZero(event: WireEvent): WireEvent {
  return event.event?.startsWith('content_block_') === true ? rewriteData(event, (data) => ({ ...data, index: 0 })) : event;
}

export const MESSAGES_DEFECTS: readonly DefectSpec<EventDefect>[] = [
  {
    name: 'no-event-names',
    description: 'Data-only events, no event: line, which @anthropic-ai/sdk skips.',
    imitates: null,
    check: 'messages.text',
    breaks: ['event-name-mismatch'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { events: (events) => events.map((event) => ({ ...event, event: null })) },
  },
  {
    name: 'text-on-tool',
    description: 'A text_delta on a tool_use block, which the SDK drops.',
    imitates: null,
    check: 'messages.tools',
    breaks: ['delta-unknown-block'],
    verdict: 'fail',
    builds: 'tool-call',
    rewrite: { events: textOnTools },
  },
  {
    name: 'blocks-one-index',
    description: 'Parallel tool_use blocks all at index 0, their deltas mixed in a client that finds a block by index.',
    imitates: null,
    check: 'messages.parallel-tools',
    breaks: ['tool-use-wrong', 'blocks-collide'],
    verdict: 'fail',
    builds: 'parallel-tool-calls',
    rewrite: { events: (events) => events.map(atIndexZero) },
  },
  {
    name: 'max-tokens-ignored',
    description: 'Ignores max_tokens: the whole answer, stop_reason "end_turn".',
    imitates: null,
    check: 'messages.max-tokens',
    breaks: ['stop-reason-wrong'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { request: (request) => ({ ...request, maxTokens: null }) },
  },
  {
    name: 'error-streamed',
    description: 'A request Anthropic refuses with 400 answered 200, an error event in the stream, as vLLM answered Chat (vllm-project/guidellm #743).',
    imitates: 'vLLM (vllm-project/guidellm #743), in Messages events',
    check: 'messages.error',
    breaks: ['error-not-refused'],
    verdict: 'fail',
    builds: 'text',
    rewrite: {
      refusal: (refused) => {
        const { error } = JSON.parse(refused.body) as { error: unknown };
        return streamedAnswer(sseEvent({ event: 'error', data: JSON.stringify({ type: 'error', error }), pace: 'quick', tokens: 0 }));
      },
    },
  },
];
