// The Check view (issue 29, "In the app"), as a user meets it: `k` opens it, the battery is run
// against the built-in simulator from its form (no key), the verdicts arrive and the matrix fills,
// a cell opens its stream's recording with the finding that explains the verdict selected, a
// second run of the same endpoint is compared with the first from the past runs, and a run is
// deleted; a run against a server that stops answering, its verdicts watched arriving, cancelled.
// Axe checks the run and the comparison in both themes. Screenshots:
// e2e/screenshots/check-*.png (light, and -dark).

import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { CheckInfo } from '../shared/api/checks.ts';
import { address, call, screenshots, watchForErrors } from './support.ts';
import { violations } from './axe.ts';

/** Runs the battery with the form as it stands; the run's id once it is done. */
async function runFromForm(page: Page, checks: number): Promise<number> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/#\/check\/run\/\d+$/);
  const id = Number(/run\/(\d+)$/.exec(page.url())![1]);
  // The simulator is faithful: every check passes.
  await expect(page.getByTestId('check-progress')).toHaveText(`Done: ${checks} passed, 0 warned, 0 failed, 0 skipped.`, { timeout: 60_000 });
  return id;
}

async function bothThemes(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await violations(page), `${name} (${scheme})`).toEqual([]);
    await page.screenshot({ path: join(screenshots, `${name}${scheme === 'dark' ? '-dark' : ''}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * A server that refuses the first `answered` requests at once (a JSON 500) and then holds every
 * request open without a byte: a run against it is under way until it is cancelled.
 */
async function stallingServer(answered: number): Promise<{ baseUrl: string; traces: string[]; close(): Promise<void> }> {
  const held = new Set<ServerResponse>();
  const traces: string[] = [];
  let seen = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    traces.push(String(req.headers['x-check-trace']));
    if (seen++ < answered) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down for the test","type":"server_error"}}');
      return;
    }
    held.add(res);
    res.on('close', () => held.delete(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    traces,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
      }),
  };
}

test.describe('Check', () => {
  // Two runs of the whole battery and a recording opened: more than 30 s on a loaded machine.
  test.describe.configure({ timeout: 180_000 });

  test('runs the battery against the simulator, opens a cell’s recording on its finding, and compares two runs', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const battery = await call<CheckInfo[]>(request, 'listChecks', {});
    const responses = battery.filter((check) => check.protocol === 'responses').length;

    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'Streamscope' })).toBeVisible();
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/#\/check$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Check' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Profile')).toHaveValue('simulator');
    for (const api of ['Chat Completions', 'Responses', 'Anthropic Messages']) await expect(page.getByRole('checkbox', { name: api })).toBeChecked();
    await page.locator('.check-start').screenshot({ path: join(screenshots, 'check-form.png') });
    // What the run will send, with each check's rules, before it is started.
    await page.getByText(`What a run sends: ${battery.length} checks`).click();
    await expect(page.getByTestId('check-battery').getByRole('region', { name: 'Anthropic Messages' }).locator('code').first()).toHaveText('messages.text');
    await bothThemes(page, 'check-view');

    // The first run: every check of every dialect, a verdict each, and the matrix full.
    const first = await runFromForm(page, battery.length);
    await expect(page.getByTestId('check-result')).toHaveCount(battery.length);
    const matrix = page.getByTestId('check-matrix');
    await expect(matrix.locator('td[data-status="pass"]')).toHaveCount(battery.length);
    await expect(matrix.locator('td[data-status="waiting"]')).toHaveCount(0);
    await expect(matrix.locator('thead th')).toHaveText(['Check', 'chat', 'responses', 'messages', 'gemini', 'bedrock-converse']);
    // A check's rules, from the one table.
    const text = page.locator('[data-testid="check-result"][data-check="chat.text"]');
    await text.getByText(/^Expected \(\d+ rules\)$/).click();
    await expect(text.locator('.check-expected li').first()).toBeVisible();
    await bothThemes(page, 'check-run');

    // A cell opens its recording, the finding that explains the verdict selected (chat.max-tokens: `finish-length`).
    await matrix.locator('td[data-check="chat.max-tokens"] a').click();
    await expect(page).toHaveURL(/#\/recording\/\d+\/finding\/finish-length$/);
    const chosen = page.locator('[data-testid="diagnostic"][data-chosen="true"]');
    await expect(chosen).toHaveAttribute('data-code', 'finish-length');
    await expect(chosen).toBeInViewport();
    await expect(page.locator('[data-testid="event-row"][aria-selected="true"]')).toHaveCount(1);
    await expect(chosen.getByRole('button', { name: /^Select evidence/ })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: join(screenshots, 'check-finding.png') });

    // The second run of the same endpoint, without the Responses API: the form kept what it had.
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/#\/check$/);
    await page.getByRole('checkbox', { name: 'Responses' }).uncheck();
    const second = await runFromForm(page, battery.length - responses);
    await expect(page.getByRole('link', { name: new RegExp(`^Run #${first},`) })).toBeVisible();

    // Compared from the past runs: the older one is "before".
    await page.getByRole('link', { name: '← Check' }).click();
    const runs = page.getByTestId('check-runs');
    await expect(runs.locator(`[data-testid="check-run-row"][data-run="${second}"] [data-testid="check-run-counts"]`)).toHaveText(`${battery.length - responses} pass · 0 warn · 0 fail · 0 skip`);
    await runs.getByRole('checkbox', { name: `Pick run #${second} to compare` }).check();
    await runs.getByRole('checkbox', { name: `Pick run #${first} to compare` }).check();
    await runs.getByRole('button', { name: 'Compare the two runs' }).click();
    await expect(page).toHaveURL(new RegExp(`#/check/compare/${first}/${second}$`));
    await expect(page.getByTestId('check-change-tally')).toHaveText(`${responses} no longer run · ${battery.length - responses} same`);
    await expect(page.locator('[data-testid="check-compared"][data-change="removed"]')).toHaveCount(responses);
    await expect(page.locator('[data-testid="check-compared"][data-check="responses.text"]')).toContainText('no longer run');
    await bothThemes(page, 'check-compare');

    // Only what changed, then the second run deleted.
    await page.getByRole('checkbox', { name: 'Only the checks that changed' }).check();
    await expect(page.getByTestId('check-compared')).toHaveCount(responses);
    await page.getByRole('link', { name: '← Check' }).click();
    await runs.getByRole('button', { name: `Delete run #${second}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Deleted run #${second}.` })).toBeVisible();
    await expect(runs.locator(`[data-testid="check-run-row"][data-run="${second}"]`)).toHaveCount(0);
    await expect(runs.locator(`[data-testid="check-run-row"][data-run="${first}"]`)).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('shows the verdicts of a run under way as they arrive, and cancels it', async ({ page }) => {
    const problems = watchForErrors(page);
    const server = await stallingServer(2);
    try {
      await page.goto(address);
      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Check' }).click();
      await expect(page).toHaveURL(/#\/check$/);
      // The simulator profile sends no key: pointed at a server of the test's own, Chat Completions only.
      await page.getByLabel('Base URL').fill(server.baseUrl);
      for (const api of ['Responses', 'Anthropic Messages', 'Gemini', 'Bedrock ConverseStream']) await page.getByRole('checkbox', { name: api }).uncheck();
      await page.getByLabel('Model').fill('stall-model');
      await page.getByLabel('Headers').fill('x-check-trace: from-the-form');
      await page.getByRole('button', { name: 'Run', exact: true }).click();

      // Two verdicts came, the third request hangs: the run is shown under way with both.
      await expect(page.getByTestId('check-progress')).toHaveText(/^Running: 2 of \d+ checks judged \(/, { timeout: 30_000 });
      await expect(page.getByTestId('check-result')).toHaveCount(2);
      await expect(page.getByTestId('check-result').first()).toHaveAttribute('data-check', 'chat.text');
      const matrix = page.getByTestId('check-matrix');
      await expect(matrix.locator('td[data-status="waiting"]').first()).toContainText('waiting');
      await expect(page.getByTestId('check-endpoint')).toHaveText(server.baseUrl);
      // The form's header went with every request.
      expect(server.traces.slice(0, 3)).toEqual(['from-the-form', 'from-the-form', 'from-the-form']);

      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('check-progress')).toHaveText(/^Cancelled: 2 of \d+ checks judged \(/, { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
      await expect(page.getByTestId('check-result')).toHaveCount(2);
      await page.getByRole('link', { name: '← Check' }).click();
      await expect(page.getByTestId('check-runs').locator('[data-testid="check-run-row"][data-state="cancelled"]').first()).toContainText(server.baseUrl);
      expect(problems).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
