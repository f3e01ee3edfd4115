// A recording's reads coded against one another, for the trip from the backend to the page. A
// stream's reads mostly repeat the one before: the same chunk JSON around another piece of
// content. Each read is coded as how many of its first bytes equal the previous read's first
// bytes, how many of its last bytes equal the previous read's last bytes, and the bytes between,
// as they are. The page knows each read's length (`readLengths`), so nothing else is needed.
//
// Layout, per read in order: an unsigned LEB128 `prefix`, an unsigned LEB128 `suffix`, then
// `length - prefix - suffix` bytes. The first read has no previous read: both are 0.

/** The reads coded against one another (see the layout above). */
export function encodeReadDeltas(reads: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const read of reads) size += read.length + 2 * varintLength(read.length);
  const out = new Uint8Array(size);
  let at = 0;
  let previous: Uint8Array = new Uint8Array(0);
  for (const read of reads) {
    const length = read.length;
    const shared = Math.min(length, previous.length);
    let prefix = 0;
    while (prefix < shared && read[prefix] === previous[prefix]) prefix++;
    // The suffix is looked for in what the prefix left of both reads, so that the two never overlap.
    const room = shared - prefix;
    let suffix = 0;
    while (suffix < room && read[length - 1 - suffix] === previous[previous.length - 1 - suffix]) suffix++;
    at = writeVarint(out, at, prefix);
    at = writeVarint(out, at, suffix);
    const literal = length - prefix - suffix;
    if (literal > 0) {
      out.set(read.subarray(prefix, prefix + literal), at);
      at += literal;
    }
    previous = read;
  }
  return out.subarray(0, at);
}

/**
 * The reads' bytes one after another, from their coding and their lengths; null when the coding
 * does not fit the lengths (a damaged message).
 */
export function decodeReadDeltas(coded: Uint8Array, lengths: readonly number[]): Uint8Array | null {
  let size = 0;
  for (const length of lengths) {
    if (!Number.isInteger(length) || length < 0) return null;
    size += length;
  }
  let body: Uint8Array;
  try {
    body = new Uint8Array(size);
  } catch {
    // Lengths that add up to more than an array can hold: not a coding this side ever made.
    return null;
  }
  const input = new Reader(coded);
  let at = 0;
  let previousStart = 0;
  let previousEnd = 0;
  for (const length of lengths) {
    const prefix = input.varint();
    const suffix = input.varint();
    const literal = length - prefix - suffix;
    const previousLength = previousEnd - previousStart;
    if (prefix < 0 || suffix < 0 || prefix > previousLength || suffix > previousLength || literal < 0 || input.pos + literal > coded.length) return null;
    if (prefix > 0) body.copyWithin(at, previousStart, previousStart + prefix);
    input.copy(body, at + prefix, literal);
    if (suffix > 0) body.copyWithin(at + length - suffix, previousEnd - suffix, previousEnd);
    previousStart = at;
    at += length;
    previousEnd = at;
  }
  return input.pos === coded.length ? body : null;
}

function varintLength(value: number): number {
  let bytes = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 0x80);
    bytes++;
  }
  return bytes;
}

function writeVarint(out: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    out[at++] = (value % 0x80) | 0x80;
    value = Math.floor(value / 0x80);
  }
  out[at++] = value;
  return at;
}

class Reader {
  pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** The next unsigned LEB128, or -1 when the bytes end inside one or it takes more than eight bytes. */
  varint(): number {
    const { bytes } = this;
    let value = 0;
    for (let scale = 1; scale <= 2 ** 49; scale *= 0x80) {
      if (this.pos >= bytes.length) return -1;
      const byte = bytes[this.pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
    }
    return -1;
  }

  /** Copies the next `count` bytes into `out` at `at`: short runs by hand, where a view for `set` would cost more than the copy. */
  copy(out: Uint8Array, at: number, count: number): void {
    const { bytes, pos } = this;
    if (count > 32) out.set(bytes.subarray(pos, pos + count), at);
    else for (let i = 0; i < count; i++) out[at + i] = bytes[pos + i]!;
    this.pos = pos + count;
  }
}
