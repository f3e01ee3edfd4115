// Random JSON-array bodies for the dialect suite (dialect.suite.ts, "never throws on random
// messages"): arrays of JSON values of any shape, written compactly or as Gemini writes them
// (`\n,\r\n` between elements), sometimes with stray bytes, sometimes cut short.

import fc from 'fast-check';

const encode = (text: string) => new TextEncoder().encode(text);

export const randomJsonArrayBodies: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }),
    fc.constantFrom(',', '\n,\r\n', ' , '),
    fc.option(fc.string({ maxLength: 6 }), { nil: null }),
    fc.option(fc.nat(), { nil: null }),
  )
  .map(([values, separator, stray, cut]) => {
    const body = encode(`[${values.map((value) => JSON.stringify(value, null, 2)).join(separator)}${stray ?? ''}\n]`);
    return cut === null ? body : body.subarray(0, cut % (body.length + 1));
  });
