// Every simulator scenario, recorded end to end through the recorder into a
// real store: the stored body equals the bytes the simulator sent, and the
// diagnostics are the ones the scenario is meant to show.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording, concatBytes, toContract } from '../../../shared/index.ts';
import { SCENARIOS, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { exchangeAt } from '../simulator/test-helpers.ts';
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { recordStream } from './record.ts';

/** What each scenario yields, recorded with no waits (so no timing finding), no padding and no usage asked for. */
const EXPECTED: Record<string, string[]> = {
  text: [],
  reasoning: [],
  refusal: ['refusal'],
  'tool-call': [],
  'parallel-tool-calls': ['tool-calls-interleaved'],
  'n-choices': [],
  length: ['finish-length'],
  'content-filter': ['finish-content-filter'],
  'keep-alive': ['comment'],
  'long-silence': [],
  'stream-error': ['missing-finish-reason', 'no-done', 'stream-error'],
  'connection-drop': ['connection-error', 'missing-finish-reason', 'no-done'],
  'no-finish-reason': ['missing-finish-reason'],
  'no-done': ['no-done'],
  buffered: [],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
  'invalid-json': ['invalid-json'],
  crlf: [],
  'mixed-line-endings': ['mixed-line-endings'],
  'usage-ignored': ['usage-missing'],
  large: [],
};

let simulator: Simulator;
let store: Store;

/**
 * Timing findings a loaded machine can cause on its own: the simulator writes with no waits, so
 * a silence of a tenth of a second between reads can only be this process held off the CPU, and
 * then the events after it do arrive in a clump, and the recording rightly says so.
 */
const TIMING_CODES = new Set(['buffered-delivery', 'idle-gap']);
const STALL_MS = 100;

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, timeScale: 0 });
  store = openStore(join(mkdtempSync(join(tmpdir(), 'streamscope-sim-')), 'sim.db'));
});
afterAll(async () => {
  store.close();
  await simulator.close();
});

describe('recording every simulator scenario', () => {
  it('covers every scenario the simulator has', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(SCENARIOS.map((scenario) => scenario.name).sort());
  });

  it.each(Object.entries(EXPECTED))('records %s byte for byte, with the diagnostics it is meant to show', async (name, codes) => {
    const body = {
      model: `sim-${name}`,
      messages: [{ role: 'user', content: 'hi' }],
      seed: 7,
      stream_options: { include_obfuscation: false, ...(name === 'usage-ignored' ? { include_usage: true } : {}) },
    };
    const result = await recordStream({ url: `${simulator.url}/chat/completions`, headers: {}, body, store });

    // The same request again, read by fetch: the simulator is deterministic, so these are the bytes it sends.
    const sent = await exchangeAt(`${simulator.url}/chat/completions`, { ...body, stream: true });

    const stored = store.get(result.id!)!;
    const storedBody = concatBytes(stored.reads.map((read) => read.bytes));
    expect(Buffer.from(storedBody).equals(Buffer.from(sent.body))).toBe(true);
    expect(stored.response?.status).toBe(sent.status);
    expect(stored.end?.outcome).toBe(name === 'connection-drop' ? 'error' : 'eof');

    // From the request's start, as buffered-delivery counts the first silence (a stall before the headers counts too).
    const times = [0, stored.response?.t ?? 0, ...stored.reads.map((read) => read.t!)];
    const stalled = times.some((t, i) => i > 0 && t - times[i - 1]! >= STALL_MS);
    const scripted = (list: readonly string[]) => (stalled ? list.filter((code) => !TIMING_CODES.has(code) || codes.includes(code)) : list);
    const found = result.analysis.diagnostics.map((diagnostic) => diagnostic.code).sort();
    expect(scripted(found)).toEqual(codes);
    // What the store gives back analyses exactly as what was recorded.
    expect(toContract(analyzeRecording(stored))).toEqual(toContract(result.analysis));
    expect(scripted(store.summary(result.id!)!.codes)).toEqual(codes);
  });
});
