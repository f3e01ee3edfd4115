// Starts a live recording from the built-in simulator: pick a scenario, write a message.

import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { ScenarioInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { errorMessage } from './format.ts';

export function RecordForm({ onStarted }: { readonly onStarted: (id: number) => void }) {
  const [scenarios, setScenarios] = useState<ScenarioInfo[]>([]);
  const [model, setModel] = useState('sim-text');
  const [message, setMessage] = useState('Say hello in five words.');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.listScenarios({}).then(setScenarios, (failure: unknown) => setError(errorMessage(failure)));
  }, []);

  async function start(event: FormEvent): Promise<void> {
    event.preventDefault();
    setStarting(true);
    setError(null);
    try {
      const started = await api.startRecording({ profile: 'simulator', model, messages: [{ role: 'user', content: message }] });
      onStarted(started.id);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setStarting(false);
    }
  }

  const description = scenarios.find((scenario) => scenario.model === model)?.description;
  return (
    <section aria-labelledby="record-heading">
      <h2 id="record-heading">Record from the simulator</h2>
      <form className="record-form" onSubmit={(event) => void start(event)}>
        <label>
          Scenario
          <select value={model} onChange={(event) => setModel(event.target.value)} disabled={scenarios.length === 0}>
            {scenarios.map((scenario) => (
              <option key={scenario.model} value={scenario.model}>
                {scenario.name}
              </option>
            ))}
          </select>
        </label>
        {description && <p className="muted scenario-description">{description}</p>}
        <label>
          Message
          <textarea value={message} onChange={(event) => setMessage(event.target.value)} rows={2} maxLength={10_000} />
        </label>
        <button type="submit" disabled={starting || scenarios.length === 0 || message.trim() === ''}>
          {starting ? 'Starting…' : 'Record'}
        </button>
      </form>
      <ErrorLine message={error} />
    </section>
  );
}
