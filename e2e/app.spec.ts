import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

// The functions given to page.evaluate() run in the browser. tsconfig.node.json has no DOM lib (and
// must not get one for the whole Node program), so describe here the little of the DOM they use.
interface PolicyViolation {
  blockedURI: string;
  effectiveDirective: string;
}
interface ScriptElement {
  src: string;
  textContent: string | null;
  onload: (() => void) | null;
  onerror: (() => void) | null;
}
declare const document: {
  addEventListener(type: 'securitypolicyviolation', listener: (event: PolicyViolation) => void, options: { once: true }): void;
  createElement(tagName: 'script'): ScriptElement;
  head: { append(node: ScriptElement): void };
  querySelectorAll(selector: string): { length: number };
};
declare const window: object & { sessionStorage: { length: number } };

// `streamscope serve` was started by e2e/serve-setup.ts; its address carries the token.
const address = process.env['STREAMSCOPE_E2E_URL'] ?? '';
const origin = new URL(address || 'http://127.0.0.1').origin;
const token = new URL(address || 'http://127.0.0.1').hash.replace('#token=', '');
const screenshots = join(import.meta.dirname, 'screenshots');
const realStreams = join(import.meta.dirname, '..', 'shared', 'test', 'fixtures', 'real-streams');
const remoteScript = 'https://example.com/x.js';

/** Imports a file through the API, as the app's import would. */
async function importFile(request: APIRequestContext, name: string, bytes: Buffer): Promise<number> {
  const response = await request.post(`${origin}/api/call/importFile`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: JSON.stringify({ name, bytes: { $bytes: bytes.toString('base64') } }),
  });
  const reply = (await response.json()) as { ok: boolean; value: { ids: number[] } };
  expect(reply.ok).toBe(true);
  return reply.value.ids[0]!;
}

/** Fails the test on any console error or uncaught page error. */
function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test.describe('Streamscope in serve mode', () => {
  test('loads, takes the token out of the address bar, and lists the stored recordings newest first', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const older = await importFile(request, 'openai-gpt4o-parallel-tool-calls.sse', readFileSync(join(realStreams, 'openai-gpt4o-parallel-tool-calls.sse')));
    const newer = await importFile(request, 'openai-gpt4o-length-truncated.sse', readFileSync(join(realStreams, 'openai-gpt4o-length-truncated.sse')));

    await page.goto(address);

    await expect(page).toHaveTitle('Streamscope');
    await expect(page.getByRole('heading', { level: 1, name: 'Streamscope' })).toBeVisible();
    expect(page.url()).toBe(`${origin}/`);
    const rows = page.locator('table.recordings tbody tr');
    await expect(page.getByTestId(`recording-${newer}`)).toContainText('openai-gpt4o-length-truncated.sse');
    await expect(page.getByTestId(`recording-${older}`)).toContainText('openai-gpt4o-parallel-tool-calls.sse');
    const order = await rows.evaluateAll((elements) => elements.map((element) => (element as unknown as { dataset: { testid: string } }).dataset.testid));
    expect(order.indexOf(`recording-${newer}`)).toBeLessThan(order.indexOf(`recording-${older}`));

    // A reload keeps working: the token stays in this tab's sessionStorage.
    await page.reload();
    await expect(page.getByTestId(`recording-${newer}`)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('records from the simulator live: the events arrive as they come, a cancel keeps them, and a clean run ends eof', async ({ page }) => {
    const problems = watchForErrors(page);
    await page.goto(address);
    const status = page.getByTestId('live-status');
    const events = page.getByTestId('live-events');

    // long-silence sends some chunks, then goes quiet for 12 s: the events so far are on screen while it records.
    await page.getByLabel('Scenario').selectOption('sim-long-silence');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(status).toHaveText('Recording…');
    await expect(events).toHaveText(/^([5-9]|\d\d+)$/, { timeout: 15_000 });
    await expect(status).toHaveText('Recording…');
    await expect(page.getByRole('list', { name: 'Latest events' })).toContainText('content');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(screenshots, 'serve-live.png'), fullPage: true });
    const seen = Number(await events.textContent());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(status).toHaveText('Ended: aborted (aborted by the user)');
    expect(Number(await events.textContent())).toBeGreaterThanOrEqual(seen);

    await page.getByLabel('Scenario').selectOption('sim-text');
    await page.getByLabel('Message').fill('Tell me about streams.');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(status).toHaveText('Ended: eof', { timeout: 20_000 });
    await expect(page.getByRole('list', { name: 'Latest events' })).toContainText('done');
    await expect(page.getByTestId('live-text')).not.toBeEmpty();
    const heading = await page.getByRole('heading', { name: /^Recording #\d+$/ }).textContent();
    const id = Number(heading!.replace('Recording #', ''));
    const row = page.getByTestId(`recording-${id}`);
    await expect(row).toContainText('eof');
    await expect(row).toContainText(`${await events.textContent()}`);
    await page.screenshot({ path: join(screenshots, 'serve-recorded.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshots, 'serve-recorded-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('shows what a recording says as text, never as markup', async ({ page, request }) => {
    const hostile = '<img src=x onerror="document.title=1">.sse';
    const id = await importFile(request, hostile, readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse')));
    await page.goto(address);
    await expect(page.getByTestId(`recording-${id}`)).toContainText(hostile);
    expect(await page.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    await expect(page).toHaveTitle('Streamscope');
  });

  test('says how to get in when the page was opened without the token', async ({ page }) => {
    await page.goto(`${origin}/`);
    await expect(page.getByText('The Streamscope server does not accept this page')).toBeVisible();
    await expect(page.getByText('this request lacks the access token of this run').first()).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  });
});

test.describe('The page’s Content-Security-Policy', () => {
  test('is sent as a header and kept in the page: scripts from its own origin only', async ({ page }) => {
    const response = await page.goto(address);
    const header = response!.headers()['content-security-policy'] ?? '';
    const meta = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    for (const policy of [header, meta]) {
      const directives = new Map(
        policy.split(';').map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/);
          return [name, sources] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(policy).not.toMatch(/https?:|\*|'unsafe-eval'|'unsafe-inline'/);
    }
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
  });

  test('refuses to run a script injected from a remote origin', async ({ page }) => {
    // Should the policy ever let the request through, answer it ourselves: the test never touches the network.
    await page.route(remoteScript, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.remoteScriptRan = true;' }));
    await page.goto(address);

    const outcome = await page.evaluate(async (src) => {
      const violation = new Promise<{ blockedURI: string; directive: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve({ blockedURI: event.blockedURI, directive: event.effectiveDirective }), { once: true });
      });
      const script = document.createElement('script');
      script.src = src;
      const loaded = new Promise<'loaded' | 'failed'>((resolve) => {
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('failed');
      });
      document.head.append(script);
      const [reported, load] = await Promise.all([violation, loaded]);
      return { ...reported, load, ran: 'remoteScriptRan' in window };
    }, remoteScript);

    expect(outcome).toEqual({ blockedURI: remoteScript, directive: 'script-src-elem', load: 'failed', ran: false });
  });

  test('refuses to run an inline script', async ({ page }) => {
    await page.goto(address);

    const outcome = await page.evaluate(async () => {
      const violation = new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true });
      });
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.head.append(script);
      return { directive: await violation, ran: 'inlineScriptRan' in window };
    });

    expect(outcome).toEqual({ directive: 'script-src-elem', ran: false });
  });
});
