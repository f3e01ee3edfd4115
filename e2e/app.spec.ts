import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { address, importFile, origin, realStreams, watchForErrors } from './support.ts';

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

const remoteScript = 'https://example.com/x.js';

test.describe('Streamscope in serve mode', () => {
  test('loads, takes the token out of the address bar, and lists the stored recordings newest first', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const older = await importFile(request, 'openai-gpt4o-parallel-tool-calls.sse', readFileSync(join(realStreams, 'openai-gpt4o-parallel-tool-calls.sse')));
    const newer = await importFile(request, 'openai-gpt4o-length-truncated.sse', readFileSync(join(realStreams, 'openai-gpt4o-length-truncated.sse')));

    await page.goto(address);

    await expect(page).toHaveTitle('Streamscope');
    await expect(page.getByRole('heading', { level: 1, name: 'Streamscope' })).toBeVisible();
    expect(page.url()).toBe(`${origin}/`);
    const rows = page.getByTestId('history-rows').getByRole('row');
    await expect(page.getByTestId(`recording-${newer}`)).toContainText('openai-gpt4o-length-truncated.sse');
    await expect(page.getByTestId(`recording-${older}`)).toContainText('openai-gpt4o-parallel-tool-calls.sse');
    const order = await rows.evaluateAll((elements) => elements.map((element) => (element as unknown as { dataset: { testid: string } }).dataset.testid));
    expect(order.indexOf(`recording-${newer}`)).toBeLessThan(order.indexOf(`recording-${older}`));

    // A reload keeps working: the token stays in this tab's sessionStorage.
    await page.reload();
    await expect(page.getByTestId(`recording-${newer}`)).toBeVisible();
    expect(problems).toEqual([]);
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
