import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBytes } from './read-bytes.ts';

const realStreams = join(import.meta.dirname, '..', '..', 'shared', 'test', 'fixtures', 'real-streams');

describe('reading a picked file', () => {
  it('gives its bytes exactly, reporting progress that only grows and ends at its size', async () => {
    const bytes = readFileSync(join(realStreams, 'openrouter-claude-reasoning-details.sse'));
    // Many copies, so the stream comes in several pieces.
    const big = Buffer.concat(Array.from({ length: 200 }, () => bytes));
    const seen: number[] = [];
    const read = await readBytes(new File([big], 'big.sse'), (loaded) => seen.push(loaded), 64 * 1024);
    expect(Buffer.from(read).equals(big)).toBe(true);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((loaded, i) => i === 0 || loaded >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(big.length);
  });

  it('reads an empty file as no bytes', async () => {
    const seen: number[] = [];
    expect(await readBytes(new File([], 'empty.sse'), (loaded) => seen.push(loaded))).toEqual(new Uint8Array());
    expect(seen).toEqual([0]);
  });
});
