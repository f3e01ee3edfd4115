// Every simulator scenario of every registered dialect, recorded end to end through the recorder
// into a real store: the stored body equals the bytes the simulator sent, the request path tells
// the dialect, and the diagnostics are the ones the scenario is meant to show (docs/simulator.md).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED_DIALECTS } from '../../../shared/dialects/registry.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { analyzeRecording, concatBytes, toContract } from '../../../shared/index.ts';
import { scenariosOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { exchangeAt } from '../simulator/test-helpers.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { EXPECTED, scriptedCodes, withoutStallFindings } from './scenarios.test-support.ts';
import { recordStream } from './record.ts';

let simulator: Simulator;
let store: Store;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, timeScale: 0 });
  store = openStore(join(mkdtempSync(join(tmpdir(), 'streamscope-sim-')), 'sim.db'));
});
afterAll(async () => {
  store.close();
  await simulator.close();
});

/** The request for a scenario, in each dialect's shape (the obfuscation padding left out, usage asked for only where it is ignored). */
const REQUEST: Readonly<Record<Protocol, (name: string) => Record<string, unknown>>> = {
  'chat-completions': (name) => ({
    model: `sim-${name}`,
    messages: [{ role: 'user', content: 'hi' }],
    seed: 7,
    stream_options: { include_obfuscation: false, ...(name === 'usage-ignored' ? { include_usage: true } : {}) },
  }),
  responses: (name) => ({ model: `sim-${name}`, input: 'hi', stream_options: { include_obfuscation: false } }),
  // sim-large's answer is about 2,000 tokens: max_tokens must leave room for it.
  'anthropic-messages': (name) => ({ model: `sim-${name}`, max_tokens: name === 'large' ? 8192 : 1024, messages: [{ role: 'user', content: 'hi' }] }),
  // The model is the path's (the descriptor's endpoint): the body holds the conversation only.
  gemini: () => ({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { thinkingConfig: { includeThoughts: true } } }),
  'bedrock-converse': () => ({ messages: [{ role: 'user', content: [{ text: 'hi' }] }] }),
};

/** A body as one character a byte, an error body's request_id (Anthropic's names the request it answers) blanked. */
function bytesOf(body: Uint8Array, status: number | undefined): string {
  const text = Buffer.from(body).toString('latin1');
  return status !== undefined && status >= 200 && status < 300 ? text : text.replace(/"request_id":"[^"]*"/g, '"request_id":""');
}

describe.each(REGISTERED_DIALECTS.map((dialect) => [dialect.descriptor.name, dialect] as const))('recording every %s scenario', (_name, { protocol, descriptor }) => {
  it('covers every scenario the simulator has', () => {
    expect(Object.keys(EXPECTED[protocol]).sort()).toEqual(scenariosOf(protocol).map((scenario) => scenario.name).sort());
  });

  it.each(Object.entries(EXPECTED[protocol]))('records %s byte for byte, with the diagnostics it is meant to show', async (name, codes) => {
    // The simulator's URL ends in /v1; the endpoint names the model where the dialect's path does (Gemini's).
    const url = `${simulator.url}${descriptor.endpoint(`sim-${name}`)}`;
    const body = REQUEST[protocol](name);
    const result = await recordStream({ url, headers: {}, body, store });

    // The same request again, read by fetch: the simulator is deterministic, so these are the bytes it sends.
    const sent = await exchangeAt(url, { ...body, stream: true });

    const stored = store.get(result.id!)!;
    expect(bytesOf(concatBytes(stored.reads.map((read) => read.bytes)), stored.response?.status)).toBe(bytesOf(sent.body, sent.status));
    expect(stored.response?.status).toBe(sent.status);
    expect(stored.end?.outcome).toBe(name === 'connection-drop' ? 'error' : 'eof');
    // An error status or a JSON body holds no event to read: the path still tells the dialect.
    expect(result.analysis.protocol).toBe(protocol);

    // From the request's start, as buffered-delivery counts the first silence (a stall before the headers counts too).
    const times = [0, stored.response?.t ?? 0, ...stored.reads.map((read) => read.t!)];
    expect(scriptedCodes(result.analysis.diagnostics.map((diagnostic) => diagnostic.code), codes, times)).toEqual(codes);
    // What the store gives back analyses exactly as what was recorded.
    expect(toContract(analyzeRecording(stored))).toEqual(toContract(result.analysis));
    // The summary lists its codes sorted.
    expect(withoutStallFindings(store.summary(result.id!)!.codes, codes, times)).toEqual(codes);
  });
});
