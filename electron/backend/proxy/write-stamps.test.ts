// The relay's clock for its writes: each write's arrival, issue and flush, the flush matched to
// its write by order, as a stream calls its writes' callbacks.

import { describe, expect, it } from 'vitest';
import { unpackWrites, WriteStamps } from './write-stamps.ts';

/** A clock that reads 100, 101, 102 … */
function ticking(): () => number {
  let t = 99;
  return () => ++t;
}

describe('the relay\'s write stamps', () => {
  it('give each write its arrival, its issue and the time the socket took it, in the order of the writes', () => {
    const stamps = new WriteStamps(ticking());
    stamps.issued(1);
    stamps.issued(2);
    stamps.taken();
    stamps.issued(3);
    stamps.taken(null);
    stamps.taken();
    expect(unpackWrites(stamps.packed())).toEqual([
      [1, 100, 102],
      [2, 101, 104],
      [3, 103, 105],
    ]);
  });

  it('leave a write the socket never took without a flush time: no callback yet, or one with an error', () => {
    const stamps = new WriteStamps(ticking());
    stamps.issued(1);
    stamps.issued(2);
    stamps.issued(3);
    stamps.taken(new Error('socket destroyed'));
    stamps.taken();
    expect(unpackWrites(stamps.packed())).toEqual([
      [1, 100, null],
      [2, 101, 103],
      [3, 102, null],
    ]);
  });

  it('keep the first writes up to their bound and count the rest, whose callbacks change nothing', () => {
    const stamps = new WriteStamps(ticking(), 2);
    for (let i = 0; i < 5; i++) stamps.issued(i);
    for (let i = 0; i < 5; i++) stamps.taken();
    expect(stamps.dropped).toBe(3);
    expect(unpackWrites(stamps.packed())).toEqual([
      [0, 100, 102],
      [1, 101, 103],
    ]);
  });

  it('grow as writes come, hundreds of them, each stamped', () => {
    const stamps = new WriteStamps(() => 7);
    for (let i = 0; i < 1000; i++) {
      stamps.issued(i);
      stamps.taken();
    }
    const writes = unpackWrites(stamps.packed());
    expect(writes).toHaveLength(1000);
    expect(writes[999]).toEqual([999, 7, 7]);
  });
});
