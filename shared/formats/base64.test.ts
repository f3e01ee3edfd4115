import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { fromBase64, toBase64 } from './bytes.ts';

describe('base64', () => {
  it('encodes and decodes any bytes exactly as Node’s Buffer does, at every length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeBase64(text)).toEqual(bytes);
      }),
      { numRuns: 60 },
    );
    const big = new Uint8Array(100_001).map((_, i) => (i * 7919) & 255);
    expect(encodeBase64(big)).toBe(Buffer.from(big).toString('base64'));
    expect(Buffer.from(decodeBase64(encodeBase64(big))!).equals(Buffer.from(big))).toBe(true);
  });

  it('refuses what is not canonical base64, which fromBase64 then reads as atob does or refuses', () => {
    for (const text of ['Zm9v=', 'Zm9', 'Zm=v', '=m9v', 'Zm9v\n', 'Zm 9v', 'Zm9vYg=a', 'Zm€v', 'Zg==Zg==']) expect(decodeBase64(text), text).toBeNull();
    expect(fromBase64('Zm9v\nYmFy')).toEqual(new TextEncoder().encode('foobar'));
    expect(fromBase64('Zm9vYg')).toEqual(new TextEncoder().encode('foob'));
    expect(fromBase64('not base64!')).toBeNull();
    expect(toBase64(new Uint8Array())).toBe('');
    expect(fromBase64('')).toEqual(new Uint8Array());
  });
});
