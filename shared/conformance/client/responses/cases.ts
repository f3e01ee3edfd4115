// The Responses API's client cases (issue 30, "The cases": the same families in its own terms).
// The valid streams are real captures (corpus.ts): gpt-4.1-nano's text answer and gpt-4o's
// function call; parallel-tools adds a second call to that capture in its own shape (the corpus'
// only parallel capture was edited by hand and its call ids do not agree). The broken ones are the
// real `error` then `response.failed` capture, or are cut from the valid ones.

import { isObject } from '../../../is-object.ts';
import { DEFAULT_GAP_MS, DEFAULT_SLOW_FIRST_TOKEN_MS } from '../types.ts';
import type { CaseOptions, ClientCase } from '../types.ts';
import { assembledBy } from '../expected.ts';
import { responsesOutput } from './assembled.ts';
import { caseRecording, eachInItsOwnWrite, splitAcrossReads, sseEvent } from '../wire.ts';
import type { StreamShape } from '../wire.ts';
import { RESPONSES_ERROR_THEN_FAILED, RESPONSES_FUNCTION_CALL, RESPONSES_TEXT } from './corpus.ts';

const TEXT = 'dialects/responses/openai-gpt41nano-text-obfuscation.sse (api.openai.com, gpt-4.1-nano, an OpenLLMetry cassette)';
const CALL = 'dialects/responses/openai-gpt4o-function-call-no-sequence-number.sse (api.openai.com, gpt-4o, a pydantic-ai cassette)';
const FAILED = 'dialects/responses/openai-gpt5nano-error-then-failed.sse (api.openai.com, gpt-5-nano, a Vercel AI SDK fixture)';
const DOCS = 'OpenAI API reference, "Streaming events" (response.completed, response.failed, error) and "Error codes"';

const typeOf = (event: string): string => /^event: (\S+)/.exec(event)?.[1] ?? '';
const dataOf = (event: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(event.slice(event.indexOf('data: ') + 6));
  return isObject(value) ? value : {};
};
const event = (data: Record<string, unknown>): string => sseEvent(data, { event: String(data.type) });

/** The text answer up to its last delta: no output_text.done, no item done, no response.completed. */
const TEXT_UNTIL_CUT = RESPONSES_TEXT.filter((item) => ['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added', 'response.output_text.delta'].includes(typeOf(item)));

/** The function call capture with a second call, to another country, at output_index 1: its events in the first's shape, both in response.completed. */
function twoCalls(): string[] {
  const first = RESPONSES_FUNCTION_CALL.filter((item) => typeOf(item).startsWith('response.output_item') || typeOf(item).startsWith('response.function_call'));
  const pieces = ['{"', 'country', '":"', 'Japan', '"}'];
  let delta = 0;
  const second = first.map((item) => {
    const data = dataOf(item);
    const rewrite = (text: string): string => text.replaceAll('fc_67e554a1de488191af0831d35cbe082e', 'fc_67e554a1de488191af0831d35cbe082f').replaceAll('call_kL0PCQV7M2WMoVX8V8OtYSAL', 'call_Q7nKc2VxR4b9WmYt3LpZ8HdE').replaceAll('France', 'Japan');
    const copy = JSON.parse(rewrite(JSON.stringify(data))) as Record<string, unknown>;
    copy.output_index = 1;
    if (copy.type === 'response.function_call_arguments.delta') copy.delta = pieces[delta++];
    return event(copy);
  });
  const completed = dataOf(RESPONSES_FUNCTION_CALL.find((item) => typeOf(item) === 'response.completed')!);
  const response = completed.response as Record<string, unknown>;
  const done = second.map(dataOf).find((data) => data.type === 'response.output_item.done')!.item;
  const both = event({ ...completed, response: { ...response, output: [...(response.output as unknown[]), done] } });
  const head = RESPONSES_FUNCTION_CALL.filter((item) => typeOf(item) === 'response.created' || typeOf(item) === 'response.in_progress');
  return [...head, ...first, ...second, both];
}

/** response.failed in the capture's own response object: status failed, an error, no output. */
function failedAfterText(): string[] {
  const created = dataOf(RESPONSES_TEXT[0]!);
  const response = created.response as Record<string, unknown>;
  const failed = { type: 'response.failed', sequence_number: 7, response: { ...response, status: 'failed', error: { code: 'server_error', message: 'The model produced invalid content.' } } };
  return [...TEXT_UNTIL_CUT.slice(0, 7), event(failed)];
}

type Shape = Omit<StreamShape, 'protocol'>;

function make(expect: ClientCase['expect'], id: string, serves: string, why: string, source: string, shape: Shape): ClientCase {
  const recording = caseRecording({ protocol: 'responses', ...shape });
  return { id, protocol: 'responses', expect, serves, why, source, recording, expected: expect === 'survive' ? assembledBy(recording, responsesOutput) : null };
}

const httpError = (status: number, body: unknown, headers: Record<string, string> = {}): Shape => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  writes: [{ at: 0, bytes: new TextEncoder().encode(JSON.stringify(body)) }],
});

export function responsesCases(options: CaseOptions = {}): readonly ClientCase[] {
  const gap = options.gapMs ?? DEFAULT_GAP_MS;
  const slow = options.slowFirstTokenMs ?? DEFAULT_SLOW_FIRST_TOKEN_MS;
  const own = (events: readonly string[], firstAt = 0): Shape => ({ writes: eachInItsOwnWrite(events, gap, firstAt) });
  return [
    make('survive', 'clean', 'A real text answer: response.created, in_progress, the message item and its part, eight output_text deltas, the done events, response.completed, each in its own write.', "api.openai.com's plain answer: the baseline.", TEXT, own(RESPONSES_TEXT)),
    make('survive', 'split-reads', "clean's events, every one cut across two reads.", 'TCP and proxies deliver bytes, not events.', `${TEXT}; cut points ours`, { writes: splitAcrossReads(RESPONSES_TEXT, gap) }),
    make('survive', 'keepalive', "clean with SSE comment lines (`: keep-alive`) before and between its events.", 'Proxies and gateways send keep-alive comments (openai-python #2722); the SSE spec says to ignore them.', `${TEXT}; WHATWG HTML, "Server-sent events"`, own([': keep-alive\n\n', ...RESPONSES_TEXT.flatMap((item, i) => (i % 4 === 3 ? [': keep-alive\n\n', item] : [item]))])),
    make('survive', 'tool-call', 'One function_call item: output_item.added with `arguments: ""`, five argument deltas, the done events, response.completed.', 'The arguments are JSON only once joined; the item added first is not the call.', CALL, own(RESPONSES_FUNCTION_CALL)),
    make('survive', 'parallel-tools', 'Two function_call items, output_index 0 then 1, each with its argument deltas, both in response.completed.', 'A client that keeps one item, or joins deltas across items, merges or drops a call.', `${CALL}, a second call added in its shape`, own(twoCalls())),
    make('survive', 'slow-first-token', `clean, the first event after ${slow / 1000} s of silence (the response line at once).`, 'A reasoning model sends nothing for seconds: a short read timeout gives up on a good answer.', TEXT, own(RESPONSES_TEXT, slow)),
    make('detect', 'error-event', 'A real failure in a 200: response.created, in_progress, an `error` event (insufficient_quota), then response.failed.', 'The API reports failures after the 200 has gone: a client that waits for output items gets none and must say so.', FAILED, own(RESPONSES_ERROR_THEN_FAILED)),
    make('detect', 'response-failed', "clean's first deltas, then response.failed (status failed, an error), in a 200.", 'The terminal event says the response failed: a client that treats any terminal as success hands on half an answer.', `${TEXT}; ${DOCS}`, own(failedAfterText())),
    make('detect', 'cut-before-terminal', "clean up to its last text delta, then the body ends cleanly: no done events, no response.completed.", 'A proxy timeout ends the body on an event boundary: only the missing terminal event says the answer is cut.', `${TEXT}, cut after the last delta`, own(TEXT_UNTIL_CUT)),
    make('detect', 'connection-reset', "clean's first five events and half of the sixth, then the socket is destroyed.", 'A server or proxy that dies mid-event.', `${TEXT}, cut inside event 5`, { writes: [...eachInItsOwnWrite(RESPONSES_TEXT.slice(0, 5), gap), { at: 5 * gap, bytes: new TextEncoder().encode(RESPONSES_TEXT[5]!.slice(0, 60)) }], ending: 'error' }),
    make('detect', 'http-429', "HTTP 429 with `retry-after: 1` and OpenAI's rate-limit error body, for every request.", 'Rate limits: a client may retry but must end with an error.', DOCS, httpError(429, { error: { message: 'Rate limit reached for gpt-4.1-nano in organization org-test on requests per min (RPM): Limit 3, Used 3, Requested 1.', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, { 'retry-after': '1' })),
    make('detect', 'http-500', "HTTP 500 with OpenAI's server error body, for every request.", 'The server failed before streaming: the client must say so.', DOCS, httpError(500, { error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } })),
  ];
}
