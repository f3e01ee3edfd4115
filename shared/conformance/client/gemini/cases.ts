// Gemini's client cases (issue 30, "The cases", in Gemini's terms; issue 32). The valid streams are
// real captures (corpus.ts): gemini-2.5-flash's text answer, gemini-2.0-flash's whole functionCall
// in one event, gemini-3-flash's call with its id and thoughtSignature; the broken ones are cut
// from them, or carry the error shapes Google sends: its JSON error written raw after the events of
// a 200 (vercel/ai #5217), HTTP 429 RESOURCE_EXHAUSTED and HTTP 503 UNAVAILABLE as
// `{"error": {code, message, status}}`. Gemini has no [DONE]: only a finishReason says the answer ended.

import { DEFAULT_GAP_MS, DEFAULT_SLOW_FIRST_TOKEN_MS } from '../types.ts';
import type { CaseOptions, ClientCase } from '../types.ts';
import { assembledBy } from '../expected.ts';
import { geminiOutput } from './assembled.ts';
import { caseRecording, eachInItsOwnWrite, splitAcrossReads } from '../wire.ts';
import type { StreamShape } from '../wire.ts';
import { GEMINI_CALL, GEMINI_SIGNED_CALL, GEMINI_TEXT } from './corpus.ts';

const TEXT = 'gemini/gemini25flash-text-thoughts-counted.sse (generativelanguage.googleapis.com, gemini-2.5-flash, a pydantic-ai cassette)';
const CALL = 'gemini/gemini20flash-function-call-single-event.sse (gemini-2.0-flash, a pydantic-ai cassette)';
const SIGNED = 'gemini/gemini3flash-function-call-id-signature.sse (gemini-3-flash-preview, a pydantic-ai cassette)';
const ERRORS = 'Google\'s error body {"error": {code, message, status}} (ai.google.dev, "Troubleshooting": 429 RESOURCE_EXHAUSTED, 503 UNAVAILABLE); vercel/ai #5217 (the JSON error after the events of a 200)';

/** Google's JSON error as it writes it after the events: pretty-printed, no `data:` line, no blank line. */
const ERROR_TAIL = '{\n  "error": {\n    "code": 500,\n    "message": "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",\n    "status": "INTERNAL"\n  }\n}\n';

type Shape = Omit<StreamShape, 'protocol'>;

function make(expect: ClientCase['expect'], id: string, serves: string, why: string, source: string, shape: Shape): ClientCase {
  const recording = caseRecording({ protocol: 'gemini', ...shape });
  return { id, protocol: 'gemini', expect, serves, why, source, recording, expected: expect === 'survive' ? assembledBy(recording, geminiOutput) : null };
}

const httpError = (code: number, status: string, message: string): Shape => ({
  status: code,
  headers: { 'content-type': 'application/json; charset=UTF-8' },
  writes: [{ at: 0, bytes: new TextEncoder().encode(JSON.stringify({ error: { code, message, status } }, null, 2)) }],
});

export function geminiCases(options: CaseOptions = {}): readonly ClientCase[] {
  const gap = options.gapMs ?? DEFAULT_GAP_MS;
  const slow = options.slowFirstTokenMs ?? DEFAULT_SLOW_FIRST_TOKEN_MS;
  const own = (events: readonly string[], firstAt = 0): Shape => ({ writes: eachInItsOwnWrite(events, gap, firstAt) });
  const beforeFinish = GEMINI_TEXT.slice(0, -1);
  return [
    make('survive', 'clean', 'A real text answer: three data-only events, CRLF-framed, the last with finishReason STOP, each in its own write; no [DONE].', "generativelanguage.googleapis.com's plain answer (alt=sse): the baseline.", TEXT, own(GEMINI_TEXT)),
    make('survive', 'split-reads', "clean's events, every one cut across two reads (inside its CRLF CRLF for some).", 'TCP and proxies deliver bytes, not events; a reader that splits on "\\n\\n" never sees a CRLF-framed event end.', `${TEXT}; cut points ours`, { writes: splitAcrossReads(GEMINI_TEXT, gap) }),
    make('survive', 'one-read', "clean's whole body in one write.", 'A buffering proxy or a fast server hands every event in one read.', TEXT, { writes: [{ at: 0, bytes: new TextEncoder().encode(GEMINI_TEXT.join('')) }] }),
    make('survive', 'function-call', 'One event holding a whole functionCall (get_capital, args {country: France}) and finishReason STOP together.', 'The call and the end come in the same event: a client that reads the finish first, or calls only from later events, drops the call.', CALL, own(GEMINI_CALL)),
    make('survive', 'signed-call', 'A functionCall with its id and a thoughtSignature on its part, then an empty text part with finishReason STOP.', 'Gemini 3 answers with a signed call: a client must keep the part whole (the next turn sends the signature back, langchain-ai/langchainjs #11181).', SIGNED, own(GEMINI_SIGNED_CALL)),
    make('survive', 'slow-first-token', `clean, the first event after ${slow / 1000} s of silence (the response line at once).`, 'Thinking models send nothing for seconds before their first event: a short read timeout gives up on a good answer.', TEXT, own(GEMINI_TEXT, slow)),
    make('detect', 'error-tail', "clean's first two events, then Google's JSON error (500 INTERNAL) written raw after them in a read of its own, in a 200: no data: line, no finishReason.", 'vercel/ai #5217: Gemini reports a failure after the 200 has gone, outside SSE\'s framing; an SSE parser skips it and hands on half an answer as complete.', `${TEXT}; ${ERRORS}`, own([...beforeFinish, ERROR_TAIL])),
    make('detect', 'cut-before-finish', "clean without its last event: the body ends cleanly after the second, with no finishReason.", 'Gemini has no [DONE]: only the missing finishReason says a proxy or a dropped upstream cut the answer.', `${TEXT}, cut before its last event`, own(beforeFinish)),
    make('detect', 'connection-reset', "clean's first event and half of the second, then the socket is destroyed.", 'A server or proxy that dies mid-event.', `${TEXT}, cut inside event 1`, { writes: [...eachInItsOwnWrite(GEMINI_TEXT.slice(0, 1), gap), { at: gap, bytes: new TextEncoder().encode(GEMINI_TEXT[1]!.slice(0, 40)) }], ending: 'error' }),
    make('detect', 'http-429', 'HTTP 429 RESOURCE_EXHAUSTED, Google\'s error body, for every request.', 'Quota and rate limits: a client may retry but must end with an error.', ERRORS, httpError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).')),
    make('detect', 'http-503', 'HTTP 503 UNAVAILABLE ("The model is overloaded"), for every request.', 'Google\'s answer when a model is overloaded, common on preview models.', ERRORS, httpError(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.')),
  ];
}
