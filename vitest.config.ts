import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const INCLUDE = ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'bin/**/*.test.ts', 'renderer/**/*.test.ts'];
/**
 * Files that time this process's own event loop (they block it on purpose and measure the stall):
 * another test file's worker on the same cores stretches what they measure, so they run after the
 * rest, one at a time.
 */
const STEADY = ['electron/backend/recorder/loop-lag.test.ts', 'electron/backend/proxy/loop-lag.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Set-up that starts Chromium (the HTML report and HAR tests) took over the default 10 s on a
    // loaded 2-core CI machine: a hook waits as long as a test may.
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Two files at a time at least (Vitest's default is the cores less one: one here): most of
        // the suite waits on sockets, timers and child processes, so two halve the run on this
        // 2-core machine (620 s to 341 s on Node 24).
        test: { name: 'unit', include: INCLUDE, exclude: [...configDefaults.exclude, ...STEADY], maxWorkers: Math.max(2, availableParallelism() - 1), sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: 'steady', include: STEADY, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
