// Replay on screen (issue 7): a saved recording played back in its own view at 1×, 2× or 10×, or
// an event at a time, the message panel growing as a client's message would.

import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { address, screenshots, watchForErrors } from './support.ts';

async function recordText(page: Page): Promise<void> {
  await page.goto(address);
  await page.getByLabel('Scenario').selectOption('sim-text');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recording-view')).toHaveAttribute('data-live', 'false', { timeout: 25_000 });
}

// The functions given to page.evaluate() run in the browser; tsconfig.node.json has no DOM lib.
declare const window: { __replayed: string[] };
declare const document: { querySelector(selector: string): { querySelector(selector: string): { textContent: string | null } | null } | null };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: Record<string, boolean>): void;
}

const content = (page: Page) => page.getByTestId('message-panel').getByTestId('content');

test.describe('Replay on screen', () => {
  test('plays a recording back and the message grows in order, to the whole answer', async ({ page }) => {
    const problems = watchForErrors(page);
    await recordText(page);
    const answer = (await content(page).textContent()) ?? '';
    expect(answer.length).toBeGreaterThan(20);

    // Every text the message panel shows while it plays, as the page draws it.
    await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="message-panel"]')!;
      const seen: string[] = [];
      window.__replayed = seen;
      new MutationObserver(() => {
        const text = panel.querySelector('[data-testid="content"]')?.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(panel, { subtree: true, childList: true, characterData: true });
    });
    const bar = page.getByRole('region', { name: 'Replay on screen' });
    await bar.getByRole('button', { name: 'Replay' }).click();
    await expect(bar.getByRole('button', { name: 'Replay again' })).toBeVisible({ timeout: 20_000 });
    const seen = await page.evaluate(() => window.__replayed);
    const texts = seen.map((text) => (/no content/.test(text) ? '' : text));
    // The panel starts empty (before the first event) and shows the answer part-written on its way
    // (how many steps it draws depends on how busy the machine is).
    expect(texts[0]).toBe('');
    expect(texts.length, texts.join(' | ')).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < texts.length; index++) expect(texts[index]!.startsWith(texts[index - 1]!), `${texts[index - 1]} → ${texts[index]}`).toBe(true);
    expect(texts.at(-1)).toBe(answer);
    expect(problems).toEqual([]);
  });

  test('steps an event at a time from before the first, and the table follows', async ({ page }) => {
    await recordText(page);
    const bar = page.getByRole('region', { name: 'Replay on screen' });
    await bar.getByRole('button', { name: '10×' }).click();
    await expect(bar.getByRole('button', { name: '10×' })).toHaveAttribute('aria-pressed', 'true');
    await bar.getByRole('button', { name: 'Step →' }).click();
    await expect(page.getByTestId('replay-where')).toContainText('event 1 of');
    await expect(page.locator('[data-testid="event-row"][aria-selected="true"]')).toContainText('role');
    await bar.getByRole('button', { name: 'Step →' }).click();
    await bar.getByRole('button', { name: 'Step →' }).click();
    await expect(page.getByTestId('replay-where')).toContainText('event 3 of');
    const third = (await content(page).textContent()) ?? '';
    await bar.getByRole('button', { name: '← Step' }).click();
    await expect(page.getByTestId('replay-where')).toContainText('event 2 of');
    const second = (await content(page).textContent()) ?? '';
    expect(third.length).toBeGreaterThan(/no content/.test(second) ? 0 : second.length);

    // The keyboard does the same: "," back, "." forward, "p" plays.
    await page.keyboard.press(',');
    await page.keyboard.press(',');
    await expect(page.getByTestId('replay-where')).toContainText('before the first event');
    await expect(page.getByTestId('as-of').first()).toContainText('before the first event');
    await page.keyboard.press('.');
    await expect(page.getByTestId('replay-where')).toContainText('event 1 of');
    await bar.screenshot({ path: join(screenshots, 'replay-bar.png') });
    await page.keyboard.press('p');
    await expect(bar.getByRole('button', { name: 'Replay again' })).toBeVisible({ timeout: 10_000 });

    await bar.getByRole('button', { name: 'Exit replay' }).click();
    await expect(page.getByTestId('replay-where')).not.toContainText('event');
  });
});
