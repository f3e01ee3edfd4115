// A conformance run kept in the store: begun running at once, each verdict stored before it is
// reported, ended done; stopped by its signal it ends cancelled with the verdicts judged before,
// the request it cut short kept as an aborted recording with no verdict.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BATTERIES } from '../../../shared/conformance/server/registry.ts';
import { simulatorModelOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { startStoredRun } from './stored-run.ts';

const CHAT = SERVER_BATTERIES['chat-completions'];
const TARGET = { model: null, profile: 'simulator', protocols: ['chat-completions'] as const };

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0 });
});
afterAll(() => simulator.close());

describe('a stored run', () => {
  it('is stored running at once, stores each verdict before reporting it, and ends done with its counts', async () => {
    const store = openStore(tempDbPath());
    try {
      const seen: number[] = [];
      const { begun, finished } = startStoredRun({
        store,
        target: TARGET,
        baseUrl: simulator.url,
        checks: CHAT.slice(0, 3),
        model: (check) => simulatorModelOf(check.id),
        concurrency: 2,
        onResult: (_result, runId) => seen.push(store.getCheckRun(runId)!.results.length),
      });
      expect([begun.state, begun.results, begun.checks.map((check) => check.id)]).toEqual(['running', [], CHAT.slice(0, 3).map((check) => check.id)]);
      const { summary, run } = await finished;
      expect(seen).toEqual([1, 2, 3]);
      expect(summary).toMatchObject({ id: begun.id, state: 'done', counts: { pass: 3, warn: 0, fail: 0, skip: 0 } });
      expect(run.results.map((result) => result.id)).toEqual(CHAT.slice(0, 3).map((check) => check.id));
      const tagged = store.list({ tag: `check-run:${begun.id}` });
      expect([tagged.total, new Set(tagged.items.map((item) => item.source))]).toEqual([3, new Set(['check'])]);
      expect(new Set(store.getCheckRun(begun.id)!.results.map((result) => result.recordingId))).toEqual(new Set(tagged.items.map((item) => item.id)));
    } finally {
      store.close();
    }
  });

  it('ends cancelled when its signal stops it, with no verdict for the request it cut short, whose recording is kept aborted', async () => {
    let arrived!: () => void;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    const silent = createServer(() => arrived());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const store = openStore(tempDbPath());
    try {
      const abort = new AbortController();
      const { begun, finished } = startStoredRun({ store, target: { ...TARGET, model: 'm' }, baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`, checks: CHAT, model: 'm', signal: abort.signal });
      await asked;
      abort.abort();
      const { summary, run } = await finished;
      expect(summary).toMatchObject({ state: 'cancelled', counts: { pass: 0, warn: 0, fail: 0, skip: 0 } });
      expect(run.results).toEqual([]);
      expect(store.list({ tag: `check-run:${begun.id}` }).items.map((item) => [item.name, item.outcome])).toEqual([[`check ${CHAT[0]!.id}`, 'aborted']]);
    } finally {
      store.close();
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('ends unreachable when no request reached the server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const store = openStore(tempDbPath());
    try {
      const { finished } = startStoredRun({ store, target: { ...TARGET, model: 'm' }, baseUrl: `http://127.0.0.1:${port}/v1`, checks: CHAT.slice(0, 1), model: 'm' });
      expect((await finished).summary).toMatchObject({ state: 'unreachable', counts: { fail: 1 } });
    } finally {
      store.close();
    }
  });
});
