// The response headers a replay sends: the recorded ones, less those that no
// longer hold for the bytes the replay sends, and never a secret.

import { isSecretHeader } from '../recording/redact.ts';

/**
 * Headers that describe the recorded transfer, not the replayed one. The stored body is the
 * decoded one (the recorder undoes content-encoding), so `content-encoding` would make the
 * client decode plain bytes; a fault may change the length, and the replay server frames the
 * body itself (chunked), so `content-length` and `transfer-encoding` are its own to set;
 * `connection`, `keep-alive`, `proxy-connection`, `upgrade`, `te` and `trailer` are hop-by-hop
 * (RFC 9110 §7.6.1) and belonged to the recorded connection.
 */
const NO_LONGER_HOLD = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

/** RFC 9110 §5.1: a field name is a token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 9110 §5.5 as Node's HTTP server enforces it: no control character but tab, nothing past Latin-1. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

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
    else if (isSecretHeader(lower)) dropped.push(`${lower} (secret)`);
    else if (!TOKEN.test(name) || typeof value !== 'string' || !FIELD_VALUE.test(value)) dropped.push(`${lower} (not a valid header)`);
    else headers.push([name, value]);
  }
  return { headers, dropped };
}
