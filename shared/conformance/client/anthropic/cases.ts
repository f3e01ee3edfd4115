// Anthropic Messages' client cases (issue 30, "The cases": the same families in its own terms).
// The valid streams are real captures (corpus.ts): claude-sonnet-4-6's text answer and
// claude-3-5-sonnet's two tool_use blocks; the broken ones are cut from them, or carry the error
// shapes Anthropic documents ("Streaming Messages", "Errors": `event: error` with
// `overloaded_error`, HTTP 429 `rate_limit_error` with retry-after, HTTP 529 `overloaded_error`).

import { DEFAULT_GAP_MS, DEFAULT_SLOW_FIRST_TOKEN_MS } from '../types.ts';
import type { CaseOptions, ClientCase } from '../types.ts';
import { assembledBy } from '../expected.ts';
import { anthropicOutput } from './assembled.ts';
import { caseRecording, eachInItsOwnWrite, splitAcrossReads } from '../wire.ts';
import type { StreamShape } from '../wire.ts';
import { ANTHROPIC_PARALLEL_TOOL_USE, ANTHROPIC_TEXT } from './corpus.ts';

const TEXT = 'dialects/messages/anthropic-sonnet46-text.sse (api.anthropic.com, claude-sonnet-4-6, an LLM-instrumentation cassette)';
const TOOLS = 'dialects/messages/anthropic-sonnet35-parallel-tool-use.sse (api.anthropic.com, claude-3-5-sonnet, an OpenLLMetry cassette)';
const DOCS = 'Anthropic docs, "Streaming Messages" (event types, ping, error events) and "Errors" (429, 529)';

const PING = 'event: ping\ndata: {"type": "ping"}\n\n';
/** The documented mid-stream error, as the SDK's own test writes it (dialects/messages/anthropic-sdk-overloaded-error-synthetic.sse). */
const OVERLOADED = 'event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n\n';
const isType = (event: string, type: string): boolean => event.startsWith(`event: ${type}\n`);

/** The text answer up to its last text delta: no content_block_stop, message_delta or message_stop. */
const TEXT_UNTIL_CUT = ANTHROPIC_TEXT.filter((event) => !isType(event, 'content_block_stop') && !isType(event, 'message_delta') && !isType(event, 'message_stop'));
/** The capture with its second tool_use block (index 2) left out: one call, in fragments. */
const ONE_TOOL_USE = ANTHROPIC_PARALLEL_TOOL_USE.filter((event) => !event.includes('"index":2'));

type Shape = Omit<StreamShape, 'protocol'>;

function make(expect: ClientCase['expect'], id: string, serves: string, why: string, source: string, shape: Shape): ClientCase {
  const recording = caseRecording({ protocol: 'anthropic-messages', ...shape });
  return { id, protocol: 'anthropic-messages', expect, serves, why, source, recording, expected: expect === 'survive' ? assembledBy(recording, anthropicOutput) : null };
}

const httpError = (status: number, type: string, message: string, headers: Record<string, string> = {}): Shape => ({
  status,
  headers: { 'content-type': 'application/json', 'request-id': 'req_streamscope_check_client', ...headers },
  writes: [{ at: 0, bytes: new TextEncoder().encode(JSON.stringify({ type: 'error', error: { type, message } })) }],
});

export function anthropicCases(options: CaseOptions = {}): readonly ClientCase[] {
  const gap = options.gapMs ?? DEFAULT_GAP_MS;
  const slow = options.slowFirstTokenMs ?? DEFAULT_SLOW_FIRST_TOKEN_MS;
  const own = (events: readonly string[], firstAt = 0): Shape => ({ writes: eachInItsOwnWrite(events, gap, firstAt) });
  return [
    make('survive', 'clean', 'A real text answer: message_start, a text block with five deltas and a ping, message_delta (end_turn), message_stop, each event in its own write.', "api.anthropic.com's plain answer: the baseline.", TEXT, own(ANTHROPIC_TEXT)),
    make('survive', 'split-reads', "clean's events, every one cut across two reads.", 'TCP and proxies deliver bytes, not events.', `${TEXT}; cut points ours`, { writes: splitAcrossReads(ANTHROPIC_TEXT, gap) }),
    make('survive', 'ping', "clean with a ping event before and after every text delta.", 'Anthropic: "Event streams may also include any number of ping events"; a client that expects a delta after a block start, or fails on an event type it does not use, breaks.', `${TEXT}; ${DOCS}`, own(ANTHROPIC_TEXT.flatMap((event) => (isType(event, 'content_block_delta') ? [PING, event, PING] : [event])))),
    make('survive', 'tool-call', 'A text block, then one tool_use block opened with `input: {}` and filled by input_json_delta fragments (the first `""`), stop_reason tool_use.', 'The input is JSON only once every fragment is joined; the block start\'s `{}` is not the input.', `${TOOLS}, the second tool_use block left out`, own(ONE_TOOL_USE)),
    make('survive', 'parallel-tools', 'A text block, then two tool_use blocks (index 1 and 2), each in fragments.', 'A client that keys fragments by arrival, or keeps only one block, merges or drops a call.', TOOLS, own(ANTHROPIC_PARALLEL_TOOL_USE)),
    make('survive', 'slow-first-token', `clean, the first event after ${slow / 1000} s of silence (the response line at once).`, 'Extended thinking or a queued request sends nothing for seconds: a short read timeout gives up on a good answer.', TEXT, own(ANTHROPIC_TEXT, slow)),
    make('detect', 'error-event', 'message_start, the text block with its first deltas, then `event: error` with `overloaded_error`, in a 200.', 'Anthropic reports overload after the 200 has gone ("Streaming Messages", error events): a client that ignores the event hands on half an answer.', `${TEXT}; ${DOCS}; dialects/messages/anthropic-sdk-overloaded-error-synthetic.sse`, own([...ANTHROPIC_TEXT.slice(0, 5), OVERLOADED])),
    make('detect', 'cut-before-message-stop', "clean up to its last text delta, then the body ends cleanly: no content_block_stop, message_delta or message_stop.", 'A proxy timeout ends the body on an event boundary: only the missing message_stop says the answer is cut.', `${TEXT}, cut after the last text delta`, own(TEXT_UNTIL_CUT)),
    make('detect', 'connection-reset', "clean's first four events and half of the fifth, then the socket is destroyed.", 'A server or proxy that dies mid-event.', `${TEXT}, cut inside event 4`, { writes: [...eachInItsOwnWrite(ANTHROPIC_TEXT.slice(0, 4), gap), { at: 4 * gap, bytes: new TextEncoder().encode(ANTHROPIC_TEXT[4]!.slice(0, 40)) }], ending: 'error' }),
    make('detect', 'http-429', 'HTTP 429 `rate_limit_error` with `retry-after: 1`, for every request.', 'Rate limits: a client may retry (the SDK does, honouring retry-after) but must end with an error.', DOCS, httpError(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.', { 'retry-after': '1' })),
    make('detect', 'http-529', 'HTTP 529 `overloaded_error`, for every request.', "Anthropic's own status for an overloaded API: not in most HTTP libraries' tables.", DOCS, httpError(529, 'overloaded_error', 'Overloaded')),
  ];
}
