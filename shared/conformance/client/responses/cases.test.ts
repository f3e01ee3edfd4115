import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../analysis/analyze.ts';
import { concatBytes } from '../../../formats/bytes.ts';
import { responsesCases } from './cases.ts';
import { RESPONSES_ERROR_THEN_FAILED, RESPONSES_FUNCTION_CALL, RESPONSES_TEXT } from './corpus.ts';

const cases = responsesCases({ slowFirstTokenMs: 1500 });
const byId = (id: string) => cases.find((kase) => kase.id === id)!;
const body = (id: string) => new TextDecoder().decode(concatBytes(byId(id).recording.reads.map((read) => read.bytes)));
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/dialects/responses/${name}`, import.meta.url), 'utf8');

describe('the Responses API client cases', () => {
  it("are the issue's families in the Responses API's terms, valid then broken", () => {
    expect(cases.map((kase) => `${kase.expect} ${kase.id}`)).toEqual([
      'survive clean', 'survive split-reads', 'survive keepalive', 'survive tool-call', 'survive parallel-tools', 'survive slow-first-token',
      'detect error-event', 'detect response-failed', 'detect cut-before-terminal', 'detect connection-reset', 'detect http-429', 'detect http-500',
    ]);
  });

  it('copy their corpus streams byte for byte', () => {
    expect(RESPONSES_TEXT.join('')).toBe(fixture('openai-gpt41nano-text-obfuscation.sse'));
    expect(RESPONSES_FUNCTION_CALL.join('')).toBe(fixture('openai-gpt4o-function-call-no-sequence-number.sse'));
    expect(RESPONSES_ERROR_THEN_FAILED.join('')).toBe(fixture('openai-gpt5nano-error-then-failed.sse'));
    expect(body('clean')).toBe(fixture('openai-gpt41nano-text-obfuscation.sse'));
    expect(body('tool-call')).toBe(fixture('openai-gpt4o-function-call-no-sequence-number.sse'));
    expect(body('error-event')).toBe(fixture('openai-gpt5nano-error-then-failed.sse'));
  });

  it('expect of each valid stream what our analysis assembles from its bytes', () => {
    expect(Object.fromEntries(cases.filter((kase) => kase.expected).map((kase) => [kase.id, kase.expected]))).toEqual({
      clean: { text: '2 + 2 equals 4.', toolCalls: [] },
      'split-reads': { text: '2 + 2 equals 4.', toolCalls: [] },
      keepalive: { text: '2 + 2 equals 4.', toolCalls: [] },
      'tool-call': { text: '', toolCalls: [{ name: 'get_capital', arguments: { country: 'France' } }] },
      'parallel-tools': { text: '', toolCalls: [{ name: 'get_capital', arguments: { country: 'France' } }, { name: 'get_capital', arguments: { country: 'Japan' } }] },
      'slow-first-token': { text: '2 + 2 equals 4.', toolCalls: [] },
    });
  });

  it('make the second call of parallel-tools a well-formed stream, as the capture is', () => {
    expect(analyzeRecording(byId('parallel-tools').recording).diagnostics.map((diagnostic) => diagnostic.code)).toEqual([]);
  });

  it('end the broken streams as their fault does', () => {
    const diagnostics = (id: string) => analyzeRecording(byId(id).recording).diagnostics.map((diagnostic) => diagnostic.code);
    expect(diagnostics('cut-before-terminal')).toContain('missing-terminal-event');
    expect(diagnostics('response-failed')).toContain('response-failed');
    expect(body('response-failed')).toMatch(/event: response.failed\ndata: \{"type":"response.failed","sequence_number":7,"response":\{.*"status":"failed",.*"error":\{"code":"server_error"/);
    expect(byId('connection-reset').recording.end!.outcome).toBe('error');
    expect(byId('http-429').recording.response).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
  });
});
