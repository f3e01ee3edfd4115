// The built-in simulator, for the `simulator` profile: started on loopback the first time a
// recording asks for it (so a backend that never records from it opens no port), stopped with
// the backend. Its scenarios are what the UI offers to record.

import type { ScenarioInfo } from '../../../shared/api/contract.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { descriptionIn, MODEL_PREFIX, scenariosOf, startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';

export interface SimulatorHost {
  /** The running simulator's base URL (…/v1), starting it on first use. */
  url(): Promise<string>;
  close(): Promise<void>;
}

export function lazySimulator(): SimulatorHost {
  let started: Promise<Simulator> | null = null;
  return {
    async url() {
      started ??= startSimulator({ host: '127.0.0.1', port: 0 });
      try {
        return (await started).url;
      } catch (error) {
        started = null;
        throw error;
      }
    },
    async close() {
      const running = started;
      started = null;
      await running?.then(
        (simulator) => simulator.close(),
        () => undefined,
      );
    },
  };
}

/** The scenarios the simulator plays in a dialect, described in its words. */
export function scenarioInfos(protocol: Protocol = 'chat-completions'): ScenarioInfo[] {
  return scenariosOf(protocol).map((scenario) => ({ name: scenario.name, model: MODEL_PREFIX + scenario.name, description: descriptionIn(scenario, protocol) }));
}
