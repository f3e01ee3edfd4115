// Where a profile's key may go without asking (issue 17, "Keys"). A key saved for a profile (or
// taken from its environment variable) belongs to the origin of the profile's own base URL; a
// request pointed anywhere else sends it only when the user confirmed that very origin
// (LiveRequest.sendKeyTo). The backend enforces this rule and the editor asks with it: one rule.

/** `https://api.groq.com` for any URL on that scheme, host and port; null for what is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin the user must confirm before the profile's key goes to `baseUrl`, or null when it is
 * the profile's own. A profile without a base URL of its own (Azure: one host per resource) has no
 * home for its key, so every host is confirmed. A different scheme or port is another origin: a key
 * saved for https is not sent over plain http unasked.
 */
export function keyOriginToConfirm(profileBaseUrl: string | null, baseUrl: string): string | null {
  const target = originOf(baseUrl);
  if (target === null) return null;
  return profileBaseUrl !== null && originOf(profileBaseUrl) === target ? null : target;
}
