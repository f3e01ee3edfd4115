// For the replay tests: timed recordings of every simulator scenario, made over
// loopback with the simulator's own test client (real bytes, real read boundaries,
// real times), and a byte-exact way to compare bodies.

import { SCENARIOS, startSimulator } from '../../electron/backend/simulator/index.ts';
import { exchange, toRecording } from '../../electron/backend/simulator/test-helpers.ts';
import type { Recording } from '../recording/types.ts';

export interface NamedRecording {
  readonly name: string;
  readonly recording: Recording;
}

/**
 * Records each scenario once, usage requested, at `timeScale` (default 0.02: the scenarios'
 * pacing fifty times faster, so reads still arrive apart but the whole set takes seconds).
 */
export async function recordScenarios(timeScale = 0.02): Promise<NamedRecording[]> {
  const simulator = await startSimulator({ timeScale, seed: 7 });
  try {
    return await Promise.all(
      SCENARIOS.map(async (scenario) => {
        const done = await exchange(simulator.url, { model: `sim-${scenario.name}`, stream_options: { include_usage: true } });
        return { name: scenario.name, recording: toRecording(done, true) };
      }),
    );
  } finally {
    await simulator.close();
  }
}

/** Bytes as a Latin-1 string, one character a byte: byte-exact, and fast to compare and to show in a diff. */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
