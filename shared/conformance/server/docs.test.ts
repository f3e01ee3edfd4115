// docs/conformance.md lists every check of every battery with its rules, exactly as the command
// applies them: the page's table between its two markers is what batteryDocs() makes.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { batteryDocs } from './docs.ts';

const START = '<!-- battery: made by shared/conformance/server/docs.ts -->\n';
const END = '<!-- battery end -->';

describe('docs/conformance.md', () => {
  it('lists every check and rule as the batteries hold them (to remake it: bin/with-node 24 node bin/run-ts.mjs bin/conformance-docs.ts)', () => {
    const page = readFileSync(new URL('../../../docs/conformance.md', import.meta.url), 'utf8');
    const from = page.indexOf(START);
    const to = page.indexOf(END);
    expect(from !== -1 && to > from).toBe(true);
    expect(page.slice(from + START.length, to)).toBe(batteryDocs());
  });
});
