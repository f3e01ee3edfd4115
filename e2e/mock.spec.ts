// Mock endpoints (issue 7), as a user meets them: a stored recording served from its view's
// "Serve as mock endpoint", the URL read from the page and consumed by the official openai SDK
// from this test, the request appearing in the page's log; a server with a fault that breaks the
// SDK, logged as cut; Stop. Checked with axe in both themes. Screenshots: e2e/screenshots/mock-*.png.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import OpenAI from 'openai';
import { analyzeRecording } from '../shared/analysis/analyze.ts';
import { toContract } from '../shared/analysis/contract.ts';
import { recordingFromSse } from '../shared/formats/sse.ts';
import { address, call, importFile, origin, realStreams, screenshots, watchForErrors } from './support.ts';
import { violations } from './axe.ts';

declare const window: { location: { hash: string } };
declare const navigator: { clipboard: { readText(): Promise<string> } };
declare const document: { getSelection(): { toString(): string } | null };

// A real capture: fourteen events, text, a finish reason and usage. A plain .sse has no request,
// so it answers any request (docs/replay.md, "Which recording answers a request").
const STREAM = 'openai-gpt4o-structured-text-usage.sse';
const bytes = readFileSync(join(realStreams, STREAM));
const recorded = toContract(analyzeRecording(recordingFromSse(new Uint8Array(bytes)))).choices[0]!.message.content!;

/** What the openai SDK's iterator collects from the endpoint: the text, or the error it throws. */
async function consume(baseURL: string): Promise<{ text: string; error: string | null }> {
  const client = new OpenAI({ baseURL, apiKey: 'x', maxRetries: 0 });
  let text = '';
  try {
    const stream = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }], stream: true });
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    return { text, error: null };
  } catch (error) {
    return { text, error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** Opens the stored recording's view and follows its "Serve as mock endpoint". */
async function serveFromRecording(page: Page, id: number): Promise<void> {
  await page.goto(address);
  await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
  await expect(page.getByTestId('recording-view')).toBeVisible();
  await page.getByRole('link', { name: 'Serve as mock endpoint' }).click();
  await expect(page).toHaveURL(new RegExp(`#/mock/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Mock endpoints' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen recordings' }).getByTestId('mock-chosen')).toHaveCount(1);
  await expect(page.getByTestId('mock-chosen')).toContainText(`#${id}`);
}

/** The servers this worker's tests started: stopped after each test, even one that failed. */
const started = new Set<string>();

/** Starts the server and returns its card and base URL, read from the page. */
async function start(page: Page): Promise<{ card: Locator; baseUrl: string }> {
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const notice = page.getByRole('status').filter({ hasText: /^Started http/ });
  await expect(notice).toBeVisible();
  const baseUrl = /^Started (\S+)\.$/.exec((await notice.textContent())!)![1]!;
  // Other tests' servers run on the same backend: this one is the card with this URL.
  const card = page.getByTestId('mock-server').filter({ has: page.getByTestId('mock-base-url').getByText(baseUrl, { exact: true }) });
  await expect(card).toBeVisible();
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  started.add(baseUrl);
  return { card, baseUrl };
}

test.describe('Mock endpoints', () => {
  // Each opens a recording, starts servers and runs the SDK: on a loaded CI machine, more than 30 s.
  test.describe.configure({ timeout: 60_000 });

  test.afterEach(async ({ request }) => {
    for (const server of await call<{ id: number; baseUrl: string }[]>(request, 'listReplays', {})) {
      if (started.delete(server.baseUrl)) await call(request, 'stopReplay', { id: server.id });
    }
  });

  test('serves a stored recording that the openai SDK streams in full, with precise timing, and shows the request in the log', async ({ page, request, context }) => {
    const problems = watchForErrors(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const id = await importFile(request, `mock-${Date.now().toString(36)}.sse`, bytes);
    await serveFromRecording(page, id);
    await page.getByRole('checkbox', { name: 'Precise timing' }).check();
    const { card, baseUrl } = await start(page);
    await expect(card).toContainText('at the recorded pace, precise timing');
    await expect(card.getByTestId('mock-faults')).toHaveText('none: the recording as it was');
    await expect(card.getByTestId('mock-log-empty')).toBeVisible();

    // The URL and the snippet are copied as a user copies them.
    await card.getByRole('button', { name: 'Copy base URL' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(baseUrl);
    await expect(card.getByTestId('mock-snippet')).toContainText(`new OpenAI({ baseURL: "${baseUrl}", apiKey: 'replay' })`);

    const got = await consume(baseUrl);
    expect(got).toEqual({ text: recorded, error: null });

    const line = card.getByTestId('mock-log-row');
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute('data-status', '200');
    await expect(line).toHaveAttribute('data-outcome', 'complete');
    await expect(line).toContainText('POST /v1/chat/completions');
    await expect(line).toContainText(`#${id}`);
    await expect(card).toContainText('1 request served');

    // The snippet's tabs, from the keyboard.
    await card.getByRole('tab', { name: 'TypeScript' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByTestId('mock-snippet')).toContainText(`client = OpenAI(base_url="${baseUrl}", api_key="replay")`);
    await page.keyboard.press('ArrowLeft');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(screenshots, 'mock-serving.png'), fullPage: true });
    await card.screenshot({ path: join(screenshots, 'mock-server-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await card.screenshot({ path: join(screenshots, 'mock-server-dark.png') });

    await card.getByRole('button', { name: /^Stop / }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `Stopped ${baseUrl} after 1 request.` })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a server with a fault breaks the SDK, the log says cut, and Stop ends it', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const id = await importFile(request, `mock-fault-${Date.now().toString(36)}.sse`, bytes);
    await serveFromRecording(page, id);

    // A field that does not read says what it takes, and Start waits.
    const cut = page.getByLabel('Cut after event');
    await cut.fill('three');
    await expect(cut).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Takes an event number: a whole number, 0 or more, not “three”.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Add a pause' }).click();
    await page.getByLabel('Pause before event').fill('1');
    await page.getByLabel('for (ms)').fill('40');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.mock-start').screenshot({ path: join(screenshots, 'mock-start-form.png') });
    await cut.fill('3');
    await page.getByLabel('As fast as possible').check();
    const { card, baseUrl } = await start(page);
    await expect(card.getByTestId('mock-faults')).toHaveText('cut after event 3; stall 40 ms before event 1');
    await expect(card).toContainText('as fast as possible');

    const got = await consume(baseUrl);
    expect(got.error).toBe('TypeError: terminated');
    expect(recorded.startsWith(got.text)).toBe(true);
    expect(got.text.length).toBeLessThan(recorded.length);

    const line = card.getByTestId('mock-log-row');
    await expect(line).toHaveAttribute('data-outcome', 'cut');
    await expect(line).toHaveAttribute('data-status', '200');
    await expect(line).toContainText(/cut after event 3 \(byte \d+\)/);
    await page.screenshot({ path: join(screenshots, 'mock-fault.png'), fullPage: true });

    await card.getByRole('button', { name: /^Stop / }).click();
    await expect(card).toHaveCount(0);
    const servers = await call<{ baseUrl: string }[]>(request, 'listReplays', {});
    expect(servers.map((server) => server.baseUrl)).not.toContain(baseUrl);
    expect((await consume(baseUrl)).error).toMatch(/^Error: Connection error\./);
    expect(problems).toEqual([]);
  });

  test('shows the requests a server answered before the page was opened, as the backend kept them', async ({ page, request }) => {
    const id = await importFile(request, `mock-late-${Date.now().toString(36)}.sse`, bytes);
    const server = await call<{ id: number; baseUrl: string }>(request, 'startReplay', { recordings: [id], speed: 0 });
    started.add(server.baseUrl);
    expect(await consume(server.baseUrl)).toEqual({ text: recorded, error: null });
    expect(await consume(server.baseUrl)).toEqual({ text: recorded, error: null });

    await page.goto(address);
    await page.evaluate(() => (window.location.hash = '#/mock'));
    const card = page.getByTestId('mock-server').filter({ has: page.getByTestId('mock-base-url').getByText(server.baseUrl, { exact: true }) });
    await expect(card.getByTestId('mock-log-row')).toHaveCount(2);
    await expect(card.getByTestId('mock-log-row').first()).toHaveAttribute('data-outcome', 'complete');
    await expect(card).toContainText('2 requests served');
    await expect(card).not.toContainText('not shown');

    // And one more after it opened, pushed: three lines, none twice.
    await consume(server.baseUrl);
    await expect(card.getByTestId('mock-log-row')).toHaveCount(3);
  });

  test('copying when the clipboard is refused selects the URL instead', async ({ page, request }) => {
    // The page served with a policy that refuses it the clipboard, as an embedding app may.
    await page.route(
      (url) => url.origin === origin && (url.pathname === '/' || url.pathname === '/index.html'),
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'permissions-policy': 'clipboard-write=()' } });
      },
    );
    const id = await importFile(request, `mock-copy-${Date.now().toString(36)}.sse`, bytes);
    await serveFromRecording(page, id);
    const { card, baseUrl } = await start(page);
    await card.getByRole('button', { name: 'Copy base URL' }).click();
    await expect(card.getByText('The clipboard was refused: the text is selected, press Ctrl+C')).toBeVisible();
    expect(await page.evaluate(() => document.getSelection()?.toString())).toBe(baseUrl);
    await page.emulateMedia({ colorScheme: 'light' });
    await card.locator('.mock-url').screenshot({ path: join(screenshots, 'mock-copy-refused.png') });
    await card.getByRole('button', { name: /^Stop / }).click();
    await expect(card).toHaveCount(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the mock endpoints view breaks no WCAG A or AA rule axe checks (${scheme})`, async ({ page, request }) => {
      const id = await importFile(request, `mock-axe-${Date.now().toString(36)}.sse`, bytes);
      await page.emulateMedia({ colorScheme: scheme });
      await serveFromRecording(page, id);
      const { card, baseUrl } = await start(page);
      await consume(baseUrl);
      await expect(card.getByTestId('mock-log-row')).toHaveCount(1);
      // A field that does not read, with its message, and a pause row.
      await page.getByLabel('Corrupt event').fill('x');
      await page.getByRole('button', { name: 'Add a pause' }).click();
      expect(await violations(page, '[data-testid="mock-view"]')).toEqual([]);
      await page.screenshot({ path: join(screenshots, `mock-${scheme}.png`), fullPage: true });
      await card.getByRole('button', { name: /^Stop / }).click();
      await expect(card).toHaveCount(0);
    });
  }
});
