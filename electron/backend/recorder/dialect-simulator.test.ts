// Every Responses and Anthropic Messages scenario of the simulator, recorded end to end through
// the recorder into a real store (as simulator.test.ts does for Chat Completions): the stored body
// equals the bytes the simulator sent, the request path tells the dialect, and the diagnostics are
// the ones the scenario is meant to show (docs/simulator.md, "Responses and Messages").

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording, concatBytes, toContract } from '../../../shared/index.ts';
import { dialectScenarios, startSimulator } from '../simulator/index.ts';
import type { Dialect, Simulator } from '../simulator/index.ts';
import { exchangeAt } from '../simulator/test-helpers.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { EXPECTED, PROTOCOLS, scriptedCodes } from './dialect-scenarios.test-support.ts';
import { recordStream } from './record.ts';

// The simulator's URL ends in /v1.
const PATHS: Record<Dialect, string> = { responses: '/responses', messages: '/messages' };

let simulator: Simulator;
let store: Store;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, timeScale: 0 });
  store = openStore(join(mkdtempSync(join(tmpdir(), 'streamscope-dialect-sim-')), 'sim.db'));
});
afterAll(async () => {
  store.close();
  await simulator.close();
});

function requestBody(dialect: Dialect, name: string): Record<string, unknown> {
  const model = `sim-${name}`;
  if (dialect === 'responses') return { model, input: 'hi', stream_options: { include_obfuscation: false } };
  // sim-large's answer is about 2,000 tokens: max_tokens must leave room for it.
  return { model, max_tokens: name === 'large' ? 8192 : 1024, messages: [{ role: 'user', content: 'hi' }] };
}

describe.each(['responses', 'messages'] as const)('recording every %s scenario', (dialect) => {
  it('covers every scenario the simulator has', () => {
    expect(Object.keys(EXPECTED[dialect]).sort()).toEqual(dialectScenarios(dialect).map((scenario) => scenario.name).sort());
  });

  it.each(Object.entries(EXPECTED[dialect]))('records %s byte for byte, with the diagnostics it is meant to show', async (name, codes) => {
    const url = `${simulator.url}${PATHS[dialect]}`;
    const body = requestBody(dialect, name);
    const result = await recordStream({ url, headers: {}, body, store });

    // The same request again, read by fetch: the simulator is deterministic, so these are the bytes it sends.
    const sent = await exchangeAt(url, { ...body, stream: true });

    const stored = store.get(result.id!)!;
    // Anthropic's error bodies carry the request's own request_id: the same bytes only for a stream.
    if (sent.status >= 200 && sent.status < 300) expect(Buffer.from(concatBytes(stored.reads.map((read) => read.bytes))).equals(Buffer.from(sent.body))).toBe(true);
    expect(stored.response?.status).toBe(sent.status);
    expect(stored.end?.outcome).toBe(name === 'connection-drop' ? 'error' : 'eof');
    // An error status or a JSON body holds no event to read: the path still tells the dialect.
    expect(result.analysis.protocol).toBe(PROTOCOLS[dialect]);

    const times = [0, stored.response?.t ?? 0, ...stored.reads.map((read) => read.t!)];
    const scripted = (list: readonly string[]) => scriptedCodes(list, codes, times);
    expect(scripted(result.analysis.diagnostics.map((diagnostic) => diagnostic.code))).toEqual(codes);
    // What the store gives back analyses exactly as what was recorded.
    expect(toContract(analyzeRecording(stored))).toEqual(toContract(result.analysis));
    expect(scripted(store.summary(result.id!)!.codes)).toEqual(codes);
  });
});
