// Remakes the tables made from the batteries (shared/conformance/server/docs.ts): the checks in
// docs/conformance.md, the codes the checks add in docs/diagnostics.md.
//   bin/with-node 24 node bin/run-ts.mjs bin/conformance-docs.ts

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { batteryDocs, findingDocs } from '../shared/conformance/server/docs.ts';

function remake(page: string, start: string, end: string, table: string): void {
  const path = fileURLToPath(new URL(`../docs/${page}`, import.meta.url));
  const text = readFileSync(path, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${path} has no markers ${start.trim()} … ${end}`);
  writeFileSync(path, text.slice(0, from + start.length) + table + text.slice(to));
  console.log(`${path}: the table remade`);
}

remake('conformance.md', '<!-- battery: made by shared/conformance/server/docs.ts -->\n', '<!-- battery end -->', batteryDocs());
remake('diagnostics.md', '<!-- check findings: made by shared/conformance/server/docs.ts -->\n', '<!-- check findings end -->', findingDocs());
