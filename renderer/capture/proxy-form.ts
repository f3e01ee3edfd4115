// The "Start a capture proxy" form as it holds it (text as typed, boxes ticked) and as the
// backend takes it (ProxyStart, shared/api/contract.ts). A field that does not read is a message
// beside it, never an exception: the form says what it takes, and Start waits until it reads.

import type { ProfileInfo, ProxyStart } from '../../shared/api/contract.ts';
import { readPort } from '../mock/start.ts';

export type CassetteMode = 'record' | 'replay' | 'auto';

export const CASSETTE_MODES: readonly { readonly mode: CassetteMode; readonly label: string; readonly hint: string }[] = [
  { mode: 'record', label: 'Record', hint: 'forward every request, and write each exchange to the folder' },
  { mode: 'replay', label: 'Replay', hint: 'answer only from the folder: no network, a request with no cassette gets a 404' },
  { mode: 'auto', label: 'Auto', hint: 'answer from the folder what it holds, forward and record the rest' },
];

export interface ProxyForm {
  /** The built-in profiles ticked, by name (`simulator`, `openai` …). */
  readonly profiles: readonly string[];
  /** Upstream base URLs, one a line. */
  readonly upstreams: string;
  readonly port: string;
  /** The cassette folder's full path; empty for none. */
  readonly cassetteDir: string;
  readonly cassetteMode: CassetteMode;
  readonly keepEncoding: boolean;
  /** Origins whose web pages may use the proxy, separated by spaces, commas or lines. */
  readonly allowOrigins: string;
}

export const EMPTY_PROXY_FORM: ProxyForm = { profiles: [], upstreams: '', port: '', cassetteDir: '', cassetteMode: 'record', keepEncoding: false, allowOrigins: '' };

export type ProxyField = 'upstreams' | 'port' | 'cassetteDir' | 'allowOrigins';

export interface ReadProxyForm {
  /** What Start sends, when every field reads and there is somewhere to forward to. */
  readonly input: ProxyStart | null;
  /** What each field that does not read takes, in words. */
  readonly errors: Partial<Record<ProxyField, string>>;
  /** Why Start waits, in words (empty when it may go). */
  readonly waiting: readonly string[];
}

/** As many as the backend takes (shared/api/schema.ts). */
export const MAX_UPSTREAMS = 20;
export const MAX_PROFILES = 20;
export const MAX_ORIGINS = 50;
const MAX_DIR_CHARS = 4096;

/** Whether a profile can be forwarded to by its name: the simulator (the backend starts it), or one with a fixed URL (Azure has none). */
export function forwardable(profile: Pick<ProfileInfo, 'name' | 'baseUrl'>): boolean {
  return profile.name === 'simulator' || profile.baseUrl !== null;
}

export function readProxyForm(form: ProxyForm): ReadProxyForm {
  const errors: Partial<Record<ProxyField, string>> = {};

  const lines = form.upstreams.split(/\r?\n/).map((line) => line.trim());
  const upstreams: { url: string }[] = [];
  lines.forEach((line, index) => {
    if (line === '' || errors.upstreams) return;
    const problem = upstreamProblem(line);
    const where = lines.filter((each) => each !== '').length > 1 ? `Line ${index + 1}: ` : '';
    if (problem) errors.upstreams = `${where}${problem}`;
    else upstreams.push({ url: line });
  });
  if (!errors.upstreams && upstreams.length > MAX_UPSTREAMS) errors.upstreams = `At most ${MAX_UPSTREAMS} upstreams.`;

  const port = readPort(form.port);
  if (typeof port === 'string') errors.port = port;

  const dir = form.cassetteDir.trim();
  if (dir !== '' && !isAbsolutePath(dir)) errors.cassetteDir = `Give the folder’s full path (the backend opens it, not the page), not “${dir}”.`;
  else if (dir.length > MAX_DIR_CHARS) errors.cassetteDir = `At most ${MAX_DIR_CHARS} characters.`;

  const origins: string[] = [];
  for (const text of form.allowOrigins.split(/[\s,]+/).filter((each) => each !== '')) {
    const origin = readOrigin(text);
    if (origin === null) {
      errors.allowOrigins = `Takes origins such as http://localhost:3000 (scheme, host and port, no path), not “${text}”.`;
      break;
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (!errors.allowOrigins && origins.length > MAX_ORIGINS) errors.allowOrigins = `At most ${MAX_ORIGINS} origins.`;

  const profiles = [...new Set(form.profiles)];
  const waiting: string[] = [];
  if (profiles.length === 0 && upstreams.length === 0 && !errors.upstreams) waiting.push('Choose a built-in profile or give an upstream URL.');
  if (profiles.length > MAX_PROFILES) waiting.push(`Choose at most ${MAX_PROFILES} profiles.`);
  if (Object.keys(errors).length > 0) waiting.push('A field does not read: see the message beside it.');
  if (waiting.length > 0 || typeof port === 'string') return { input: null, errors, waiting };

  const input: ProxyStart = {
    ...(profiles.length > 0 ? { profiles } : {}),
    ...(upstreams.length > 0 ? { upstreams } : {}),
    ...(port === 0 ? {} : { port }),
    ...(form.keepEncoding ? { keepEncoding: true } : {}),
    ...(origins.length > 0 ? { allowOrigins: origins } : {}),
    ...(dir !== '' ? { cassettes: { dir, mode: form.cassetteMode } } : {}),
  };
  return { input, errors, waiting };
}

/** What is wrong with an upstream URL as typed, or null. */
function upstreamProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `Takes an http or https URL such as https://api.openai.com/v1, not “${text}”.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Takes an http or https URL, not “${text}”.`;
  if (url.username !== '' || url.password !== '') return 'Leave the credentials out of the URL: your app sends its own key, and the proxy passes it on.';
  if (url.hash !== '') return `A URL with a #fragment cannot be forwarded to: “${text}”.`;
  return null;
}

/** An origin as typed (`http://localhost:3000`, a trailing slash allowed), or null when it is not one. */
export function readOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const bare = text.replace(/\/$/, '');
  return url.origin.toLowerCase() === bare.toLowerCase() ? url.origin : null;
}

/** A full path on POSIX (`/…`, `~` is not expanded) or Windows (`C:\…`, `\\server\share`). */
export function isAbsolutePath(text: string): boolean {
  return text.startsWith('/') || /^[A-Za-z]:[\\/]/.test(text) || text.startsWith('\\\\');
}
