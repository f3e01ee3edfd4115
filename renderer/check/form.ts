// The Check form's fields read into what `startCheck` takes, or the reasons it cannot start yet.
// The key is never a field here: it comes from the profile (saved, or its environment variable),
// and goes to another host only once the user confirmed that host (shared/api/key-host.ts).

import type { CheckStart } from '../../shared/api/checks.ts';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import { keyOriginToConfirm, originOf } from '../../shared/api/key-host.ts';
import type { Protocol } from '../../shared/dialects/types.ts';

export interface CheckForm {
  readonly profile: string;
  readonly baseUrl: string;
  /** The dialects ticked; those the profile does not serve are ignored. */
  readonly protocols: readonly Protocol[];
  readonly model: string;
  readonly concurrency: string;
  /** The origin the user confirmed the key may go to (empty: none). */
  readonly sendKeyTo: string;
}

export const SIMULATOR = 'simulator';

export function formFor(profile: ProfileInfo): CheckForm {
  return { profile: profile.name, baseUrl: '', protocols: profile.protocols, model: '', concurrency: '1', sendKeyTo: '' };
}

/** Another profile chosen: its dialects ticked, the fields that belonged to the last one emptied. */
export function withProfile(form: CheckForm, profile: ProfileInfo): CheckForm {
  return { ...formFor(profile), concurrency: form.concurrency };
}

/** The origin the key would go to without being the profile's own, when one must be confirmed. */
export function keyTarget(form: CheckForm, profile: ProfileInfo): string | null {
  if (!profile.needsKey || form.baseUrl.trim() === '') return null;
  return keyOriginToConfirm(profile.baseUrl, form.baseUrl.trim());
}

export type ReadForm = { readonly input: CheckStart; readonly waiting: readonly [] } | { readonly input: null; readonly waiting: readonly string[] };

export function readForm(form: CheckForm, profile: ProfileInfo | undefined): ReadForm {
  if (profile === undefined) return { input: null, waiting: ['Choose a profile.'] };
  const waiting: string[] = [];
  const baseUrl = form.baseUrl.trim();
  if (baseUrl !== '' && originOf(baseUrl) === null) waiting.push('The base URL must be an http or https URL.');
  if (baseUrl === '' && profile.baseUrl === null && profile.name !== SIMULATOR) waiting.push(`${profile.label} has no base URL of its own: give one.`);
  const protocols = profile.protocols.filter((protocol) => form.protocols.includes(protocol));
  if (protocols.length === 0) waiting.push('Tick at least one API.');
  const concurrency = Number(form.concurrency.trim());
  if (!/^\d+$/.test(form.concurrency.trim()) || concurrency < 1 || concurrency > 16) waiting.push('Requests at once: a whole number from 1 to 16.');
  const model = form.model.trim();
  if (model === '' && profile.defaultModel === null && profile.name !== SIMULATOR) waiting.push('Give a model: the profile has no default.');
  const target = keyTarget(form, profile);
  if (target !== null && form.sendKeyTo !== target) waiting.push(`Confirm that the ${profile.label} key may go to ${target}, or leave the base URL empty.`);
  if (waiting.length > 0) return { input: null, waiting };

  const input: CheckStart = {
    profile: profile.name,
    ...(baseUrl === '' ? {} : { baseUrl }),
    // All the profile serves is the default: say so by not listing them.
    ...(protocols.length === profile.protocols.length ? {} : { protocols }),
    ...(model === '' ? {} : { model }),
    ...(concurrency === 1 ? {} : { concurrency }),
    ...(target === null ? {} : { sendKeyTo: target }),
  };
  return { input, waiting: [] };
}
