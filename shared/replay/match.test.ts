import { describe, expect, it } from 'vitest';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { cleanTextStream, realStream, timed } from '../test/streams.ts';
import { abbreviate, matchRecording, sameJson, summarizeRecording, summarizeRequest } from './match.ts';

function recorded(label: string, body: unknown): { label: string; recording: Recording } {
  return { label, recording: timed([[1, cleanTextStream()]], { request: { method: 'POST', url: 'http://x/v1/chat/completions', headers: {}, body } }) };
}
const hello = [{ role: 'user', content: 'Say hello' }];
const weather = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
];
const A = recorded('a', { model: 'gpt-4o', messages: hello, stream: true });
const B = recorded('b', { model: 'gpt-4o', messages: weather, stream: true, stream_options: { include_usage: true } });
const C = recorded('c', { model: 'gpt-4o-mini', messages: hello });
const PLAIN = { label: 'plain.sse', recording: recordingFromSse(realStream('openai-gpt4o-structured-text-usage.sse')) };

describe('matchRecording', () => {
  it('answers with the recording whose request had the same model and messages', () => {
    expect(matchRecording([A, B, C], { model: 'gpt-4o', messages: hello })).toBe(A);
    expect(matchRecording([A, B, C], { model: 'gpt-4o-mini', messages: hello, stream: true })).toBe(C);
    // Other options do not matter, nor the order of members.
    expect(matchRecording([A, B, C], { messages: [{ content: 'Be brief.', role: 'system' }, weather[1]], temperature: 0, model: 'gpt-4o', stream: false })).toBe(B);
  });

  it('answers nothing when the model or any message differs', () => {
    expect(matchRecording([A, B, C], { model: 'gpt-4.1', messages: hello })).toBeNull();
    expect(matchRecording([A, B, C], { model: 'gpt-4o', messages: [{ role: 'user', content: 'Say hello!' }] })).toBeNull();
    expect(matchRecording([A, B, C], { model: 'gpt-4o', messages: [...hello, { role: 'user', content: 'again' }] })).toBeNull();
    expect(matchRecording([A, B, C], { model: 'gpt-4o' })).toBeNull();
    expect(matchRecording([A, B, C], 'not an object')).toBeNull();
  });

  it('falls back to a recording without a request (a plain .sse) for any request no recording matched by body', () => {
    expect(matchRecording([A, PLAIN, B], { model: 'gpt-4o', messages: weather })).toBe(B);
    expect(matchRecording([A, PLAIN, B], { model: 'anything', messages: [] })).toBe(PLAIN);
    expect(matchRecording([A, PLAIN], null)).toBe(PLAIN);
  });

  it('prefers the first loaded when several match', () => {
    const again = recorded('a2', { model: 'gpt-4o', messages: hello });
    expect(matchRecording([again, A], { model: 'gpt-4o', messages: hello })).toBe(again);
  });
});

describe('summaries for messages about matching', () => {
  it('names the model and first user message of a request, text parts joined', () => {
    expect(summarizeRequest({ model: 'gpt-4o', messages: weather })).toEqual({ model: 'gpt-4o', firstUserMessage: 'Weather in Paris?' });
    expect(summarizeRequest({ messages: [{ role: 'system', content: 'x' }] })).toEqual({ model: null, firstUserMessage: null });
    expect(summarizeRequest([1, 2])).toEqual({ model: null, firstUserMessage: null });
  });

  it('names the model a plain .sse streamed when there is no request', () => {
    expect(summarizeRecording(PLAIN.recording)).toEqual({ model: 'gpt-4o-2024-08-06', firstUserMessage: null });
    expect(summarizeRecording(B.recording)).toEqual({ model: 'gpt-4o', firstUserMessage: 'Weather in Paris?' });
    expect(summarizeRecording(recordingFromSse(new Uint8Array()))).toEqual({ model: null, firstUserMessage: null });
  });

  it('abbreviates on one line', () => {
    expect(abbreviate('Say\n  hello   there')).toBe('Say hello there');
    expect(abbreviate('x'.repeat(50), 10)).toBe('xxxxxxxxx…');
  });

  it('compares JSON by value, members in any order', () => {
    expect(sameJson({ a: [1, { b: 2, c: null }] }, { a: [1, { c: null, b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({}, [])).toBe(false);
  });
});
