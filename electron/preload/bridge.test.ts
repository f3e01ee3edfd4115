import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { IPC_CALL_CHANNEL, IPC_OPEN_REPORT_CHANNEL, IPC_PUSH_CHANNEL } from '../../shared/api/bridge.ts';
import { createApiClient } from '../../shared/api/client.ts';
import { COMMAND_CHANNEL, COMMANDS_OFFERED_CHANNEL } from '../../shared/commands.ts';
import type { ApiPush, LiveBatch } from '../../shared/api/contract.ts';
import { createApiDispatcher } from '../../shared/api/dispatch.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { createBackend, memoryKeyVault } from '../backend/api/index.ts';
import type { Backend } from '../backend/api/index.ts';
import { tempDbPath } from '../backend/store/test-support.ts';
import { forwardPushes, ipcCallHandler } from '../main/ipc.ts';
import type { IpcCallEvent } from '../main/ipc.ts';
import { isAppPage, isTrustedSender } from '../main/security.ts';
import type { BridgeIpc } from './bridge.ts';
import { createPreloadBridge } from './bridge.ts';

const appUrl = 'app://streamscope/index.html';

/**
 * Electron's two IPC ends without Electron: `invoke` reaches the main side's handler as a call from
 * our page's top frame; the main side's `send` reaches the listeners registered with `on`, with an
 * event object first (as ipcRenderer gives one, carrying `sender`).
 */
function fakeIpc(handle: (event: IpcCallEvent, ...args: unknown[]) => Promise<unknown>) {
  const emitter = new EventEmitter();
  const invoked: unknown[][] = [];
  const sent: unknown[][] = [];
  const ipc: BridgeIpc = {
    invoke: (channel, ...args) => {
      invoked.push([channel, ...args]);
      return handle({ senderFrame: { url: appUrl, parent: null } }, ...args);
    },
    send: (channel, ...args) => void sent.push([channel, ...args]),
    on: (channel, listener) => emitter.on(channel, listener),
    removeListener: (channel, listener) => emitter.removeListener(channel, listener),
  };
  const contents = {
    isDestroyed: () => false,
    getURL: () => appUrl,
    send: (channel: string, ...args: unknown[]) => void emitter.emit(channel, { sender: 'ipcRenderer itself' }, ...args),
  };
  return { ipc, contents, emitter, invoked, sent };
}

let backend: Backend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

function wire() {
  backend = createBackend({ dbPath: tempDbPath(), keys: memoryKeyVault(), env: {} });
  const fake = fakeIpc(ipcCallHandler(createApiDispatcher(backend.api), (frame) => isTrustedSender(frame, appUrl)));
  forwardPushes(backend.subscribe, () => fake.contents, (url) => isAppPage(url, appUrl), IPC_PUSH_CHANNEL);
  return { bridge: createPreloadBridge(fake.ipc), ...fake };
}

describe('the preload bridge', () => {
  it('exposes exactly call, onPush, onCommand, offerCommands and openReport, frozen', () => {
    const { bridge } = wire();
    expect(Object.keys(bridge).sort()).toEqual(['call', 'offerCommands', 'onCommand', 'onPush', 'openReport']);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('carries a call on the call channel and gives back the reply', async () => {
    const { bridge, invoked } = wire();
    expect(await bridge.call('listRecordings', { limit: 5 })).toEqual({ ok: true, value: { items: [], total: 0 } });
    expect(invoked).toEqual([[IPC_CALL_CHANNEL, 'listRecordings', { limit: 5 }]]);
  });

  it('refuses a call name that is not a string before anything is sent', async () => {
    const { bridge, invoked } = wire();
    await expect(bridge.call(42 as unknown as string, {})).rejects.toThrow('streamscope.call: the call name must be a string');
    expect(() => bridge.onPush('live' as never)).toThrow('streamscope.onPush: the listener must be a function');
    expect(invoked).toEqual([]);
  });

  it('delivers pushes as (name, payload), without the IPC event, until unsubscribed', () => {
    const { bridge, contents, emitter } = wire();
    const seen: unknown[][] = [];
    const unsubscribe = bridge.onPush((...args) => void seen.push(args));
    contents.send(IPC_PUSH_CHANNEL, 'finished', { id: 3 });
    unsubscribe();
    unsubscribe();
    contents.send(IPC_PUSH_CHANNEL, 'finished', { id: 4 });
    expect(seen).toEqual([['finished', { id: 3 }]]);
    expect(emitter.listenerCount(IPC_PUSH_CHANNEL)).toBe(0);
  });

  it('asks the main side to open a recording’s report by its id alone, and refuses anything else before sending', async () => {
    const { bridge, invoked } = wire();
    await bridge.openReport(7);
    await expect(bridge.openReport('7' as unknown as number)).rejects.toThrow('streamscope.openReport: the recording id must be a number');
    expect(invoked).toEqual([[IPC_OPEN_REPORT_CHANNEL, 7]]);
  });

  it('delivers the menu’s commands, without the IPC event, until unsubscribed', () => {
    const { bridge, contents, emitter } = wire();
    const seen: unknown[][] = [];
    const unsubscribe = bridge.onCommand((...args) => void seen.push(args));
    contents.send(COMMAND_CHANNEL, 'export');
    unsubscribe();
    contents.send(COMMAND_CHANNEL, 'new-request');
    expect(seen).toEqual([['export']]);
    expect(emitter.listenerCount(COMMAND_CHANNEL)).toBe(0);
    expect(() => bridge.onCommand(null as never)).toThrow('streamscope.onCommand: the listener must be a function');
  });

  it('tells the menu which commands the view offers, as a fresh array of strings only, and refuses what is not an array', () => {
    const { bridge, sent } = wire();
    const ids = ['export', 'replay-toggle'];
    bridge.offerCommands(ids);
    bridge.offerCommands(['export', 42, { toString: () => 'export' }] as unknown as string[]);
    bridge.offerCommands([]);
    expect(() => bridge.offerCommands('export' as unknown as string[])).toThrow('streamscope.offerCommands: the command ids must be an array');
    expect(sent).toEqual([[COMMANDS_OFFERED_CHANNEL, ['export', 'replay-toggle']], [COMMANDS_OFFERED_CHANNEL, ['export']], [COMMANDS_OFFERED_CHANNEL, []]]);
    expect(sent[0]![1]).not.toBe(ids);
  });

  it('carries the whole API for the client the renderer builds: a live recording from the simulator, then the stored one', async () => {
    const { bridge } = wire();
    const client = createApiClient({ call: (call, input) => bridge.call(call, input), subscribe: (listener) => bridge.onPush(listener) });
    const pushes: ApiPush[] = [];
    const batches: LiveBatch[] = [];
    client.on('live', (batch) => void batches.push(batch));
    const finished = new Promise<void>((resolve) => bridge.onPush((push) => (pushes.push(push), push === 'finished' && resolve())));

    const { id } = await client.startRecording({ profile: 'simulator', model: 'sim-tool-call', messages: [{ role: 'user', content: 'Weather?' }], params: { sim: { time_scale: 0 } } });
    await finished;

    const stored = await client.getRecording({ id });
    expect(stored?.events.map((event) => event.data)).toEqual(batches.flatMap((batch) => batch.events.map((event) => event.data)));
    expect(stored?.events.at(-1)?.data).toBe('[DONE]');
    // Bytes cross as Uint8Array (structured clone in Electron; passed as they are here).
    expect(batches.flatMap((batch) => batch.reads).every((read) => read.bytes instanceof Uint8Array)).toBe(true);
    expect(pushes.at(-1)).toBe('finished');
    await expect(client.getRecording({ id: -1 })).rejects.toBeInstanceOf(ApiError);
  });
});
