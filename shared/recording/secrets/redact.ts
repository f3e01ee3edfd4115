// Secrets never reach the database or an export (docs/architecture.md, "Data model"). Redaction
// composes the two ways of finding one: by name (names.ts: secret headers, query parameters and a
// URL's password, each value replaced by its remainder, remainder.ts) and by value (echoes.ts: a
// request's secret sent back in the response, masked at its length), with random-looking values
// under unknown names for a cassette (high-entropy.ts). Redaction is idempotent.

import { maskEchoedSecrets } from './echoes.ts';
import { isHarmlessHeader, RANDOM_RUN, looksRandom } from './high-entropy.ts';
import { decodeSafely, hasSecretWord, isSecretHeader } from './names.ts';
import { redactSecret, redactToken } from './remainder.ts';
import type { Recording } from '../types.ts';

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

/** A copy of the headers with each random-looking run (high-entropy.ts) redacted in those neither secret by name (redacted by redactHeaders) nor harmless. */
export function redactRandomValues(headers: Readonly<Record<string, string>>, extra: readonly string[] = []): Record<string, string> {
  // No prototype: a header named `__proto__` is kept as one, not taken for the object's prototype.
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) {
    out[name] = typeof value !== 'string' || isSecretHeader(name, extra) || isHarmlessHeader(name) ? value : value.replace(RANDOM_RUN, (run) => (looksRandom(run) ? redactSecret(run) : run));
  }
  return out;
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
 * redacted, and every echo of a request's secret in the response masked (echoes.ts). Stored recordings are redacted already; a file read from disk may not be, and
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
