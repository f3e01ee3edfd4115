// The rules every streamed check applies, whatever the dialect (issue 29, "The battery"): a 200
// answer of `text/event-stream`, not compressed, delivered as it was made, framed cleanly, with no
// stream error. Judged from the recording's diagnostics, which already say each of these.

import type { Analysis } from '../../analysis/analyze.ts';
import { diagnosed } from './evidence.ts';
import type { CheckRule } from './types.ts';

/** A rule broken by the recording's diagnostics of these codes. */
const found =
  (codes: readonly string[]) =>
  (analysis: Analysis): readonly string[] =>
    diagnosed(analysis, codes);

const SSE = 'WHATWG HTML, "Server-sent events"; the official SDKs read only text/event-stream bodies (openai-node src/core/streaming.ts, anthropic-sdk-typescript src/core/streaming.ts)';

export const TRANSPORT_RULES: readonly CheckRule[] = [
  {
    code: 'http-status',
    says: 'It answers 200.',
    reference: 'OpenAI and Anthropic API references: a streamed request that is accepted is answered 200; the SDKs raise on any other status',
    breaks: 'fail',
    sdk: 'openai-node and @anthropic-ai/sdk throw the status\'s APIError before any text, InternalServerError (status 500) for a 500: the app gets no answer.',
    judge: (analysis) => {
      const status = analysis.recording.response?.status;
      return status === 200 ? [] : [status === undefined ? 'No response came.' : `The response status is ${status}.`];
    },
  },
  {
    code: 'not-event-stream',
    says: 'Its content-type is text/event-stream.',
    reference: SSE,
    breaks: 'fail',
    sdk: "openai-node's create({ stream: true }) iterator ends without error and without a chunk, so the app silently gets an empty answer; its finalChatCompletion() rejects with 'request ended without sending any chunks', its responses.stream(), iterated or awaited with finalResponse(), with 'request ended without sending any events', and @anthropic-ai/sdk's finalMessage() with 'request ended without sending any chunks'.",
    judge: found(['not-event-stream']),
  },
  { code: 'compressed-stream', says: 'The stream is not compressed (no content-encoding).', reference: 'Compressed SSE is held by decompressors until their buffer fills: the tokens stop arriving as they are made', breaks: 'fail', judge: found(['compressed-stream']) },
  { code: 'buffered-delivery', says: 'Events arrive as they are made, not held back and sent together.', reference: 'A streamed answer exists to arrive as it is made; a buffering proxy defeats it (nginx proxy_buffering)', breaks: 'fail', judge: found(['buffered-delivery']) },
  {
    code: 'invalid-json',
    says: "Every event's data is JSON (but the end sentinel).",
    reference: SSE,
    breaks: 'fail',
    sdk: "openai-node's stream iterator, finalChatCompletion() and finalResponse() throw 'Error reading response: malformed server-sent event JSON.', @anthropic-ai/sdk's finalMessage() 'Unexpected end of JSON input': the answer is lost at the bad event.",
    judge: found(['invalid-json', 'json-too-deep']),
  },
  {
    code: 'partial-event',
    says: 'The body ends at the end of an event.',
    reference: SSE,
    breaks: 'fail',
    sdk: "On bytes left after the last event (Google's JSON error after Gemini's events among them), @google/genai's generateContentStream() throws a plain Error, 'Incomplete JSON segment at the end', with neither the error's message nor its status; only a Google error that came in a network read of its own is thrown as its ApiError, with the status ('got status: INTERNAL. …').",
    judge: found(['partial-event']),
  },
  { code: 'mixed-line-endings', says: 'One kind of line ending throughout.', reference: `${SSE}: any of the three is valid, but a parser that splits on one alone loses events`, breaks: 'warn', judge: found(['mixed-line-endings']) },
  {
    code: 'stream-error',
    says: 'No error arrives in the stream.',
    reference: 'openai-node and @anthropic-ai/sdk raise an APIError at an error event',
    breaks: 'fail',
    sdk: "openai-node's stream iterator, finalChatCompletion() and finalResponse(), and @anthropic-ai/sdk's finalMessage(), throw an APIError with no status carrying the error event's message, or 'terminated' where the connection drops: the text so far never reaches an app that awaits the final answer.",
    judge: found(['stream-error', 'connection-error']),
  },
];
