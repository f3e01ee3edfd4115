// Base64 (RFC 4648 §4) without Node's Buffer, fast enough for a 100,000-read recording in one
// piece: serve mode's JSON carries bytes as base64, and a 26 MB body through `btoa` over a binary
// string took seconds (Node's btoa walks the string in JavaScript, a character at a time). Here
// a table maps each 6 bits into one array of character codes, made a string at once. Where the engine has
// Uint8Array.prototype.toBase64 / Uint8Array.fromBase64 (TC39 proposal, shipping in browsers),
// those are used.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** 6-bit value of each character code below 128; 64 for `=`, 255 for anything else. */
const VALUES = new Uint8Array(128).fill(255);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;
VALUES['='.charCodeAt(0)] = 64;

const EQUALS = 61;
const ascii = new TextDecoder();

interface NativeBase64 {
  toBase64?: (this: Uint8Array) => string;
}
interface NativeBase64Constructor {
  fromBase64?: (text: string) => Uint8Array;
}

const nativeEncode = (Uint8Array.prototype as NativeBase64).toBase64;
const nativeDecode = (Uint8Array as NativeBase64Constructor).fromBase64;

export function encodeBase64(bytes: Uint8Array): string {
  if (nativeEncode) return nativeEncode.call(bytes);
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    out[o++] = CODES[(n >> 6) & 63]!;
    out[o++] = CODES[n & 63]!;
  }
  if (i < bytes.length) {
    const two = i + 1 < bytes.length;
    const n = (bytes[i]! << 16) | (two ? bytes[i + 1]! << 8 : 0);
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    out[o++] = two ? CODES[(n >> 6) & 63]! : EQUALS;
    out[o] = EQUALS;
  }
  // The characters are ASCII: the decoder's ASCII fast path makes them a string in one go.
  return ascii.decode(out);
}

/**
 * Decodes canonical base64 (the alphabet, `=` padding to a multiple of four characters); null
 * for anything else. Callers that accept more (whitespace, missing padding) try atob after.
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  if (nativeDecode) {
    try {
      return nativeDecode(text);
    } catch {
      return null;
    }
  }
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const a = VALUES[text.charCodeAt(i)] ?? 255;
    const b = VALUES[text.charCodeAt(i + 1)] ?? 255;
    const c = VALUES[text.charCodeAt(i + 2)] ?? 255;
    const d = VALUES[text.charCodeAt(i + 3)] ?? 255;
    const last = i + 4 === text.length;
    // `=` only as the last one or two characters of the text.
    if (a > 63 || b > 63 || c === 255 || d === 255 || (!last && (c > 63 || d > 63)) || (c === 64 && d !== 64)) return null;
    const n = (a << 18) | (b << 12) | ((c & 63) << 6) | (d & 63);
    bytes[o++] = n >> 16;
    if (c !== 64) bytes[o++] = (n >> 8) & 255;
    if (d !== 64) bytes[o++] = n & 255;
  }
  return bytes;
}
