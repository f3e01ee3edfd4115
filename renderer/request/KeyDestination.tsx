// The confirmation asked before a profile's key goes to a host that is not the profile's own
// (issue 17, "Keys"): a base URL typed, pasted or taken from a recording never sends the key
// elsewhere by default. The box names the host; ticking it holds only for that host.

import type { ProfileInfo } from '../../shared/api/contract.ts';
import { originOf } from '../../shared/api/key-host.ts';
import type { RequestDraft } from './draft.ts';

interface Props {
  readonly profile: ProfileInfo;
  /** The origin the draft points the key at (./to-live.ts, keyGoesElsewhere). */
  readonly target: string;
  readonly draft: RequestDraft;
  readonly onChange: (change: Partial<RequestDraft>) => void;
}

export function KeyDestination({ profile, target, draft, onChange }: Props) {
  const home = profile.baseUrl === null ? null : originOf(profile.baseUrl);
  return (
    <div className="request-key-destination" data-testid="key-destination">
      <p>
        This base URL is not {profile.label}’s: {home === null ? `${profile.label} has no host of its own, so its key goes to a host only once you confirm it.` : <>its key belongs to <code>{home}</code>.</>}
      </p>
      <label className="request-check">
        <input type="checkbox" checked={draft.sendKeyTo === target} onChange={(event) => onChange({ sendKeyTo: event.target.checked ? target : '' })} />
        <span>
          Send the {profile.label} key{profile.key ? <> (<code>{profile.key.suffix}</code>)</> : null} to <code>{target}</code>
        </span>
      </label>
    </div>
  );
}
