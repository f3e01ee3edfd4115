import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse } from '../framing/sse/parser.ts';
import { bytes, byteByByte, realStream, realStreams, splitAt } from '../test/streams.ts';
import { decodeReadDeltas, encodeReadDeltas } from './read-deltas.ts';

const lengthsOf = (reads: readonly Uint8Array[]): number[] => reads.map((read) => read.length);
const joined = (reads: readonly Uint8Array[]): Uint8Array => new Uint8Array(reads.flatMap((read) => [...read]));
const eventReads = (body: Uint8Array): Uint8Array[] => splitAt(body, parseSse(body).events.map((event) => event.end));

describe('reads coded against one another', () => {
  it('give back every real stream byte for byte, one event a read, cut at random and byte by byte', () => {
    for (const { name, bytes: body } of realStreams()) {
      const random = splitAt(body, Array.from({ length: 40 }, (_, i) => (i * 7919 + name.length * 104729) % body.length));
      for (const reads of [eventReads(body), random, byteByByte(body), [body]]) {
        const decoded = decodeReadDeltas(encodeReadDeltas(reads), lengthsOf(reads));
        // Compared as a whole: toEqual walks a quarter megabyte element by element for seconds.
        expect(decoded && Buffer.from(decoded).equals(body), name).toBe(true);
      }
    }
  });

  it('code a read as what it shares with the start and the end of the one before, and the bytes between', () => {
    const reads = [bytes('data: {"c":"Hel"}\n\n'), bytes('data: {"c":"lo"}\n\n'), bytes('data: {"c":"lo"}\n\n'), bytes('')];
    expect([...encodeReadDeltas(reads)]).toEqual([
      ...[0, 0, ...bytes('data: {"c":"Hel"}\n\n')],
      // Shares `data: {"c":"` (12 bytes) and `"}\n\n` (4 bytes) with the read before.
      ...[12, 4, ...bytes('lo')],
      // The same read again: all of it is prefix.
      ...[18, 0],
      ...[0, 0],
    ]);
  });

  it('take a thirtieth of the size of a long real stream delivered one event a read', () => {
    const body = realStream('groq-llama33-text-x-groq.sse');
    expect(body.length).toBe(183_382);
    expect(encodeReadDeltas(eventReads(body)).length).toBe(5_999);
  });

  it('never let a suffix overlap the prefix, in the read or the one before', () => {
    // `abab` after `ab`: the prefix takes `ab`, so the suffix cannot take it again.
    const reads = [bytes('ab'), bytes('abab'), bytes('aa'), bytes('aaa')];
    const coded = encodeReadDeltas(reads);
    expect([...coded]).toEqual([0, 0, 0x61, 0x62, 2, 0, 0x61, 0x62, 1, 0, 0x61, 2, 0, 0x61]);
    expect(decodeReadDeltas(coded, lengthsOf(reads))).toEqual(joined(reads));
  });

  it('write lengths past 127 in more than one byte', () => {
    const long = new Uint8Array(300).fill(0x78);
    const reads = [long, long.slice()];
    expect([...encodeReadDeltas(reads)].slice(-3)).toEqual([0xac, 0x02, 0]);
    expect(decodeReadDeltas(encodeReadDeltas(reads), [300, 300])).toEqual(joined(reads));
  });

  it('refuse a coding that does not fit the lengths', () => {
    const reads = [bytes('data: a\n\n'), bytes('data: b\n\n')];
    const coded = encodeReadDeltas(reads);
    expect(decodeReadDeltas(coded, [9, 9])).not.toBeNull();
    expect(decodeReadDeltas(coded, [9, 10]), 'a read longer than its coding').toBeNull();
    expect(decodeReadDeltas(coded, [9, 8]), 'a read shorter than its coding').toBeNull();
    expect(decodeReadDeltas(coded, [9]), 'bytes left over').toBeNull();
    expect(decodeReadDeltas(coded.subarray(0, coded.length - 1), [9, 9]), 'cut short').toBeNull();
    expect(decodeReadDeltas(new Uint8Array([1, 0, 0x61]), [2]), 'a prefix longer than the read before').toBeNull();
    expect(decodeReadDeltas(new Uint8Array([0x80]), [0]), 'cut inside a length').toBeNull();
    expect(decodeReadDeltas(new Uint8Array(9).fill(0xff), [0]), 'a length of more than eight bytes').toBeNull();
    expect(decodeReadDeltas(new Uint8Array([0, 0]), [-1]), 'a negative length').toBeNull();
    expect(decodeReadDeltas(new Uint8Array([0, 0]), [2 ** 53]), 'lengths no array can hold').toBeNull();
  });

  it('never throw on random bytes and lengths', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.array(fc.nat(40), { maxLength: 8 }), (coded, lengths) => {
        const body = decodeReadDeltas(coded, lengths);
        if (body !== null) expect(body.length).toBe(lengths.reduce((sum, length) => sum + length, 0));
      }),
    );
  });

  it('give back any reads', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 12 }), (reads) => {
        expect(decodeReadDeltas(encodeReadDeltas(reads), lengthsOf(reads))).toEqual(joined(reads));
      }),
    );
  });
});
