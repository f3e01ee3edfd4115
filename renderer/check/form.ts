// The Check form's fields read into what `startCheck` takes, or the reasons it cannot start yet.
// The key is never a field here: it comes from the profile (saved, or its environment variable),
// and goes to another host only once the user confirmed that host (shared/api/key-host.ts).

import type { CheckStart } from '../../shared/api/checks.ts';
import type { ProfileInfo } from '../../shared/api/contract.ts';
import { keyOriginToConfirm, originOf } from '../../shared/api/key-host.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { parseHeaders } from '../request/validate.ts';

export interface CheckForm {
  readonly profile: string;
  readonly baseUrl: string;
  /** The dialects ticked; those the profile does not serve are ignored. */
  readonly protocols: readonly Protocol[];
  readonly model: string;
  readonly concurrency: string;
  /** Each request's whole time, in seconds; empty for the backend's 60 s. */
  readonly timeoutS: string;
  /** Sent with every request, one `Name: Value` a line (`anthropic-version: 2023-06-01`). */
  readonly headers: string;
  /** The origin the user confirmed the key may go to (empty: none). */
  readonly sendKeyTo: string;
}

export const SIMULATOR = 'simulator';

export function formFor(profile: ProfileInfo): CheckForm {
  return { profile: profile.name, baseUrl: '', protocols: profile.protocols, model: '', concurrency: '1', timeoutS: '', headers: '', sendKeyTo: '' };
}

/** Another profile chosen: its dialects ticked, the fields that belonged to the last one emptied. */
export function withProfile(form: CheckForm, profile: ProfileInfo): CheckForm {
  return { ...formFor(profile), concurrency: form.concurrency, timeoutS: form.timeoutS, headers: form.headers };
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
  const timeoutS = form.timeoutS.trim();
  const timeout = Number(timeoutS);
  if (timeoutS !== '' && !(Number.isFinite(timeout) && timeout >= 1 && timeout <= 3600)) waiting.push('Timeout: from 1 to 3600 seconds, or empty for 60.');
  const headers = readHeaders(form.headers);
  if (!headers.ok) waiting.push(...headers.problems);
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
    ...(timeoutS === '' ? {} : { timeoutMs: Math.round(timeout * 1000) }),
    ...(headers.ok && Object.keys(headers.value).length > 0 ? { headers: headers.value } : {}),
    ...(target === null ? {} : { sendKeyTo: target }),
  };
  return { input, waiting: [] };
}

/**
 * The headers' lines read by the request editor's rules (renderer/request/validate.ts): a key is
 * refused there, since keys go through the profile and would be shown here.
 */
export function readHeaders(text: string): { readonly ok: true; readonly value: Record<string, string> } | { readonly ok: false; readonly problems: readonly string[] } {
  const lines = text.split('\n').map((line) => line.trim());
  const bad = lines.flatMap((line, index) => (line !== '' && !line.includes(':') ? [`Header ${index + 1}: write it as Name: Value`] : []));
  if (bad.length > 0) return { ok: false, problems: bad };
  const rows = lines.map((line, key) => {
    if (line === '') return { key, name: '', value: '' };
    const colon = line.indexOf(':');
    return { key, name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
  });
  const parsed = parseHeaders(rows);
  return parsed.ok ? parsed : { ok: false, problems: parsed.problems.map((problem) => `${problem.message}.`) };
}
