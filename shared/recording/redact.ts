// Secrets never reach the database or an export (docs/architecture.md, "Data model").
// Secret header values and URL query parameters are replaced by a short,
// recognisable remainder: the auth scheme and a key's public prefix are kept,
// with the last four characters, so two keys can still be told apart:
// `Bearer sk-proj-…a1b2`, `…a1b2`. Values of 8 characters or fewer are
// masked whole. Redaction is idempotent: a redacted value (it holds "…",
// which no real header or URL value contains) is left as it is.

import { maskEchoedSecrets } from './echoed-secrets.ts';
import { redactRandomValues } from './high-entropy.ts';
import type { Recording } from './types.ts';

/** What stands for the removed part of a secret. Never valid in a header value (not Latin-1), so it marks a value as redacted. */
export const REDACTED = '…';

/**
 * Secret headers by name, whatever their words say: cookies (no secret word in them) and the
 * known names of providers, gateways and clouds (most of which the words' rule finds too; listed
 * so that docs/capture.md, "What counts as a secret", and the code say the same).
 */
export const KNOWN_SECRET_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'api-key',
  'x-api-key',
  'x-goog-api-key',
  'ocp-apim-subscription-key',
  'x-rapidapi-key',
  'x-functions-key',
  'x-access-key',
  'x-portkey-api-key',
  'x-portkey-virtual-key',
  'x-vercel-protection-bypass',
];
const KNOWN = new Set(KNOWN_SECRET_HEADERS);

/** Named like secrets by the words' rule, but nonces a client makes up: kept readable. */
const NOT_SECRET_HEADERS = new Set(['idempotency-key', 'sec-websocket-key']);

// A word of a name is one that names a credential, alone or after a word that says whose
// (`apikey`, `accesstoken`, `clientsecret`). Whole words only: `x-ratelimit-remaining-tokens` (a
// count), `x-tokenizer`, `keep-alive` and `content-encoding` have none.
const SECRET_WORD = /^(?:api|access|secret|private|client|session|refresh|id|auth|subscription)?(?:key|token|secret|signature|sig|password|passwd|pwd|auth|authorization|credentials?|code)$/;

/** `code` after one of these is a status or a place (`x-ms-error-code`, `country_code`), not a credential. */
const NOT_A_SECRET_CODE = new Set(['error', 'status', 'reason', 'response', 'exit', 'country', 'language', 'lang', 'currency', 'region', 'postal', 'zip']);

/** The words of a header or query parameter name: split at `-`, `_`, `.` and a lower-to-upper change (`apiKey`). */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_.\s]+/)
    .filter((word) => word !== '');
}

/** Whether a header or query parameter name has a word that names a credential (key, token, secret, signature, password, auth, credential, code). */
export function hasSecretWord(name: string): boolean {
  const words = wordsOf(name);
  return words.some((word, i) => SECRET_WORD.test(word) && !(word === 'code' && i > 0 && NOT_A_SECRET_CODE.has(words[i - 1]!)));
}

const AUTH_SCHEMES = /^(bearer|basic|token|digest|apikey|api-key|key|bot|ntlm|negotiate|hoba|mutual|aws4-hmac-sha256|dpop|gateway)\s+/i;

// A key's public prefix, the same for every key of its kind: `sk-`, `sk-proj-`, `sk-ant-`, `sk-or-`, `gsk_`, `xai-`, `rk_live_` …
// Lower-case letters only, and a second part only from a known list, so no random part of a key is taken for a prefix.
const KEY_PREFIX = /^[a-z]{2,4}[-_](?:(?:proj|ant|svcacct|admin|or|live|test)[-_])?/;

/**
 * Whether a header carries a secret, by its name: a known one, one of `extra` (`--redact-header`,
 * any case), or one with a secret word (hasSecretWord).
 */
export function isSecretHeader(name: string, extra: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  if (KNOWN.has(lower) || extra.some((each) => each.toLowerCase() === lower)) return true;
  return !NOT_SECRET_HEADERS.has(lower) && hasSecretWord(name);
}

/** Redacts one secret value: scheme and key prefix kept, last 4 characters kept when the value is longer than 8. */
export function redactSecret(value: string): string {
  if (value.includes(REDACTED)) return value;
  const scheme = AUTH_SCHEMES.exec(value);
  if (scheme) return scheme[0] + redactToken(value.slice(scheme[0].length));
  return redactToken(value);
}

function redactToken(token: string): string {
  if (token.includes(REDACTED)) return token;
  if (token.length <= 8) return REDACTED;
  return token.slice(0, publicPrefixLength(token)) + REDACTED + token.slice(-4);
}

/** How much of a key's start is its public prefix, kept when redacted or masked (echoed-secrets.ts): 0 unless what it leaves is long enough to stay secret with its last 4 shown. */
export function publicPrefixLength(token: string): number {
  const prefix = KEY_PREFIX.exec(token)?.[0].length ?? 0;
  return token.length - prefix >= 16 ? prefix : 0;
}

/** Cookie values are redacted one by one, their names kept; Set-Cookie's attributes (Path, Expires …) are kept too. */
export function redactCookie(value: string, set = false): string {
  let first = true;
  return value.replace(/(^|;\s*)([^=;]*)=([^;]*)/g, (whole, separator: string, name: string, cookie: string) => {
    if (set && !first) return whole;
    first = false;
    return `${separator}${name}=${redactToken(cookie)}`;
  });
}

/** A copy of the headers with every secret value redacted. Names and order are kept. */
export function redactHeaders(headers: Readonly<Record<string, string>>, extra: readonly string[] = []): Record<string, string> {
  // No prototype: a header named `__proto__` is kept as one, not taken for the object's prototype.
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || !isSecretHeader(name, extra)) {
      out[name] = value;
      continue;
    }
    const lower = name.toLowerCase();
    out[name] = lower === 'cookie' ? redactCookie(value) : lower === 'set-cookie' ? redactCookie(value, true) : redactSecret(value);
  }
  return out;
}

/**
 * The URL with secret query parameters (a name with a secret word: `key`, `api_key`, `code`,
 * `subscription-key`, `access_token`, `sig` …) and a
 * password in the user info redacted. The rest of the text is kept exactly (no normalisation).
 */
export function redactUrl(url: string): string {
  let rest = url;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  let query = '';
  const question = rest.indexOf('?');
  if (question >= 0) {
    query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  rest = rest.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/@?#]*)@/, (whole, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    if (colon < 0) return whole;
    return `${scheme}${userinfo.slice(0, colon + 1)}${redactToken(decodeSafely(userinfo.slice(colon + 1)))}@`;
  });
  if (question < 0) return rest + fragment;
  const params = query.split('&').map((param) => {
    const equals = param.indexOf('=');
    if (equals < 0) return param;
    const name = decodeSafely(param.slice(0, equals).replace(/\+/g, ' '));
    if (!hasSecretWord(name)) return param;
    const value = decodeSafely(param.slice(equals + 1).replace(/\+/g, ' '));
    return `${param.slice(0, equals + 1)}${redactToken(value)}`;
  });
  return `${rest}?${params.join('&')}${fragment}`;
}

/**
 * The secret values a request carries, as sent: each secret header's value without its auth
 * scheme (each cookie's value, for cookies), the URL's password and its secret query values
 * (decoded). What `redactHeaders` and `redactUrl` hide by name; echoed-secrets.ts looks for
 * these values wherever else they turn up.
 */
export function secretValues(url: string, headers: Readonly<Record<string, string>>, extra: readonly string[] = []): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || !isSecretHeader(name, extra)) continue;
    const lower = name.toLowerCase();
    if (lower === 'cookie' || lower === 'set-cookie') {
      for (const match of value.matchAll(/(?:^|;)\s*[^=;]*=([^;]*)/g)) values.push(match[1]!.trim());
      continue;
    }
    const scheme = AUTH_SCHEMES.exec(value);
    values.push(scheme ? value.slice(scheme[0].length) : value);
  }
  const withoutFragment = url.split('#')[0]!;
  const userinfo = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/@?#]*)@/.exec(withoutFragment)?.[1];
  if (userinfo !== undefined && userinfo.includes(':')) values.push(decodeSafely(userinfo.slice(userinfo.indexOf(':') + 1)));
  const question = withoutFragment.indexOf('?');
  if (question >= 0) {
    for (const param of withoutFragment.slice(question + 1).split('&')) {
      const equals = param.indexOf('=');
      if (equals < 0 || !hasSecretWord(decodeSafely(param.slice(0, equals).replace(/\+/g, ' ')))) continue;
      values.push(decodeSafely(param.slice(equals + 1).replace(/\+/g, ' ')));
    }
  }
  return values;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** How far redactRecording goes beyond the rules by name. */
export interface RedactOptions {
  /** More header names to treat as secrets (`--redact-header`), any case: redacted, and their values masked where the response echoes them. */
  readonly secretHeaders?: readonly string[];
  /** Also redact random-looking runs in headers neither secret by name nor harmless (high-entropy.ts): what a cassette does. */
  readonly randomValues?: boolean;
}

/**
 * The recording with every secret in its request URL and headers and its response headers
 * redacted, and every echo of a request's secret in the response masked (echoed-secrets.ts). Stored recordings are redacted already; a file read from disk may not be, and
 * nothing leaves Streamscope (an export, the replay server) without passing through here.
 */
export function redactRecording<T extends Recording>(input: T, options: RedactOptions = {}): T {
  const extra = options.secretHeaders ?? [];
  // By value first, while the request still holds the secrets: an echo of one in the response.
  const recording = maskEchoedSecrets(input, extra);
  const { request, response } = recording;
  const headersOf = (headers: Readonly<Record<string, string>>): Record<string, string> => {
    const named = redactHeaders(headers, extra);
    return options.randomValues ? redactRandomValues(named, extra) : named;
  };
  return {
    ...recording,
    request: request && { ...request, url: redactUrl(request.url), headers: headersOf(request.headers) },
    response: response && { ...response, headers: headersOf(response.headers) },
  };
}
