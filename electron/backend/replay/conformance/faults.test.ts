// Each replay fault, seen by real clients: the openai SDK (stream helper and iterator) and the
// Vercel AI SDK. What a client ends with is checked against our analysis of exactly the bytes
// the replay sent (planReplay, the plan the server carries out), and the error it raises, which
// is what a user's error handling meets, is pinned.

import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../../shared/analysis/analyze.ts';
import { concatBytes } from '../../../../shared/formats/bytes.ts';
import { recordingFromSse } from '../../../../shared/formats/sse.ts';
import type { Recording } from '../../../../shared/recording/types.ts';
import type { ReplayFaults } from '../../../../shared/replay/faults.ts';
import { ourView } from '../../../../shared/test/clients.ts';
import type { ClientRequest, ClientView } from '../../../../shared/test/clients.ts';
import { startSimulator } from '../../simulator/index.ts';
import { exchange, toRecording } from '../../simulator/test-helpers.ts';
import { planReplay, startReplayServer } from '../index.ts';
import type { ReplayServer } from '../index.ts';
import { aiSdkView, runClients, viewBefore } from './expect.ts';
import type { Clients } from './expect.ts';
import { chatReading } from '../../../../shared/dialects/chat/kept.ts';

let text: Recording;
let paced: Recording;
let request: ClientRequest;

beforeAll(async () => {
  const fast = await startSimulator({ port: 0, timeScale: 0 });
  const slow = await startSimulator({ port: 0, timeScale: 0.2 });
  try {
    const body = { model: 'sim-text', seed: 11, stream_options: { include_usage: true } };
    const recorded = await exchange(fast.url, body);
    text = toRecording(recorded, true);
    paced = toRecording(await exchange(slow.url, body), true);
    request = { model: 'sim-text', messages: recorded.requestBody.messages as ClientRequest['messages'], includeUsage: true };
  } finally {
    await Promise.all([fast.close(), slow.close()]);
  }
});

const servers: ReplayServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** Replays `recording` with `faults` to the three clients; also returns our view of exactly what the replay sends. */
async function replay(faults: ReplayFaults, recording = text, speed = 0): Promise<{ ends: Clients; sent: Recording; ours: ClientView }> {
  const server = await startReplayServer({ sources: [{ label: 'sim-text', recording }], speed, faults });
  servers.push(server);
  const plan = planReplay(recording, { speed, faults });
  const sent = recordingFromSse(concatBytes(plan.writes.map((write) => write.bytes)));
  return { ends: await runClients(server.baseUrl, request, []), sent, ours: ourView(analyzeRecording(sent)) };
}

const TERMINATED_FINAL = { name: 'OpenAIError', message: 'terminated' };
const TERMINATED_ITERATOR = { name: 'TypeError', message: 'terminated' };
const AI_TERMINATED = { name: 'APICallError', message: 'Failed to process successful response', status: 200 };

describe('a cut connection', () => {
  it.each([
    ['after event 5', { cutAfterEvent: 5 }],
    ['after byte 700, inside an event', { cutAfterByte: 700 }],
  ])('%s: the SDK fails with "terminated", the iterator user keeps the text so far, the AI SDK throws an APICallError', async (_, faults) => {
    const { ends, ours } = await replay(faults);
    expect(ours.finish_reason).toBeNull();
    expect(ends['openai-final']).toEqual({ ok: false, error: TERMINATED_FINAL, view: null });
    expect(ends['openai-iterator']).toEqual({ ok: false, error: TERMINATED_ITERATOR, view: ours });
    expect(ends['ai-sdk']).toEqual({ errors: [AI_TERMINATED], view: aiSdkView(ours) });
  });

  it('after event 5 keeps exactly the first five content deltas', async () => {
    const { ours } = await replay({ cutAfterEvent: 5 });
    const full = analyzeRecording(text);
    const expected = full.events.slice(0, 6).map((event) => chatReading(event).ops.flatMap((op) => (op.type === 'text' ? [op.text] : []))).flat().join('');
    expect(ours.content).toBe(expected);
  });
});

describe('dropped parts of the stream', () => {
  it('drop-done: every client ends as if [DONE] had come (none of them needs it)', async () => {
    const { ends, ours } = await replay({ dropDone: true });
    expect(ours).toEqual(ourView(analyzeRecording(text)));
    expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });
  });

  it('drop-finish: the stream helper throws, the iterator user has no finish reason, the AI SDK reports an error part and finishes with "error"', async () => {
    const { ends, ours } = await replay({ dropFinish: true });
    expect(ours).toEqual({ ...ourView(analyzeRecording(text)), finish_reason: null });
    expect(ends['openai-final']).toEqual({ ok: false, error: { name: 'OpenAIError', message: 'missing finish_reason for choice 0' }, view: null });
    expect(ends['openai-iterator']).toEqual({ ok: true, view: ours });
    expect(ends['ai-sdk']).toEqual({
      errors: [{ name: 'InvalidResponseDataError', message: 'Response stream ended without a finish reason.' }],
      view: { ...aiSdkView(ours), unified_finish_reason: 'error' },
    });
  });

  it('drop-usage: every client ends with the message and no usage', async () => {
    const { ends, ours } = await replay({ dropUsage: true });
    expect(ours).toEqual({ ...ourView(analyzeRecording(text)), usage: null });
    expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });
  });
});

describe('a corrupt event', () => {
  it("corrupt-event 4: the SDK's JSON error; the AI SDK reports it and reads on", async () => {
    const { ends, sent, ours } = await replay({ corruptEvent: 4 });
    const malformed = 'Error reading response: malformed server-sent event JSON.';
    expect(ends['openai-final']).toEqual({ ok: false, error: { name: 'OpenAIError', message: malformed }, view: null });
    expect(ends['openai-iterator']).toEqual({ ok: false, error: { name: 'SyntaxError', message: malformed }, view: viewBefore(sent, 'invalid-json') });
    // The AI SDK skips the event, as our analysis does: the message lacks just that delta.
    expect(ends['ai-sdk']).toEqual({ errors: [{ name: 'JSONParseError', message: expect.stringMatching(/^JSON parsing failed: Text: \{"id":"chatcmpl-sim[^]*\nError message: /) }], view: aiSdkView(ours) });
    expect(ours.content).not.toBe(ourView(analyzeRecording(text)).content);
  });
});

describe('an HTTP error status instead of the stream', () => {
  const openaiBody = (message: string, type: string) => JSON.stringify({ error: { message, type, param: null, code: null } });
  it.each([
    [429, openaiBody('Rate limit reached, retry in 20s', 'requests'), 'RateLimitError', 'Rate limit reached, retry in 20s', 'Rate limit reached, retry in 20s'],
    [500, openaiBody('The server had an error', 'server_error'), 'InternalServerError', 'The server had an error', 'The server had an error'],
    [503, 'upstream connect error', 'InternalServerError', 'upstream connect error', 'Service Unavailable'],
  ])('%i: the SDK throws its APIError for the status, with the body\'s message', async (code, body, name, message, aiMessage) => {
    const { ends } = await replay({ status: { code, body } });
    expect(ends['openai-final']).toEqual({ ok: false, error: { name, message: `${code} ${message}`, status: code }, view: null });
    expect(ends['openai-iterator']).toMatchObject({ ok: false, error: { name, message: `${code} ${message}`, status: code } });
    // The AI SDK takes the message from an OpenAI error body, and the status text otherwise.
    expect(ends['ai-sdk'].errors).toEqual([{ name: 'APICallError', message: aiMessage, status: code }]);
  });
});

describe('timing faults', () => {
  it('stall 400 ms before event 3 (at speed 0): every client waits and still completes', async () => {
    const started = performance.now();
    const { ends, ours } = await replay({ stalls: [{ beforeEvent: 3, ms: 400 }] });
    // Three clients, one after another, each waited.
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * 350);
    expect(ours).toEqual(ourView(analyzeRecording(text)));
    expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });
  });

  it('buffer-all (at speed 1): nothing comes before the recorded end, then the same message', async () => {
    const { ends, ours } = await replay({ bufferAll: true }, paced, 1);
    expect(ours).toEqual(ourView(analyzeRecording(paced)));
    expect(ends).toEqual({ 'openai-final': { ok: true, view: ours }, 'openai-iterator': { ok: true, view: ours }, 'ai-sdk': { errors: [], view: aiSdkView(ours) } });

    const server = await startReplayServer({ sources: [{ label: 'sim-text', recording: paced }], speed: 1, faults: { bufferAll: true } });
    servers.push(server);
    const duration = paced.reads.at(-1)!.t! - paced.response!.t!;
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: request.model, messages: request.messages }) });
    const reader = response.body!.getReader();
    await reader.read();
    const firstReadAt = performance.now() - started;
    await reader.cancel();
    // Generous margin: this checks the hold, not its precision (npm run bench measures timing).
    expect(firstReadAt).toBeGreaterThanOrEqual(duration * 0.8);
  });
});
