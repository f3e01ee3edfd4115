// docs/conformance.md lists every check of every battery with its rules, exactly as the command
// applies them, and docs/diagnostics.md the codes the checks add: the tables between each page's
// markers are what batteryDocs() and findingDocs() make.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { batteryDocs, findingDocs } from './docs.ts';

const START = '<!-- battery: made by shared/conformance/server/docs.ts -->\n';
const END = '<!-- battery end -->';
const FINDINGS_START = '<!-- check findings: made by shared/conformance/server/docs.ts -->\n';
const FINDINGS_END = '<!-- check findings end -->';

describe('docs/conformance.md', () => {
  it('lists every check and rule as the batteries hold them (to remake it: bin/with-node 24 node bin/run-ts.mjs bin/conformance-docs.ts)', () => {
    const page = readFileSync(new URL('../../../docs/conformance.md', import.meta.url), 'utf8');
    const from = page.indexOf(START);
    const to = page.indexOf(END);
    expect(from !== -1 && to > from).toBe(true);
    expect(page.slice(from + START.length, to)).toBe(batteryDocs());
  });
});

describe('docs/diagnostics.md', () => {
  it("lists every code a check adds to the catalogue's, as the batteries hold them (remade by the same command)", () => {
    const page = readFileSync(new URL('../../../docs/diagnostics.md', import.meta.url), 'utf8');
    const from = page.indexOf(FINDINGS_START);
    const to = page.indexOf(FINDINGS_END);
    expect(from !== -1 && to > from).toBe(true);
    expect(page.slice(from + FINDINGS_START.length, to)).toBe(findingDocs());
  });
});
