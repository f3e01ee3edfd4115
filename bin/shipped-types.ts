// The package's declarations, lib/index.d.mts, made from the sources of its API
// (electron/backend/testing/index.ts) into one file that imports nothing: a project's compiler reads
// them under its own settings, where our .ts sources (imported with .ts extensions) would not check.
// `npm run types` writes them, `npm pack` first runs it, and bin/shipped-types.test.ts holds the
// committed file equal to what the sources make.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateDtsBundle } from 'dts-bundle-generator';

export const SHIPPED_TYPES = fileURLToPath(new URL('../lib/index.d.mts', import.meta.url));

const HEADER = `// The types of the package's entry (lib/index.mjs), for a project that imports it. Made by
// \`npm run types\` (bin/shipped-types.ts) from electron/backend/testing/index.ts: edit the sources.

`;

/** The declarations the sources make, as lib/index.d.mts holds them. */
export function shippedTypes(): string {
  const [bundle] = generateDtsBundle([{ filePath: fileURLToPath(new URL('../electron/backend/testing/index.ts', import.meta.url)), output: { noBanner: true } }], {
    preferredConfigPath: fileURLToPath(new URL('../electron/backend/testing/tsconfig.types.json', import.meta.url)),
  });
  return HEADER + bundle!;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(SHIPPED_TYPES, shippedTypes());
