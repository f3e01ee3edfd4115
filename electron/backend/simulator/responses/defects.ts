// The Responses API defects real servers and gateways shipped (issue 29), one or more per check of
// the Responses battery: each rewrites the faithful scenario's events, or the request as the
// server misread it, so the stream differs from OpenAI's in that one way.

import type { DefectSpec, EventDefect } from '../defect-spec.ts';
import { rewriteData, streamedAnswer } from '../defect-spec.ts';
import { sseEvent } from '../wire.ts';
import type { WireEvent } from '../wire.ts';

/** The event's data without its sequence_number. */
function unnumbered(event: WireEvent): WireEvent {
  return rewriteData(event, ({ sequence_number: _dropped, ...rest }) => rest);
}

/** sequence_number counted again from 0: a server that never sent an event never numbered it. */
function renumbered(events: readonly WireEvent[]): WireEvent[] {
  return events.map((event, position) => rewriteData(event, (data) => ({ ...data, sequence_number: position })));
}

/** The `.done` arguments re-serialised with spaces, as a server that parses and re-writes them sends them: no longer its deltas joined. */
function respaced(event: WireEvent): WireEvent {
  if (event.event !== 'response.function_call_arguments.done') return event;
  return rewriteData(event, (data) => ({ ...data, arguments: JSON.stringify(JSON.parse(data.arguments as string), null, 1) }));
}

/** Every item's events at output_index 0. */
function atIndexZero(event: WireEvent): WireEvent {
  return event.data.includes('"output_index":') ? rewriteData(event, (data) => ({ ...data, output_index: 0 })) : event;
}

export const RESPONSES_DEFECTS: readonly DefectSpec<EventDefect>[] = [
  {
    name: 'no-sequence-number',
    description: 'Events without sequence_number, as llmgateway sent them (llmgateway PR #2287).',
    imitates: 'llmgateway (PR #2287)',
    check: 'responses.text',
    breaks: ['sequence-number-wrong'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { events: (events) => events.map(unnumbered) },
  },
  {
    name: 'no-text-done',
    description: 'No response.output_text.done: the deltas, then content_part.done, as ogx sent them (ogx #5309).',
    imitates: 'ogx (#5309)',
    check: 'responses.text',
    breaks: ['event-sequence'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { events: (events) => renumbered(events.filter((event) => event.event !== 'response.output_text.done')) },
  },
  {
    name: 'arguments-respaced',
    description: "function_call_arguments.done's arguments re-serialised with spaces: not the deltas joined.",
    imitates: null,
    check: 'responses.tools',
    breaks: ['done-text-mismatch'],
    verdict: 'fail',
    builds: 'tool-call',
    rewrite: { events: (events) => events.map(respaced) },
  },
  {
    name: 'calls-one-index',
    description: 'Parallel function calls all at output_index 0, each item overwriting the one before in a client keyed by index.',
    imitates: null,
    check: 'responses.parallel-tools',
    breaks: ['done-text-mismatch', 'function-call-wrong', 'function-calls-collide', 'one-function-call'],
    verdict: 'fail',
    builds: 'parallel-tool-calls',
    rewrite: { events: (events) => events.map(atIndexZero) },
  },
  {
    name: 'max-tokens-ignored',
    description: 'Ignores max_output_tokens: the whole answer, response.completed.',
    imitates: null,
    check: 'responses.max-output-tokens',
    breaks: ['terminal-wrong'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { request: (request) => ({ ...request, maxTokens: null }) },
  },
  {
    name: 'error-streamed',
    description: 'A request OpenAI refuses with 400 answered 200, an error event in the stream, as vLLM answered Chat (vllm-project/guidellm #743).',
    imitates: 'vLLM (vllm-project/guidellm #743), in Responses events',
    check: 'responses.error',
    breaks: ['error-not-refused'],
    verdict: 'fail',
    builds: 'text',
    rewrite: {
      refusal: (refused) => {
        const { error } = JSON.parse(refused.body) as { error: unknown };
        return streamedAnswer(sseEvent({ event: 'error', data: JSON.stringify({ type: 'error', sequence_number: 0, error }), pace: 'quick', tokens: 0 }));
      },
    },
  },
];
