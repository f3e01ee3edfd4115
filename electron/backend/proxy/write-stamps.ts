// The relay's clock for its writes to the client: per write, when its upstream read arrived, when
// the write was issued and when the socket took it. Kept flat in a Float64Array, with one callback
// for every write, so that relaying a read allocates nothing that outlives it: each write's own
// array and callback used to survive into the relay thread's garbage collections and lengthen them
// (docs/performance.md, "Capture proxy: relay cost").

import { RELAY_WRITES_KEPT } from '../../../shared/capture/types.ts';
import type { RelayWrite } from '../../../shared/capture/types.ts';

/** Three numbers per write: arrived, issued, flushed (NaN: the socket never took it). */
const FIELDS = 3;

export class WriteStamps {
  private stamps = new Float64Array(FIELDS * 64);
  /** Writes stamped (at most `kept`). */
  private count = 0;
  /** Writes whose callback came, stamped or not: the next callback is for write number `answered`. */
  private answered = 0;
  /** Writes past the ones kept: counted, not stamped. */
  dropped = 0;

  /** `now`: the relay's clock; `kept`: how many writes are stamped (RELAY_WRITES_KEPT; tests use fewer). */
  constructor(
    private readonly now: () => number,
    private readonly kept = RELAY_WRITES_KEPT,
  ) {}

  /** A write issued now for a read that arrived at `arrived`. */
  issued(arrived: number): void {
    if (this.count >= this.kept) {
      this.dropped++;
      return;
    }
    if (FIELDS * (this.count + 1) > this.stamps.length) {
      const grown = new Float64Array(Math.min(this.stamps.length * 2, FIELDS * this.kept));
      grown.set(this.stamps);
      this.stamps = grown;
    }
    const at = FIELDS * this.count++;
    this.stamps[at] = arrived;
    this.stamps[at + 1] = this.now();
    this.stamps[at + 2] = NaN;
  }

  /**
   * The callback to give every write, in the order they were issued: a stream calls its writes'
   * callbacks in that order, so the n-th call answers the n-th write. An error means the socket
   * never took it.
   */
  readonly taken = (error?: Error | null): void => {
    const index = this.answered++;
    if (index < this.count && !error) this.stamps[FIELDS * index + 2] = this.now();
  };

  /** The stamps as packed for the recording thread (arrived, issued, flushed per write; see unpackWrites). */
  packed(): Float64Array {
    return this.stamps.slice(0, FIELDS * this.count);
  }
}

/** The writes of WriteStamps.packed, as the recording keeps them. */
export function unpackWrites(packed: Float64Array): RelayWrite[] {
  const writes: RelayWrite[] = [];
  for (let at = 0; at + FIELDS <= packed.length; at += FIELDS) {
    const flushed = packed[at + 2]!;
    writes.push([packed[at]!, packed[at + 1]!, Number.isNaN(flushed) ? null : flushed]);
  }
  return writes;
}
