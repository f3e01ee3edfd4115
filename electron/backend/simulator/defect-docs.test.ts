// docs/conformance.md and docs/simulator.md list the defect scenarios exactly as the map has them
// (check-scenarios.ts), so the pages say what the defect tests run.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defectDocs, defectScenarioDocs } from './defect-docs.ts';

const page = (name: string): string => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');

describe('the defect scenarios in the docs', () => {
  it('are tabled in docs/conformance.md, "Against the simulator", check by check', () => {
    const doc = page('conformance.md');
    const section = doc.slice(doc.indexOf('## Against the simulator'), doc.indexOf('\n## ', doc.indexOf('## Against the simulator') + 1));
    expect(section).toContain(defectDocs());
  });

  it('are listed in docs/simulator.md, "Defect scenarios", dialect by dialect', () => {
    const doc = page('simulator.md');
    expect(doc.slice(doc.indexOf('## Defect scenarios'))).toContain(defectScenarioDocs());
  });
});
