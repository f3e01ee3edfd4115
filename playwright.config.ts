import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './electron/backend/system-tools.ts';

// End-to-end tests run the BUILT renderer (`electron-vite build` → out/renderer), served with its API by
// `streamscope serve` (e2e/serve-setup.ts: a free port, a fresh database), in Debian's Chromium
// (`apt-get install chromium`); Playwright's own browsers are never downloaded.
const builtRenderer = join(import.meta.dirname, 'out/renderer/index.html');
if (!existsSync(builtRenderer)) {
  throw new Error(`${builtRenderer} is missing: run \`npx electron-vite build\` before \`npx playwright test\` (npm run test:e2e does both).`);
}

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/serve-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    headless: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [...CHROMIUM_ARGS, '--disable-quic'],
        },
      },
    },
  ],
});
