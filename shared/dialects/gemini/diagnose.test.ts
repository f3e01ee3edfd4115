// Each of the Gemini dialect's findings, on a body that shows it and on none that does not: the
// real streams say only what is so of them (a drop in the usage counts is a note on a healthy
// answer, never a warning), and a stream broken in one way says that one thing.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../../framing/sse/parser.ts';
import { runDialect } from '../run.ts';
import { GEMINI_CODES, gemini } from './index.ts';
import { SAFETY_REASONS } from './diagnose.ts';
import { GEMINI_FIXTURES, wireBody } from './samples.test-support.ts';
import type { GeminiFixture } from './samples.test-support.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/gemini/', import.meta.url));
const fixture = (name: GeminiFixture) => wireBody(name, readFileSync(FIXTURES + name, 'utf8'));
const findings = (body: string, ended = true) => runDialect(gemini, parseSse(new TextEncoder().encode(body)).events, { ended }).diagnostics;
const brief = (body: string) => findings(body).map(({ code, severity, events }) => ({ code, severity, events }));
const sse = (...events: unknown[]) => events.map((event) => (typeof event === 'string' ? event : `data: ${JSON.stringify(event)}\r\n\r\n`)).join('');
/** The body without its last `count` events. */
const cut = (body: string, count = 1) => body.split('\r\n\r\n').slice(0, -1 - count).map((event) => `${event}\r\n\r\n`).join('');
const hint = (code: keyof typeof GEMINI_CODES) => GEMINI_CODES[code].hint;
const text = (value: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text: value }] }, index: 0 }] });

describe("the Gemini dialect's findings", () => {
  it('are, on the real streams, only what is so of them', () => {
    const found = Object.fromEntries(GEMINI_FIXTURES.map((name) => [name, findings(fixture(name)).map((finding) => `${finding.code} ${finding.severity}`)] as const).filter(([, codes]) => codes.length > 0));
    expect(found).toEqual({
      'gemini20flashexp-text-no-index-prompt-tokens-drop.sse': ['usage-not-monotonic info'],
      'gemini20flash-text-after-tools-prompt-tokens-drop.sse': ['usage-not-monotonic info'],
      'gemini3flash-code-execution-usage-drop.sse': ['usage-not-monotonic info'],
      'gemini3flash-file-search-tool-call-response-parts.sse': ['usage-not-monotonic info'],
      'gemini20flash-max-tokens-prompt-tokens-drop.chunks.txt': ['finish-max-tokens warning', 'usage-not-monotonic info'],
      'gemini-model-not-found-404-error.chunks.txt': ['missing-finish-reason error', 'stream-error error'],
      'gemini15flash-finish-safety.response.json': ['finish-safety warning'],
      'vertex-gemini25flash-prompt-blocked-model-armor.response.json': ['prompt-blocked error'],
    });
  });

  it('note, and never warn, that the prompt count went 15, 15, 13 on a healthy answer', () => {
    expect(findings(fixture('gemini20flashexp-text-no-index-prompt-tokens-drop.sse'))).toEqual([
      {
        code: 'usage-not-monotonic',
        severity: 'info',
        message: 'usageMetadata.promptTokenCount went down 1 time: from 15 (event 1) to 13 (event 2). The last usageMetadata is the count; fewer prompt tokens later is what Gemini sends, not a fault.',
        hint: hint('usage-not-monotonic'),
        events: [1, 2],
      },
    ]);
    expect(brief(fixture('gemini3flash-code-execution-usage-drop.sse'))).toEqual([{ code: 'usage-not-monotonic', severity: 'info', events: [0, 2, 3] }]);
    expect(findings(fixture('gemini25flash-text-thoughts-counted.sse'))).toEqual([]);
    expect(GEMINI_CODES['usage-not-monotonic'].severity).toBe('info');
  });

  it('find a body that ended with no finishReason, once it ended, and not a whole one', () => {
    const whole = fixture('vertex-gemini3flash-thought-then-parallel-calls.chunks.txt');
    expect(findings(cut(whole))).toEqual([
      { code: 'missing-finish-reason', severity: 'error', message: 'The body ended with no finishReason for candidate 0 (its last event is 13): the answer did not finish.', hint: hint('missing-finish-reason'), events: [13] },
    ]);
    expect(findings(cut(whole), false)).toEqual([]);
    expect(findings(whole)).toEqual([]);
    expect(brief(sse({ usageMetadata: { promptTokenCount: 3 }, modelVersion: 'gemini-2.5-flash' }))).toEqual([{ code: 'missing-finish-reason', severity: 'error', events: [0] }]);
  });

  it('find a streamed function call never closed', () => {
    const body = cut(fixture('vertex-gemini3pro-streamed-args-string-values.chunks.txt'));
    expect(findings(body).map(({ code, severity, message, events }) => ({ code, severity, message, events }))).toEqual([
      { code: 'missing-finish-reason', severity: 'error', message: 'The body ended with no finishReason for candidate 0 (its last event is 8): the answer did not finish.', events: [8] },
      { code: 'function-call-unfinished', severity: 'warning', message: 'Candidate 0\'s streamed function call "getCurrentWeather" (event 0) was never closed: no functionCall {} and no last partialArgs without willContinue.', events: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
    ]);
  });

  it('find an answer a safety filter stopped, for each safety reason, and only for those', () => {
    expect(findings(fixture('gemini15flash-finish-safety.response.json'))).toEqual([
      { code: 'finish-safety', severity: 'warning', message: 'Candidate 0 finished with "SAFETY" (event 0): a filter stopped the answer.', hint: hint('finish-safety'), events: [0] },
    ]);
    const finished = (reason: string) => brief(sse(text('Hi'), { candidates: [{ finishReason: reason, finishMessage: 'Stopped.' }] })).map((finding) => finding.code);
    expect([...SAFETY_REASONS].map(finished)).toEqual([...SAFETY_REASONS].map(() => ['finish-safety']));
    expect(['MAX_TOKENS', 'MALFORMED_FUNCTION_CALL', 'OTHER', 'STOP'].map(finished)).toEqual([['finish-max-tokens'], ['finish-abnormal'], ['finish-abnormal'], []]);
  });

  it('find an answer cut at the token limit, and an answer stopped for another reason with its message', () => {
    expect(brief(fixture('gemini20flash-max-tokens-prompt-tokens-drop.chunks.txt'))).toEqual([
      { code: 'finish-max-tokens', severity: 'warning', events: [2] },
      { code: 'usage-not-monotonic', severity: 'info', events: [1, 2] },
    ]);
    expect(findings(sse(text('Hi'), { candidates: [{ index: 0, finishReason: 'MALFORMED_FUNCTION_CALL', finishMessage: 'Malformed function call: print(x' }] })).map((finding) => finding.message)).toEqual([
      'Candidate 0 finished with "MALFORMED_FUNCTION_CALL" (event 1): "Malformed function call: print(x".',
    ]);
  });

  it('find a blocked prompt, which no candidate answers, and nothing else of it', () => {
    expect(findings(fixture('vertex-gemini25flash-prompt-blocked-model-armor.response.json'))).toEqual([
      { code: 'prompt-blocked', severity: 'error', message: 'The prompt was blocked: promptFeedback.blockReason "MODEL_ARMOR" at event 0 ("The prompt violated Prompt Injection and Jailbreak filters."). No candidate answers it.', hint: hint('prompt-blocked'), events: [0] },
    ]);
  });

  it('find an error object in the stream, and the answer it left unfinished', () => {
    const body = sse(text('Hel'), { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } });
    expect(findings(body).map(({ code, message, events }) => ({ code, message, events }))).toEqual([
      { code: 'missing-finish-reason', message: 'The body ended with no finishReason for candidate 0 (its last event is 0): the answer did not finish. An error object came instead (event 1).', events: [0] },
      { code: 'stream-error', message: 'Event 1 is an error object (429 RESOURCE_EXHAUSTED): "Resource has been exhausted (e.g. check quota).". @google/genai throws it.', events: [1] },
    ]);
    expect(brief(fixture('gemini-model-not-found-404-error.chunks.txt')).map((finding) => finding.code)).toEqual(['missing-finish-reason', 'stream-error']);
  });

  it("find Google's JSON error written raw after the events (vercel/ai #5217), with its code, message and status, from the tail the framing left", () => {
    const events = sse(text('Hel'));
    const error = '{\n  "error": {\n    "code": 500,\n    "message": "An internal error has occurred.",\n    "status": "INTERNAL"\n  }\n}\n';
    const body = events + error;
    const parsed = parseSse(new TextEncoder().encode(body));
    const start = new TextEncoder().encode(events).length;
    expect(parsed.partial).toMatchObject({ start, end: start + error.length, data: null });
    const tail = { text: error, start: parsed.partial!.start, end: parsed.partial!.end, reads: [0] };
    const found = runDialect(gemini, parsed.events, { tail }).diagnostics;
    expect(found.map(({ code, message, events: shown, reads }) => ({ code, message, events: shown, reads }))).toEqual([
      { code: 'missing-finish-reason', message: 'The body ended with no finishReason for candidate 0 (its last event is 0): the answer did not finish. A JSON error came after the events instead (INTERNAL).', events: [0], reads: undefined },
      {
        code: 'stream-error',
        message: `After the last event (0), the body ends with a JSON error object written outside SSE's framing (bytes ${start}–${start + error.length}, no data: line), 500 INTERNAL: "An internal error has occurred.". An SSE client skips it, so the cut answer looks complete; @google/genai throws it as an ApiError when it comes in a read of its own, else fails with "Incomplete JSON segment at the end".`,
        events: [],
        reads: [0],
      },
    ]);
  });

  it('read a tail that is no JSON error object as nothing of their own', () => {
    const events = sse(text('Hel'), { candidates: [{ finishReason: 'STOP' }] });
    for (const tail of ['data: {"candidates": [', '{"error": "no object"}', '[1, 2]', 'garbage']) {
      expect(runDialect(gemini, parseSse(new TextEncoder().encode(events)).events, { tail: { text: tail, start: 0, end: tail.length, reads: [] } }).diagnostics).toEqual([]);
    }
  });

  it('find malformed members and streamed pieces out of place, and leave data that is not JSON to the analysis', () => {
    const body = sse({ candidates: [{ index: 0, content: { parts: [{ text: 5 }, { functionCall: { partialArgs: [{ jsonPath: '$.a', stringValue: 'x' }] } }] } }] }, { candidates: {} }, 'data: {"candidates": [\r\n\r\n', { candidates: [{ finishReason: 'STOP' }] });
    expect(findings(body).map(({ code, message, events }) => ({ code, message, events }))).toEqual([
      {
        code: 'malformed-chunk',
        message: '2 events malformed: candidates[0].content.parts[0].text is number (expected string), functionCall partialArgs with no streamed call open, candidates is object (expected array).',
        events: [0, 1],
      },
    ]);
    expect(parseSse(new TextEncoder().encode(body)).events.map((event) => gemini.interpret(event).kind)).toEqual(['tool', 'malformed', 'invalid-json', 'finish']);
  });

  it('find an argument fragment that could not be placed', () => {
    const call = (functionCall: Record<string, unknown>) => ({ candidates: [{ content: { parts: [{ functionCall }] } }] });
    const body = sse(call({ name: 'f', willContinue: true }), call({ partialArgs: [{ jsonPath: '$.list[3]', numberValue: 1 }], willContinue: true }), call({}), { candidates: [{ finishReason: 'STOP' }] });
    expect(brief(body)).toEqual([{ code: 'malformed-chunk', severity: 'error', events: [0, 1, 2] }]);
    expect(findings(body)[0]!.message).toBe('Candidate 0\'s streamed function call "f" (event 0): 1 argument fragment could not be placed in its args; the first, "$.list[3]": index 3 is past the end of $.list (length 0).');
  });
});
