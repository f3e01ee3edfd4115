import { describe, expect, it } from 'vitest';
import { decodesOtherCharactersSlowly } from './decode-choice.ts';
import { parseSse } from './parser.ts';

/** Keeps the thread busy for `ms`: a stand-in for a decoder that takes that long. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const others = new Map<Uint8Array, boolean>();
/** Whether the sample has characters other than ASCII: looked at once per sample, so that the fake decoders take the time they say. */
function hasOther(bytes: Uint8Array): boolean {
  let other = others.get(bytes);
  if (other === undefined) others.set(bytes, (other = bytes.some((byte) => byte >= 0x80)));
  return other;
}

describe('choosing how the parser decodes long ranges', () => {
  it('cuts lines with other characters than ASCII apart where the decoder is several times slower on them (Node 20, 22)', () => {
    expect(decodesOtherCharactersSlowly((bytes) => busy(hasOther(bytes) ? 0.1 : 0.01))).toBe(true);
  });

  it('decodes whole where the decoder is about as fast on them as on ASCII (Node 24)', () => {
    expect(decodesOtherCharactersSlowly((bytes) => busy(hasOther(bytes) ? 0.013 : 0.01))).toBe(false);
  });

  it('is not decided by one slow round: the fastest round of each sample counts', () => {
    let calls = 0;
    // The first eight decodes of the ASCII sample are slowed down (a collection, another process); the rest are as fast as the other.
    expect(decodesOtherCharactersSlowly((bytes) => busy(hasOther(bytes) ? 0.02 : calls++ < 8 ? 0.3 : 0.02))).toBe(false);
  });

  it('measures on the same two samples every time: a chat stream with a few other characters, and its bytes in ASCII', () => {
    const seen: Uint8Array[] = [];
    decodesOtherCharactersSlowly((bytes) => seen.push(bytes));
    const [mixed, ascii] = [seen.find(hasOther)!, seen.find((bytes) => !hasOther(bytes))!];
    expect(seen.every((bytes) => bytes === mixed || bytes === ascii)).toBe(true);
    expect([mixed.length, mixed.length > 32 * 1024]).toEqual([ascii.length, true]);
    const events = parseSse(mixed, 'whole').events;
    expect(parseSse(mixed, 'apart').events).toEqual(events);
    expect(events.filter((event) => event.data!.includes('café'))).toHaveLength(Math.floor(events.length / 8));
  });
});
