import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.ts';

describe('crc32', () => {
  it('gives the check value of the IEEE CRC-32 ("123456789" → 0xCBF43926) and 0 for no bytes', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it("agrees with zlib's crc32 on any bytes, over any range", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(), (bytes, a, b) => {
        const from = a % (bytes.length + 1);
        const to = from + (b % (bytes.length - from + 1));
        expect(crc32(bytes, from, to)).toBe(zlibCrc32(bytes.subarray(from, to)));
      }),
    );
  });

  it('continues from the CRC of the bytes before, as zlib does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), (bytes, a) => {
        const cut = a % (bytes.length + 1);
        expect(crc32(bytes, cut, bytes.length, crc32(bytes, 0, cut))).toBe(zlibCrc32(bytes));
        expect(crc32(bytes, cut, bytes.length, zlibCrc32(bytes.subarray(0, cut)))).toBe(zlibCrc32(bytes));
      }),
    );
  });
});
