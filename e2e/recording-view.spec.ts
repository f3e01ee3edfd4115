// The recording view (issue 6), as a user meets it: record simulator scenarios live from the home
// page and read what each panel shows; open every real captured stream; select, scrub, filter.
// Screenshots of each panel go to e2e/screenshots/ (README, "Screenshots").

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { analyzeRecording } from '../shared/analysis/analyze.ts';
import { recordingFromSse } from '../shared/formats/sse.ts';
import { address, cancelKeepingRows, ended, importFile, realStreams, screenshots, watchForErrors } from './support.ts';

// The functions given to page.evaluate() run in the browser; tsconfig.node.json has no DOM lib.
declare const window: { location: { hash: string } };
declare const document: { querySelectorAll(selector: string): { length: number } };

/** Starts a recording of a simulator scenario from the home page; returns its id once its view is open. */
async function record(page: Page, scenario: string, message = 'Tell me about streams.'): Promise<number> {
  await page.goto(address);
  await page.getByLabel('Scenario').selectOption(`sim-${scenario}`);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page).toHaveURL(/#\/recording\/\d+$/);
  await expect(page.getByTestId('recording-view')).toBeVisible();
  return Number(/(\d+)$/.exec(page.url())![1]);
}

async function shoot(locator: Locator, name: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: join(screenshots, `view-${name}.png`) });
}

test.describe('The recording view', () => {
  test('shows three parallel tool calls as one card per index, each argument fragment linked to its event', async ({ page }) => {
    const problems = watchForErrors(page);
    await record(page, 'parallel-tool-calls', 'Weather in Paris and Tokyo, and the time in New York?');
    await ended(page, 'cleanly');
    const cards = page.getByTestId('tool-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toHaveAttribute('data-index', '0');
    await expect(cards.nth(0)).toContainText('get_weather');
    await expect(cards.nth(0)).toContainText('"city": "Paris"');
    await expect(cards.nth(1)).toContainText('"city": "Tokyo"');
    await expect(cards.nth(2)).toContainText('get_local_time');
    await expect(cards.nth(2)).toContainText('"timezone": "America/New_York"');

    // Each fragment selects the event that carried it: the inspector then shows that event's bytes.
    const fragments = cards.nth(1).getByTestId('tool-fragment');
    expect(await fragments.count()).toBeGreaterThan(2);
    await fragments.nth(1).click();
    const selected = page.locator('[data-testid="event-row"][aria-selected="true"]');
    await expect(selected).toHaveCount(1);
    await expect(selected).toContainText('tool_calls[1].arguments +=');
    await expect(page.getByTestId('raw-bytes')).toContainText('"index":1');
    await shoot(page.getByTestId('tool-calls-panel'), 'tool-calls');
    expect(problems).toEqual([]);
  });

  test('warns of a refusal, and keeps content empty', async ({ page }) => {
    await record(page, 'refusal');
    await ended(page, 'cleanly');
    await expect(page.getByTestId('refusal')).toBeVisible();
    await expect(page.getByTestId('refusal')).toContainText(/can.t/i);
    await expect(page.getByTestId('message-panel').getByTestId('content')).toHaveText(/no content/);
    await shoot(page.getByTestId('message-panel'), 'message-refusal');
  });

  test('labels the usage-only chunk, and shows the usage it carried', async ({ page }) => {
    await record(page, 'text');
    await ended(page, 'cleanly');
    await page.getByLabel('Filter events').fill('usage-only');
    const rows = page.getByTestId('event-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('usage-only chunk (choices: [])');
    await expect(page.getByTestId('usage-panel')).toContainText('completion_tokens');
    await shoot(page.getByTestId('usage-panel'), 'usage');
  });

  test('finds buffered-delivery in the held-back scenario', async ({ page }) => {
    await record(page, 'buffered');
    await ended(page);
    const finding = page.locator('[data-testid="diagnostic"][data-code="buffered-delivery"]');
    await expect(finding).toBeVisible();
    // Its evidence is one click from the timeline and the table.
    await finding.getByRole('button', { name: /evidence/i }).first().click();
    await expect(page.locator('[data-testid="event-row"][aria-selected="true"]')).toHaveCount(1);
    await shoot(page.getByTestId('diagnostics-panel'), 'diagnostics');
  });

  test('finds missing-finish-reason and no-done in a dropped stream', async ({ page }) => {
    await record(page, 'connection-drop');
    await ended(page);
    const codes = await page.getByTestId('diagnostic').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-code')));
    expect(codes).toEqual(expect.arrayContaining(['missing-finish-reason', 'no-done']));
  });

  test('shows the worst finding without scrolling, and the header count opens the diagnostics', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await record(page, 'connection-drop');
    await ended(page);
    const worst = page.getByTestId('worst-finding');
    await expect(worst).toContainText(/^error /);
    await expect(worst).toBeInViewport();
    await expect(page.getByTestId('diagnostics-panel')).not.toBeInViewport();
    await page.locator('.finding-counts-link').click();
    await expect(page.getByTestId('diagnostics-panel')).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Diagnostics', level: 2 })).toBeFocused();
    await shoot(page.locator('.recording-header'), 'recording-header-findings');
  });

  test('shows reasoning before content, as it came', async ({ page }) => {
    await record(page, 'reasoning');
    await ended(page, 'cleanly');
    const message = page.getByTestId('message-panel');
    await expect(message.getByTestId('reasoning')).not.toBeEmpty();
    await expect(message.getByTestId('content')).not.toHaveText(/no content/);
    const order = await message.evaluate((panel) => {
      const reasoning = panel.querySelector('[data-testid="reasoning"]')!;
      const content = panel.querySelector('[data-testid="content"]')!;
      return reasoning.compareDocumentPosition(content) & 4 ? 'reasoning first' : 'content first';
    });
    expect(order).toBe('reasoning first');
    await shoot(message, 'message-reasoning');
  });

  test('selects an event to show its raw bytes, and rebuilds the message as of that event', async ({ page }) => {
    const problems = watchForErrors(page);
    await record(page, 'text', 'Explain server-sent events in a paragraph.');
    await ended(page, 'cleanly');
    const content = page.getByTestId('message-panel').getByTestId('content');
    const final = (await content.textContent()) ?? '';
    expect(final.length).toBeGreaterThan(20);

    const asOf = page.getByTestId('message-panel').getByTestId('as-of');
    // The table followed the stream to its end: Home goes back to the first event.
    await page.getByTestId('events-table').getByRole('grid').press('Home');
    await page.locator('[data-testid="event-row"][data-index="3"]').click();
    // The panels follow the selection at a lower priority: wait until they say where they stand.
    await expect(asOf).toContainText('as of event #3,');
    const raw = page.getByTestId('raw-bytes');
    await expect(raw).toContainText('data: {');
    await expect(raw).toContainText('\\n');
    await expect(page.getByTestId('event-effect')).toContainText('content');
    const then = (await content.textContent()) ?? '';
    expect(then.length).toBeGreaterThan(0);
    expect(then.length).toBeLessThan(final.length);
    expect(final.startsWith(then)).toBe(true);

    // Stepping on with the keyboard grows it; End brings back the whole message.
    await page.getByTestId('events-table').getByRole('grid').press('ArrowDown');
    await page.getByTestId('events-table').getByRole('grid').press('ArrowDown');
    await expect(asOf).toContainText('as of event #5,');
    const later = (await content.textContent()) ?? '';
    expect(later.length).toBeGreaterThan(then.length);
    expect(final.startsWith(later)).toBe(true);
    await page.getByTestId('events-table').getByRole('grid').press('End');
    await expect(content).toHaveText(final);

    await shoot(page.getByTestId('inspector'), 'inspector');
    await shoot(page.getByTestId('events-table'), 'events');
    await shoot(page.getByTestId('timeline'), 'timeline');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(screenshots, 'view-recording.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshots, 'view-recording-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('zooms and pans the timeline, selects the event clicked, and scrubs the message along it', async ({ page }) => {
    const problems = watchForErrors(page);
    await record(page, 'text', 'Write two sentences about timelines.');
    await ended(page, 'cleanly');
    const timeline = page.getByTestId('timeline');
    const canvas = page.getByTestId('timeline-canvas');
    const whole = await timeline.getAttribute('data-visible-range');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(timeline).not.toHaveAttribute('data-visible-range', whole!);
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect(timeline).toHaveAttribute('data-visible-range', whole!);

    // A click selects the nearest event: the table and the inspector follow.
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width * 0.6, y: box.height / 2 } });
    const selected = Number(await timeline.getAttribute('data-selected'));
    expect(Number.isInteger(selected)).toBe(true);
    await expect(page.locator(`[data-testid="event-row"][data-index="${selected}"]`)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('raw-bytes')).toContainText('data:');

    // Shift-drag from the start to the middle: the message is rebuilt as of the event under the pointer.
    const asOf = page.getByTestId('message-panel').getByTestId('as-of');
    await page.keyboard.down('Shift');
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    const scrubbed = Number(await timeline.getAttribute('data-selected'));
    expect(scrubbed).toBeLessThan(selected);
    await expect(asOf).toContainText(`as of event #${scrubbed},`);
    const content = (await page.getByTestId('message-panel').getByTestId('content').textContent()) ?? '';
    await page.keyboard.press('Escape');
    await expect(asOf).toContainText('at the end of the stream');
    const final = (await page.getByTestId('message-panel').getByTestId('content').textContent()) ?? '';
    expect(final.startsWith(content.replace('(no content: no content delta carried text)', ''))).toBe(true);
    expect(final.length).toBeGreaterThan(content.length);
    expect(problems).toEqual([]);
  });

  test('follows a recording live, keeps what arrived when it is cancelled, and says how it ended', async ({ page }) => {
    const problems = watchForErrors(page);
    // long-silence sends some chunks, then goes quiet for 12 s: the events so far are on screen while it records.
    await record(page, 'long-silence');
    const status = page.getByTestId('recording-status');
    await expect(status).toContainText('Recording…');
    await expect(page.getByTestId('recording-view')).toHaveAttribute('data-live', 'true');
    await expect(page.getByTestId('event-row').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('message-panel').getByTestId('content')).not.toHaveText(/no content/);
    await page.screenshot({ path: join(screenshots, 'view-live.png'), fullPage: true });
    await cancelKeepingRows(page);
    expect(problems).toEqual([]);
  });

  test('opens every captured real stream without an error, and shows the provider extensions it carries', async ({ page, request }) => {
    test.setTimeout(120_000);
    const problems = watchForErrors(page);
    await page.goto(address);
    for (const name of readdirSync(realStreams).filter((file) => file.endsWith('.sse'))) {
      const bytes = readFileSync(join(realStreams, name));
      const id = await importFile(request, name, bytes);
      const extensions = new Set(analyzeRecording(recordingFromSse(new Uint8Array(bytes))).events.flatMap((event) => event.interpretation.unknownPaths));
      await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
      const view = page.getByTestId('recording-view');
      await expect(view, name).toBeVisible();
      await expect(view.locator('h1'), name).toContainText(name);
      for (const path of extensions) await expect(page.getByTestId('diagnostics-panel'), `${name}: ${path}`).toContainText(path);
    }
    expect(problems).toEqual([]);
  });

  test('shows recorded text as text, never as markup', async ({ page, request }) => {
    const hostile = '<img src=x onerror="document.title=1">.sse';
    const id = await importFile(request, hostile, readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse')));
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
    await expect(page.getByTestId('recording-view').locator('h1')).toContainText(hostile);
    expect(await page.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    await expect(page).toHaveTitle('Streamscope');
  });

  test('says so when a recording does not exist', async ({ page }) => {
    await page.goto(address);
    await page.evaluate(() => (window.location.hash = '#/recording/999999'));
    await expect(page.getByRole('alert')).toContainText('There is no recording #999999');
  });
});
