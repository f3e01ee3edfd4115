// Remakes docs/client-conformance.md's table of cases from the registry (shared/conformance/client/docs.ts).
//   bin/with-node 24 node bin/run-ts.mjs bin/client-conformance-docs.ts

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { caseDocs } from '../shared/conformance/client/docs.ts';

const START = '<!-- cases: made by shared/conformance/client/docs.ts -->\n';
const END = '<!-- cases end -->';
const path = fileURLToPath(new URL('../docs/client-conformance.md', import.meta.url));
const text = readFileSync(path, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from === -1 || to < from) throw new Error(`${path} has no markers ${START.trim()} … ${END}`);
writeFileSync(path, text.slice(0, from + START.length) + caseDocs() + text.slice(to));
console.log(`${path}: the table remade`);
