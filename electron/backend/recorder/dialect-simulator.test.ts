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
import { openStore } from '../store/index.ts';
import type { Store } from '../store/index.ts';
import { recordStream } from './record.ts';

/** What each scenario yields, recorded with no waits (so no timing finding) and no padding; sorted. */
const RESPONSES: Record<string, string[]> = {
  text: [],
  reasoning: [],
  refusal: ['refusal'],
  'tool-call': [],
  'parallel-tool-calls': [],
  length: ['response-incomplete'],
  'stream-error': ['response-failed', 'stream-error'],
  failed: ['response-failed'],
  // Cut mid-answer: the message item was added and never done.
  'connection-drop': ['connection-error', 'item-not-done', 'missing-terminal-event'],
  'cut-before-end': ['missing-terminal-event'],
  'sequence-gap': ['sequence-gap'],
  'long-silence': [],
  buffered: [],
  // The delta cut in half is lost to every client: its text is missing from what the deltas built
  // (the .done event and the terminal response have it), and its sequence_number is unreadable.
  'invalid-json': ['done-text-mismatch', 'final-mismatch', 'invalid-json', 'sequence-gap'],
  crlf: [],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
  large: [],
};

/** Every Messages stream has its ping (an info note), as Anthropic sends one. */
const MESSAGES: Record<string, string[]> = {
  text: ['ping'],
  reasoning: ['ping'],
  refusal: ['ping', 'stop-refusal'],
  'tool-call': ['ping'],
  'parallel-tool-calls': ['ping'],
  length: ['ping', 'stop-max-tokens'],
  // Cut mid-answer: the text block never got its content_block_stop.
  'stream-error': ['block-not-stopped', 'missing-message-stop', 'ping', 'stream-error'],
  'connection-drop': ['block-not-stopped', 'connection-error', 'missing-message-stop', 'ping'],
  'cut-before-end': ['missing-message-stop', 'ping'],
  'keep-alive': ['ping'],
  'long-silence': ['ping'],
  buffered: ['ping'],
  'invalid-json': ['invalid-json', 'ping'],
  crlf: ['ping'],
  'json-response': ['not-event-stream'],
  'rate-limit': ['http-status'],
  'server-error': ['http-status'],
  overloaded: ['http-status'],
  large: ['ping'],
};

const EXPECTED: Record<Dialect, Record<string, string[]>> = { responses: RESPONSES, messages: MESSAGES };
// The simulator's URL ends in /v1.
const PATHS: Record<Dialect, string> = { responses: '/responses', messages: '/messages' };
const PROTOCOLS = { responses: 'responses', messages: 'anthropic-messages' } as const;

let simulator: Simulator;
let store: Store;

// As in simulator.test.ts: timing findings a loaded machine can cause on its own.
const TIMING_CODES = new Set(['buffered-delivery', 'idle-gap']);
const STALL_MS = 100;

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
    const sent = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, stream: true }) });
    const reader = sent.body!.getReader();
    const received: Uint8Array[] = [];
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      received.push(chunk.value);
    }

    const stored = store.get(result.id!)!;
    // Anthropic's error bodies carry the request's own request_id: the same bytes only for a stream.
    if (sent.ok) expect(Buffer.from(concatBytes(stored.reads.map((read) => read.bytes))).equals(Buffer.from(concatBytes(received)))).toBe(true);
    expect(stored.response?.status).toBe(sent.status);
    expect(stored.end?.outcome).toBe(name === 'connection-drop' ? 'error' : 'eof');
    // An error status or a JSON body holds no event to read: the path still tells the dialect.
    expect(result.analysis.protocol).toBe(PROTOCOLS[dialect]);

    const times = [0, stored.response?.t ?? 0, ...stored.reads.map((read) => read.t!)];
    const stalled = times.some((t, i) => i > 0 && t - times[i - 1]! >= STALL_MS);
    const scripted = (list: readonly string[]) => (stalled ? list.filter((code) => !TIMING_CODES.has(code) || codes.includes(code)) : list);
    expect(scripted(result.analysis.diagnostics.map((diagnostic) => diagnostic.code).sort())).toEqual(codes);
    // What the store gives back analyses exactly as what was recorded.
    expect(toContract(analyzeRecording(stored))).toEqual(toContract(result.analysis));
    expect(scripted(store.summary(result.id!)!.codes)).toEqual(codes);
  });
});
