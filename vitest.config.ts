import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'bin/**/*.test.ts', 'renderer/**/*.test.ts'],
    testTimeout: 30_000,
    // Set-up that starts Chromium (the HTML report and HAR tests) took over the default 10 s on a
    // loaded 2-core CI machine: a hook waits as long as a test may.
    hookTimeout: 30_000,
  },
});
