// Around every view (issue 7): the app bar, the keyboard shortcuts, and the app remembering the
// last view and selection across a reload.

import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { address, screenshots, watchForErrors } from './support.ts';

async function recordText(page: Page): Promise<number> {
  await page.goto(address);
  await page.getByLabel('Scenario').selectOption('sim-text');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recording-view')).toHaveAttribute('data-live', 'false', { timeout: 25_000 });
  return Number(/(\d+)$/.exec(page.url())![1]);
}

test.describe('Shortcuts and the app bar', () => {
  test('go to each view by a key, never while typing, and list themselves on "?"', async ({ page }) => {
    const problems = watchForErrors(page);
    await page.goto(address);
    const views = page.getByRole('navigation', { name: 'Views' });
    await expect(views.getByRole('link', { name: 'Recordings' })).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('n');
    await expect(page).toHaveURL(/#\/new$/);
    await expect(views.getByRole('link', { name: 'New request' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('m');
    await expect(page).toHaveURL(/#\/mock$/);
    await page.keyboard.press('r');
    await expect(page).toHaveURL(/#\/$/);

    // "/" goes to the search box; keys typed there are text, not shortcuts.
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(search).toBeFocused();
    await page.keyboard.type('nm');
    await expect(search).toHaveValue('nm');
    await expect(page).toHaveURL(/#\/$/);
    await search.blur();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('row', { name: /New Request n/ })).toBeVisible();
    await expect(help.getByRole('row', { name: /Replay or Pause p/ })).toBeVisible();
    await help.screenshot({ path: join(screenshots, 'shortcuts-dialog.png') });
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('act on a recording: "e" exports, "c" compares with another, "s" serves it as a mock endpoint', async ({ page }) => {
    const id = await recordText(page);
    await page.keyboard.press('e');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('export-dialog')).toBeHidden();
    await page.keyboard.press('c');
    await expect(page.getByTestId('compare-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('compare-dialog')).toBeHidden();
    await page.keyboard.press('s');
    await expect(page).toHaveURL(new RegExp(`#/mock/${id}$`));
  });

  test('open the file dialog to import with "i" on the recordings page', async ({ page }) => {
    await page.goto(address);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('i');
    expect((await chooser).isMultiple()).toBe(true);
  });
});

test.describe('The last view', () => {
  test('is where the app opens again, with the same event selected', async ({ page }) => {
    const id = await recordText(page);
    await page.getByTestId('event-row').nth(5).click();
    const chosen = await page.locator('[data-testid="event-row"][aria-selected="true"]').textContent();
    await expect(page.getByTestId('as-of').first()).toContainText('as of event #');
    const asOf = await page.getByTestId('as-of').first().textContent();
    // The write waits a moment for the selection to settle: wait until the storage holds this event.
    const event = Number(/#(\d+)/.exec(asOf!)![1]);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), 'streamscope.last-view'))
      .toBe(JSON.stringify({ hash: `#/recording/${id}`, event }));

    // The app opened afresh (a new window of the same browser), its address naming no view.
    const again = await page.context().newPage();
    await again.goto(address);
    await expect(again).toHaveURL(new RegExp(`#/recording/${id}$`));
    await expect(again.locator('[data-testid="event-row"][aria-selected="true"]')).toHaveText(chosen!);
    await expect(again.getByTestId('as-of').first()).toHaveText(asOf!);

    // An address that names a view wins over the remembered one.
    await again.goto(again.url().replace(/#.*$/, '#/mock'));
    await again.reload();
    await expect(again).toHaveURL(/#\/mock$/);
    await expect(again.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Mock endpoints' })).toHaveAttribute('aria-current', 'page');
  });
});
