// A Gemini recording served by the replay (issue 32): its model is the request path's
// (`…/models/MODEL:streamGenerateContent`), so a request finds it by the model in its path and
// its conversation, never by a body `model` it has not; the curl snippet posts to that path and
// gets the recorded bytes; another model's path, or another conversation, gets Google's 404.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer } from '../../electron/backend/replay/index.ts';
import type { ReplayServer } from '../../electron/backend/replay/index.ts';
import type { Recording } from '../recording/types.ts';
import { timed } from '../test/streams.ts';
import { matchRecording, summarizeRecording } from './match.ts';
import { replaySnippet, snippetRequest } from './snippet.ts';

const run = promisify(execFile);

const CONTENTS = [{ role: 'user', parts: [{ text: "Don't say \"maybe\" — Ünïcödé 😀" }] }];
const BODY = { contents: CONTENTS, generationConfig: { maxOutputTokens: 64 } };
const SSE =
  'data: {"candidates": [{"content": {"parts": [{"text": "Hi"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 5,"candidatesTokenCount": 1,"totalTokenCount": 6},"modelVersion": "gemini-2.5-flash","responseId": "r1"}\r\n\r\n' +
  'data: {"candidates": [{"content": {"parts": [{"text": " there"}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 5,"candidatesTokenCount": 2,"totalTokenCount": 7},"modelVersion": "gemini-2.5-flash","responseId": "r1"}\r\n\r\n';
const recording: Recording = timed([[1, SSE]], { request: { method: 'POST', url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', headers: {}, body: BODY } });

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ sources: [{ label: 'gemini', recording }], speed: 0 });
});
afterAll(() => server.close());

const post = (path: string, body: unknown) => fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a Gemini recording in the replay', () => {
  it('is matched by the model in the path and the conversation, the path read through the descriptor', () => {
    expect(matchRecording([{ recording }], { contents: CONTENTS }, 'gemini', '/v1beta/models/gemini-2.5-flash:streamGenerateContent')).toEqual({ recording });
    expect(matchRecording([{ recording }], { contents: CONTENTS }, 'gemini', '/v1/projects/p/locations/l/publishers/google/models/gemini-2.5-flash:streamGenerateContent')).toEqual({ recording });
    expect(matchRecording([{ recording }], { contents: CONTENTS }, 'gemini', '/v1beta/models/gemini-2.5-pro:streamGenerateContent')).toBeNull();
    expect(matchRecording([{ recording }], { contents: [] }, 'gemini', '/v1beta/models/gemini-2.5-flash:streamGenerateContent')).toBeNull();
    expect(summarizeRecording(recording)).toEqual({ model: 'gemini-2.5-flash', firstUserMessage: CONTENTS[0]!.parts[0]!.text });
  });

  it("gets its recorded bytes back by the curl snippet, which posts to the model's path", async () => {
    const request = snippetRequest([{ body: BODY, protocol: 'gemini' }], summarizeRecording(recording).model);
    expect(request).toEqual({ protocol: 'gemini', model: 'gemini-2.5-flash', contents: CONTENTS });
    const lines = replaySnippet('curl', server.baseUrl, request);
    expect(lines[0]).toBe(`curl -N '${server.baseUrl}/models/gemini-2.5-flash:streamGenerateContent?alt=sse' \\`);
    expect(lines[2]).toBe("  -H 'x-goog-api-key: replay' \\");
    const { stdout } = await run('sh', ['-c', lines.join('\n')]);
    expect(stdout).toBe(SSE);
  });

  it("answers another model's path with Google's 404, naming what it matches on", async () => {
    const response = await post('/models/gemini-2.5-pro:streamGenerateContent?alt=sse', { contents: CONTENTS });
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { code: number; status: string; message: string } };
    expect([error.code, error.status]).toEqual([404, 'NOT_FOUND']);
    expect(error.message).toContain('model "gemini-2.5-pro"');
    expect(error.message).toContain('A Gemini recording answers a request to …/models/MODEL:streamGenerateContent with the same model, contents and systemInstruction.');
  });
});
