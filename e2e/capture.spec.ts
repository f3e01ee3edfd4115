// Capture (issue 18), as a user meets it: a capture proxy started from the Capture view on the
// built-in simulator, the official openai SDK run from this test against the base URL read from
// the page, the exchange arriving live in the view's log (open, then done), opened in the
// recording view while it streams (the Capture panel and the "to the client" lane once it ends),
// and found in the history by its source and its capture session; a request a proxy refused, shown
// with its reason, and exchanges that came through before the view was opened. The view is checked
// with axe in both themes in e2e/accessibility.spec.ts. Screenshots: e2e/screenshots/capture-*.png.

import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ProxyInfo } from '../shared/api/contract.ts';
import { address, call, ended, screenshots, watchForErrors } from './support.ts';
import { violations } from './axe.ts';

declare const window: { location: { hash: string } };

/** The proxies this worker's tests started: stopped after each test, even one that failed. */
const started = new Set<string>();

/**
 * What the openai SDK collects from a stream through the proxy. The simulator's `sim` field paces
 * the answer (a first token after 1.5 s, then 8 tokens a second: some 6.5 s in all) so that a
 * person, and this test, can watch it arrive; the SDK passes the field on as any other body field.
 */
async function streamThrough(baseURL: string, question: string): Promise<string> {
  const client = new OpenAI({ baseURL, apiKey: 'sk-test-capture-e2e-4f1d2c3b', maxRetries: 0 });
  const params: ChatCompletionCreateParamsStreaming & { sim: Record<string, number> } = {
    model: 'sim-text',
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: question }],
    sim: { ttft_ms: 1500, tps: 8, chunks: 40, jitter: 0 },
  };
  let text = '';
  const stream = await client.chat.completions.create(params);
  for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  return text;
}

/** One request with node:http, as a web page's would come (an Origin), or none: its status. */
function plainRequest(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function openCapture(page: Page): Promise<void> {
  await page.goto(address);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Capture' }).click();
  await expect(page).toHaveURL(/#\/capture$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Capture' })).toBeVisible();
}

/** The card of the proxy whose base URL this is (other tests' proxies run on the same backend). */
function cardOf(page: Page, baseUrl: string): Locator {
  return page.getByTestId('capture-proxy').filter({ has: page.getByTestId('capture-base-url').getByText(baseUrl, { exact: true }) });
}

async function startSimulatorProxy(request: APIRequestContext): Promise<ProxyInfo> {
  const info = await call<ProxyInfo>(request, 'startProxy', { profiles: ['simulator'] });
  started.add(info.session);
  return info;
}

test.describe('Capture', () => {
  // A paced stream through the proxy, watched live and opened, then the history: more than 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });

  test.afterEach(async ({ request }) => {
    for (const proxy of await call<ProxyInfo[]>(request, 'listProxies', {})) {
      if (started.delete(proxy.session)) await call(request, 'stopProxy', { id: proxy.id });
    }
  });

  test('captures the openai SDK’s stream through a proxy on the simulator: live in the log, opened live, then found in the history', async ({ page }) => {
    const problems = watchForErrors(page);
    await openCapture(page);

    // Start waits, saying why; a field that does not read says what it takes.
    const start = page.getByRole('button', { name: 'Start', exact: true });
    await expect(start).toBeDisabled();
    await expect(page.getByText('Choose a built-in profile or give an upstream URL.')).toBeVisible();
    const upstreams = page.getByLabel('Upstream URLs');
    await upstreams.fill('api.openai.com/v1');
    await expect(upstreams).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Takes an http or https URL such as https://api.openai.com/v1, not “api.openai.com/v1”.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Built-in simulator' }).check();
    await expect(start).toBeDisabled();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.capture-start').screenshot({ path: join(screenshots, 'capture-start-form.png') });
    await upstreams.fill('');
    await expect(start).toBeEnabled();
    await start.click();

    const notice = page.getByRole('status').filter({ hasText: /^Started http/ });
    await expect(notice).toBeVisible();
    const baseURL = /^Started (\S+)\.$/.exec((await notice.textContent())!)![1]!;
    expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/simulator\/v1$/);
    const card = cardOf(page, baseURL);
    await expect(card).toBeVisible();
    started.add((await card.getByTestId('capture-session').textContent())!);
    await expect(card.getByTestId('capture-cassettes')).toHaveText('none');
    await expect(card.getByTestId('capture-log-empty')).toBeVisible();

    // What to paste, per client, with each one's note.
    await expect(card.getByTestId('capture-snippet')).toHaveText(`OPENAI_BASE_URL=${baseURL}`);
    await card.getByRole('tab', { name: 'Vercel AI SDK', exact: true }).click();
    await expect(card.getByTestId('capture-snippet')).toHaveText(`const openai = createOpenAI({ baseURL: '${baseURL}' })`);
    await expect(card.getByTestId('capture-snippet-note')).toContainText('openai.chat(id) speaks Chat Completions');
    await card.getByRole('tab', { name: 'openai SDK (Node)', exact: true }).click();
    await expect(card.getByTestId('capture-snippet')).toHaveText(`new OpenAI({ baseURL: '${baseURL}' })`);
    await card.getByRole('tab', { name: 'Anthropic SDK (Node)', exact: true }).click();
    await expect(card.getByTestId('capture-snippet')).toHaveText(`new Anthropic({ baseURL: '${baseURL.replace(/\/v1$/, '')}' })`);

    // The app (this test) streams through it; the exchange shows at once, open.
    const answer = streamThrough(baseURL, 'Say hello through the capture proxy.');
    const line = card.getByTestId('capture-exchange');
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute('data-state', 'open');
    await expect(line.getByTestId('capture-state')).toHaveText('streaming');
    await expect(line).toContainText('POST /simulator/v1/chat/completions');
    await expect(line).toContainText('sim-text');
    await expect(card.getByTestId('capture-count')).toHaveText('1 exchange, 1 streaming');
    const id = Number(await line.getAttribute('data-recording'));
    expect(id).toBeGreaterThan(0);
    await card.screenshot({ path: join(screenshots, 'capture-live.png') });

    // Opened while it streams, the recording view follows it as it grows.
    await line.getByRole('link', { name: `Open recording #${id}, live` }).click();
    await expect(page).toHaveURL(new RegExp(`#/recording/${id}$`));
    const view = page.getByTestId('recording-view');
    await expect(view).toHaveAttribute('data-live', 'true');
    await expect(page.getByTestId('recording-status')).toContainText('captured: it ends when the app’s stream ends');
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    const rows = page.getByTestId('event-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(2);
    const seenLive = await rows.count();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(seenLive);
    await expect(view).toHaveAttribute('data-live', 'true');
    await page.screenshot({ path: join(screenshots, 'capture-recording-live.png') });

    const text = await answer;
    expect(text.length).toBeGreaterThan(20);
    await ended(page, 'cleanly');

    // Once it ended: the Capture panel and the lane of the writes to the client.
    const legend = page.getByTestId('timeline-legend');
    await expect(legend.locator('[data-lane="writes"]')).toContainText('to the client');
    await expect(legend.locator('[data-lane="reads"]')).toBeVisible();
    await expect(page.getByTestId('timeline').getByRole('application')).toHaveAttribute('aria-label', /writes? to the client/);
    const panel = page.getByTestId('capture-panel');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByTestId('capture-upstream')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    await expect(panel.getByTestId('capture-client')).toContainText('OpenAI/JS');
    await expect(panel.getByTestId('capture-added')).toContainText(/added p50\s*[\d.]+ ms/);
    await expect(panel.getByTestId('capture-added')).toContainText('added p99');
    await expect(panel.getByTestId('capture-backpressure')).toContainText('none: the client read as fast as the stream came');
    await expect(panel.getByTestId('capture-unflushed')).toContainText('none');
    // The key went upstream but is stored redacted.
    await expect(view).not.toContainText('sk-test-capture-e2e-4f1d2c3b');
    expect(await violations(page, '[data-testid="capture-panel"]')).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'capture-recording.png'), fullPage: true });
    await panel.screenshot({ path: join(screenshots, 'capture-panel.png') });
    await page.getByTestId('timeline').screenshot({ path: join(screenshots, 'capture-timeline.png') });

    // Back in the Capture view, the exchange is done, with its figures.
    await page.goBack();
    await expect(page).toHaveURL(/#\/capture$/);
    await expect(line).toHaveAttribute('data-state', 'done');
    await expect(line.getByTestId('capture-state')).toHaveText('done');
    await expect(line).toHaveAttribute('data-status', '200');
    await expect(line.getByRole('link', { name: `Open recording #${id}` })).toBeVisible();
    await expect(card.getByTestId('capture-count')).toHaveText('1 exchange');
    expect(await violations(page, '[data-testid="capture-view"]')).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'capture-view.png'), fullPage: true });

    // The history lists it under "Captured" and under its session, not under "Sent".
    const session = (await card.getByTestId('capture-session').textContent())!;
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Recordings' }).click();
    const source = page.getByRole('combobox', { name: 'Source' });
    await source.selectOption('captured');
    await expect(page.getByTestId('history-count')).toContainText('source captured');
    await expect(page.getByTestId(`recording-${id}`)).toBeVisible();
    await source.selectOption('sent');
    await expect(page.getByTestId('history-count')).toContainText('source sent');
    await expect(page.getByTestId(`recording-${id}`)).toHaveCount(0);
    await source.selectOption('');
    await page.getByRole('combobox', { name: 'Capture session' }).selectOption(session);
    await expect(page.getByTestId('history-count')).toContainText(`session ${session}`);
    await expect(page.getByTestId(`recording-${id}`)).toBeVisible();
    await expect(page.getByTestId('history-count')).toContainText(/^1 of [\d,]+ recording/);
    await page.locator('.history').screenshot({ path: join(screenshots, 'capture-history.png') });
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Stop.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Capture' }).click();
    await card.getByRole('button', { name: /^Stop / }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Stopped http:\/\/127\.0\.0\.1:\d+ after 1 exchange\.$/ })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('shows what came through before the view was opened, and a web page’s request refused with its reason', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const info = await startSimulatorProxy(request);
    const base = info.bases[0]!.baseUrl;
    expect(await plainRequest(`${base}/models`, { origin: 'http://evil.example' })).toBe(403);
    expect(await plainRequest(`${base}/models`)).toBeGreaterThanOrEqual(200);

    await openCapture(page);
    const card = cardOf(page, base);
    const lines = card.getByTestId('capture-exchange');
    await expect(lines).toHaveCount(2);
    const refused = card.locator('[data-testid="capture-exchange"][data-served-by="refused"]');
    await expect(refused).toHaveAttribute('data-status', '403');
    await expect(refused.getByTestId('capture-state')).toHaveText('refused');
    await expect(refused.getByTestId('capture-problem')).toContainText('refused a request from the web page at http://evil.example');
    await expect(card.locator('[data-testid="capture-exchange"][data-served-by="proxy"]')).toContainText('GET /simulator/v1/models');
    await expect(card.getByTestId('capture-count')).toHaveText('2 exchanges');

    // And one more after it opened, pushed: three lines, none twice.
    await plainRequest(`${base}/models`);
    await expect(lines).toHaveCount(3);
    await page.emulateMedia({ colorScheme: 'light' });
    await card.screenshot({ path: join(screenshots, 'capture-refused.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshots, 'capture-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});

test('the Capture view has its own address', async ({ page }) => {
  await page.goto(address);
  await page.evaluate(() => (window.location.hash = '#/capture'));
  await expect(page.getByTestId('capture-view')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Capture' })).toHaveAttribute('aria-current', 'page');
});
