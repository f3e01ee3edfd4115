// Byte-level facts about UTF-8 that let the SSE parser decode whole characters
// only, and send ASCII to the decoder's fast path. A character's bytes never
// include LF or CR (WHATWG Encoding §4.1: every byte of a multi-byte sequence
// is 0x80 or above), so a line ending is always a character boundary.

/** How many bytes the sequence that `lead` starts takes: 1 for ASCII and for a byte that cannot start one. */
export function sequenceLength(lead: number): number {
  return lead < 0xc2 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : lead < 0xf5 ? 4 : 1;
}

export function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/**
 * Where the character that position `at` falls inside begins: `at`, unless a sequence started
 * in the three bytes before it (not before `from`) still wants the byte at `at`. Cutting there
 * never changes what a decoder makes of the bytes: before a byte that is not a continuation
 * byte, a decoder has always finished (or given up on) the previous character.
 */
export function characterStart(bytes: Uint8Array, from: number, at: number): number {
  for (let back = 1; back <= 3 && at - back >= from; back++) {
    const byte = bytes[at - back]!;
    if (!isContinuation(byte)) return sequenceLength(byte) > back ? at - back : at;
  }
  return at;
}

/**
 * A view of `bytes` as 32-bit words, for `firstNonAscii`: words start `skew` bytes into `bytes`
 * (0 to 3), where the underlying buffer is aligned to 4.
 */
export interface Words {
  readonly words: Int32Array;
  readonly skew: number;
}

export function wordsOf(bytes: Uint8Array): Words {
  const skew = (4 - (bytes.byteOffset & 3)) & 3;
  const count = (bytes.length - skew) >> 2;
  // Fewer bytes than a word past the alignment: no words (firstNonAscii reads them byte by byte).
  return { words: count > 0 ? new Int32Array(bytes.buffer, bytes.byteOffset + skew, count) : new Int32Array(0), skew };
}

const HIGH_BITS = 0x80808080 | 0;

/** The first byte from `from` to `to` that is not ASCII, or `to`: four bytes at a time, where JavaScript has no memchr for it. */
export function firstNonAscii(bytes: Uint8Array, { words, skew }: Words, from: number, to: number): number {
  let i = from;
  if (to - i >= 32) {
    for (; ((i - skew) & 3) !== 0; i++) if (bytes[i]! >= 0x80) return i;
    let w = (i - skew) >> 2;
    const last = (to - skew) >> 2;
    for (; w + 4 <= last; w += 4) if (((words[w]! | words[w + 1]! | words[w + 2]! | words[w + 3]!) & HIGH_BITS) !== 0) break;
    for (; w < last; w++) if ((words[w]! & HIGH_BITS) !== 0) break;
    i = skew + (w << 2);
  }
  for (; i < to; i++) if (bytes[i]! >= 0x80) return i;
  return to;
}
