// Start a run: the profile (its key stays with it: never shown here), a base URL of the user's own,
// the dialects the profile serves, the model, how many requests at once, each one's timeout and
// headers to send. What was typed is
// kept while the page lives, so that coming back to run again starts from the same endpoint.

import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { StoredCheckRun } from '../../shared/api/checks.ts';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { dialectName } from '../components/dialect-names.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage } from '../components/format.ts';
import { Battery } from './Battery.tsx';
import { formFor, keyTarget, readForm, SIMULATOR, withProfile } from './form.ts';
import type { CheckForm as Form } from './form.ts';

let kept: Form | null = null;

export function CheckForm({ onStarted }: { readonly onStarted: (run: StoredCheckRun) => void }) {
  const [profiles, setProfiles] = useState<readonly ProfileInfo[] | null>(null);
  const [form, setForm] = useState<Form | null>(kept);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    let current = true;
    api.listProfiles({}).then(
      (listed) => {
        if (!current) return;
        setProfiles(listed);
        setForm((was) => was ?? formFor(listed.find((each) => each.name === SIMULATOR) ?? listed[0]!));
      },
      (failure: unknown) => current && setError(`Could not list the profiles: ${errorMessage(failure)}`),
    );
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    kept = form;
  }, [form]);

  if (profiles === null || form === null) {
    return (
      <section className="check-start" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>Check an endpoint</h2>
        {error === null ? <p className="muted">Loading the profiles…</p> : <ErrorLine message={error} />}
      </section>
    );
  }

  const profile = profiles.find((each) => each.name === form.profile);
  const read = readForm(form, profile);
  const target = profile === undefined ? null : keyTarget(form, profile);
  const change = (changes: Partial<Form>): void => setForm({ ...form, ...changes });
  const simulator = form.profile === SIMULATOR;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (read.input === null || starting) return;
    setStarting(true);
    setError(null);
    api.startCheck(read.input).then(
      (run) => {
        setStarting(false);
        onStarted(run);
      },
      (failure: unknown) => {
        setStarting(false);
        setError(`Could not start it: ${errorMessage(failure)}`);
      },
    );
  };

  return (
    <section className="check-start" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Check an endpoint</h2>
      <p className="muted check-hint">Sends the battery of streamed requests of each API, one recording each, and judges every stream against what OpenAI or Anthropic sends.</p>
      <form onSubmit={submit}>
        <div className="check-fields">
          <label>
            Profile
            <select value={form.profile} onChange={(event) => setForm(withProfile(form, profiles.find((each) => each.name === event.target.value)!))}>
              {profiles.map((each) => (
                <option key={each.name} value={each.name}>
                  {each.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Base URL
            <input
              className="field"
              type="url"
              value={form.baseUrl}
              spellCheck={false}
              placeholder={simulator ? 'The built-in simulator, started for the run' : (profile?.baseUrl ?? 'Required: up to the version path')}
              onChange={(event) => change({ baseUrl: event.target.value, sendKeyTo: '' })}
            />
          </label>
          <label>
            Model
            <input className="field" value={form.model} spellCheck={false} placeholder={simulator ? 'Each check’s own scenario' : profile?.defaultModel ? `${profile.defaultModel} (the profile’s default)` : 'Required'} onChange={(event) => change({ model: event.target.value })} />
          </label>
          <div className="check-field">
            <label htmlFor={`${ids}-concurrency`}>Requests at once</label>
            <input id={`${ids}-concurrency`} className="field" type="number" min={1} max={16} value={form.concurrency} aria-describedby={`${ids}-concurrency-hint`} onChange={(event) => change({ concurrency: event.target.value })} />
            <span id={`${ids}-concurrency-hint`} className="muted check-field-hint">
              1 suits a rate-limited server.
            </span>
          </div>
        </div>
        <div className="check-fields check-more">
          <label>
            Timeout per request (s)
            <input className="field" type="number" min={1} max={3600} value={form.timeoutS} placeholder="60" onChange={(event) => change({ timeoutS: event.target.value })} />
          </label>
          <div className="check-field">
            <label htmlFor={`${ids}-headers`}>Headers</label>
            <textarea
              id={`${ids}-headers`}
              className="field check-headers"
              rows={2}
              value={form.headers}
              spellCheck={false}
              placeholder="anthropic-version: 2023-06-01"
              aria-describedby={`${ids}-headers-hint`}
              onChange={(event) => change({ headers: event.target.value })}
            />
            <span id={`${ids}-headers-hint`} className="muted check-field-hint">
              Sent with every request, one <code>Name: Value</code> a line. No keys: the profile sends its own.
            </span>
          </div>
        </div>
        <fieldset className="check-apis">
          <legend>APIs</legend>
          {(profile?.protocols ?? []).map((protocol) => (
            <label key={protocol} className="check-tick">
              <input type="checkbox" checked={form.protocols.includes(protocol)} onChange={(event) => change({ protocols: event.target.checked ? [...form.protocols, protocol] : form.protocols.filter((each) => each !== protocol) })} /> {dialectName(protocol)}
            </label>
          ))}
        </fieldset>
        {profile?.needsKey && <p className="muted check-key">{profile.key === null ? `No ${profile.label} key is set: save one in New request, or the endpoint will refuse the checks.` : `The ${profile.label} key is sent as for any request; it is never shown here.`}</p>}
        {target !== null && profile !== undefined && (
          <label className="check-tick check-key-destination">
            <input type="checkbox" checked={form.sendKeyTo === target} onChange={(event) => change({ sendKeyTo: event.target.checked ? target : '' })} />
            <span>
              Send the {profile.label} key to <code>{target}</code>, which is not the profile’s own host
            </span>
          </label>
        )}
        <div className="check-actions">
          <button type="submit" disabled={read.input === null || starting}>
            {starting ? 'Starting…' : 'Run'}
          </button>
          {read.waiting.length > 0 && <span className="muted">{read.waiting.join(' ')}</span>}
        </div>
        <ErrorLine message={error} />
      </form>
      <Battery protocols={profile === undefined ? [] : profile.protocols.filter((protocol) => form.protocols.includes(protocol))} />
    </section>
  );
}
