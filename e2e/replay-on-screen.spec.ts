// Replay on screen (issue 7): a saved recording played back in its own view at 1×, 2× or 10×, or
// an event at a time, the message panel growing as a client's message would.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { address, importFile, realStreams, screenshots, watchForErrors } from './support.ts';

async function recordText(page: Page): Promise<void> {
  await page.goto(address);
  await page.getByLabel('Scenario').selectOption('sim-text');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recording-view')).toHaveAttribute('data-live', 'false', { timeout: 25_000 });
}

// The functions given to page.evaluate() run in the browser; tsconfig.node.json has no DOM lib.
declare const window: { __replayed: string[]; location: { hash: string }; scrollTo(x: number, y: number): void };
declare const document: {
  querySelector(selector: string): { querySelector(selector: string): { textContent: string | null } | null } | null;
  querySelectorAll(selector: string): Iterable<{ __kept?: boolean }>;
  body: { scrollHeight: number };
};
declare class IntersectionObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void);
  observe(target: unknown): void;
}

/** Marks the elements `selector` finds, to tell later whether the page kept them or made new ones. */
async function mark(page: Page, selector: string): Promise<void> {
  await page.evaluate((selector) => {
    for (const element of document.querySelectorAll(selector)) element.__kept = true;
  }, selector);
}

/** For each element `selector` finds, whether it was marked. */
async function marked(page: Page, selector: string): Promise<boolean[]> {
  return page.evaluate((selector) => [...document.querySelectorAll(selector)].map((element) => element.__kept === true), selector);
}
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
    await expect(page.getByTestId('replay-where')).toContainText('event #0 · 1 of');
    await expect(page.locator('[data-testid="event-row"][aria-selected="true"]')).toContainText('role');
    await bar.getByRole('button', { name: 'Step →' }).click();
    await bar.getByRole('button', { name: 'Step →' }).click();
    await expect(page.getByTestId('replay-where')).toContainText('event #2 · 3 of');
    const third = (await content(page).textContent()) ?? '';
    await bar.getByRole('button', { name: '← Step' }).click();
    await expect(page.getByTestId('replay-where')).toContainText('event #1 · 2 of');
    const second = (await content(page).textContent()) ?? '';
    expect(third.length).toBeGreaterThan(/no content/.test(second) ? 0 : second.length);

    // The keyboard does the same: "," back, "." forward, "p" plays.
    await page.keyboard.press(',');
    await page.keyboard.press(',');
    await expect(page.getByTestId('replay-where')).toContainText('before the first event');
    await expect(page.getByTestId('as-of').first()).toContainText('before the first event');
    await page.keyboard.press('.');
    await expect(page.getByTestId('replay-where')).toContainText('event #0 · 1 of');
    await bar.screenshot({ path: join(screenshots, 'replay-bar.png') });
    await page.keyboard.press('p');
    await expect(bar.getByRole('button', { name: 'Replay again' })).toBeVisible({ timeout: 10_000 });

    await bar.getByRole('button', { name: 'Exit replay' }).click();
    await expect(page.getByTestId('replay-where')).not.toContainText('event');
  });

  test('moves the table by rewriting the rows it has, not by making new ones, when the selection jumps', async ({ page, request }) => {
    // 664 events: far more than the table shows at once.
    const id = await importFile(request, 'replay-jump.sse', readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse')));
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
    const bar = page.getByRole('region', { name: 'Replay on screen' });
    await bar.getByRole('button', { name: 'Step →' }).click();
    await expect(page.getByTestId('replay-where')).toContainText('event #0 · 1 of 664');
    const rows = page.getByTestId('event-row');
    await expect(rows.first()).toHaveAttribute('data-index', '0');
    const shown = await rows.count();
    expect(shown).toBeGreaterThan(5);
    await mark(page, '[data-testid="event-row"]');

    // The last event chosen while replaying: the replay goes there, a whole window away.
    await page.getByRole('grid').press('End');
    await expect(page.getByTestId('replay-where')).toContainText('event #663 · 664 of 664');
    await expect(page.locator('[data-testid="event-row"][aria-selected="true"]')).toHaveAttribute('data-index', '663');
    const kept = await marked(page, '[data-testid="event-row"]');
    // Every row is one of the elements shown before; a new one only if the window grew.
    expect(kept.filter((old) => !old).length).toBe(Math.max(0, kept.length - shown));
    expect(kept.length).toBeGreaterThanOrEqual(shown - 1);
    await expect(rows.first()).not.toHaveAttribute('data-index', '0');
  });

  test('draws each event in the inspector’s elements, its JSON tree opened as a new one would be', async ({ page, request }) => {
    const id = await importFile(request, 'replay-inspector.sse', readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse')));
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
    const bar = page.getByRole('region', { name: 'Replay on screen' });
    const inspector = page.getByTestId('inspector');
    const choices = inspector.getByTestId('json-tree').getByRole('button', { name: 'choices' });
    await bar.getByRole('button', { name: 'Step →' }).click();
    await bar.getByRole('button', { name: 'Step →' }).click();
    await expect(inspector).toContainText('Event #1');
    await choices.click();
    await expect(choices).toHaveAttribute('aria-expanded', 'false');
    const drawn = '[data-testid="inspector"] :is([data-testid="json-tree"], [data-testid="raw-bytes"], .raw-line)';
    await mark(page, drawn);
    const elements = (await marked(page, drawn)).length;
    expect(elements).toBeGreaterThanOrEqual(3);

    await bar.getByRole('button', { name: 'Step →' }).click();
    await expect(inspector).toContainText('Event #2');
    // The branch closed on event 1 was closed for it alone.
    await expect(choices).toHaveAttribute('aria-expanded', 'true');
    expect(await marked(page, drawn)).toEqual(Array.from({ length: elements }, () => true));
    await bar.getByRole('button', { name: '← Step' }).click();
    await expect(inspector).toContainText('Event #1');
    await expect(choices).toHaveAttribute('aria-expanded', 'true');
  });

  test('an inspector scrolled out of view keeps its event during a replay, and catches up when seen', async ({ page, request }) => {
    const id = await importFile(request, 'replay-unseen.sse', readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse')));
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
    const bar = page.getByRole('region', { name: 'Replay on screen' });
    const inspector = page.getByTestId('inspector');
    await bar.getByRole('button', { name: 'Step →' }).click();
    await bar.getByRole('button', { name: 'Step →' }).click();
    await expect(inspector).toContainText('Event #1');

    // Down to the panels, the inspector out of view; then wait for the page to have heard so.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const element = document.querySelector('[data-testid="inspector"]');
          new IntersectionObserver((entries) => {
            if (!entries.at(-1)!.isIntersecting) resolve();
          }).observe(element);
        }),
    );
    await page.waitForTimeout(200);
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await expect(page.getByTestId('replay-where')).toContainText('event #3 · 4 of 664');
    // The panels below moved with the replay; the unseen inspector did not.
    await expect(page.getByTestId('as-of').first()).toContainText('as of event #3');
    await expect(inspector).toContainText('Event #1');

    await inspector.scrollIntoViewIfNeeded();
    await expect(inspector).toContainText('Event #3');
  });
});
