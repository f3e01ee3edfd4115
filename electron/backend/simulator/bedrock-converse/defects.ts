// The Bedrock ConverseStream defects (issue 32), one per finding of the dialect a real server or
// gateway makes happen: each rewrites the faithful scenario's events (before they are framed), so
// the stream differs from Bedrock's in that one way.

import { awsEventStream } from '../../../../shared/framing/aws-eventstream/index.ts';
import { exceptionFrame } from '../../../../shared/framing/aws-eventstream/encode.ts';
import type { DefectSpec, EventDefect } from '../defect-spec.ts';
import { rewriteData } from '../defect-spec.ts';
import type { WireEvent } from '../wire.ts';
import { STREAM_EXCEPTION } from './events.ts';

const named = (type: string) => (event: WireEvent) => event.event === type;

export const BEDROCK_CONVERSE_DEFECTS: readonly DefectSpec<EventDefect>[] = [
  {
    name: 'exception-mid-stream',
    description: 'An exception frame (modelStreamErrorException) after the first text deltas inside the 200, then the body ends, which clients swallow (vercel/ai #19034).',
    imitates: 'vercel/ai #19034',
    check: 'bedrock-converse.text',
    breaks: ['exception-frame', 'no-stop-reason', 'no-usage'],
    verdict: 'fail',
    builds: 'text',
    rewrite: {
      events: (events) => {
        const at = events.findIndex((event) => event.tokens > 0) + 2;
        return [...events.slice(0, at), { event: STREAM_EXCEPTION.type, data: JSON.stringify({ message: STREAM_EXCEPTION.message }), pace: 'token', tokens: 0 }];
      },
    },
  },
  {
    name: 'no-message-stop',
    description: 'The messageStop frame left out, metadata still sent: the stream ends with no stopReason.',
    imitates: null,
    check: 'bedrock-converse.text',
    breaks: ['no-stop-reason'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { events: (events) => events.filter((event) => !named('messageStop')(event)) },
  },
  {
    name: 'tool-input-invalid',
    description: "The tool use's last input fragment left out: its fragments joined are not JSON at contentBlockStop.",
    imitates: null,
    check: 'bedrock-converse.tools',
    breaks: ['tool-use-not-whole'],
    verdict: 'fail',
    builds: 'tool-call',
    rewrite: {
      events: (events) => {
        const inputs = events.flatMap((event, at) => (named('contentBlockDelta')(event) && event.data.includes('"toolUse"') ? [at] : []));
        return events.filter((_, at) => at !== inputs.at(-1));
      },
    },
  },
  {
    name: 'max-tokens-ignored',
    description: 'Ignores inferenceConfig.maxTokens: the whole answer, stopReason "end_turn".',
    imitates: null,
    check: 'bedrock-converse.max-tokens',
    breaks: ['no-stop-reason'],
    verdict: 'fail',
    builds: 'text',
    rewrite: { request: (request) => ({ ...request, maxTokens: null }) },
  },
  {
    name: 'no-usage',
    description: "The metadata frame's usage left out (its metrics kept), as gateways re-framing Bedrock drop it.",
    imitates: null,
    check: 'bedrock-converse.text',
    breaks: ['no-usage'],
    verdict: 'warn',
    builds: 'text',
    rewrite: { events: (events) => events.map((event) => (named('metadata')(event) ? rewriteData(event, ({ usage: _dropped, ...data }) => data) : event)) },
  },
  {
    name: 'error-streamed',
    description: 'A request Bedrock refuses with 400 answered 200, its error as a validationException frame of the stream, as vLLM answered Chat (vllm-project/guidellm #743).',
    imitates: 'vLLM (vllm-project/guidellm #743), in Bedrock frames',
    check: 'bedrock-converse.error',
    breaks: ['error-not-refused'],
    verdict: 'fail',
    builds: 'text',
    rewrite: {
      refusal: (refused) => ({ kind: 'bytes', status: 200, headers: { 'content-type': awsEventStream.mediaType }, body: exceptionFrame('validationException', refused.body) }),
    },
  },
];
