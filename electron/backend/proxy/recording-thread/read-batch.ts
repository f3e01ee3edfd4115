// The upstream reads the relay's thread hands to the recording thread, packed: every read since
// the last post in one byte buffer and one table (exchange, arrival time, length per read), both
// transferred. A message object and a buffer per read cost the relay's thread a structured clone
// each and garbage that outlived the read (docs/performance.md, "Capture proxy: relay cost").

/** Numbers per read in the table: the exchange's key, the arrival time, the byte length. */
const FIELDS = 3;
const MIN_READS = 256;
const MIN_BYTES = 64 * 1024;

export interface PackedReads {
  readonly type: 'reads';
  readonly table: Float64Array;
  /** The reads' bytes back to back, in the table's order. */
  readonly bytes: Uint8Array;
}

export class ReadBatch {
  private table = new Float64Array(FIELDS * MIN_READS);
  private bytes = new Uint8Array(MIN_BYTES);
  private reads = 0;
  private used = 0;

  get empty(): boolean {
    return this.reads === 0;
  }

  /** The bytes are copied: the caller's buffer is left alone. */
  add(key: number, t: number, bytes: Uint8Array): void {
    if (FIELDS * (this.reads + 1) > this.table.length) this.table = grow(this.table, FIELDS * (this.reads + 1));
    if (this.used + bytes.length > this.bytes.length) this.bytes = grow(this.bytes, this.used + bytes.length);
    const at = FIELDS * this.reads++;
    this.table[at] = key;
    this.table[at + 1] = t;
    this.table[at + 2] = bytes.length;
    this.bytes.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** The reads added since the last take, whose buffers the caller hands over; the batch starts again, sized for as many. */
  take(): PackedReads {
    const taken: PackedReads = { type: 'reads', table: this.table.subarray(0, FIELDS * this.reads), bytes: this.bytes.subarray(0, this.used) };
    this.table = new Float64Array(Math.max(FIELDS * MIN_READS, FIELDS * this.reads));
    this.bytes = new Uint8Array(Math.max(MIN_BYTES, this.used));
    this.reads = 0;
    this.used = 0;
    return taken;
  }
}

/**
 * Each read of a packed batch, in order, its bytes a view into the batch's (which nothing writes
 * to again): a recording that keeps them copies them, one that does not keeps no batch alive.
 */
export function forEachRead(packed: PackedReads, onRead: (key: number, t: number, bytes: Uint8Array) => void): void {
  let offset = 0;
  for (let at = 0; at + FIELDS <= packed.table.length; at += FIELDS) {
    const length = packed.table[at + 2]!;
    onRead(packed.table[at]!, packed.table[at + 1]!, packed.bytes.subarray(offset, offset + length));
    offset += length;
  }
}

function grow<T extends Float64Array | Uint8Array>(array: T, atLeast: number): T {
  let length = array.length * 2;
  while (length < atLeast) length *= 2;
  const grown = new (array.constructor as new (length: number) => T)(length);
  grown.set(array);
  return grown;
}
