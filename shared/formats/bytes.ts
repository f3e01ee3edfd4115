// Byte helpers the formats share: UTF-8 and base64 without Node's Buffer.

import { decodeBase64, encodeBase64 } from './base64.ts';

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const looseDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

/** The bytes as text when they are valid UTF-8 on their own, else null. */
export function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The bytes as text, invalid sequences replaced by U+FFFD. */
export function utf8Lossy(bytes: Uint8Array): string {
  return looseDecoder.decode(bytes);
}

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

export function toBase64(bytes: Uint8Array): string {
  return encodeBase64(bytes);
}

/** Decodes base64, or returns null when the text is not base64 (whitespace and missing padding allowed, as atob does). */
export function fromBase64(text: string): Uint8Array | null {
  const canonical = decodeBase64(text);
  if (canonical) return canonical;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
