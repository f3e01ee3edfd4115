import { afterEach, describe, expect, it } from 'vitest';
import type { ApiPush, LiveBatch, LiveFinished } from '../../shared/api/contract.ts';
import { createApiDispatcher } from '../../shared/api/dispatch.ts';
import { IPC_PUSH_CHANNEL } from '../../shared/api/bridge.ts';
import { createBackend, memoryKeyVault } from '../backend/api/index.ts';
import type { Backend } from '../backend/api/index.ts';
import { tempDbPath } from '../backend/store/test-support.ts';
import type { PushTarget } from './ipc.ts';
import { forwardPushes, ipcCallHandler, REFUSED_SENDER } from './ipc.ts';
import { isAppPage, isTrustedSender } from './security.ts';

const appUrl = 'app://streamscope/index.html';
const ourFrame = { senderFrame: { url: appUrl, parent: null } };

let backend: Backend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

function handler() {
  backend = createBackend({ dbPath: tempDbPath(), keys: memoryKeyVault(), env: {} });
  return ipcCallHandler(createApiDispatcher(backend.api), (frame) => isTrustedSender(frame, appUrl));
}

/** Stands in for the window's webContents: records what was sent, shows the URL it is given. */
function fakeContents(url = appUrl): PushTarget & { sent: [string, ApiPush, unknown][]; url: string; destroyed: boolean } {
  const contents = {
    sent: [] as [string, ApiPush, unknown][],
    url,
    destroyed: false,
    isDestroyed: () => contents.destroyed,
    getURL: () => contents.url,
    send: (channel: string, push: unknown, payload: unknown) => void contents.sent.push([channel, push as ApiPush, payload]),
  };
  return contents;
}

describe('the IPC call handler', () => {
  it('answers a call from the top frame of our page through the API', async () => {
    const handle = handler();
    expect(await handle(ourFrame, 'listRecordings', {})).toEqual({ ok: true, value: { items: [], total: 0 } });
  });

  it('answers a malformed call with an error, never by throwing', async () => {
    const handle = handler();
    expect(await handle(ourFrame, 'getRecording', { id: 'seven' })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(await handle(ourFrame, 'dropDatabase', {})).toEqual({ ok: false, error: { code: 'unknown-call', message: 'no API call named "dropDatabase"' } });
    expect(await handle(ourFrame, undefined, {})).toEqual({ ok: false, error: { code: 'unknown-call', message: "the call's name must be a string, not undefined" } });
    expect(await handle(ourFrame, { toString: () => 'listRecordings' }, {})).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
  });

  it('refuses calls from a sub-frame, another page, or a frame that is gone, before reaching the API', async () => {
    const handle = handler();
    const calls: string[] = [];
    const spying = ipcCallHandler(async (call) => (calls.push(call), { ok: true, value: null }), (frame) => isTrustedSender(frame, appUrl));
    for (const event of [
      { senderFrame: { url: appUrl, parent: { url: appUrl } } },
      { senderFrame: { url: 'https://example.com/', parent: null } },
      { senderFrame: { url: 'file:///tmp/downloaded.html', parent: null } },
      { senderFrame: null },
    ]) {
      expect(await handle(event, 'listRecordings', {})).toEqual(REFUSED_SENDER);
      expect(await spying(event, 'deleteRecording', { id: 1 })).toEqual(REFUSED_SENDER);
    }
    expect(calls).toEqual([]);
  });
});

describe('forwarding pushes', () => {
  it("sends a simulator recording's live batches and its end to our window, in order", async () => {
    const handle = handler();
    const contents = fakeContents();
    const stop = forwardPushes(backend!.subscribe, () => contents, (url) => isAppPage(url, appUrl), IPC_PUSH_CHANNEL);
    const finished = new Promise<void>((resolve) => backend!.subscribe((push) => push === 'finished' && resolve()));

    const started = await handle(ourFrame, 'startRecording', { profile: 'simulator', model: 'sim-text', messages: [{ role: 'user', content: 'Hi' }] });
    expect(started).toMatchObject({ ok: true, value: { id: 1 } });
    await finished;
    stop();

    expect(contents.sent.every(([channel]) => channel === IPC_PUSH_CHANNEL)).toBe(true);
    const pushes = contents.sent.map(([, push]) => push);
    expect(pushes.at(-1)).toBe('finished');
    expect(new Set(pushes.slice(0, -1))).toEqual(new Set(['live']));
    const batches = contents.sent.filter(([, push]) => push === 'live').map(([, , payload]) => payload as LiveBatch);
    // Reads arrive in order without gaps, and the events in them end with [DONE].
    let next = 0;
    for (const batch of batches) {
      expect(batch.id).toBe(1);
      expect(batch.firstRead).toBe(next);
      next += batch.reads.length;
    }
    const events = batches.flatMap((batch) => batch.events);
    expect(events.at(-1)?.data).toBe('[DONE]');
    const finishedPayload = contents.sent.at(-1)![2] as LiveFinished;
    expect(finishedPayload).toMatchObject({ id: 1, end: { outcome: 'eof' } });
    expect(finishedPayload.summary?.eventCount).toBe(events.length);
  });

  it('sends nothing while there is no window, while it shows another page or is gone, and nothing once stopped', async () => {
    handler();
    const contents = fakeContents();
    let window: PushTarget | null = null;
    const stop = forwardPushes(backend!.subscribe, () => window, (url) => isAppPage(url, appUrl), IPC_PUSH_CHANNEL);
    const record = async () => {
      const finished = new Promise<void>((resolve) => backend!.subscribe((push) => push === 'finished' && resolve()));
      await backend!.api.startRecording({ profile: 'simulator', model: 'sim-text', messages: [{ role: 'user', content: 'Hi' }], params: { sim: { time_scale: 0 } } });
      await finished;
    };

    await record();
    window = contents;
    contents.url = 'https://example.com/';
    await record();
    contents.url = appUrl;
    contents.destroyed = true;
    await record();
    contents.destroyed = false;
    stop();
    await record();
    expect(contents.sent).toEqual([]);

    // The same window, in the same state, does get the pushes while forwarding runs.
    forwardPushes(backend!.subscribe, () => window, (url) => isAppPage(url, appUrl), IPC_PUSH_CHANNEL);
    await record();
    expect(contents.sent.map(([, push]) => push).at(-1)).toBe('finished');
  });
});
