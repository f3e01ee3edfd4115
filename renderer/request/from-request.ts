// A stored recording's request (method, URL, redacted headers, body) back as a draft: what
// "Resend" sends at once and "Edit and resend" opens in the editor. The profile is worked out from
// the URL; what cannot be sent again (redacted secrets, the recorder's and the transport's own
// headers) is left out, and each such choice is told in a note.

import type { LiveRequest, ProfileInfo } from '../../shared/api/contract.ts';
import { isSecretHeader, REDACTED } from '../../shared/recording/redact.ts';
import type { RecordedRequest } from '../../shared/recording/types.ts';
import { emptyDraft, messageRow, NO_PARAMS, PARAMS, rowKey } from './draft.ts';
import type { HeaderRow, MessageRow, ParamName, RequestDraft, Tristate } from './draft.ts';
import { draftToLiveRequest } from './to-live.ts';
import type { Checked } from './validate.ts';

export interface DraftFromRequest {
  readonly draft: RequestDraft;
  /** What was left out or guessed, in sentences, for the user to check. */
  readonly notes: readonly string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const ENDPOINT = /\/chat\/completions\/?$/;
/** What the recorder sends with every request (electron/backend/recorder/record.ts): not the user's own. */
const RECORDER_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json', accept: 'text/event-stream' };
/** Headers a client or HTTP itself sets for each request; a HAR or curl trace holds them all. */
const TRANSPORT_HEADERS = new Set(['content-length', 'host', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer', 'accept-encoding', 'user-agent']);

export function draftFromRequest(request: RecordedRequest, profiles: readonly ProfileInfo[]): DraftFromRequest {
  const notes: string[] = [];
  const body = bodyObject(request.body);
  if (body === null) notes.push('The recorded body is not a JSON object: only the URL and headers were taken.');
  const fields: Json = { ...body };
  const model = typeof fields.model === 'string' ? fields.model : '';
  const { baseUrl, dropped, endpoint } = baseUrlOf(request.url);
  if (dropped.length > 0) notes.push(`Left out of the URL (redacted when recorded): ${dropped.join(', ')}.`);
  if (!endpoint) notes.push(`The recorded URL does not end in /chat/completions; this request goes to /chat/completions under it.`);
  const place = profileFor(baseUrl, model, request.headers, profiles);
  if (place.note) notes.push(place.note);

  const messages = fields.messages;
  delete fields.model;
  delete fields.messages;
  delete fields.stream;
  const tools = fields.tools;
  delete fields.tools;
  const options = takeStreamOptions(fields);
  const params = takeParams(fields);

  return {
    draft: {
      ...emptyDraft(place.profile),
      baseUrl: place.baseUrl,
      model,
      ...messageFields(messages),
      tools: tools === undefined ? '' : JSON.stringify(tools, null, 2),
      params,
      extra: Object.keys(fields).length > 0 ? JSON.stringify(fields, null, 2) : '',
      includeUsage: options.includeUsage,
      includeObfuscation: options.includeObfuscation,
      headers: headerRows(request.headers, notes),
    },
    notes,
  };
}

function bodyObject(body: unknown): Json | null {
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  return isObject(body) ? body : null;
}

/** The base URL (the recorded URL without `/chat/completions`), without the query parameters redaction spoilt. */
function baseUrlOf(recorded: string): { baseUrl: string; dropped: string[]; endpoint: boolean } {
  let url: URL;
  try {
    url = new URL(recorded);
  } catch {
    return { baseUrl: '', dropped: [], endpoint: true };
  }
  const endpoint = ENDPOINT.test(url.pathname);
  const dropped: string[] = [];
  for (const [name, value] of [...url.searchParams]) {
    if (!value.includes(REDACTED)) continue;
    url.searchParams.delete(name);
    dropped.push(name);
  }
  url.pathname = url.pathname.replace(ENDPOINT, '');
  url.hash = '';
  return { baseUrl: url.toString().replace(/\/(?=\?|$)/, ''), dropped, endpoint };
}

const SIMULATOR = 'simulator';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface Place {
  readonly profile: string;
  /** The override; empty when the profile's own base URL is the recorded one. */
  readonly baseUrl: string;
  readonly note?: string;
}

/**
 * Which profile a recorded request goes through again: the simulator for its models (it listens
 * on a new port each run, so its old URL is not kept); the profile whose base URL it was; else
 * the closest, with the URL as an override: one on the same host, Azure's for its hosts or its
 * `api-key` header, else one that sends no key, so that no key goes to a host it was not saved for.
 */
export function profileFor(baseUrl: string, model: string, headers: Readonly<Record<string, string>>, profiles: readonly ProfileInfo[]): Place {
  const named = (name: string): ProfileInfo | undefined => profiles.find((profile) => profile.name === name);
  const host = parseUrl(baseUrl);
  if (named(SIMULATOR) && model.startsWith('sim-')) return { profile: SIMULATOR, baseUrl: '' };
  if (host === null) return { profile: named(SIMULATOR)?.name ?? profiles[0]?.name ?? '', baseUrl: '', note: 'The recorded URL is not a URL: choose where to send it.' };
  const exact = profiles.find((profile) => profile.baseUrl !== null && sameUrl(profile.baseUrl, baseUrl));
  if (exact) return { profile: exact.name, baseUrl: '' };
  const sameHost = profiles.find((profile) => profile.baseUrl !== null && parseUrl(profile.baseUrl)?.host === host.host);
  if (sameHost) return { profile: sameHost.name, baseUrl };
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const azure = named('azure');
  if (azure && (host.hostname.endsWith('.openai.azure.com') || 'api-key' in lower)) return { profile: azure.name, baseUrl };
  const keyless = profiles.filter((profile) => !profile.needsKey && profile.name !== SIMULATOR);
  const local = LOOPBACK.has(host.hostname) ? keyless.find((profile) => profile.baseUrl !== null && parseUrl(profile.baseUrl)?.port === host.port) : undefined;
  const chosen = local ?? keyless[0] ?? profiles[0];
  if (!chosen) return { profile: '', baseUrl };
  const hadKey = 'authorization' in lower;
  return {
    profile: chosen.name,
    baseUrl,
    note: `No profile is for ${host.host}: it goes through ${chosen.label} with the recorded URL${hadKey ? ', without the key it was recorded with (choose the profile whose key it takes)' : ''}.`,
  };
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

function messageFields(messages: unknown): Pick<RequestDraft, 'messages' | 'messagesText'> {
  if (Array.isArray(messages) && messages.length > 0 && messages.every(isObject)) {
    const rows: MessageRow[] = messages.map((message) => messageRow(message));
    return { messages: rows, messagesText: null };
  }
  // Not a list the chat editor can hold: the raw JSON tab shows it as it was, with its problem.
  return { messages: [], messagesText: messages === undefined ? '[]' : JSON.stringify(messages, null, 2) };
}

function takeStreamOptions(fields: Json): { includeUsage: boolean; includeObfuscation: Tristate } {
  const options = fields.stream_options;
  if (!isObject(options)) return { includeUsage: false, includeObfuscation: 'default' };
  const { include_usage: usage, include_obfuscation: obfuscation, ...rest } = options;
  if (Object.keys(rest).length > 0 || (usage !== undefined && typeof usage !== 'boolean') || (obfuscation !== undefined && typeof obfuscation !== 'boolean')) {
    // Options the editor has no field for stay in the extra JSON, as they were.
    fields.stream_options = { ...rest, ...(typeof usage !== 'boolean' && usage !== undefined ? { include_usage: usage } : {}), ...(typeof obfuscation !== 'boolean' && obfuscation !== undefined ? { include_obfuscation: obfuscation } : {}) };
  } else {
    delete fields.stream_options;
  }
  return { includeUsage: usage === true, includeObfuscation: obfuscation === true ? 'on' : obfuscation === false ? 'off' : 'default' };
}

/** The parameters with a field of their own, as text; a value that field cannot hold stays in `fields`. */
function takeParams(fields: Json): Record<ParamName, string> {
  const params: Record<ParamName, string> = { ...NO_PARAMS };
  for (const name of PARAMS) {
    const value = fields[name];
    const text = name === 'tool_choice' ? toolChoiceText(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
    if (text === null) continue;
    params[name] = text;
    delete fields[name];
  }
  return params;
}

function toolChoiceText(value: unknown): string | null {
  if (value === 'auto' || value === 'none' || value === 'required') return value;
  if (isObject(value) && value.type === 'function' && isObject(value.function) && typeof value.function.name === 'string' && Object.keys(value).length === 2 && Object.keys(value.function).length === 1) {
    return value.function.name;
  }
  return null;
}

function headerRows(headers: Readonly<Record<string, string>>, notes: string[]): HeaderRow[] {
  const rows: HeaderRow[] = [];
  const secret: string[] = [];
  const transport: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (RECORDER_HEADERS[lower] === value) continue;
    if (isSecretHeader(name) || value.includes(REDACTED)) secret.push(name);
    else if (TRANSPORT_HEADERS.has(lower) || name.startsWith(':')) transport.push(name);
    else rows.push({ key: rowKey(), name, value });
  }
  if (secret.length > 0) notes.push(`Not resent (redacted when recorded): ${secret.join(', ')}. The profile's saved key is sent instead.`);
  if (transport.length > 0) notes.push(`Left to the HTTP client: ${transport.join(', ')}.`);
  return rows;
}

/** What Resend sends for a stored request: the draft made from it, checked as Send checks one. */
export function resendRequest(request: RecordedRequest, profiles: readonly ProfileInfo[]): Checked<LiveRequest> {
  const { draft } = draftFromRequest(request, profiles);
  return draftToLiveRequest(draft, profiles.find((profile) => profile.name === draft.profile));
}
