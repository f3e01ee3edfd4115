// Providers and their keys. A key comes from the vault (set through the API) or else from the
// profile's environment variable; the API only ever shows its last four characters, and only for
// a key long enough that four characters give nothing away (the rule of shared/recording/secrets/remainder.ts).

import type { KeyInfo, ProfileInfo, StreamscopeApi } from '../../../shared/api/contract.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { REDACTED } from '../../../shared/recording/secrets/remainder.ts';
import { findProfile, PROFILES } from '../recorder/profiles.ts';
import type { Profile } from '../recorder/profiles.ts';
import type { KeyVault } from './keys.ts';

type ProfileCalls = Pick<StreamscopeApi, 'listProfiles' | 'setKey' | 'deleteKey'>;

export interface Profiles extends ProfileCalls {
  /** The profile of that name, or a not-found error. */
  profile(name: string): Profile;
  /** The key to send for a profile: the vault's, else the environment's; null when there is none. */
  keyFor(profile: Profile): string | null;
}

export function createProfiles(keys: KeyVault, env: Readonly<Record<string, string | undefined>>): Profiles {
  function profile(name: string): Profile {
    const found = findProfile(name);
    if (!found) throw new ApiError('not-found', `no profile named ${JSON.stringify(name)} (one of ${PROFILES.map((p) => p.name).join(', ')})`);
    return found;
  }

  function keyInfo(of: Profile): KeyInfo | null {
    const stored = keys.get(of.name);
    if (stored !== null) return { profile: of.name, source: keys.kind, suffix: keySuffix(stored) };
    const fromEnv = of.keyEnv === null ? undefined : env[of.keyEnv];
    return fromEnv ? { profile: of.name, source: 'env', suffix: keySuffix(fromEnv) } : null;
  }

  return {
    profile,
    keyFor: (of) => keys.get(of.name) ?? (of.keyEnv === null ? null : env[of.keyEnv] || null),
    listProfiles: async () =>
      PROFILES.map(
        (of): ProfileInfo => ({
          name: of.name,
          label: of.label,
          baseUrl: of.baseUrl,
          defaultModel: of.defaultModel,
          needsKey: of.keyEnv !== null,
          protocols: of.protocols,
          key: keyInfo(of),
          note: of.note ?? null,
        }),
      ),
    setKey: async (input) => {
      const of = profile(input.profile);
      // A key pasted with a stray space or newline around it would fail as a wrong key.
      const key = input.key.trim();
      if (key === '') throw new ApiError('invalid-argument', 'setKey: key: the key is blank');
      keys.set(of.name, key);
      return keyInfo(of)!;
    },
    deleteKey: async (input) => keys.delete(profile(input.profile).name),
  };
}

/** `…a1b2`: the last four characters of a key longer than 8, nothing of a shorter one. */
export function keySuffix(key: string): string {
  return key.length > 8 ? REDACTED + key.slice(-4) : REDACTED;
}
