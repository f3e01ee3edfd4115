// The Client tab's form: the command line that runs the user's client, its working folder, the
// dialects, only some cases, each case's timeout; what the command is given and must print; what
// a run serves. What was typed is kept while the page lives, so that coming back to run again
// starts from the same command.

import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ClientCaseInfo, StoredClientRun } from '../../shared/api/client-checks.ts';
import { api } from '../api/index.ts';
import { dialectName } from '../components/dialect-names.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage } from '../components/format.ts';
import { byDialect } from './battery.ts';
import { clientFormFor, clientProtocols, readClientForm } from './client-form.ts';
import type { ClientForm as Form } from './client-form.ts';
import { ClientContract } from './ClientContract.tsx';

let kept: Form | null = null;

export function ClientForm({ onStarted }: { readonly onStarted: (run: StoredClientRun) => void }) {
  const [cases, setCases] = useState<readonly ClientCaseInfo[] | null>(null);
  const [form, setForm] = useState<Form | null>(kept);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    let current = true;
    api.listClientCases({}).then(
      (listed) => {
        if (!current) return;
        setCases(listed);
        setForm((was) => was ?? clientFormFor(listed));
      },
      (failure: unknown) => current && setError(`Could not list the client cases: ${errorMessage(failure)}`),
    );
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    kept = form;
  }, [form]);

  if (cases === null || form === null) {
    return (
      <section className="check-start" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>Check a client</h2>
        {error === null ? <p className="muted">Loading the cases…</p> : <ErrorLine message={error} />}
      </section>
    );
  }

  const read = readClientForm(form, cases);
  const change = (changes: Partial<Form>): void => setForm({ ...form, ...changes });
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (read.input === null || starting) return;
    setStarting(true);
    setError(null);
    api.startClientCheck(read.input).then(
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
      <h2 id={`${ids}-title`}>Check a client</h2>
      <p className="muted check-hint">Runs your own client once per case against a loopback mock serving that case’s stream (real servers’ quirks and faults), and says which it survives, which it detects, and which it gets wrong without a word.</p>
      <form onSubmit={submit}>
        <div className="check-fields check-client-fields">
          <div className="check-field check-command">
            <label htmlFor={`${ids}-command`}>Command line</label>
            <input id={`${ids}-command`} className="field mono" value={form.command} spellCheck={false} autoComplete="off" placeholder="node my-client.mjs" aria-describedby={`${ids}-command-hint`} onChange={(event) => change({ command: event.target.value })} />
            <span id={`${ids}-command-hint`} className="muted check-field-hint">
              Split into words as a shell would; no pipes, redirections or <code>&amp;&amp;</code> (use <code>sh -c '…'</code> for those).
            </span>
          </div>
          <label>
            Working folder
            <input className="field mono" value={form.cwd} spellCheck={false} autoComplete="off" placeholder="Your home folder" onChange={(event) => change({ cwd: event.target.value })} />
          </label>
        </div>
        <div className="check-fields check-more">
          <label>
            Timeout per case (s)
            <input className="field" type="number" min={1} max={3600} value={form.timeoutS} placeholder="30" onChange={(event) => change({ timeoutS: event.target.value })} />
          </label>
          <div className="check-field">
            <label htmlFor={`${ids}-only`}>Only these cases</label>
            <input id={`${ids}-only`} className="field mono" value={form.only} spellCheck={false} autoComplete="off" placeholder="Every case" aria-describedby={`${ids}-only-hint`} onChange={(event) => change({ only: event.target.value })} />
            <span id={`${ids}-only-hint`} className="muted check-field-hint">
              Case ids, separated by commas (<code>clean, cut-before-done</code>), of the APIs ticked.
            </span>
          </div>
        </div>
        <fieldset className="check-apis">
          <legend>APIs</legend>
          {clientProtocols(cases).map((protocol) => (
            <label key={protocol} className="check-tick">
              <input type="checkbox" checked={form.protocols.includes(protocol)} onChange={(event) => change({ protocols: event.target.checked ? [...form.protocols, protocol] : form.protocols.filter((each) => each !== protocol) })} /> {dialectName(protocol)}
            </label>
          ))}
        </fieldset>
        <div className="check-actions">
          <button type="submit" disabled={read.input === null || starting}>
            {starting ? 'Starting…' : 'Run'}
          </button>
          {read.waiting.length > 0 ? (
            <span className="muted">{read.waiting.join(' ')}</span>
          ) : (
            <span className="muted" data-testid="client-case-count">
              {read.cases} {read.cases === 1 ? 'case' : 'cases'}, one run of the command each.
            </span>
          )}
        </div>
        <ErrorLine message={error} />
      </form>
      <ClientContract />
      <ClientCases cases={cases} protocols={form.protocols} />
    </section>
  );
}

/** The cases of the ticked dialects, folded away (the ids "Only these cases" takes): what each serves and what a client must do. */
function ClientCases({ cases, protocols }: { readonly cases: readonly ClientCaseInfo[]; readonly protocols: readonly ClientCaseInfo['protocol'][] }) {
  const batteries = byDialect(cases, protocols);
  const count = batteries.reduce((sum, battery) => sum + battery.checks.length, 0);
  return (
    <details className="check-battery" data-testid="client-cases">
      <summary>
        The cases of the APIs ticked: {count}
      </summary>
      {batteries.map((battery) => (
        <section key={battery.protocol} className="check-battery-dialect" aria-label={dialectName(battery.protocol)}>
          <h3>{dialectName(battery.protocol)}</h3>
          <ul>
            {battery.checks.map((kase) => (
              <li key={kase.id}>
                <code>{kase.id}</code> <span className="muted">({kase.expect === 'survive' ? 'valid: survive it' : 'broken: detect it'})</span> {kase.serves} <span className="muted">{kase.why}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
