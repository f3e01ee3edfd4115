// "Resend" and "Edit and resend" for a stored recording that holds a request (the recording
// view's actions row). Resend sends the same request again at once (./from-request.ts works out
// the profile and leaves out what was redacted) and opens the new recording; Edit and resend opens
// the editor filled with it.

import { useState } from 'react';
import type { RecordedRequest } from '../../shared/recording/types.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage } from '../components/format.ts';
import { navigate, routeHash } from '../route.ts';
import { resendRequest } from './from-request.ts';

/** `request`: the recording's, as the view holds it; null when it has none (nothing to resend). */
export function ResendActions({ id, request }: { readonly id: number; readonly request: RecordedRequest | null }) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (request === null) return null;

  async function resend(recorded: RecordedRequest): Promise<void> {
    setSending(true);
    setError(null);
    try {
      const ready = resendRequest(recorded, await api.listProfiles({}));
      if (!ready.ok) throw new Error(`Cannot resend as recorded: ${ready.problems.map((problem) => problem.message).join('; ')}. Use Edit and resend.`);
      const started = await api.startRecording(ready.value);
      navigate({ view: 'recording', id: started.id });
    } catch (failure) {
      setError(errorMessage(failure));
      setSending(false);
    }
  }

  return (
    <>
      <button type="button" className="secondary" disabled={sending} onClick={() => void resend(request)}>
        {sending ? 'Resending…' : 'Resend'}
      </button>
      <a className="secondary" href={routeHash({ view: 'new', from: id })}>
        Edit and resend
      </a>
      <ErrorLine message={error} />
    </>
  );
}
