import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../analysis/analyze.ts';
import { concatBytes } from '../../../formats/bytes.ts';
import { geminiCases } from './cases.ts';
import { GEMINI_CALL, GEMINI_SIGNED_CALL, GEMINI_TEXT } from './corpus.ts';

const cases = geminiCases({ slowFirstTokenMs: 1500 });
const byId = (id: string) => cases.find((kase) => kase.id === id)!;
const body = (id: string) => new TextDecoder().decode(concatBytes(byId(id).recording.reads.map((read) => read.bytes)));
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/gemini/${name}`, import.meta.url), 'utf8');
const codes = (id: string) => analyzeRecording(byId(id).recording).diagnostics.map((found) => found.code);

describe('the Gemini client cases', () => {
  it("are the issue's families in Gemini's terms, valid then broken", () => {
    expect(cases.map((kase) => `${kase.expect} ${kase.id}`)).toEqual([
      'survive clean', 'survive split-reads', 'survive one-read', 'survive function-call', 'survive signed-call', 'survive slow-first-token',
      'detect error-tail', 'detect cut-before-finish', 'detect connection-reset', 'detect http-429', 'detect http-503',
    ]);
  });

  it('copy their corpus streams byte for byte', () => {
    expect(GEMINI_TEXT.join('')).toBe(fixture('gemini25flash-text-thoughts-counted.sse'));
    expect(GEMINI_CALL.join('')).toBe(fixture('gemini20flash-function-call-single-event.sse'));
    expect(GEMINI_SIGNED_CALL.join('')).toBe(fixture('gemini3flash-function-call-id-signature.sse'));
    for (const id of ['clean', 'split-reads', 'one-read', 'slow-first-token']) expect(body(id)).toBe(fixture('gemini25flash-text-thoughts-counted.sse'));
    expect(body('signed-call')).toBe(fixture('gemini3flash-function-call-id-signature.sse'));
  });

  it('expect of each valid stream what our analysis assembles from its bytes', () => {
    const counting = Array.from({ length: 30 }, (_, i) => String(i + 1)).join('\n');
    expect(Object.fromEntries(cases.filter((kase) => kase.expected).map((kase) => [kase.id, kase.expected]))).toEqual({
      clean: { text: counting, toolCalls: [] },
      'split-reads': { text: counting, toolCalls: [] },
      'one-read': { text: counting, toolCalls: [] },
      'function-call': { text: '', toolCalls: [{ name: 'get_capital', arguments: { country: 'France' } }] },
      'signed-call': { text: '', toolCalls: [{ name: 'get_user_country', arguments: {} }] },
      'slow-first-token': { text: counting, toolCalls: [] },
    });
  });

  it('give the valid streams no finding, and each broken one the finding that names its fault', () => {
    expect(Object.fromEntries(cases.map((kase) => [kase.id, codes(kase.id)]))).toEqual({
      clean: [],
      'split-reads': [],
      'one-read': [],
      'function-call': [],
      'signed-call': [],
      'slow-first-token': [],
      // Google's tail ends its lines in LF after CRLF-framed events: a note of it too.
      'error-tail': ['partial-event', 'missing-finish-reason', 'stream-error', 'mixed-line-endings'],
      'cut-before-finish': ['missing-finish-reason'],
      'connection-reset': ['connection-error', 'partial-event', 'missing-finish-reason'],
      'http-429': ['http-status'],
      'http-503': ['http-status'],
    });
  });

  it('end the broken streams as their fault does', () => {
    expect(body('cut-before-finish')).not.toContain('finishReason');
    expect(byId('error-tail').recording.reads.at(-1)!.bytes).toEqual(new TextEncoder().encode('{\n  "error": {\n    "code": 500,\n    "message": "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",\n    "status": "INTERNAL"\n  }\n}\n'));
    expect(byId('connection-reset').recording.end!.outcome).toBe('error');
    expect(byId('http-429').recording.response).toMatchObject({ status: 429, headers: { 'content-type': 'application/json; charset=UTF-8' } });
    expect(JSON.parse(body('http-503'))).toEqual({ error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } });
    // Each of the three events cut once inside itself: four reads.
    expect(byId('split-reads').recording.reads.length).toBe(4);
  });
});
