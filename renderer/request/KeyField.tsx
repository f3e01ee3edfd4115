// A profile's API key: typed once into a password field and handed to the backend, which keeps it
// (the OS keychain in the desktop app, its memory in serve mode) and answers with a suffix. The
// key is read from the field when saved and the field is cleared: it is never React state, never
// in the address or localStorage, and never shown again.

import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { KeyInfo, ProfileInfo } from '../../shared/api/contract.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage } from '../components/format.ts';

const KEPT: Readonly<Record<KeyInfo['source'], string>> = {
  keychain: 'kept in the OS keychain',
  memory: 'kept in the server’s memory until it stops',
  env: 'from the profile’s environment variable where Streamscope runs',
};

export function KeyField({ profile, onChanged }: { readonly profile: ProfileInfo; readonly onChanged: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { key } = profile;

  async function act(what: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await what();
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  function save(event: FormEvent): void {
    event.preventDefault();
    const input = field.current;
    if (!input || input.value.trim() === '') return;
    const typed = input.value;
    input.value = '';
    void act(() => api.setKey({ profile: profile.name, key: typed }));
  }

  return (
    <div className="request-key">
      <p className="request-key-state" data-testid="key-state">
        {key ? (
          <>
            Key <code>{key.suffix}</code> <span className="muted">— {KEPT[key.source]}</span>
          </>
        ) : (
          <span className="muted">{profile.label} needs an API key: none saved yet.</span>
        )}
        {key && key.source !== 'env' && (
          <button type="button" className="secondary" disabled={busy} onClick={() => void act(() => api.deleteKey({ profile: profile.name }))}>
            Remove key
          </button>
        )}
      </p>
      <form className="request-key-form" onSubmit={save}>
        <label>
          {key ? 'Replace the key' : 'API key'}
          <input ref={field} className="field" type="password" autoComplete="off" spellCheck={false} placeholder="Paste the key; it is shown only as its last characters" />
        </label>
        <button type="submit" disabled={busy}>
          Save key
        </button>
      </form>
      <ErrorLine message={error} />
    </div>
  );
}
