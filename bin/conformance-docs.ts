// Remakes the table of checks in docs/conformance.md from the batteries (shared/conformance/server/docs.ts).
//   bin/with-node 24 node bin/run-ts.mjs bin/conformance-docs.ts

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { batteryDocs } from '../shared/conformance/server/docs.ts';

const path = fileURLToPath(new URL('../docs/conformance.md', import.meta.url));
const START = '<!-- battery: made by shared/conformance/server/docs.ts -->\n';
const END = '<!-- battery end -->';
const page = readFileSync(path, 'utf8');
const from = page.indexOf(START);
const to = page.indexOf(END);
if (from === -1 || to < from) throw new Error(`${path} has no battery markers`);
writeFileSync(path, page.slice(0, from + START.length) + batteryDocs() + page.slice(to));
console.log(`${path}: the battery table remade`);
