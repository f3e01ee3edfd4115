// A draft as the API's LiveRequest (shared/api/contract.ts), or every problem that stops it from
// being sent: the editor shows them all at once, each by its field.

import type { LiveRequest, ProfileInfo } from '../../shared/api/contract.ts';
import { keyOriginToConfirm } from '../../shared/api/key-host.ts';
import { rowMessage } from './draft.ts';
import type { RequestDraft } from './draft.ts';
import { requestDialect } from './dialects/registry.ts';
import { checkMessages, parseExtra, parseHeaders, parseMessages, parseParams, parseTools } from './validate.ts';
import type { Checked, Problem } from './validate.ts';
import { dialectName } from '../components/dialect-names.ts';

/** `profile` is the draft's profile as listProfiles gave it (undefined while the list loads, or for an unknown name). */
export function draftToLiveRequest(draft: RequestDraft, profile: ProfileInfo | undefined): Checked<LiveRequest> {
  const problems: Problem[] = [...profileProblems(draft, profile)];
  const collect = <T>(checked: Checked<T>): T | undefined => {
    if (checked.ok) return checked.value;
    problems.push(...checked.problems);
    return undefined;
  };

  const { protocol } = draft;
  const messages = collect(draft.messagesText !== null ? parseMessages(draft.messagesText, protocol) : checkMessages(draft.messages.map(rowMessage), protocol));
  const tools = collect(parseTools(draft.tools, protocol));
  const params = collect(parseParams(draft.params, protocol));
  const extra = params && collect(parseExtra(draft.extra, params, protocol));
  const headers = collect(parseHeaders(draft.headers));
  if (problems.length > 0) return { ok: false, problems };

  const body = { ...extra, ...params };
  const options = requestDialect(protocol).streamOptions;
  const request: LiveRequest = {
    profile: draft.profile,
    // The profile's default dialect goes without saying, as its base URL and model do.
    ...(protocol !== profile!.protocols[0] ? { protocol } : {}),
    ...(draft.baseUrl.trim() !== '' ? { baseUrl: draft.baseUrl.trim() } : {}),
    ...(draft.model.trim() !== '' ? { model: draft.model.trim() } : {}),
    messages: messages!,
    ...(tools !== undefined ? { tools } : {}),
    ...(Object.keys(body).length > 0 ? { params: body } : {}),
    ...(options?.includeUsage ? { includeUsage: draft.includeUsage } : {}),
    ...(options?.includeObfuscation && draft.includeObfuscation !== 'default' ? { includeObfuscation: draft.includeObfuscation === 'on' } : {}),
    ...(Object.keys(headers!).length > 0 ? { headers: headers! } : {}),
    ...(keyGoesElsewhere(draft, profile!) !== null ? { sendKeyTo: draft.sendKeyTo } : {}),
  };
  return { ok: true, value: request };
}

function profileProblems(draft: RequestDraft, profile: ProfileInfo | undefined): Problem[] {
  if (profile === undefined) return [{ field: 'profile', message: `Profile: choose one (${draft.profile === '' ? 'none chosen' : `no profile named “${draft.profile}”`})` }];
  const problems: Problem[] = [];
  if (!profile.protocols.includes(draft.protocol)) {
    const served = profile.protocols.map((protocol) => dialectName(protocol)).join(' and ');
    problems.push({ field: 'protocol', message: `API: ${profile.label} serves ${served}, not ${dialectName(draft.protocol)}` });
  }
  const baseUrl = draft.baseUrl.trim();
  if (baseUrl !== '') {
    if (!isHttpUrl(baseUrl)) problems.push({ field: 'baseUrl', message: 'Base URL: expected an http:// or https:// URL, up to the version path (…/v1)' });
  } else if (profile.baseUrl === null && profile.name !== 'simulator') {
    problems.push({ field: 'baseUrl', message: `Base URL: ${profile.label} has none of its own: give one` });
  }
  if (draft.model.trim() === '' && profile.defaultModel === null) problems.push({ field: 'model', message: `Model: ${profile.label} has no default model: give one` });
  if (profile.needsKey && profile.key === null) problems.push({ field: 'key', message: `Key: ${profile.label} needs an API key: save one` });
  const elsewhere = keyGoesElsewhere(draft, profile);
  if (elsewhere !== null && draft.sendKeyTo !== elsewhere) problems.push({ field: 'key', message: `Key: confirm that the ${profile.label} key may go to ${elsewhere}, or use the profile’s own base URL` });
  return problems;
}

/** The origin the draft would send the profile's saved key to when it is not the profile's own (the user must confirm it); else null. */
export function keyGoesElsewhere(draft: RequestDraft, profile: ProfileInfo): string | null {
  const baseUrl = draft.baseUrl.trim();
  return profile.key === null || baseUrl === '' ? null : keyOriginToConfirm(profile.baseUrl, baseUrl);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
