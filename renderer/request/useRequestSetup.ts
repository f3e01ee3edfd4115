// What the editor needs from the backend before it can be used: the profiles (with their keys'
// suffixes and their dialects), the simulator's scenarios in each dialect, and for "edit and resend" the draft made from the stored
// recording's request.

import { useCallback, useEffect, useState } from 'react';
import type { ProfileInfo, ScenarioInfo } from '../../shared/api/contract.ts';
import { PROTOCOLS } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { api } from '../api/index.ts';
import { errorMessage } from '../components/format.ts';
import { loadHead } from '../view/model/load-recording.ts';
import { byProtocol } from './dialects/kit/by-protocol.ts';
import { emptyDraft } from './draft.ts';
import type { RequestDraft } from './draft.ts';
import { draftFromRequest } from './from-request.ts';

export interface RequestSetup {
  readonly profiles: readonly ProfileInfo[];
  /** The simulator's scenarios in each dialect; empty while loading. */
  readonly scenarios: Readonly<Record<Protocol, readonly ScenarioInfo[]>>;
  /** The first draft: empty, or the stored recording's request; null while loading. */
  readonly initial: { readonly draft: RequestDraft; readonly notes: readonly string[] } | null;
  readonly error: string | null;
  /** Fetches the profiles again (after a key was saved or removed). */
  readonly reloadProfiles: () => void;
}

const NO_SCENARIOS: RequestSetup['scenarios'] = byProtocol(() => []);

export function useRequestSetup(from: number | undefined): RequestSetup {
  const [profiles, setProfiles] = useState<readonly ProfileInfo[]>([]);
  const [scenarios, setScenarios] = useState<RequestSetup['scenarios']>(NO_SCENARIOS);
  const [initial, setInitial] = useState<RequestSetup['initial']>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const failed = (failure: unknown): void => {
      if (current) setError(errorMessage(failure));
    };
    Promise.all(PROTOCOLS.map((protocol) => api.listScenarios({ protocol }))).then((lists) => {
      if (current) setScenarios(byProtocol((_, index) => lists[index]!));
    }, failed);
    void (async () => {
      const list = await api.listProfiles({});
      if (!current) return;
      setProfiles(list);
      if (from === undefined) return setInitial({ draft: emptyDraft(), notes: [] });
      const stored = await loadHead(api.openRecording, from);
      if (!current) return;
      if (stored === null) throw new Error(`There is no recording #${from}.`);
      const request = stored.request;
      if (request === null) throw new Error(`Recording #${from} holds no request to resend (a response body imported on its own).`);
      setInitial(draftFromRequest(request, list));
    })().catch(failed);
    return () => {
      current = false;
    };
  }, [from]);

  const reloadProfiles = useCallback(() => {
    api.listProfiles({}).then(setProfiles, (failure: unknown) => setError(errorMessage(failure)));
  }, []);

  return { profiles, scenarios, initial, error, reloadProfiles };
}
