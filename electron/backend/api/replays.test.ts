// A mock endpoint's request log, kept by the backend (issue 17): the page that opens the mock view
// late, or reloads, still gets every request served since the server started, and a load test
// does not grow the log without bound.

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiPushes, ReplayLogEntry } from '../../../shared/api/contract.ts';
import { recordingFromSse } from '../../../shared/formats/sse.ts';
import { CORPUS_DIR } from '../../../shared/test/dialect-corpus.ts';
import { latin1 } from '../../../shared/test/replay-support.ts';
import { realStream } from '../../../shared/test/streams.ts';
import { wireRequest } from '../replay/test-client.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { createPushHub } from './pushes.ts';
import { createReplays } from './replays.ts';

const store = openStore(tempDbPath());
const recording = store.importRecording(recordingFromSse(realStream('openai-gpt4o-structured-text-usage.sse')));
const pushes = createPushHub();
const pushed: ReplayLogEntry[] = [];
pushes.subscribe((push, payload) => push === 'replayRequest' && pushed.push((payload as ApiPushes['replayRequest']).request));
const replays = createReplays(store, pushes, 3);
afterAll(async () => {
  await replays.stopAll();
  store.close();
});

describe("a replay server's request log in the backend", () => {
  it('holds every request served since the start, newest first, for a page that asks only afterwards', async () => {
    const server = await replays.startReplay({ recordings: [recording], speed: 0 });
    expect(await replays.replayLog({ id: server.id })).toEqual({ entries: [], dropped: 0 });
    await wireRequest(`${server.baseUrl}/chat/completions`, { body: '{"model":"gpt-4o","messages":[]}' });
    await wireRequest(`${server.baseUrl}/models`, { method: 'GET' });
    const log = await replays.replayLog({ id: server.id });
    expect(log!.entries.map((entry) => [entry.id, entry.method, entry.path, entry.status])).toEqual([
      [2, 'GET', '/v1/models', 404],
      [1, 'POST', '/v1/chat/completions', 200],
    ]);
    expect(log).toEqual({ entries: [pushed.at(-1), pushed.at(-2)], dropped: 0 });
    expect((await replays.listReplays({})).find((info) => info.id === server.id)!.requests).toBe(2);
  });

  it('keeps the newest lines up to its limit and counts the others, across many more requests than the limit', async () => {
    const server = await replays.startReplay({ recordings: [recording], speed: 0 });
    for (let i = 0; i < 8; i++) await wireRequest(`${server.baseUrl}/models`, { method: 'GET' });
    const log = await replays.replayLog({ id: server.id });
    expect([log!.entries.map((entry) => entry.id), log!.dropped]).toEqual([[8, 7, 6], 5]);
  });

  it('has no log for a server that is not running', async () => {
    const server = await replays.startReplay({ recordings: [recording], speed: 0 });
    await replays.stopReplay({ id: server.id });
    expect(await replays.replayLog({ id: server.id })).toBeNull();
    expect(await replays.replayLog({ id: 999 })).toBeNull();
  });
});

describe('a replay server of an Anthropic Messages recording', () => {
  it('names its faults in the dialect\'s words and answers on …/messages', async () => {
    const messages = store.importRecording(recordingFromSse(new Uint8Array(readFileSync(`${CORPUS_DIR}messages/anthropic-sonnet46-text.sse`))));
    const server = await replays.startReplay({ recordings: [messages], speed: 0, faults: { dropDone: true, dropFinish: true } });
    expect(server.faults).toEqual(['drop message_stop', 'drop stop_reason']);
    expect((await wireRequest(`${server.baseUrl}/messages`, { body: '{"model":"any","max_tokens":9,"messages":[]}' })).status).toBe(200);
  });

  it("sends Anthropic's error event after event N and ends the body cleanly, the fault named", async () => {
    const messages = store.importRecording(recordingFromSse(new Uint8Array(readFileSync(`${CORPUS_DIR}messages/anthropic-sonnet46-text.sse`))));
    const server = await replays.startReplay({ recordings: [messages], speed: 0, faults: { errorAfterEvent: 2 } });
    expect(server.faults).toEqual(['error after event 2']);
    const wire = await wireRequest(`${server.baseUrl}/messages`, { body: '{"model":"any","max_tokens":9,"messages":[]}' });
    expect(wire.ending).toBe('complete');
    expect(latin1(wire.body).endsWith('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Streamscope replay: an error after event 2 (the error-after-event fault)."}}\n\n')).toBe(true);
  });
});
