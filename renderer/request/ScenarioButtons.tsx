// The simulator's scenarios in the draft's dialect, one click each: the click sets the simulator
// profile and the scenario's model and sends the messages at once, so a first recording needs no key.

import type { ScenarioInfo } from '../../shared/api/contract.ts';

interface Props {
  readonly scenarios: readonly ScenarioInfo[];
  /** The dialect's name, as the editor's API field says it. */
  readonly api: string;
  readonly disabled: boolean;
  readonly onPick: (scenario: ScenarioInfo) => void;
}

export function ScenarioButtons({ scenarios, api, disabled, onPick }: Props) {
  return (
    <section aria-labelledby="request-scenarios" className="request-scenarios">
      <h2 id="request-scenarios">Record from the simulator</h2>
      <p className="muted request-hint">One click sends the messages below to the built-in simulator, as a {api} request with that scenario’s model; no key needed.</p>
      {scenarios.length === 0 ? (
        <p className="muted">Loading the scenarios…</p>
      ) : (
        <ul className="request-scenario-list" aria-label="Simulator scenarios">
          {scenarios.map((scenario) => (
            <li key={scenario.model}>
              <button type="button" className="secondary" title={scenario.description} disabled={disabled} onClick={() => onPick(scenario)}>
                {scenario.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
