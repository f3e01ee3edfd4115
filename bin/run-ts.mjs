#!/usr/bin/env node
// Runs a TypeScript file with tsx's ESM loader: `node bin/run-ts.mjs path/to/file.ts [args...]`.
// The path is resolved from the current directory; the script sees its own arguments from
// process.argv[2] on, as if it had been started directly. Node flags go before this file,
// e.g. `node --cpu-prof bin/run-ts.mjs bench/index.ts --only tiny`.
import { register } from 'tsx/esm/api';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [node, , script, ...rest] = process.argv;
if (!script) {
  console.error('usage: node bin/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
register();
const path = resolve(process.cwd(), script);
process.argv = [node, path, ...rest];
await import(pathToFileURL(path).href);
