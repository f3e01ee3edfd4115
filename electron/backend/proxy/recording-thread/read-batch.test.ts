// The reads the relay's thread packs for the recording thread come out as they went in.

import { describe, expect, it } from 'vitest';
import { byteByByte, realStream, splitAt } from '../../../../shared/test/streams.ts';
import { forEachRead, ReadBatch } from './read-batch.ts';

const STREAM = realStream('openai-gpt4o-structured-text-usage.sse');

function unpacked(batch: ReadBatch): [number, number, number[]][] {
  const out: [number, number, number[]][] = [];
  forEachRead(batch.take(), (key, t, bytes) => out.push([key, t, [...bytes]]));
  return out;
}

describe('a batch of reads', () => {
  it.each([
    ['whole', [STREAM]],
    ['split at random', splitAt(STREAM, [1, 17, 301, 302, 1200].filter((at) => at < STREAM.length))],
    ['byte by byte', byteByByte(STREAM)],
  ])('gives back every read of every exchange in order, with its time and its bytes (%s)', (_how, reads) => {
    const batch = new ReadBatch();
    const expected: [number, number, number[]][] = [];
    reads.forEach((bytes, i) => {
      // Two exchanges interleaved, as the relay's thread sees them.
      const key = i % 2 === 0 ? 3 : 8;
      batch.add(key, 10 + i / 4, bytes);
      expected.push([key, 10 + i / 4, [...bytes]]);
    });
    expect(unpacked(batch)).toEqual(expected);
  });

  it('grows past its first size for a large read and for many reads, and starts empty again after a take', () => {
    const batch = new ReadBatch();
    const large = new Uint8Array(200_000).map((_, i) => i % 251);
    batch.add(1, 1, large);
    for (let i = 0; i < 1000; i++) batch.add(2, 2 + i, new Uint8Array([i % 256]));
    const out = unpacked(batch);
    expect(out).toHaveLength(1001);
    expect(out[0]![2]).toEqual([...large]);
    expect(out[1000]).toEqual([2, 1001, [999 % 256]]);
    expect(batch.empty).toBe(true);
    expect(unpacked(batch)).toEqual([]);
  });

  it('copies what it is given, and hands each read out as a view into the batch, copying nothing more', () => {
    const batch = new ReadBatch();
    const given = new Uint8Array([1, 2, 3]);
    batch.add(1, 1, given);
    given[0] = 99;
    batch.add(1, 2, new Uint8Array([4, 5]));
    const seen: Uint8Array[] = [];
    const packed = batch.take();
    forEachRead(packed, (_key, _t, bytes) => seen.push(bytes));
    expect(seen.map((bytes) => [...bytes])).toEqual([[1, 2, 3], [4, 5]]);
    expect(seen.map((bytes) => [bytes.buffer === packed.bytes.buffer, bytes.byteOffset - packed.bytes.byteOffset])).toEqual([
      [true, 0],
      [true, 3],
    ]);
  });

  it('can be handed to another thread: its table and bytes are the whole of their buffers\' use', () => {
    const batch = new ReadBatch();
    batch.add(5, 7, new Uint8Array([9, 9]));
    const packed = structuredClone(batch.take());
    const out: [number, number, number[]][] = [];
    forEachRead(packed, (key, t, bytes) => out.push([key, t, [...bytes]]));
    expect(out).toEqual([[5, 7, [9, 9]]]);
  });
});
