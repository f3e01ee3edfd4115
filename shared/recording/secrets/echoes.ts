// A key Streamscope sent, sent back by the server, is masked wherever it turns up in what is
// kept (docs/architecture.md, "Data model": secrets never reach the database, a log or an export). Redaction by header
// name (names.ts, redact.ts) cannot see a key echoed in a harmless-named header (`x-debug`, a JSON dump of
// the request's headers) or in the body; but the recorder knows every secret value it sent.
// Each occurrence is masked at the same length, so the body's byte offsets, its reads' lengths
// and its SSE and JSON framing stay as they were: the key's public prefix and its last four
// characters are kept, the rest becomes `*` (`sk-proj-********…a1b2`).

import type { RecordedRead, Recording } from '../types.ts';
import { isSecretHeader, secretValues } from './names.ts';
import { publicPrefixLength, REDACTED } from './remainder.ts';

/** Shorter values are not looked for: too likely to match other text (they are still redacted by name). */
export const MIN_SECRET_LENGTH = 8;

const STAR = 0x2a;
/** The secrets of a request worth looking for, as sent and URL-encoded, longest first. */
export function secretsToMask(url: string, headers: Readonly<Record<string, string>>, extra: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const value of secretValues(url, headers, extra)) {
    // A value redacted already (a stored recording's) is no secret left to find.
    if (value.length < MIN_SECRET_LENGTH || value.includes(REDACTED)) continue;
    found.add(value);
    found.add(encodeURIComponent(value));
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** The mask of a secret: as long as it, in bytes; its public prefix and last four characters kept where it is long enough to stay secret. */
export function maskOf(secret: string): Uint8Array {
  const bytes = new TextEncoder().encode(secret);
  const mask = new Uint8Array(bytes.length).fill(STAR);
  if (bytes.length !== secret.length || secret.length <= MIN_SECRET_LENGTH) return mask;
  mask.set(bytes.subarray(0, publicPrefixLength(secret)));
  mask.set(bytes.subarray(bytes.length - 4), bytes.length - 4);
  return mask;
}

/** The headers with every secret masked in their values, and the names of those that held one; secret headers (`extra` too: `--redact-header`) are left to redaction by name. */
export function maskHeaders(headers: Readonly<Record<string, string>>, secrets: readonly string[], extra: readonly string[] = []): { headers: Record<string, string>; masked: string[] } {
  // No prototype: a header named `__proto__` is kept as one, not taken for the object's prototype.
  const out = Object.create(null) as Record<string, string>;
  const masked: string[] = [];
  const decoder = new TextDecoder();
  for (const [name, value] of Object.entries(headers)) {
    // A secret header (Set-Cookie sending the session back, say) is redacted by name: no echo to report.
    if (isSecretHeader(name, extra)) {
      out[name] = value;
      continue;
    }
    let text = value;
    for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(decoder.decode(maskOf(secret)));
    if (text !== value) masked.push(name);
    out[name] = text;
  }
  return { headers: out, masked };
}

/** Masks secrets in a body as its reads come, push-based: `feed` each read, then `end`. */
export interface EchoMasker {
  /**
   * Takes a read; gives back the reads now safe to keep, masked, in order. A read whose end
   * could be the start of a secret is held until the next read tells (rarely: a read that ends
   * mid-way through a key-like prefix), so a secret cut by a read boundary is masked too.
   */
  feed(read: RecordedRead): RecordedRead[];
  /** The reads still held: what they end with was no secret after all. */
  end(): RecordedRead[];
  /** How many times a secret was masked so far. */
  readonly places: number;
}

export function createEchoMasker(secrets: readonly string[]): EchoMasker {
  const encoder = new TextEncoder();
  const patterns = secrets.map((secret) => ({ bytes: encoder.encode(secret), mask: maskOf(secret) }));
  const longest = patterns.reduce((most, { bytes }) => Math.max(most, bytes.length), 0);
  // Held reads are copies: masking one changes no buffer the caller still holds.
  let held: { t: number | null; bytes: Uint8Array }[] = [];
  let places = 0;

  return {
    feed(read) {
      if (patterns.length === 0) return [read];
      held.push({ t: read.t, bytes: read.bytes });
      // With nothing held before, the read is the window; else the held bytes a secret could start in, then the read.
      const single = held.length === 1;
      let window = single ? { bytes: read.bytes, start: 0 } : tailOf(held, longest - 1 + read.bytes.length);
      let owned = false;
      for (const { bytes, mask } of patterns) {
        for (let at = indexOf(window.bytes, bytes, 0); at >= 0; at = indexOf(window.bytes, bytes, at + bytes.length)) {
          if (!owned) {
            // The read is the caller's buffer: mask a copy of it.
            const copy = read.bytes.slice();
            held[held.length - 1]!.bytes = copy;
            if (single) window = { bytes: copy, start: 0 };
            owned = true;
          }
          writeAcross(held, window.start + at, mask);
          if (!single) window.bytes.set(mask, at);
          places++;
        }
      }
      const keep = startOfSecretAtEnd(window.bytes, patterns);
      const total = held.reduce((sum, piece) => sum + piece.bytes.length, 0);
      // Release every read that ends before the bytes that could begin a secret; a read kept back is a copy, masked in place later.
      let released = 0;
      for (let end = 0; released < held.length && end + held[released]!.bytes.length <= total - keep; released++) end += held[released]!.bytes.length;
      const out = held.slice(0, released);
      held = held.slice(released);
      if (!owned && held.at(-1)?.bytes === read.bytes) held[held.length - 1]!.bytes = read.bytes.slice();
      return out;
    },
    end() {
      const out = held;
      held = [];
      return out;
    },
    get places() {
      return places;
    },
  };
}

/** The last `size` bytes of the held reads, copied, with where they start in the held reads' concatenation. */
function tailOf(held: readonly { bytes: Uint8Array }[], size: number): { bytes: Uint8Array; start: number } {
  const total = held.reduce((sum, piece) => sum + piece.bytes.length, 0);
  const start = Math.max(0, total - size);
  const bytes = new Uint8Array(total - start);
  let at = 0;
  for (const { bytes: piece } of held) {
    const from = Math.max(0, start - at);
    if (from < piece.length) bytes.set(piece.subarray(from), at + from - start);
    at += piece.length;
  }
  return { bytes, start };
}

/** Writes `mask` at `offset` of the held reads' concatenation, across read boundaries. */
function writeAcross(held: readonly { bytes: Uint8Array }[], offset: number, mask: Uint8Array): void {
  let at = 0;
  for (const { bytes } of held) {
    const from = offset - at;
    if (from < bytes.length && from + mask.length > 0) {
      const start = Math.max(0, from);
      bytes.set(mask.subarray(start - from, Math.min(mask.length, bytes.length - from)), start);
    }
    at += bytes.length;
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let at = haystack.indexOf(first, from); at >= 0 && at + needle.length <= haystack.length; at = haystack.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}

/** How many bytes at the end of `bytes` are the first bytes of some secret (fewer than all of it): 0 when none are. */
function startOfSecretAtEnd(bytes: Uint8Array, patterns: readonly { bytes: Uint8Array }[]): number {
  let best = 0;
  for (const { bytes: secret } of patterns) {
    const from = Math.max(0, bytes.length - secret.length + 1);
    for (let at = bytes.indexOf(secret[0]!, from); at >= 0; at = bytes.indexOf(secret[0]!, at + 1)) {
      const length = bytes.length - at;
      if (length <= best) break;
      let i = 1;
      while (i < length && bytes[at + i] === secret[i]) i++;
      if (i === length) {
        best = length;
        break;
      }
    }
  }
  return best;
}

/**
 * The recording with every secret its request carries masked where the response holds it, and
 * `secretsMasked` saying where: for a recording made elsewhere and read from a file (a HAR, a
 * `.ssrec.jsonl` with its request's keys in it), which the live recorder never saw. A recording
 * whose request is redacted already comes back as it is. `extra`: more secret header names (`--redact-header`).
 */
export function maskEchoedSecrets<T extends Recording>(recording: T, extra: readonly string[] = []): T {
  const { request, response } = recording;
  if (!request) return recording;
  const secrets = secretsToMask(request.url, request.headers, extra);
  if (secrets.length === 0) return recording;
  const head = response ? maskHeaders(response.headers, secrets, extra) : null;
  const masker = createEchoMasker(secrets);
  const reads = [...recording.reads.flatMap((read) => masker.feed(read)), ...masker.end()];
  const headers = [...(recording.secretsMasked?.headers ?? []), ...(head?.masked ?? [])];
  const bodyPlaces = (recording.secretsMasked?.bodyPlaces ?? 0) + masker.places;
  if (headers.length === 0 && bodyPlaces === 0) return recording;
  return { ...recording, response: response && { ...response, headers: head!.headers }, reads, secretsMasked: { headers, bodyPlaces } };
}
