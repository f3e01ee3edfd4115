import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import type { ElectronApplication, Page } from '@playwright/test';
import { electronPackage, installedElectron } from '../electron/launch/electron-binary.ts';
import { realSteps } from '../electron/launch/start.ts';

// The desktop app itself: the built main process, preload and page in Electron, recording from
// the simulator over IPC. It needs Electron's binary, which the electron package downloads from
// GitHub; where it is absent the test is skipped with the reason (looking never downloads it).
// On Linux it also needs a display (xvfb-run on a headless machine).

// The page's globals, for the functions evaluated in it (tsconfig.node.json has no DOM lib).
declare const window: { streamscope?: object; require?: unknown; process?: unknown };

const root = join(import.meta.dirname, '..');
const binary = installedElectron(electronPackage(root), process.env);
const noDisplay = process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY'];
const skipReason =
  'missing' in binary
    ? `${binary.missing}; \`npm start\` fetches it where GitHub is reachable`
    : noDisplay
      ? 'no display: run the end-to-end tests under xvfb-run'
      : null;
if (skipReason !== null) console.log(`e2e/electron.spec.ts: the desktop app's test is skipped: ${skipReason}.`);

test.describe('The desktop app', () => {
  test.skip(skipReason !== null, skipReason ?? '');

  let app: ElectronApplication;
  let page: Page;
  const userData = mkdtempSync(join(tmpdir(), 'streamscope-electron-e2e-'));

  test.beforeAll(async () => {
    // The first run builds better-sqlite3 for Electron's ABI (it compiles SQLite: minutes), as npm start does.
    test.setTimeout(15 * 60_000);
    const options = { mode: 'start' as const, projectRoot: root, args: [], env: process.env, execPath: process.execPath };
    const native = await realSteps(options).ensureNative();
    if ('error' in native) throw new Error(native.error);
    // Electron must start as Electron, whatever the calling shell says.
    const { ELECTRON_RUN_AS_NODE: _runAsNode, ...environment } = process.env;
    app = await electron.launch({
      executablePath: (binary as { path: string }).path,
      // Chromium's own sandbox cannot start as root (CI containers); the renderer stays sandboxed by Electron's sandbox flag otherwise.
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: { ...environment, STREAMSCOPE_USER_DATA_DIR: userData },
    });
    page = await app.firstWindow();
  });

  test.afterAll(async () => {
    await app?.close();
  });

  test('opens one window on the built page, with the bridge and without Node', async () => {
    await expect(page).toHaveTitle('Streamscope');
    await expect(page.getByRole('heading', { level: 1, name: 'Streamscope' })).toBeVisible();
    // Served from the app's own origin, never from file:// (electron/main/app-protocol.ts).
    expect(page.url().split('#')[0]).toBe('app://streamscope/index.html');
    expect(await page.evaluate(() => ({ bridge: Object.keys(window.streamscope ?? {}).sort(), require: typeof window.require, process: typeof window.process }))).toEqual({
      bridge: ['call', 'offerCommands', 'onCommand', 'onPush', 'openReport'],
      require: 'undefined',
      process: 'undefined',
    });
    expect(app.windows()).toHaveLength(1);
  });

  test('keeps its database in the user-data folder', async () => {
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toBe(userData);
    expect(existsSync(join(userData, 'streamscope.db'))).toBe(true);
  });

  test('records from the simulator and shows the events as they arrive, then the stored recording', async () => {
    const status = page.getByTestId('live-status');
    await page.getByLabel('Scenario').selectOption('sim-text');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Say hello from the desktop app.');
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(status).toHaveText('Ended: eof', { timeout: 20_000 });
    await expect(page.getByRole('list', { name: 'Latest events' })).toContainText('done');
    await expect(page.getByTestId('live-text')).not.toBeEmpty();
    const events = Number(await page.getByTestId('live-events').textContent());
    expect(events).toBeGreaterThan(2);
    const heading = await page.getByRole('heading', { name: /^Recording #\d+$/ }).textContent();
    const row = page.getByTestId(`recording-${heading!.replace('Recording #', '')}`);
    await expect(row).toContainText('eof');
    await page.screenshot({ path: join(import.meta.dirname, 'screenshots', 'electron-recorded.png'), fullPage: true });
  });
});
