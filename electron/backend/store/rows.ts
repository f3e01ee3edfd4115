// The rows a live writer holds between flushes, laid out the way the
// multi-row INSERTs take their parameters: an array per ROWS_PER_INSERT rows,
// filled in place as reads and events arrive. A flush then binds each full
// array as it is, with no row objects, spreads or copies in between (at
// 200,000 rows a second, those were a third of the writer's own time).

import type Database from 'better-sqlite3';
import { ROWS_PER_INSERT } from './statements.ts';

/** The rows of one table waiting for a flush. */
export class PendingRows {
  readonly #width: number;
  #chunks: unknown[][] = [];
  #rows = 0;

  /** `width`: the columns of a row, as the table's INSERT statements list them. */
  constructor(width: number) {
    this.#width = width;
  }

  get length(): number {
    return this.#rows;
  }

  /** Makes room for one more row; returns the array its values go into, from index `start(row)`. */
  add(): unknown[] {
    const slot = this.#rows % ROWS_PER_INSERT;
    if (slot === 0) this.#chunks.push(new Array(ROWS_PER_INSERT * this.#width));
    this.#rows++;
    return this.#chunks[this.#chunks.length - 1]!;
  }

  /** Where the values of the row just added start in the array `add` returned. */
  get start(): number {
    return ((this.#rows - 1) % ROWS_PER_INSERT) * this.#width;
  }

  /** Inserts every row: a statement per ROWS_PER_INSERT rows, then one per row left. */
  insert(many: Database.Statement, one: Database.Statement): void {
    const full = Math.floor(this.#rows / ROWS_PER_INSERT);
    for (let chunk = 0; chunk < full; chunk++) many.run(this.#chunks[chunk]);
    const last = this.#chunks[full];
    const width = this.#width;
    for (let row = 0; row < this.#rows % ROWS_PER_INSERT; row++) one.run(last!.slice(row * width, (row + 1) * width));
  }

  clear(): void {
    this.#chunks = [];
    this.#rows = 0;
  }
}

/**
 * One block of memory that the reads of a batch are copied into (the caller may reuse its buffers),
 * instead of a buffer of their own each: 200,000 small buffers a second cost more in allocation and
 * collection than the copying itself. A read that does not fit gets a copy of its own.
 */
export class ReadArena {
  readonly #size: number;
  #block: Uint8Array | null = null;
  #used = 0;

  constructor(size: number) {
    this.#size = size;
  }

  /** A copy of `bytes`, valid until `clear`. */
  copy(bytes: Uint8Array): Uint8Array {
    const end = this.#used + bytes.length;
    if (end > this.#size) return bytes.slice();
    this.#block ??= new Uint8Array(this.#size);
    this.#block.set(bytes, this.#used);
    const copy = this.#block.subarray(this.#used, end);
    this.#used = end;
    return copy;
  }

  /** Frees the block for the next batch (the copies handed out so far are stored). */
  clear(): void {
    this.#used = 0;
  }
}
