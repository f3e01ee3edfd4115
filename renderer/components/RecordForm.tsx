// Starts a live recording from the built-in simulator: pick a dialect and a scenario, write a message.

import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { ScenarioInfo } from '../../shared/api/contract.ts';
import { PROTOCOLS } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { api } from '../api/index.ts';
import { dialectName } from './dialect-names.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { errorMessage } from './format.ts';

export function RecordForm({ onStarted }: { readonly onStarted: (id: number) => void }) {
  const [protocol, setProtocol] = useState<Protocol>('chat-completions');
  const [scenarios, setScenarios] = useState<ScenarioInfo[]>([]);
  const [model, setModel] = useState('sim-text');
  const [message, setMessage] = useState('Say hello in five words.');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.listScenarios({ protocol }).then(
      (listed) => {
        if (!current) return;
        setScenarios(listed);
        // The same scenario in the other dialect when it has one, else its first.
        setModel((chosen) => (listed.some((scenario) => scenario.model === chosen) ? chosen : (listed[0]?.model ?? chosen)));
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [protocol]);

  async function start(event: FormEvent): Promise<void> {
    event.preventDefault();
    setStarting(true);
    setError(null);
    try {
      const started = await api.startRecording({ profile: 'simulator', protocol, model, messages: [{ role: 'user', content: message }] });
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
          API
          <select value={protocol} onChange={(event) => setProtocol(event.target.value as Protocol)}>
            {PROTOCOLS.map((each) => (
              <option key={each} value={each}>
                {dialectName(each)}
              </option>
            ))}
          </select>
        </label>
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
