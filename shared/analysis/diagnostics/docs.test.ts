// docs/diagnostics.md documents every code of the catalogue (the dialects' included), each in a
// table row with its severity: a finding whose code a user cannot look up is half a finding.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.ts';

const doc = readFileSync(new URL('../../../docs/diagnostics.md', import.meta.url), 'utf8');
const rows = doc.split('\n').filter((line) => line.startsWith('| `'));

describe('docs/diagnostics.md', () => {
  it.each(Object.entries(CATALOGUE))('documents %s with its severity', (code, entry) => {
    const row = rows.find((line) => line.split('|')[1]!.includes(`\`${code}\``) && line.includes(`| ${entry.severity} |`));
    expect(row, `no table row names \`${code}\` as ${entry.severity}`).toBeDefined();
  });
});
