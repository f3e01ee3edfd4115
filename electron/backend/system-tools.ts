// The Debian programs some tests drive (Chromium, nginx): where they are, and what a test does
// when one is missing. A developer's machine may lack them, so their tests are skipped with the
// line that installs them; CI sets STREAMSCOPE_REQUIRE_TOOLS=1 (.ci/run), where a missing tool
// fails the run instead, so that a skip never hides a failure there.
import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install chromium`), or undefined where it is not installed. */
export const CHROMIUM = ['/usr/bin/chromium'].find((path) => existsSync(path));

/** The flags Chromium needs in a container with no GPU, no sandbox and no network of its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Whether missing tools fail the run (CI) instead of skipping their tests. */
export function toolsRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['STREAMSCOPE_REQUIRE_TOOLS'] === '1';
}

/**
 * True when `path` names an installed tool. Otherwise prints one note naming `what` is skipped
 * and the install line, and returns false; or throws where tools are required.
 */
export function installed(path: string | undefined, tool: string, what: string, env: NodeJS.ProcessEnv = process.env): path is string {
  if (path !== undefined) return true;
  const install = `apt-get install ${tool}`;
  if (toolsRequired(env)) throw new Error(`${what}: ${tool} is not installed and STREAMSCOPE_REQUIRE_TOOLS=1 asks for it (${install})`);
  console.warn(`${what}: skipped, ${tool} is not installed (${install}; .ci/run does)`);
  return false;
}
