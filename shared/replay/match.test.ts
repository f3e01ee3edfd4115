import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordingFromSse } from '../formats/sse.ts';
import type { Recording } from '../recording/types.ts';
import { CORPUS_DIR } from '../test/dialect-corpus.ts';
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

// ------------------------------------------------------------------ the other two dialects

const corpusFile = (file: string): Recording => recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + file)));
function dialectRecorded(label: string, url: string, body: unknown): { label: string; recording: Recording } {
  return { label, recording: { ...corpusFile('responses/openai-gpt41nano-text-obfuscation.sse'), request: { method: 'POST', url, headers: {}, body } } };
}
const R = dialectRecorded('r', 'https://api.openai.com/v1/responses', { model: 'gpt-4.1-nano', input: 'Say hello', stream: true });
const RI = dialectRecorded('ri', 'https://api.openai.com/v1/responses', { model: 'gpt-4.1-nano', input: 'Say hello', instructions: 'Be brief.' });
const M = dialectRecorded('m', 'https://api.anthropic.com/v1/messages', { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: hello });
const MS = dialectRecorded('ms', 'https://api.anthropic.com/v1/messages', { model: 'claude-sonnet-4-6', max_tokens: 1024, system: 'Be brief.', messages: hello });
const PLAIN_RESPONSES = { label: 'r.sse', recording: corpusFile('responses/openai-gpt41nano-text-obfuscation.sse') };
const PLAIN_MESSAGES = { label: 'm.sse', recording: corpusFile('messages/anthropic-sonnet46-text.sse') };

describe('matchRecording in each dialect', () => {
  it('answers a Responses request with the Responses recording of the same model, input and instructions', () => {
    const all = [A, R, RI, M, MS];
    expect(matchRecording(all, { model: 'gpt-4.1-nano', input: 'Say hello' }, 'responses')).toBe(R);
    expect(matchRecording(all, { model: 'gpt-4.1-nano', input: 'Say hello', instructions: 'Be brief.', temperature: 1 }, 'responses')).toBe(RI);
    expect(matchRecording(all, { model: 'gpt-4.1-nano', input: [{ role: 'user', content: 'Say hello' }] }, 'responses')).toBeNull();
    expect(matchRecording(all, { model: 'gpt-4.1-nano', input: 'Say hello', instructions: 'Be long.' }, 'responses')).toBeNull();
  });

  it('answers an Anthropic request with the Anthropic recording of the same model, messages and system', () => {
    const all = [A, R, M, MS];
    expect(matchRecording(all, { model: 'claude-sonnet-4-6', max_tokens: 5, messages: hello }, 'anthropic-messages')).toBe(M);
    expect(matchRecording(all, { system: 'Be brief.', model: 'claude-sonnet-4-6', messages: hello }, 'anthropic-messages')).toBe(MS);
    expect(matchRecording(all, { model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }] }, 'anthropic-messages')).toBeNull();
  });

  it('answers a request only with recordings of its own dialect, the same body or not', () => {
    // A Chat Completions body asked on …/messages: same model and messages as A, but A is Chat Completions.
    expect(matchRecording([A, M], { model: 'gpt-4o', messages: hello }, 'anthropic-messages')).toBeNull();
    expect(matchRecording([A, M], { model: 'claude-sonnet-4-6', messages: hello }, 'chat-completions')).toBeNull();
    expect(matchRecording([M, A], { model: 'gpt-4o', messages: hello })).toBe(A);
  });

  it('falls back to a plain .sse of the dialect, told by its events, and never to one of another dialect', () => {
    const all = [PLAIN, PLAIN_RESPONSES, PLAIN_MESSAGES];
    expect(matchRecording(all, { model: 'x', input: 'y' }, 'responses')).toBe(PLAIN_RESPONSES);
    expect(matchRecording(all, { model: 'x', messages: [] }, 'anthropic-messages')).toBe(PLAIN_MESSAGES);
    expect(matchRecording(all, { model: 'x', messages: [] }, 'chat-completions')).toBe(PLAIN);
    expect(matchRecording([PLAIN, PLAIN_MESSAGES], { model: 'x', input: 'y' }, 'responses')).toBeNull();
  });

  it('takes the dialect a source says it has over telling it again', () => {
    const told = { ...PLAIN_MESSAGES, protocol: 'responses' as const };
    expect(matchRecording([told], {}, 'responses')).toBe(told);
  });
});

describe('summaries of each dialect', () => {
  it("names a Responses request's first user message: the input string, or its first user item's text", () => {
    expect(summarizeRequest({ model: 'gpt-5', input: 'Say hello', instructions: 'x' })).toEqual({ model: 'gpt-5', firstUserMessage: 'Say hello' });
    const items = [
      { type: 'message', role: 'developer', content: 'Be brief.' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather' }, { type: 'input_image', image_url: 'x' }, { type: 'input_text', text: 'in Paris?' }] },
    ];
    expect(summarizeRequest({ model: 'gpt-5', input: items })).toEqual({ model: 'gpt-5', firstUserMessage: 'Weather in Paris?' });
    expect(summarizeRequest({ model: 'gpt-5', input: [{ type: 'function_call_output', call_id: 'c', output: '{}' }] })).toEqual({ model: 'gpt-5', firstUserMessage: null });
  });

  it("names an Anthropic request's first user message, text blocks joined, whatever the system says", () => {
    const body = { model: 'claude', system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'image', source: {} }, { type: 'text', text: 'What is this?' }] }] };
    expect(summarizeRequest(body)).toEqual({ model: 'claude', firstUserMessage: 'What is this?' });
  });

  it('names the model a plain Responses or Anthropic .sse streams, from its response or message', () => {
    expect(summarizeRecording(PLAIN_RESPONSES.recording)).toEqual({ model: 'gpt-4.1-nano-2025-04-14', firstUserMessage: null });
    expect(summarizeRecording(PLAIN_MESSAGES.recording)).toEqual({ model: 'claude-sonnet-4-6', firstUserMessage: null });
  });
});
