// The new-request editor (#/new) and "edit and resend" (#/new/from/ID): where the request goes,
// the messages, tools, parameters and headers; Send starts a live recording and opens it. The
// draft is checked on every edit (./to-live.ts) and every problem is shown by its field; Send
// stays off while there is one.

import { useState } from 'react';
import type { ScenarioInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage } from '../components/format.ts';
import { navigate } from '../route.ts';
import { withProfile } from './draft.ts';
import type { RequestDraft } from './draft.ts';
import { HeadersEditor } from './HeadersEditor.tsx';
import { MessagesEditor } from './MessagesEditor.tsx';
import { ParamsFields, ToolsField } from './OptionsFields.tsx';
import { ProfileFields } from './ProfileFields.tsx';
import { ScenarioButtons } from './ScenarioButtons.tsx';
import { draftToLiveRequest } from './to-live.ts';
import { useRequestSetup } from './useRequestSetup.ts';
import type { RequestSetup } from './useRequestSetup.ts';
import './request.css';
import { dialectName } from '../components/dialect-names.ts';

export function NewRequest({ from }: { readonly from?: number }) {
  const setup = useRequestSetup(from);
  const title = from === undefined ? 'New request' : `Edit and resend #${from}`;
  return (
    <main className="request-view" data-testid="new-request">
      <header className="request-title">
        <h1>{title}</h1>
        {from !== undefined && (
          <a className="secondary" href={`#/recording/${from}`}>
            Back to #{from}
          </a>
        )}
      </header>
      {setup.initial === null ? (
        setup.error !== null ? <ErrorLine message={setup.error} /> : <p className="muted">Loading…</p>
      ) : (
        <Editor setup={setup} initial={setup.initial.draft} notes={setup.initial.notes} />
      )}
    </main>
  );
}

function Editor({ setup, initial, notes }: { readonly setup: RequestSetup; readonly initial: RequestDraft; readonly notes: readonly string[] }) {
  const [draft, setDraft] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = (update: Partial<RequestDraft>): void => setDraft((was) => ({ ...was, ...update }));
  const replace = (update: (was: RequestDraft) => RequestDraft): void => setDraft(update);
  const profile = setup.profiles.find((each) => each.name === draft.profile);
  const checked = setup.profiles.length === 0 ? null : draftToLiveRequest(draft, profile);
  const problems = checked && !checked.ok ? checked.problems : [];

  async function send(toSend: RequestDraft): Promise<void> {
    const ready = draftToLiveRequest(toSend, setup.profiles.find((each) => each.name === toSend.profile));
    if (!ready.ok) return;
    setSending(true);
    setError(null);
    try {
      const started = await api.startRecording(ready.value);
      navigate({ view: 'recording', id: started.id });
    } catch (failure) {
      setError(errorMessage(failure));
      setSending(false);
    }
  }

  function pick(scenario: ScenarioInfo): void {
    // The simulator serves every dialect: the draft's stays.
    const next = { ...withProfile(draft, 'simulator', setup.profiles.find((each) => each.name === 'simulator')), model: scenario.model };
    setDraft(next);
    void send(next);
  }

  return (
    <>
      {notes.length > 0 && (
        <section aria-labelledby="request-notes" className="request-notes">
          <h2 id="request-notes">From the recorded request</h2>
          <ul>
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      )}
      <ScenarioButtons scenarios={setup.scenarios[draft.protocol]} api={dialectName(draft.protocol)} disabled={sending} onPick={pick} />
      <ProfileFields draft={draft} profiles={setup.profiles} scenarios={setup.scenarios[draft.protocol]} problems={problems} onChange={change} onReplace={replace} onKeyChanged={setup.reloadProfiles} />
      <MessagesEditor draft={draft} problems={problems} onChange={change} />
      <ToolsField draft={draft} problems={problems} onChange={change} />
      <ParamsFields draft={draft} problems={problems} onChange={change} />
      <HeadersEditor headers={draft.headers} problems={problems} onChange={change} />
      <div className="request-send" data-testid="request-send">
        <p className="request-send-state" aria-live="polite">
          {checked === null
            ? 'Loading the profiles…'
            : problems.length > 0
              ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before sending (shown by each field).`
              : `Ready: ${profile?.label ?? draft.profile}, ${dialectName(draft.protocol)}, ${draft.model.trim() || profile?.defaultModel || ''}.`}
        </p>
        <button type="button" disabled={checked === null || !checked.ok || sending} onClick={() => void send(draft)}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <ErrorLine message={error ?? setup.error} />
    </>
  );
}
