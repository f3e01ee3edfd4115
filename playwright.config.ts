import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run the BUILT renderer (`electron-vite build` → out/renderer) in
// Debian's Chromium (`apt-get install chromium`); Playwright's own browsers are never downloaded.
const port = 4783;
const builtRenderer = join(import.meta.dirname, 'out/renderer/index.html');
if (!existsSync(builtRenderer)) {
  throw new Error(`${builtRenderer} is missing: run \`npx electron-vite build\` before \`npx playwright test\` (npm run test:e2e does both).`);
}
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
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
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite preview --outDir out/renderer --port ${port} --strictPort --host 127.0.0.1`,
    url: baseURL,
    reuseExistingServer: !process.env['CI'],
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
