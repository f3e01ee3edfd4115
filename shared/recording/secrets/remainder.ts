// What is left of a secret once hidden: a short, recognisable remainder, so two keys can still be
// told apart. The auth scheme and a key's public prefix are kept, with the last four characters:
// `Bearer sk-proj-…a1b2`, `…a1b2`. Values of 8 characters or fewer go whole. A hidden value holds
// REDACTED, which no real header or URL value contains, so hiding one twice changes nothing.

import { AUTH_SCHEMES } from './names.ts';

/** What stands for the removed part of a secret. Never valid in a header value (not Latin-1), so it marks a value as redacted. */
export const REDACTED = '…';

// A key's public prefix, the same for every key of its kind: `sk-`, `sk-proj-`, `sk-ant-`, `sk-or-`, `gsk_`, `xai-`, `rk_live_` …
// Lower-case letters only, and a second part only from a known list, so no random part of a key is taken for a prefix.
const KEY_PREFIX = /^[a-z]{2,4}[-_](?:(?:proj|ant|svcacct|admin|or|live|test)[-_])?/;

/** Redacts one secret value: scheme and key prefix kept, last 4 characters kept when the value is longer than 8. */
export function redactSecret(value: string): string {
  if (value.includes(REDACTED)) return value;
  const scheme = AUTH_SCHEMES.exec(value);
  if (scheme) return scheme[0] + redactToken(value.slice(scheme[0].length));
  return redactToken(value);
}

/** Redacts a value that has no scheme (a cookie's, a password, a query parameter's): its key prefix and last 4 characters kept. */
export function redactToken(token: string): string {
  if (token.includes(REDACTED)) return token;
  if (token.length <= 8) return REDACTED;
  return token.slice(0, publicPrefixLength(token)) + REDACTED + token.slice(-4);
}

/** How much of a key's start is its public prefix, kept when redacted or masked (echoes.ts): 0 unless what it leaves is long enough to stay secret with its last 4 shown. */
export function publicPrefixLength(token: string): number {
  const prefix = KEY_PREFIX.exec(token)?.[0].length ?? 0;
  return token.length - prefix >= 16 ? prefix : 0;
}
