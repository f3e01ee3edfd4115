// docs/client-conformance.md lists every case of every dialect exactly as the command serves it:
// the table between the page's markers is what caseDocs() makes.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caseDocs } from './docs.ts';

const START = '<!-- cases: made by shared/conformance/client/docs.ts -->\n';
const END = '<!-- cases end -->';

describe('docs/client-conformance.md', () => {
  it('lists every case as the registry holds it (to remake it: bin/with-node 24 node bin/run-ts.mjs bin/client-conformance-docs.ts)', () => {
    const page = readFileSync(new URL('../../../docs/client-conformance.md', import.meta.url), 'utf8');
    const from = page.indexOf(START);
    const to = page.indexOf(END);
    expect(from !== -1 && to > from).toBe(true);
    expect(page.slice(from + START.length, to)).toBe(caseDocs());
  });
});
