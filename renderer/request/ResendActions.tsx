// "Resend" and "Edit and resend" for a stored recording that holds a request (the recording
// view's actions row). Resend sends the same request again at once (./from-request.ts works out
// the profile and leaves out what was redacted) and opens the new recording; Edit and resend opens
// the editor filled with it.

import { useEffect, useState } from 'react';
import type { RecordedRequest } from '../../shared/recording/types.ts';
import { api } from '../api/index.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { errorMessage } from '../components/format.ts';
import { navigate, routeHash } from '../route.ts';
import { resendRequest } from './from-request.ts';

export function ResendActions({ id }: { readonly id: number }) {
  const [request, setRequest] = useState<RecordedRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // One read is enough: the request is in the recording's head.
    api.openRecording({ id, readLimit: 1 }).then(
      (stored) => current && setRequest(stored?.recording.request ?? null),
      () => {
        // No request known: no resend offered; the view reports its own loading failures.
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

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
