#!/usr/bin/env node
// Runs the end-to-end tests (`playwright test`, arguments passed on) in Debian's Chromium. Where
// Chromium is missing they are skipped with the line that installs it, as the unit tests that
// drive it are; CI sets STREAMSCOPE_REQUIRE_TOOLS=1 (.ci/run), and there a missing Chromium fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const why = `the end-to-end tests need Debian's Chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (process.env.STREAMSCOPE_REQUIRE_TOOLS === '1') {
    console.error(`e2e: ${why}, and STREAMSCOPE_REQUIRE_TOOLS=1 asks for it`);
    process.exit(1);
  }
  console.warn(`e2e: skipped, ${why}; .ci/run installs it`);
  process.exit(0);
}
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const run = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
