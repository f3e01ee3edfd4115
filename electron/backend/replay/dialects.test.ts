// The replay server with Responses and Anthropic Messages recordings: each answers `POST
// …/responses` or `POST …/messages` (any prefix), matched by its dialect's request members,
// byte for byte in the recorded writes; a recording answers only its own dialect's path; and
// every error the replay makes itself comes in the dialect's own shape, so each official SDK
// raises its own error class.

import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordingFromSse } from '../../../shared/formats/sse.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { planReplay } from '../../../shared/replay/plan.ts';
import { CORPUS_DIR } from '../../../shared/test/dialect-corpus.ts';
import { DIALECT_PATHS, latin1, recordDialectScenarios, recordScenarios } from '../../../shared/test/replay-support.ts';
import type { NamedRecording } from '../../../shared/test/replay-support.ts';
import { wireRequest } from './test-client.ts';
import { FRAMING, replayServers } from './test-servers.test-support.ts';

let responses: NamedRecording[];
let messages: NamedRecording[];
let chat: NamedRecording[];
beforeAll(async () => {
  [responses, messages, chat] = await Promise.all([recordDialectScenarios('responses'), recordDialectScenarios('messages'), recordScenarios()]);
});

const find = (list: NamedRecording[], name: string): Recording => list.find((entry) => entry.name === name)!.recording;
const requestOf = (recording: Recording): string => JSON.stringify(recording.request!.body);
const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const corpusRecording = (file: string): Recording => recordingFromSse(new Uint8Array(readFileSync(CORPUS_DIR + file)));
const serve = replayServers();

describe.each([
  ['responses', () => responses],
  ['messages', () => messages],
] as const)('every %s scenario on the wire', (dialect, list) => {
  it('is answered to its own request on its path, with its status, headers and body in the recorded writes', async () => {
    const sources = list().map(({ name, recording }) => ({ label: name, recording }));
    const server = await serve({ sources, speed: 0 });
    await Promise.all(
      list().map(async ({ name, recording }) => {
        const wire = await wireRequest(`${server.baseUrl}${DIALECT_PATHS[dialect]}`, { body: requestOf(recording) });
        expect(wire.status, name).toBe(recording.response!.status);
        const recorded = Object.entries(recording.response!.headers).filter(([header]) => !['content-length', ...FRAMING].includes(header));
        expect(wire.headers.filter(([header]) => !FRAMING.includes(header.toLowerCase())), name).toEqual(recorded);
        expect(wire.chunks.map((chunk) => latin1(chunk.bytes)), name).toEqual(recording.reads.map((read) => latin1(read.bytes)));
        expect(wire.ending, name).toBe(name === 'connection-drop' ? 'cut' : 'complete');
      }),
    );
    expect(server.requests.map((log) => log.matched).sort()).toEqual(list().map(({ name }) => name).sort());
  });

  it('keeps the recorded gaps at speed 1 (loosely: timing is measured by the benchmark)', async () => {
    const recording = find(list(), 'text');
    const server = await serve({ sources: [{ label: 'text', recording }] });
    const wire = await wireRequest(`${server.baseUrl}${DIALECT_PATHS[dialect]}`, { body: requestOf(recording) });
    const planned = planReplay(recording).writes;
    expect(wire.chunks.map((chunk) => latin1(chunk.bytes))).toEqual(planned.map((write) => latin1(write.bytes)));
    const offsets = wire.chunks.map((chunk, i) => chunk.t - planned[i]!.at);
    const late = offsets.map((offset) => offset - Math.min(...offsets)).sort((a, b) => a - b);
    expect(late[Math.floor(late.length / 2)]).toBeLessThan(20);
  });
});

describe('which path a recording answers', () => {
  it('answers each dialect on its own path, under any prefix, with several dialects loaded at once', async () => {
    const sources = [
      { label: 'chat', recording: find(chat, 'text') },
      { label: 'responses', recording: find(responses, 'text') },
      { label: 'messages', recording: find(messages, 'text') },
    ];
    const server = await serve({ sources, speed: 0 });
    const origin = `http://127.0.0.1:${server.port}`;
    const asks: [string, Recording][] = [
      [`${server.baseUrl}/chat/completions`, sources[0]!.recording],
      [`${server.baseUrl}/responses`, sources[1]!.recording],
      [`${origin}/openai/v1/responses?api-version=preview`, sources[1]!.recording],
      [`${server.baseUrl}/messages`, sources[2]!.recording],
      // The Anthropic SDK's beta calls add ?beta=true; a gateway adds its own prefix.
      [`${origin}/anthropic/v1/messages?beta=true`, sources[2]!.recording],
    ];
    for (const [url, recording] of asks) {
      const wire = await wireRequest(url, { body: requestOf(recording) });
      expect([wire.status, latin1(wire.body)], url).toEqual([200, recording.reads.map((read) => latin1(read.bytes)).join('')]);
    }
    expect(server.requests.map((log) => log.matched)).toEqual(['chat', 'responses', 'responses', 'messages', 'messages']);
  });

  it('answers a request only with a recording of the dialect its path names, a plain .sse included', async () => {
    const recording = find(responses, 'text');
    const plain = corpusRecording('messages/anthropic-sonnet46-text.sse');
    const server = await serve({ sources: [{ label: 'responses', recording }, { label: 'any-messages.sse', recording: plain }], speed: 0 });
    // The same body on another dialect's path: no Chat Completions recording is loaded.
    const chatPath = await wireRequest(`${server.baseUrl}/chat/completions`, { body: requestOf(recording) });
    expect([chatPath.status, JSON.parse(utf8(chatPath.body)).error.code]).toEqual([404, 'no_matching_recording']);
    // The .sse, an Anthropic stream by its events, answers any request to …/messages and nothing else.
    const anyMessages = await wireRequest(`${server.baseUrl}/messages`, { body: '{"model":"whatever","max_tokens":5,"messages":[]}' });
    expect([anyMessages.status, latin1(anyMessages.body)]).toEqual([200, latin1(plain.reads[0]!.bytes)]);
    const otherResponses = await wireRequest(`${server.baseUrl}/responses`, { body: '{"model":"whatever","input":"hi"}' });
    expect(otherResponses.status).toBe(404);
  });

  it('matches Responses requests on model, input and instructions, and Anthropic ones on model, messages and system', async () => {
    const withInstructions: Recording = { ...find(responses, 'text'), request: { ...find(responses, 'text').request!, body: { model: 'sim-text', input: [{ role: 'user', content: 'Hi' }], instructions: 'Be brief.', stream: true } } };
    const withSystem: Recording = { ...find(messages, 'text'), request: { ...find(messages, 'text').request!, body: { model: 'sim-text', max_tokens: 9, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] } } };
    const server = await serve({ sources: [{ label: 'r', recording: withInstructions }, { label: 'm', recording: withSystem }], speed: 0 });
    const status = async (path: string, body: unknown): Promise<number | null> => (await wireRequest(`${server.baseUrl}${path}`, { body: JSON.stringify(body) })).status;
    // Other options (temperature, max_tokens, stream, tools) do not matter; members in any order.
    expect(await status('/responses', { instructions: 'Be brief.', input: [{ content: 'Hi', role: 'user' }], model: 'sim-text', temperature: 0 })).toBe(200);
    expect(await status('/responses', { model: 'sim-text', input: [{ role: 'user', content: 'Hi' }] })).toBe(404);
    expect(await status('/responses', { model: 'sim-text', input: 'Hi', instructions: 'Be brief.' })).toBe(404);
    expect(await status('/messages', { model: 'sim-text', max_tokens: 1024, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] })).toBe(200);
    expect(await status('/messages', { model: 'sim-text', max_tokens: 9, system: [{ type: 'text', text: 'Be brief.' }], messages: [{ role: 'user', content: 'Hi' }] })).toBe(404);
    expect(await status('/messages', { model: 'sim-text', max_tokens: 9, messages: [{ role: 'user', content: 'Hi' }] })).toBe(404);
  });
});

describe("the replay's own errors, in the dialect's shape", () => {
  it('answers a Responses request no recording matches in OpenAI\'s shape, naming what was asked in its words', async () => {
    const recording = find(responses, 'text');
    const server = await serve({ sources: [{ label: 'text.ssrec.jsonl', recording }, { label: 'chat', recording: find(chat, 'text') }] });
    const wire = await wireRequest(`${server.baseUrl}/responses`, { body: JSON.stringify({ model: 'gpt-5', input: [{ role: 'user', content: [{ type: 'input_text', text: 'What is the weather like in Paris, France, this weekend?' }] }] }) });
    expect(wire.status).toBe(404);
    expect(JSON.parse(utf8(wire.body))).toEqual({
      error: {
        message:
          'No loaded recording matches this request (model "gpt-5", first user message "What is the weather like in Paris, Fran…"). A Responses recording answers a request to …/responses with the same model, input and instructions. Loaded: text.ssrec.jsonl (model "sim-text", first user message "How does streaming work?") (and 1 of another dialect, answered on its own path).',
        type: 'invalid_request_error',
        param: 'input',
        code: 'no_matching_recording',
      },
    });
  });

  it('answers an Anthropic request no recording matches, a wrong method and a body that is not JSON in Anthropic\'s shape', async () => {
    const server = await serve({ sources: [{ label: 'text', recording: find(messages, 'text') }] });
    const unmatched = await wireRequest(`${server.baseUrl}/messages`, { body: JSON.stringify({ model: 'claude-x', max_tokens: 5, system: 'x', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }] }) });
    expect([unmatched.status, JSON.parse(utf8(unmatched.body))]).toEqual([
      404,
      {
        type: 'error',
        error: {
          type: 'not_found_error',
          message:
            'No loaded recording matches this request (model "claude-x", first user message "Hello there"). An Anthropic Messages recording answers a request to …/messages with the same model, messages and system. Loaded: text (model "sim-text", first user message "How does streaming work?").',
        },
      },
    ]);
    const get = await wireRequest(`${server.baseUrl}/messages`, { method: 'GET' });
    expect([get.status, get.headers.find(([name]) => name === 'allow'), JSON.parse(utf8(get.body))]).toEqual([
      405,
      ['allow', 'POST'],
      { type: 'error', error: { type: 'invalid_request_error', message: 'Method GET is not allowed on /v1/messages: the replay answers POST only.' } },
    ]);
    const bad = await wireRequest(`${server.baseUrl}/messages`, { body: '{"model": ' });
    expect([bad.status, JSON.parse(utf8(bad.body))]).toEqual([400, { type: 'error', error: { type: 'invalid_request_error', message: 'The request body is not valid JSON.' } }]);
  });

  it('makes each official SDK raise its own error class for a request no recording matches', async () => {
    const server = await serve({ sources: [{ label: 'r', recording: find(responses, 'text') }, { label: 'm', recording: find(messages, 'text') }], speed: 0 });
    const openai = new OpenAI({ baseURL: server.baseUrl, apiKey: 'sk-replay', maxRetries: 0 });
    const asked = openai.responses.stream({ model: 'gpt-5', input: 'Something else' }).finalResponse();
    await expect(asked).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(asked).rejects.toThrow(/^404 No loaded recording matches this request \(model "gpt-5", first user message "Something else"\)/);
    const anthropic = new Anthropic({ baseURL: server.baseUrl.replace(/\/v1$/, ''), apiKey: 'sk-ant-replay', maxRetries: 0 });
    const message = anthropic.messages.stream({ model: 'claude-x', max_tokens: 5, messages: [{ role: 'user', content: 'Something else' }] }).finalMessage();
    await expect(message).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    await expect(message).rejects.toThrow(/^404 \{"type":"error","error":\{"type":"not_found_error","message":"No loaded recording matches this request \(model \\"claude-x\\"/);
  });
});
