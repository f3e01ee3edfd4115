// Starting a live recording that cannot be sent (issue 17, "Keys"): what the schema cannot see is
// refused before anything is stored, and whatever still fails once the recording has begun ends it
// as an error that can be deleted — never a recording left 'recording' for good.

import { afterEach, describe, expect, it } from 'vitest';
import type { LiveFinished } from '../../../shared/api/contract.ts';
import { tempDbPath } from '../store/test-support.ts';
import { createBackend } from './index.ts';
import type { Backend } from './index.ts';
import { memoryKeyVault } from './keys.ts';
import { directTransport, eventually, FAST, hello } from './test-support.ts';
import { createApiClient } from '../../../shared/api/client.ts';

let backend: Backend;
afterEach(() => backend.close());

function start(env: Record<string, string> = {}) {
  backend = createBackend({ dbPath: tempDbPath(), keys: memoryKeyVault(), env });
  const finished: LiveFinished[] = [];
  backend.subscribe((push, payload) => {
    if (push === 'finished') finished.push(payload as LiveFinished);
  });
  return { api: createApiClient(directTransport(backend)), finished };
}

describe('starting a live recording', () => {
  it('ends a recording whose header Node refuses to send as an error with the reason, not cancellable, and deletable', async () => {
    const { api, finished } = start();
    // Straight to the implementation, past the schema: the recorder must hold on its own.
    const started = await backend.api.startRecording({ profile: 'simulator', messages: hello, params: FAST, headers: { 'x-note': 'café €' } });
    const end = await eventually(() => finished.find((each) => each.id === started.id), 'the finished push');
    expect(end.end).toEqual({ t: 0, outcome: 'error', error: 'cannot send the request: Invalid character in header content ["x-note"]' });
    expect(end.summary).toMatchObject({ outcome: 'error', error: 'cannot send the request: Invalid character in header content ["x-note"]' });
    expect(await api.cancelRecording({ id: started.id })).toBe(false);
    expect(await api.deleteRecording({ id: started.id })).toBe(true);
    expect((await api.listRecordings({})).total).toBe(0);
  });

  it("refuses a key from the profile's environment variable that a header cannot carry, naming the profile and not the key, storing nothing", async () => {
    const { api } = start({ OPENAI_API_KEY: 'sk-fromTheEnvironment€0123456789' });
    await expect(api.startRecording({ profile: 'openai', messages: hello })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'startRecording: the OpenAI key holds U+20AC, which is not Latin-1 (it is sent in a header): save another',
    });
    expect((await api.listRecordings({})).total).toBe(0);
  });

  it('refuses a body that cannot be sent as JSON (a BigInt, which IPC carries) before storing anything', async () => {
    const { api } = start();
    await expect(api.startRecording({ profile: 'simulator', messages: hello, params: { seed: 7n } })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'startRecording: the body cannot be sent as JSON (Do not know how to serialize a BigInt)',
    });
    expect((await api.listRecordings({})).total).toBe(0);
  });
});
