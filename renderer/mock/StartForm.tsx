// Start a mock endpoint: the recordings it answers with, its speed and timing, its faults and its port.

import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ReplayInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { NO_FAULTS, readFaultForm } from './fault-form.ts';
import type { FaultForm } from './fault-form.ts';
import { FaultFields } from './FaultFields.tsx';
import { RecordingPicker } from './RecordingPicker.tsx';
import { readPort, SPEEDS, startInput } from './start.ts';

export function StartForm({ preselected, onStarted }: { readonly preselected: number | undefined; readonly onStarted: (info: ReplayInfo) => void }) {
  const [recordings, setRecordings] = useState<number[]>(preselected === undefined ? [] : [preselected]);
  const [speed, setSpeed] = useState(1);
  const [precise, setPrecise] = useState(false);
  const [faults, setFaults] = useState<FaultForm>(NO_FAULTS);
  const [port, setPort] = useState('');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const portId = useId();
  const preciseId = useId();

  const read = readFaultForm(faults);
  const portRead = readPort(port);
  const check = startInput(recordings, speed, read, port, precise);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!check.input || starting) return;
    setStarting(true);
    setError(null);
    api.startReplay(check.input).then(
      (info) => {
        setStarting(false);
        onStarted(info);
      },
      (failure: unknown) => {
        setStarting(false);
        setError(`Could not start it: ${errorMessage(failure)}`);
      },
    );
  };

  return (
    <section className="mock-start" aria-labelledby="mock-start-title">
      <h2 id="mock-start-title">Start a mock endpoint</h2>
      <p className="muted mock-hint">
        A server on 127.0.0.1 that answers <code>POST …/chat/completions</code> with the recorded stream, byte for byte, at the recorded pace or faster, with the faults you choose.
      </p>
      <form onSubmit={submit}>
        <RecordingPicker chosen={recordings} onChange={setRecordings} />
        <div className="mock-settings">
          <fieldset className="mock-speed">
            <legend>Speed</legend>
            {SPEEDS.map((choice) => (
              <label key={choice.speed} className="mock-check">
                <input type="radio" name="mock-speed" checked={speed === choice.speed} onChange={() => setSpeed(choice.speed)} /> {choice.label}
              </label>
            ))}
            <label className="mock-check">
              <input type="checkbox" checked={precise && speed > 0} disabled={speed === 0} aria-describedby={preciseId} onChange={(event) => setPrecise(event.target.checked)} /> Precise timing
            </label>
            <p id={preciseId} className="muted mock-field-hint">
              Awake through every wait: a few tenths of a millisecond closer to each moment than the default, for a CPU core kept busy while a stream plays.
            </p>
          </fieldset>
          <div className="mock-field mock-port">
            <label htmlFor={portId}>Port</label>
            <input
              id={portId}
              className="field"
              type="text"
              inputMode="numeric"
              placeholder="any free port"
              value={port}
              aria-invalid={typeof portRead === 'string' ? true : undefined}
              aria-describedby={`${portId}-hint`}
              onChange={(event) => setPort(event.target.value)}
            />
            <p id={`${portId}-hint`} className={typeof portRead === 'string' ? 'mock-field-error' : 'muted mock-field-hint'}>
              {typeof portRead === 'string' ? portRead : 'Empty for a free one. It listens on 127.0.0.1 only.'}
            </p>
          </div>
        </div>
        <FaultFields form={faults} read={read} onChange={setFaults} />
        <div className="mock-start-actions">
          <button type="submit" disabled={!check.input || starting}>
            {starting ? 'Starting…' : 'Start'}
          </button>
          {check.waiting.length > 0 && <span className="muted">{check.waiting.join(' ')}</span>}
        </div>
        <ErrorLine message={error} />
      </form>
    </section>
  );
}
