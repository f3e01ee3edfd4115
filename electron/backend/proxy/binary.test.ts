// Capture through the proxy of a binary body: Bedrock ConverseStream's AWS event-stream frames,
// served by the simulator, relayed to the client untouched (every byte, its content-type) and
// stored byte for byte, the stored recording read as the frames it is — the events the proxy's
// live analysis had, an exception frame inside the 200 among them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/index.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { stored } from '../store/test-support.ts';
import { bodyOf, rawRequest, startTestProxy } from './test-support.ts';

let simulator: Simulator;
beforeAll(async () => void (simulator = await startSimulator({ timeScale: 0 })));
afterAll(() => simulator.close());

const REQUEST = { messages: [{ role: 'user', content: [{ text: 'What is the weather in Paris?' }] }] };

describe('a Bedrock ConverseStream through the capture proxy', () => {
  it.each([
    ['sim-tool-call', []],
    ['sim-reasoning', []],
    ['sim-stream-error', ['stream-exception', 'missing-message-stop', 'usage-missing']],
  ] as const)('%s: relayed and stored byte for byte as the simulator sends it, read back as its frames', async (model, codes) => {
    const path = `/model/${model}/converse-stream`;
    const direct = await rawRequest(`${simulator.url}${path}`, { body: REQUEST });
    expect(direct.headers['content-type']).toBe('application/vnd.amazon.eventstream');
    const capture = await startTestProxy(simulator.url);
    try {
      const ended = capture.nextEnd();
      const proxied = await rawRequest(`${capture.base}${path}`, { body: REQUEST });
      expect([proxied.status, proxied.headers['content-type'], proxied.ending]).toEqual([200, 'application/vnd.amazon.eventstream', 'end']);
      expect(proxied.body.equals(direct.body)).toBe(true);
      const recording = capture.recording(await ended);
      expect(bodyOf(recording).equals(direct.body)).toBe(true);
      expect(recording.response?.headers['content-type']).toBe('application/vnd.amazon.eventstream');
      const analysis = analyzeRecording(recording);
      expect([analysis.framing, analysis.protocol, analysis.diagnostics.map((found) => found.code).filter((code) => code !== 'buffered-delivery' && code !== 'idle-gap')]).toEqual(['aws-eventstream', 'bedrock-converse', codes]);
      expect(analysis.events.length).toBeGreaterThan(5);
      // The store gives back the frames' events, read again from the stored reads.
      expect(capture.store.events(recording.id)).toEqual(analysis.events.map(stored));
    } finally {
      await capture.close();
    }
  });
});
