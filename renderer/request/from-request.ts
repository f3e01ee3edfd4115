// A stored recording's request (method, URL, redacted headers, body) back as a draft: what
// "Resend" sends at once and "Edit and resend" opens in the editor. The dialect is told by the URL's
// path, else by the body; the profile is worked out from the URL; what cannot be sent again
// (redacted secrets, the recorder's and the transport's own headers) is left out, and each such
// choice is told in a note.

import { isObject } from '../../shared/is-object.ts';
import type { LiveRequest, ProfileInfo } from '../../shared/api/contract.ts';
import { protocolFromPath } from '../../shared/dialects/detect.ts';
import { PROTOCOLS } from '../../shared/dialects/registry.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { isSecretHeader } from '../../shared/recording/secrets/names.ts';
import { REDACTED } from '../../shared/recording/secrets/remainder.ts';
import type { RecordedRequest } from '../../shared/recording/types.ts';
import { take } from './dialects/kit/conversation.ts';
import { endpointPath, endpointPattern } from './dialects/kit/endpoint.ts';
import { paramNames } from './dialects/kit/params.ts';
import { DEFAULT_PROTOCOL, REQUEST_DIALECTS, requestDialect } from './dialects/registry.ts';
import { emptyDraft, messageRow, NO_PARAMS, rowKey } from './draft.ts';
import type { HeaderRow, MessageRow, ParamName, RequestDraft, Tristate } from './draft.ts';
import { draftToLiveRequest } from './to-live.ts';
import type { Checked } from './validate.ts';

export interface DraftFromRequest {
  readonly draft: RequestDraft;
  /** What was left out or guessed, in sentences, for the user to check. */
  readonly notes: readonly string[];
}

type Json = Record<string, unknown>;

/** What the recorder sends with every request (electron/backend/recorder/record.ts), and with each dialect's: not the user's own. */
const RECORDER_HEADERS: Readonly<Record<string, string>> = Object.assign({ 'content-type': 'application/json', accept: 'text/event-stream' }, ...Object.values(REQUEST_DIALECTS).map((dialect) => dialect.recorderHeaders));
/** Headers a client or HTTP itself sets for each request; a HAR or curl trace holds them all. */
const TRANSPORT_HEADERS = new Set(['content-length', 'host', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer', 'accept-encoding', 'user-agent']);

export function draftFromRequest(request: RecordedRequest, profiles: readonly ProfileInfo[]): DraftFromRequest {
  const notes: string[] = [];
  const body = bodyObject(request.body);
  if (body === null) notes.push('The recorded body is not a JSON object: only the URL and headers were taken.');
  const fields: Json = { ...body };
  const protocol = protocolFromPath(request.url) ?? protocolOfBody(fields, request.headers);
  const model = typeof fields.model === 'string' ? fields.model : '';
  const { baseUrl, dropped, endpoint } = baseUrlOf(request.url, protocol);
  if (dropped.length > 0) notes.push(`Left out of the URL (redacted when recorded): ${dropped.join(', ')}.`);
  if (!endpoint) notes.push(`The recorded URL does not end in ${endpointPath(protocol)}; this request goes to ${endpointPath(protocol)} under it.`);
  const place = profileFor(baseUrl, model, request.headers, profiles, protocol);
  if (place.note) notes.push(place.note);

  delete fields.model;
  delete fields.stream;
  const conversation = requestDialect(protocol).readConversation(fields);
  const tools = take(fields, 'tools');
  const options = takeStreamOptions(fields, protocol);
  const params = takeParams(fields, protocol);

  return {
    draft: {
      ...emptyDraft(place.profile, protocol),
      baseUrl: place.baseUrl,
      model,
      ...messageFields(conversation),
      tools: tools === undefined ? '' : JSON.stringify(tools, null, 2),
      params,
      extra: Object.keys(fields).length > 0 ? JSON.stringify(fields, null, 2) : '',
      ...options,
      headers: headerRows(request.headers, notes),
    },
    notes,
  };
}

/** A body sent to none of the dialects' paths: the first dialect, in registry order, that claims it (its claimsBody), else the default. */
function protocolOfBody(fields: Json, headers: Readonly<Record<string, string>>): Protocol {
  return PROTOCOLS.find((protocol) => requestDialect(protocol).claimsBody(fields, headers)) ?? DEFAULT_PROTOCOL;
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

/** The base URL (the recorded URL without the dialect's path), without the query parameters redaction spoilt. */
function baseUrlOf(recorded: string, protocol: Protocol): { baseUrl: string; dropped: string[]; endpoint: boolean } {
  let url: URL;
  try {
    url = new URL(recorded);
  } catch {
    return { baseUrl: '', dropped: [], endpoint: true };
  }
  const path = endpointPattern(protocol);
  const endpoint = path.test(url.pathname);
  const dropped: string[] = [];
  for (const [name, value] of [...url.searchParams]) {
    if (!value.includes(REDACTED)) continue;
    url.searchParams.delete(name);
    dropped.push(name);
  }
  url.pathname = url.pathname.replace(path, '');
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
 * Which profile a recorded request goes through again, among those that serve its dialect: the
 * simulator for its models (it listens on a new port each run, so its old URL is not kept); the
 * profile whose base URL it was; else the closest, with the URL as an override: one on the same
 * host, Azure's for its hosts or its `api-key` header, else one that sends no key, so that no key
 * goes to a host it was not saved for (and where every one sends a key, the editor asks first).
 */
export function profileFor(baseUrl: string, model: string, headers: Readonly<Record<string, string>>, profiles: readonly ProfileInfo[], protocol: Protocol): Place {
  const serving = profiles.filter((profile) => profile.protocols.includes(protocol));
  const named = (name: string): ProfileInfo | undefined => serving.find((profile) => profile.name === name);
  const host = parseUrl(baseUrl);
  if (named(SIMULATOR) && model.startsWith('sim-')) return { profile: SIMULATOR, baseUrl: '' };
  if (host === null) return { profile: named(SIMULATOR)?.name ?? serving[0]?.name ?? profiles[0]?.name ?? '', baseUrl: '', note: 'The recorded URL is not a URL: choose where to send it.' };
  const exact = serving.find((profile) => profile.baseUrl !== null && sameUrl(profile.baseUrl, baseUrl));
  if (exact) return { profile: exact.name, baseUrl: '' };
  const sameHost = serving.find((profile) => profile.baseUrl !== null && parseUrl(profile.baseUrl)?.host === host.host);
  if (sameHost) return { profile: sameHost.name, baseUrl };
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const azure = named('azure');
  if (azure && (host.hostname.endsWith('.openai.azure.com') || 'api-key' in lower)) return { profile: azure.name, baseUrl };
  const keyless = serving.filter((profile) => !profile.needsKey && profile.name !== SIMULATOR);
  const local = LOOPBACK.has(host.hostname) ? keyless.find((profile) => profile.baseUrl !== null && parseUrl(profile.baseUrl)?.port === host.port) : undefined;
  const chosen = local ?? keyless[0] ?? serving.find((profile) => profile.name !== SIMULATOR) ?? profiles[0];
  if (!chosen) return { profile: '', baseUrl };
  if (chosen.needsKey) return { profile: chosen.name, baseUrl, note: `No profile is for ${host.host}: it goes through ${chosen.label} with the recorded URL; its key goes there only once you confirm the host.` };
  const hadKey = ['authorization', 'x-api-key', 'api-key'].some((name) => name in lower);
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
  // Every entry an object (a Responses item without a role too): rows; the editor shows each.
  if (Array.isArray(messages) && messages.length > 0 && messages.every(isObject)) {
    const rows: MessageRow[] = messages.map((message) => messageRow(message));
    return { messages: rows, messagesText: null };
  }
  // Not a list the chat editor can hold: the raw JSON tab shows it as it was, with its problem.
  return { messages: [], messagesText: messages === undefined ? '[]' : JSON.stringify(messages, null, 2) };
}

/** The stream options the dialect's editor has fields for (its streamOptions); others stay in the extra JSON. */
function takeStreamOptions(fields: Json, protocol: Protocol): { includeUsage: boolean; includeObfuscation: Tristate } {
  const has = requestDialect(protocol).streamOptions;
  const options = fields.stream_options;
  // Usage is asked for by default where a dialect always sends it, should the draft go to one that asks.
  const none = { includeUsage: has?.includeUsage !== true, includeObfuscation: 'default' as const };
  if (has === null || !isObject(options)) return none;
  const { include_usage: usage, include_obfuscation: obfuscation, ...rest } = options;
  const takesUsage = has.includeUsage && (usage === undefined || typeof usage === 'boolean');
  const takesObfuscation = has.includeObfuscation && (obfuscation === undefined || typeof obfuscation === 'boolean');
  const left: Json = { ...rest, ...(takesUsage || usage === undefined ? {} : { include_usage: usage }), ...(takesObfuscation || obfuscation === undefined ? {} : { include_obfuscation: obfuscation }) };
  // Options the editor has no field for stay in the extra JSON, as they were.
  if (Object.keys(left).length > 0) fields.stream_options = left;
  else delete fields.stream_options;
  return {
    includeUsage: has.includeUsage ? usage === true && takesUsage : true,
    includeObfuscation: takesObfuscation ? (obfuscation === true ? 'on' : obfuscation === false ? 'off' : 'default') : 'default',
  };
}

/** The dialect's parameters with a field of their own, as text; a value that field cannot hold stays in `fields`. */
function takeParams(fields: Json, protocol: Protocol): Record<ParamName, string> {
  const dialect = requestDialect(protocol);
  const params: Record<ParamName, string> = { ...NO_PARAMS };
  for (const name of paramNames(dialect)) {
    const value = fields[name];
    // A tool choice the field can hold: a mode, or one function by its name (validate.ts writes it back).
    const text = name === 'tool_choice' ? dialect.toolChoice.read(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
    if (text === null) continue;
    params[name] = text;
    delete fields[name];
  }
  return params;
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
