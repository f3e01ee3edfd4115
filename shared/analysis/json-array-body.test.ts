// Gemini without `alt=sse` streams one JSON array over many reads (issue 32; the three real ones
// of shared/test/fixtures/gemini/, simonw/llm-gemini's): the analysis reads it in the JSON-array
// framing (the descriptor's `alsoFramed`, chosen by the content-type), says it is no event stream
// with why (not-event-stream), and still shows every object as an event the Gemini dialect
// annotates — the same fed whole, split at random and byte by byte.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Recording } from '../recording/types.ts';
import { byteByByte, splitAt } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import { toContract } from './contract.ts';
import { framingFor } from './fold.ts';

const FIXTURES = fileURLToPath(new URL('../test/fixtures/gemini/', import.meta.url));
const PATH = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent';
const JSON_TYPE = 'application/json; charset=UTF-8';

function recording(reads: readonly Uint8Array[], contentType = JSON_TYPE, url = PATH): Recording {
  return {
    source: 'live',
    startedAt: null,
    request: { method: 'POST', url, headers: {}, body: null },
    response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'Content-Type': contentType } },
    reads: reads.map((bytes) => ({ t: null, bytes })),
    end: { t: null, outcome: 'eof' },
  };
}

const NOT_A_STREAM = {
  code: 'not-event-stream',
  severity: 'error',
  message: 'The response is application/json; charset=UTF-8, not an event stream: the body is a JSON array of GenerateContentResponse objects — the request lacked alt=sse.',
  events: [],
};

/** Each array's events as the dialect reads them (kind, and the annotation's start), and its identity. */
const ARRAYS = {
  'gemini25flash-json-array-thought-function-call.array-stream.json': {
    kinds: ['reasoning', 'finish'],
    words: ['thought += "**Generating Pelican Names**', 'functionCall pelican_name_generator({}) with thoughtSignature (336 chars); finishReason = "STOP"'],
    id: 'OYpyaqycKd2V_uMP65TsgA0',
    model: 'gemini-2.5-flash',
  },
  'gemini36flash-json-array-thought-signature.array-stream.json': {
    kinds: ['reasoning', 'content', 'finish'],
    words: ['thought += "**Considering the Constraint**', 'text += "Scoop"', 'text += "" with thoughtSignature (1600 chars); finishReason = "STOP"'],
    id: 'IopyaseNCL-s-8YP7urOoAY',
    model: 'gemini-3.6-flash',
  },
  'gemini3flash-json-array-function-call-signature.array-stream.json': {
    kinds: ['tool', 'finish'],
    words: ['functionCall multiply({"y":3,"x":5}) with thoughtSignature (300 chars)', 'text += ""; finishReason = "STOP"'],
    id: '6XJFadi3PJOx-sAPgJ3S6Qs',
    model: 'gemini-3-flash-preview',
  },
} as const;

type Part = Record<string, unknown>;
/** The contract's `response` (Gemini's final object). */
const responseOf = (analysis: ReturnType<typeof analyzeRecording>): unknown => (toContract(analysis) as { response?: unknown }).response;
/** What the array says the next turn sends back: every part of the objects, in order, with each signature on its part. */
const signedParts = (objects: readonly { candidates?: { content?: { parts?: Part[] } }[] }[]) =>
  objects.flatMap((object) => object.candidates?.[0]?.content?.parts ?? []).filter((part) => 'thoughtSignature' in part).map((part) => part.thoughtSignature);

describe.each(Object.entries(ARRAYS))('the real array %s', (name, expected) => {
  const body = new Uint8Array(readFileSync(FIXTURES + name));
  const objects = JSON.parse(new TextDecoder().decode(body)) as { candidates?: { content?: { parts?: Part[] } }[] }[];
  const whole = analyzeRecording(recording([body]));

  it('is read in the JSON-array framing as Gemini, one event an object, and said to be no event stream, with why', () => {
    expect([whole.framing, whole.protocol]).toEqual(['json-array', 'gemini']);
    expect(whole.diagnostics.map(({ code, severity, message, events }) => ({ code, severity, message, events }))).toEqual([NOT_A_STREAM]);
    expect(whole.events.map((event) => JSON.parse(event.sse.data!) as unknown)).toEqual(objects);
    expect(whole.events.map((event) => event.interpretation.kind)).toEqual(expected.kinds);
    expect(whole.events.map((event, i) => event.annotation.startsWith(expected.words[i]!))).toEqual(expected.kinds.map(() => true));
    const contract = toContract(whole);
    expect([contract.framing, contract.id, contract.model, contract.counts]).toEqual(['json-array', expected.id, expected.model, { events: objects.length, chunks: objects.length, reads: 1, bytes: body.length }]);
  });

  it("keeps each thoughtSignature on its part in the final response, as the array's objects carry them", () => {
    const response = responseOf(whole) as { candidates: { content: { parts: Part[] }; finishReason: string }[] };
    expect(signedParts([response])).toEqual(signedParts(objects));
    expect(response.candidates[0]!.finishReason).toBe('STOP');
  });

  it('reads the same fed byte by byte and split at random', () => {
    const same = (reads: Uint8Array[]) => {
      const analysis = analyzeRecording(recording(reads));
      expect(analysis.events.map((event) => [event.sse.start, event.sse.end, event.annotation])).toEqual(whole.events.map((event) => [event.sse.start, event.sse.end, event.annotation]));
      expect(analysis.diagnostics).toEqual(whole.diagnostics);
      expect(responseOf(analysis)).toEqual(responseOf(whole));
    };
    same(byteByByte(body));
    fc.assert(fc.property(fc.array(fc.nat({ max: body.length }), { maxLength: 20 }), (cuts) => same(splitAt(body, cuts))), { numRuns: 25 });
  });

  it('says where a cut array ended and that no finishReason came', () => {
    const cut = analyzeRecording(recording([body.subarray(0, whole.events.at(-1)!.sse.start + 40)]));
    expect(cut.diagnostics.map((found) => found.code)).toEqual(['not-event-stream', 'array-truncated', 'missing-finish-reason']);
    expect(cut.diagnostics[1]!.message).toBe(`The body ended inside the JSON array, with an element cut short: 40 bytes from offset ${whole.events.at(-1)!.sse.start}.`);
  });
});

describe('choosing the JSON-array framing', () => {
  it("is Gemini's for a content-type naming JSON, and no one's by the content-type alone", () => {
    expect(framingFor('gemini', JSON_TYPE)).toBe('json-array');
    expect(framingFor('gemini', 'text/event-stream')).toBe('sse');
    expect(framingFor('gemini', null)).toBe('sse');
    expect(framingFor('chat-completions', 'application/json')).toBe('sse');
    expect(framingFor(null, 'application/json')).toBe('sse');
  });
});
