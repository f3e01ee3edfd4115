// The Check view's Client tab (issue 30, "In the app"), as a user meets it: the tab reached from
// the keyboard, a careful client's command line and folder typed, Chat Completions alone and a few
// cases; its verdicts arrive and the matrix fills, every case passing. A client with one known bug
// (it takes the end of the body for the end of the answer) gets `wrong`, said loudly, and its cell
// opens the stream it was served; one that takes each read for whole events crashes on split
// reads. A client that never ends is cancelled; a pipe is refused in the form, and a command
// that does not exist ends its run unreachable, saying why. The runs are listed with the server runs, marked
// as client runs, and one is deleted. The clients are the runner's own test clients
// (electron/backend/check-client/clients.test-support.ts), written to a folder of the test's.
// Axe checks the form and a run in both themes. Screenshots: e2e/screenshots/check-client-*.png.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { chatClient } from '../electron/backend/check-client/clients.test-support.ts';
import { violations } from './axe.ts';
import { address, screenshots, watchForErrors } from './support.ts';

async function bothThemes(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await violations(page), `${name} (${scheme})`).toEqual([]);
    await page.screenshot({ path: join(screenshots, `${name}${scheme === 'dark' ? '-dark' : ''}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Fills the Client form's command and cases (the rest stays as it was) and runs it; the run's id. */
async function runClient(page: Page, command: string, only: string): Promise<number> {
  await page.getByLabel('Command line').fill(command);
  await page.getByLabel('Only these cases').fill(only);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/#\/check\/client\/run\/\d+$/);
  return Number(/run\/(\d+)$/.exec(page.url())![1]);
}

const done = (page: Page) => expect(page.getByTestId('check-progress')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });

test.describe('Check a client', () => {
  // Four runs of a few cases each, one Node process a case.
  test.describe.configure({ timeout: 120_000 });
  let folder = '';
  test.beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'streamscope-e2e-clients-'));
    writeFileSync(join(folder, 'careful.mjs'), chatClient());
    writeFileSync(join(folder, 'end-is-done.mjs'), chatClient('end-is-done'));
    writeFileSync(join(folder, 'read-is-events.mjs'), chatClient('read-is-events'));
    writeFileSync(join(folder, 'never-ends.mjs'), 'setInterval(() => {}, 1000);\n');
  });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('runs a careful and a buggy client from the Client tab, shows wrong loudly, opens its stream, cancels, and lists the runs', async ({ page }) => {
    const problems = watchForErrors(page);
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'Streamscope' })).toBeVisible();
    await page.keyboard.press('k');
    await expect(page).toHaveURL(/#\/check$/);

    // The tabs, from the keyboard: the arrow key opens the Client tab and moves the focus there.
    const tabs = page.getByRole('tablist', { name: 'What to check' });
    await expect(tabs.getByRole('tab', { name: 'Server' })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: 'Server' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#\/check\/client$/);
    const client = tabs.getByRole('tab', { name: 'Client' });
    await expect(client).toHaveAttribute('aria-selected', 'true');
    await expect(client).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Client' }).getByRole('heading', { name: 'Check a client' })).toBeVisible();

    // The form: the command line with its example, the folder, the dialects; what the command gets.
    await expect(page.getByLabel('Command line')).toHaveAttribute('placeholder', 'node my-client.mjs');
    for (const api of ['Chat Completions', 'Responses', 'Anthropic Messages']) await expect(page.getByRole('checkbox', { name: api })).toBeChecked();
    await page.getByLabel('Working folder').fill(folder);
    for (const api of ['Responses', 'Anthropic Messages', 'Gemini', 'Bedrock ConverseStream']) await page.getByRole('checkbox', { name: api }).uncheck();
    await page.getByLabel('Timeout per case (s)').fill('20');
    await page.getByText('What the command gets, and what it must print').click();
    await expect(page.getByTestId('client-contract')).toContainText('STREAMSCOPE_CASE');
    // A pipe is refused before anything runs, and the form says why.
    await page.getByLabel('Command line').fill('node careful.mjs | tee out.txt');
    await page.getByLabel('Only these cases').fill('clean');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Could not start it: .*\|/);
    await expect(page).toHaveURL(/#\/check\/client$/);
    await page.getByLabel('Command line').fill('node careful.mjs');
    await page.getByLabel('Only these cases').fill('clean, split-reads, tool-call, cut-before-done, mid-stream-error');
    await expect(page.getByTestId('client-case-count')).toHaveText('5 cases, one run of the command each.');
    await page.locator('.check-start').screenshot({ path: join(screenshots, 'check-client-form.png') });
    await bothThemes(page, 'check-client-view');

    // The careful client: every case passes, the valid ones survived, the broken ones detected.
    const careful = await runClient(page, 'node careful.mjs', 'clean, split-reads, tool-call, cut-before-done, mid-stream-error');
    await done(page);
    await expect(page.getByTestId('check-progress')).toHaveText('Done: 3 survived · 2 detected · 0 wrong · 0 crashed · 0 hung · 0 no-request.');
    await expect(page.getByTestId('client-command')).toHaveText('node careful.mjs');
    await expect(page.getByTestId('client-result')).toHaveCount(5);
    const matrix = page.getByTestId('check-matrix');
    await expect(matrix.locator('thead th')).toHaveText(['Case', 'chat']);
    await expect(matrix.locator('td[data-status="survived"]')).toHaveCount(3);
    await expect(matrix.locator('td[data-status="detected"]')).toHaveCount(2);
    await expect(page.getByTestId('client-wrong-alert')).toHaveCount(0);
    // What the command did on a case: how it ended, what it printed, the request it made.
    const tool = page.locator('[data-testid="client-result"][data-case="chat.tool-call"]');
    await tool.getByText('What it did').click();
    await expect(tool).toContainText(/Exited 0 after [\d.]+ m?s · a valid stream: to survive/);
    await expect(tool.locator('.check-client-output').first()).toContainText('"toolCalls":[{"name":');
    await expect(tool.locator('.check-client-requests li')).toHaveText([/^POST \/v1\/chat\/completions \{"model":"gpt-4o","stream":true/]);

    // The buggy client takes a body cut before [DONE] for a whole answer: wrong, the worst, said loudly.
    await page.getByRole('link', { name: '← Check a client' }).click();
    await expect(page).toHaveURL(/#\/check\/client$/);
    await expect(page.getByLabel('Working folder')).toHaveValue(folder);
    const buggy = await runClient(page, 'node end-is-done.mjs', 'clean, cut-before-done, mid-stream-error');
    await done(page);
    await expect(page.getByTestId('check-progress')).toHaveText('Done: 1 survived · 1 detected · 1 wrong · 0 crashed · 0 hung · 0 no-request.');
    await expect(page.getByTestId('client-wrong-alert')).toHaveText(/^1 case is wrong: the client exited 0 with another answer, or took a broken stream for a complete one/);
    const wrong = matrix.locator('td[data-check="chat.cut-before-done"]');
    await expect(wrong).toHaveAttribute('data-status', 'wrong');
    await expect(wrong.getByRole('link')).toHaveAccessibleName(/^chat\.cut-before-done: wrong \(the worst: .*\)\. .* Open its recording\.$/);
    await expect(page.locator('[data-testid="client-result"][data-case="chat.cut-before-done"] .check-summary')).toContainText('a broken stream accepted as complete');
    await bothThemes(page, 'check-client-run');

    // The cell opens the stream the case served, in the recording view.
    await wrong.getByRole('link').click();
    await expect(page).toHaveURL(/#\/recording\/\d+$/);
    await expect(page.getByTestId('recording-view')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`#/check/client/run/${buggy}$`));

    // Another bug: each read taken for whole events crashes on a valid stream cut across reads.
    await page.getByRole('link', { name: '← Check a client' }).click();
    await runClient(page, 'node read-is-events.mjs', 'clean, split-reads');
    await done(page);
    await expect(matrix.locator('td[data-check="chat.split-reads"]')).toHaveAttribute('data-status', 'crashed');
    await expect(matrix.locator('td[data-check="chat.clean"]')).toHaveAttribute('data-status', 'survived');

    // A client that never ends: under way with Cancel, then cancelled.
    await page.getByRole('link', { name: '← Check a client' }).click();
    const stuck = await runClient(page, 'node never-ends.mjs', 'clean');
    await expect(page.getByTestId('check-progress')).toHaveText('Running: 0 of 1 cases judged (0 survived · 0 detected · 0 wrong · 0 crashed · 0 hung · 0 no-request).');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('check-progress')).toHaveAttribute('data-state', 'cancelled', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    // A command that cannot be started: the run says why.
    await page.getByRole('link', { name: '← Check a client' }).click();
    await runClient(page, 'no-such-client-e2e', 'clean');
    await expect(page.getByTestId('check-progress')).toHaveAttribute('data-state', 'unreachable', { timeout: 30_000 });
    await expect(page.getByTestId('check-progress')).toHaveText(/^The command could not be started: .*no-such-client-e2e/);

    // The past runs: the client runs among them, marked; one deleted.
    await page.getByRole('link', { name: '← Check a client' }).click();
    const runs = page.getByTestId('check-runs');
    const row = (id: number) => runs.locator(`[data-testid="client-run-row"][data-run="${id}"]`);
    await expect(row(stuck)).toHaveAttribute('data-state', 'cancelled');
    await expect(row(buggy).locator('td').nth(2)).toHaveText('Client');
    await expect(row(buggy).locator('.check-runs-endpoint')).toHaveText('node end-is-done.mjs');
    await expect(row(buggy).getByTestId('check-run-counts')).toHaveText('1 survived · 1 detected · 1 wrong · 0 crashed · 0 hung · 0 no-request');
    await runs.getByRole('button', { name: `Delete client run #${careful}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Deleted client run #${careful}.` })).toBeVisible();
    await expect(row(careful)).toHaveCount(0);
    // The same list on the Server tab, and a client run opens from it.
    await tabs.getByRole('tab', { name: 'Server' }).click();
    await expect(page).toHaveURL(/#\/check$/);
    await runs.getByRole('link', { name: `Client run #${buggy}` }).click();
    await expect(page).toHaveURL(new RegExp(`#/check/client/run/${buggy}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Client run #${buggy}` })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
