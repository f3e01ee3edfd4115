// Where the request goes: the provider profile, the API (dialect) among those it serves, a base
// URL of the user's own instead of the profile's, the model, and the profile's key (with the
// confirmation a key needs to go elsewhere).

import type { ProfileInfo, ScenarioInfo } from '../../shared/api/contract.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { endpointPath } from './dialects/kit/endpoint.ts';
import { requestDialect } from './dialects/registry.ts';
import { withProfile, withProtocol } from './draft.ts';
import type { RequestDraft } from './draft.ts';
import { KeyDestination } from './KeyDestination.tsx';
import { KeyField } from './KeyField.tsx';
import { keyGoesElsewhere } from './to-live.ts';
import { Problems } from './Problems.tsx';
import type { Problem } from './validate.ts';
import { dialectName } from '../components/dialect-names.ts';

// The backend's own example (electron/backend/api/live.ts): the deployment's URL with its api-version.
const AZURE_EXAMPLE = 'https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT?api-version=2024-10-21';

interface Props {
  readonly draft: RequestDraft;
  readonly profiles: readonly ProfileInfo[];
  readonly scenarios: readonly ScenarioInfo[];
  readonly problems: readonly Problem[];
  readonly onChange: (change: Partial<RequestDraft>) => void;
  /** Replaces the whole draft (a change of profile or API reshapes its parameters). */
  readonly onReplace: (update: (draft: RequestDraft) => RequestDraft) => void;
  readonly onKeyChanged: () => void;
}

export function ProfileFields({ draft, profiles, scenarios, problems, onChange, onReplace, onKeyChanged }: Props) {
  const profile = profiles.find((each) => each.name === draft.profile);
  const apis = profile?.protocols.includes(draft.protocol) === false ? [...profile.protocols, draft.protocol] : (profile?.protocols ?? [draft.protocol]);
  const simulator = draft.profile === 'simulator';
  const target = profile === undefined ? null : keyGoesElsewhere(draft, profile);
  return (
    <section aria-labelledby="request-endpoint">
      <h2 id="request-endpoint">Endpoint</h2>
      <div className="request-grid">
        <label>
          Profile
          <select
            value={draft.profile}
            onChange={(event) => {
              const name = event.target.value;
              onReplace((was) => withProfile(was, name, profiles.find((each) => each.name === name)));
            }}
          >
            {profile === undefined && <option value={draft.profile}>{draft.profile || 'Choose a profile'}</option>}
            {profiles.map((each) => (
              <option key={each.name} value={each.name}>
                {each.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          API
          <select value={draft.protocol} disabled={apis.length < 2} onChange={(event) => onReplace((was) => withProtocol(was, event.target.value as Protocol))}>
            {apis.map((protocol) => (
              <option key={protocol} value={protocol}>
                {dialectName(protocol)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Model
          <input
            className="field"
            value={draft.model}
            list={simulator ? 'request-scenario-models' : undefined}
            placeholder={profile?.defaultModel ? `${profile.defaultModel} (the profile’s default)` : 'Required'}
            spellCheck={false}
            onChange={(event) => onChange({ model: event.target.value })}
          />
        </label>
      </div>
      {simulator && (
        <datalist id="request-scenario-models">
          {scenarios.map((scenario) => (
            <option key={scenario.model} value={scenario.model}>
              {scenario.description}
            </option>
          ))}
        </datalist>
      )}
      <label>
        Base URL
        <input
          className="field"
          type="url"
          value={draft.baseUrl}
          placeholder={simulator ? 'The built-in simulator (started when needed)' : (profile?.baseUrl ?? (draft.profile === 'azure' ? AZURE_EXAMPLE : 'Required: up to the version path, e.g. https://example.com/v1'))}
          spellCheck={false}
          onChange={(event) => onChange({ baseUrl: event.target.value })}
        />
      </label>
      <p className="muted request-hint">
        {simulator
          ? 'The simulator runs inside Streamscope and needs no key; its models are sim-<scenario>.'
          : `${endpointPath(draft.protocol)} is added to the base URL${profile && profile.baseUrl === null ? `; ${profile.label} has none of its own` : ''}.`}
        {requestDialect(draft.protocol).systemNote}
      </p>
      {profile?.needsKey && <KeyField profile={profile} onChanged={onKeyChanged} />}
      {target !== null && <KeyDestination profile={profile!} target={target} draft={draft} onChange={onChange} />}
      <Problems problems={problems} fields={['profile', 'protocol', 'baseUrl', 'model', 'key']} />
    </section>
  );
}
