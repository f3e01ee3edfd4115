// A stored recording's request (method, URL, redacted headers, body) back as a draft: what
// "Resend" sends at once and "Edit and resend" opens in the editor. The dialect is told by the URL's
// path, else by the body; the profile is worked out from the URL; what cannot be sent again
// (redacted secrets, the recorder's and the transport's own headers) is left out, and each such
// choice is told in a note.

import { isObject } from '../../shared/is-object.ts';
import { ANTHROPIC_VERSION } from '../../shared/api/contract.ts';
import type { LiveRequest, ProfileInfo } from '../../shared/api/contract.ts';
import { protocolFromPath } from '../../shared/dialects/detect.ts';
import type { Protocol } from '../../shared/dialects/types.ts';
import { isSecretHeader } from '../../shared/recording/secrets/names.ts';
import { REDACTED } from '../../shared/recording/secrets/remainder.ts';
import type { RecordedRequest } from '../../shared/recording/types.ts';
import { emptyDraft, messageRow, NO_PARAMS, PROTOCOL_PARAMS, rowKey } from './draft.ts';
import type { HeaderRow, MessageRow, ParamName, RequestDraft, Tristate } from './draft.ts';
import { TOOL_CHOICE_MODES } from './validate.ts';
import { draftToLiveRequest } from './to-live.ts';
import type { Checked } from './validate.ts';

export interface DraftFromRequest {
  readonly draft: RequestDraft;
  /** What was left out or guessed, in sentences, for the user to check. */
  readonly notes: readonly string[];
}

type Json = Record<string, unknown>;

/** Each dialect's path, as the recorder appends it to a base URL (electron/backend/recorder/profiles.ts). */
const ENDPOINTS: Readonly<Record<Protocol, RegExp>> = {
  'chat-completions': /\/chat\/completions\/?$/,
  responses: /\/responses\/?$/,
  'anthropic-messages': /\/messages\/?$/,
};
const ENDPOINT_PATHS: Readonly<Record<Protocol, string>> = { 'chat-completions': '/chat/completions', responses: '/responses', 'anthropic-messages': '/messages' };
/** What the recorder sends with every request (electron/backend/recorder/record.ts), and with Anthropic's: not the user's own. */
const RECORDER_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json', accept: 'text/event-stream', 'anthropic-version': ANTHROPIC_VERSION };
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
  if (!endpoint) notes.push(`The recorded URL does not end in ${ENDPOINT_PATHS[protocol]}; this request goes to ${ENDPOINT_PATHS[protocol]} under it.`);
  const place = profileFor(baseUrl, model, request.headers, profiles, protocol);
  if (place.note) notes.push(place.note);

  delete fields.model;
  delete fields.stream;
  const conversation = takeConversation(fields, protocol);
  const tools = fields.tools;
  delete fields.tools;
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

/** A body sent to none of the three paths: Responses has `input`, Anthropic `max_tokens` beside `messages` or its version header. */
function protocolOfBody(fields: Json, headers: Readonly<Record<string, string>>): Protocol {
  if (fields.input !== undefined && fields.messages === undefined) return 'responses';
  const anthropic = Object.keys(headers).some((name) => name.toLowerCase() === 'anthropic-version');
  return anthropic || (fields.messages !== undefined && fields.system !== undefined) ? 'anthropic-messages' : 'chat-completions';
}

/**
 * The conversation as the editor holds it, taken out of the body: Chat Completions' and Anthropic's
 * `messages`, Responses' `input` (a string is one user message). Responses' `instructions` and
 * Anthropic's `system` are a first system message, which the backend puts back in their place.
 */
function takeConversation(fields: Json, protocol: Protocol): unknown {
  if (protocol === 'chat-completions') return take(fields, 'messages');
  const conversation = protocol === 'responses' ? take(fields, 'input') : take(fields, 'messages');
  const list = typeof conversation === 'string' && protocol === 'responses' ? [{ role: 'user', content: conversation }] : conversation;
  const system = protocol === 'responses' ? fields.instructions : fields.system;
  const holdsSystem = typeof system === 'string' || (protocol === 'anthropic-messages' && Array.isArray(system) && system.every(isObject));
  if (!holdsSystem || !(list === undefined || Array.isArray(list))) return list;
  delete fields[protocol === 'responses' ? 'instructions' : 'system'];
  return [{ role: 'system', content: system }, ...(list ?? [])];
}

function take(fields: Json, name: string): unknown {
  const value = fields[name];
  delete fields[name];
  return value;
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
  const path = ENDPOINTS[protocol];
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
export function profileFor(baseUrl: string, model: string, headers: Readonly<Record<string, string>>, profiles: readonly ProfileInfo[], protocol: Protocol = 'chat-completions'): Place {
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

/** The stream options the dialect's editor has fields for (Chat Completions both, Responses include_obfuscation); others stay in the extra JSON. */
function takeStreamOptions(fields: Json, protocol: Protocol): { includeUsage: boolean; includeObfuscation: Tristate } {
  const options = fields.stream_options;
  // Usage is asked for by default where the other dialects always send it, should the draft go back to Chat Completions.
  const none = { includeUsage: protocol !== 'chat-completions', includeObfuscation: 'default' as const };
  if (protocol === 'anthropic-messages' || !isObject(options)) return none;
  const { include_usage: usage, include_obfuscation: obfuscation, ...rest } = options;
  const takesUsage = protocol === 'chat-completions' && (usage === undefined || typeof usage === 'boolean');
  const takesObfuscation = obfuscation === undefined || typeof obfuscation === 'boolean';
  const left: Json = { ...rest, ...(takesUsage || usage === undefined ? {} : { include_usage: usage }), ...(takesObfuscation ? {} : { include_obfuscation: obfuscation }) };
  // Options the editor has no field for stay in the extra JSON, as they were.
  if (Object.keys(left).length > 0) fields.stream_options = left;
  else delete fields.stream_options;
  return {
    includeUsage: protocol === 'chat-completions' ? usage === true && takesUsage : true,
    includeObfuscation: takesObfuscation ? (obfuscation === true ? 'on' : obfuscation === false ? 'off' : 'default') : 'default',
  };
}

/** The dialect's parameters with a field of their own, as text; a value that field cannot hold stays in `fields`. */
function takeParams(fields: Json, protocol: Protocol): Record<ParamName, string> {
  const params: Record<ParamName, string> = { ...NO_PARAMS };
  for (const name of PROTOCOL_PARAMS[protocol]) {
    const value = fields[name];
    const text = name === 'tool_choice' ? toolChoiceText(value, protocol) : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
    if (text === null) continue;
    params[name] = text;
    delete fields[name];
  }
  return params;
}

/** A tool choice the field can hold: a mode, or one function by its name, each dialect's way (validate.ts writes them back). */
function toolChoiceText(value: unknown, protocol: Protocol): string | null {
  const modes = TOOL_CHOICE_MODES[protocol];
  if (protocol === 'anthropic-messages') {
    if (!isObject(value)) return null;
    const keys = Object.keys(value).length;
    if (keys === 1 && typeof value.type === 'string' && modes.includes(value.type)) return value.type;
    return keys === 2 && value.type === 'tool' && typeof value.name === 'string' ? value.name : null;
  }
  if (typeof value === 'string' && modes.includes(value)) return value;
  if (!isObject(value) || value.type !== 'function') return null;
  if (protocol === 'responses') return Object.keys(value).length === 2 && typeof value.name === 'string' ? value.name : null;
  return isObject(value.function) && typeof value.function.name === 'string' && Object.keys(value).length === 2 && Object.keys(value.function).length === 1 ? value.function.name : null;
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
