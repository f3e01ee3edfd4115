// The response headers a replay sends: the recorded ones, less those that no
// longer hold for the bytes the replay sends, and never a secret.

import { HEADER_NAME, HEADER_VALUE } from '../recording/header-field.ts';
import { isSecretHeader } from '../recording/secrets/names.ts';
import { REDACTED } from '../recording/secrets/remainder.ts';

/**
 * Headers that describe the recorded transfer, not the replayed one. The stored body is the
 * decoded one (the recorder undoes content-encoding), so `content-encoding` would make the
 * client decode plain bytes; a fault may change the length, and the replay server frames the
 * body itself (chunked), so `content-length` and `transfer-encoding` are its own to set;
 * `connection`, `keep-alive`, `proxy-connection`, `upgrade`, `te` and `trailer` are hop-by-hop
 * (RFC 9110 §7.6.1) and belonged to the recorded connection.
 */
const NO_LONGER_HOLD = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

export interface ReplayHeaders {
  /** Name and value pairs, in recorded order, names as recorded. */
  readonly headers: readonly (readonly [string, string])[];
  /** Names of the recorded headers left out, each with why. */
  readonly dropped: readonly string[];
}

export function replayHeaders(recorded: Readonly<Record<string, string>>): ReplayHeaders {
  const headers: [string, string][] = [];
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(recorded)) {
    const lower = name.toLowerCase();
    if (NO_LONGER_HOLD.has(lower)) dropped.push(`${lower} (no longer holds)`);
    // A redacted value is not a valid header value, and the secret is not the replay's to send.
    else if (isSecretHeader(lower) || (typeof value === 'string' && value.includes(REDACTED))) dropped.push(`${lower} (secret)`);
    else if (!HEADER_NAME.test(name) || typeof value !== 'string' || !HEADER_VALUE.test(value)) dropped.push(`${lower} (not a valid header)`);
    else headers.push([name, value]);
  }
  return { headers, dropped };
}
