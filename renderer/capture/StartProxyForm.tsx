// Start a capture proxy: where it forwards (built-in profiles, upstream URLs), its port, an
// optional cassette folder and mode, whether the client's Accept-Encoding passes, and the web
// pages allowed to use it.

import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { ProfileInfo, ProxyInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { CASSETTE_MODES, EMPTY_PROXY_FORM, forwardable, readProxyForm } from './proxy-form.ts';
import type { ProxyForm } from './proxy-form.ts';

/** The simulator, when the backend's list does not name it: the backend starts it on demand. */
const SIMULATOR: Pick<ProfileInfo, 'name' | 'label' | 'baseUrl'> = { name: 'simulator', label: 'Built-in simulator', baseUrl: null };

type Choice = Pick<ProfileInfo, 'name' | 'label' | 'baseUrl'>;

export function StartProxyForm({ onStarted }: { readonly onStarted: (info: ProxyInfo) => void }) {
  const [form, setForm] = useState<ProxyForm>(EMPTY_PROXY_FORM);
  const [profiles, setProfiles] = useState<readonly Choice[] | null>(null);
  const [profilesError, setProfilesError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    let current = true;
    api.listProfiles({}).then(
      // The simulator first: the one that needs no key and no network.
      (list) => current && setProfiles([list.find((each) => each.name === SIMULATOR.name) ?? SIMULATOR, ...list.filter((each) => each.name !== SIMULATOR.name)]),
      (failure: unknown) => {
        if (!current) return;
        setProfiles([SIMULATOR]);
        setProfilesError(`Could not list the profiles: ${errorMessage(failure)}`);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const read = readProxyForm(form);
  const set = <K extends keyof ProxyForm>(field: K, value: ProxyForm[K]): void => setForm((previous) => ({ ...previous, [field]: value }));
  const toggleProfile = (name: string, on: boolean): void =>
    setForm((previous) => ({ ...previous, profiles: on ? [...previous.profiles.filter((each) => each !== name), name] : previous.profiles.filter((each) => each !== name) }));

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!read.input || starting) return;
    setStarting(true);
    setError(null);
    api.startProxy(read.input).then(
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

  const noCassettes = form.cassetteDir.trim() === '';
  return (
    <section className="capture-start" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Start a capture proxy</h2>
      <p className="muted capture-hint">
        A proxy on 127.0.0.1 that forwards each request of your app to the real upstream, relays the answer byte for byte as it arrives, and records every stream with its
        timing. Point your app’s base URL at it.
      </p>
      <form onSubmit={submit}>
        <fieldset className="capture-profiles">
          <legend>Built-in profiles</legend>
          <p className="muted capture-field-hint" id={`${id}-profiles-hint`}>
            Each forwards under its name: <code>/openai/v1/…</code> goes to <code>https://api.openai.com/v1/…</code>. The built-in simulator needs no key.
          </p>
          <ErrorLine message={profilesError} />
          {profiles === null ? (
            <p className="muted">Loading the profiles…</p>
          ) : (
            <div className="capture-profile-grid" role="group" aria-describedby={`${id}-profiles-hint`}>
              {profiles.map((profile) => {
                const usable = forwardable(profile);
                return (
                  <label key={profile.name} className="capture-check" title={usable ? (profile.baseUrl ?? 'started by the app, on 127.0.0.1') : 'No fixed URL: give it as an upstream URL below'}>
                    <input
                      type="checkbox"
                      checked={form.profiles.includes(profile.name)}
                      disabled={!usable}
                      onChange={(event) => toggleProfile(profile.name, event.target.checked)}
                    />{' '}
                    {profile.label}
                    {!usable && <span className="muted"> (give its URL below)</span>}
                  </label>
                );
              })}
            </div>
          )}
        </fieldset>
        <Field id={`${id}-upstreams`} label="Upstream URLs" error={read.errors.upstreams} hint="One a line, up to the version path (https://openrouter.ai/api/v1). With one URL and no profile, the proxy stands in for its host: path and query are kept.">
          {(props) => <textarea {...props} rows={2} placeholder="https://api.openai.com/v1" spellCheck={false} value={form.upstreams} onChange={(event) => set('upstreams', event.target.value)} />}
        </Field>
        <div className="capture-settings">
          <Field id={`${id}-port`} label="Port" error={read.errors.port} hint="Empty for a free one. It listens on 127.0.0.1 only." className="capture-port">
            {(props) => <input {...props} className="field" type="text" inputMode="numeric" placeholder="any free port" value={form.port} onChange={(event) => set('port', event.target.value)} />}
          </Field>
          <Field
            id={`${id}-origins`}
            label="Allowed web pages (origins)"
            error={read.errors.allowOrigins}
            hint="Optional. A request from a web page (it sends an Origin) is refused unless its origin is named here, separated by spaces or commas."
            className="capture-origins"
          >
            {(props) => <input {...props} className="field" type="text" placeholder="http://localhost:3000" spellCheck={false} value={form.allowOrigins} onChange={(event) => set('allowOrigins', event.target.value)} />}
          </Field>
        </div>
        <fieldset className="capture-cassettes">
          <legend>Cassettes (optional)</legend>
          <Field id={`${id}-dir`} label="Cassette folder" error={read.errors.cassetteDir} hint="A folder of .ssrec.jsonl files, one per exchange, with no key in them: record once, replay in CI with no network.">
            {(props) => <input {...props} className="field" type="text" placeholder="/home/you/project/cassettes" spellCheck={false} value={form.cassetteDir} onChange={(event) => set('cassetteDir', event.target.value)} />}
          </Field>
          <div className="capture-modes" role="radiogroup" aria-label="Cassette mode">
            {CASSETTE_MODES.map((choice) => (
              <label key={choice.mode} className="capture-check">
                <input type="radio" name={`${id}-mode`} value={choice.mode} checked={form.cassetteMode === choice.mode} disabled={noCassettes} onChange={() => set('cassetteMode', choice.mode)} /> {choice.label}
                <span className="muted capture-mode-hint">— {choice.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="capture-check">
          <input type="checkbox" checked={form.keepEncoding} aria-describedby={`${id}-encoding-hint`} onChange={(event) => set('keepEncoding', event.target.checked)} /> Keep the client’s Accept-Encoding
        </label>
        <p id={`${id}-encoding-hint`} className="muted capture-field-hint capture-encoding-hint">
          Off: the upstream is asked for an uncompressed answer, so the stored bytes are the bytes sent, and the recording says the header was changed. On: compressed bytes pass untouched and the analysis decodes a copy.
        </p>
        <div className="capture-start-actions">
          <button type="submit" disabled={!read.input || starting}>
            {starting ? 'Starting…' : 'Start'}
          </button>
          {read.waiting.length > 0 && <span className="muted">{read.waiting.join(' ')}</span>}
        </div>
        <ErrorLine message={error} />
      </form>
    </section>
  );
}

interface FieldProps {
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly hint: string;
  readonly className?: string;
  readonly children: (props: { readonly id: string; readonly 'aria-invalid': true | undefined; readonly 'aria-describedby': string }) => ReactNode;
}

/** A labelled field with its hint, or what it takes when it does not read. */
function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={`capture-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error === undefined ? undefined : true, 'aria-describedby': `${id}-hint` })}
      <p id={`${id}-hint`} className={error === undefined ? 'muted capture-field-hint' : 'capture-field-error'}>
        {error ?? hint}
      </p>
    </div>
  );
}
