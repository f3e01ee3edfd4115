// What a secret is, by its name (docs/capture.md, "What counts as a secret"): a header on the
// known list, one named with a secret word, or one the user names (`--redact-header`); a query
// parameter with a secret word; a URL's password. And which part of such a value is the secret:
// what follows an auth scheme, each cookie's value. Redaction (redact.ts) hides these values where
// they are; masking by value (echoes.ts) looks for them wherever else they turn up.

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

/** An auth scheme and the space after it: what comes before the secret in an Authorization-like value, and is no secret. */
export const AUTH_SCHEMES = /^(bearer|basic|token|digest|apikey|api-key|key|bot|ntlm|negotiate|hoba|mutual|aws4-hmac-sha256|dpop|gateway)\s+/i;

/**
 * Whether a header carries a secret, by its name: a known one, one of `extra` (`--redact-header`,
 * any case), or one with a secret word (hasSecretWord).
 */
export function isSecretHeader(name: string, extra: readonly string[] = []): boolean {
  const lower = name.toLowerCase();
  if (KNOWN.has(lower) || extra.some((each) => each.toLowerCase() === lower)) return true;
  return !NOT_SECRET_HEADERS.has(lower) && hasSecretWord(name);
}

/**
 * The secret values a request carries, as sent: each secret header's value without its auth
 * scheme (each cookie's value, for cookies), the URL's password and its secret query values
 * (decoded). What `redactHeaders` and `redactUrl` (redact.ts) hide by name; echoes.ts looks for
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

/** `decodeURIComponent`, or the text as it is when it is no valid percent-encoding. */
export function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
