import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

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
};
declare const window: object;

const screenshots = join(import.meta.dirname, '..', 'test-results', 'screenshots');
const remoteScript = 'https://example.com/x.js';

test.describe('The Streamscope home page', () => {
  test('shows the Streamscope heading without any console or page errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

    await page.goto('/');

    await expect(page).toHaveTitle('Streamscope');
    await expect(page.getByRole('heading', { level: 1, name: 'Streamscope' })).toBeVisible();
    await expect(page.getByText('The recording views')).toBeVisible();

    mkdirSync(screenshots, { recursive: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(screenshots, 'home.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshots, 'home-dark.png'), fullPage: true });

    expect(problems).toEqual([]);
  });

  test('declares a Content-Security-Policy that allows scripts only from its own origin', async ({ page }) => {
    await page.goto('/');

    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).not.toBeNull();
    const directives = new Map(
      (policy ?? '').split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/https?:|\*|'unsafe-eval'/);
  });

  test('refuses to run a script injected from a remote origin', async ({ page }) => {
    // Should the policy ever let the request through, answer it ourselves: the test never touches the network.
    await page.route(remoteScript, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.remoteScriptRan = true;' }),
    );
    await page.goto('/');

    const outcome = await page.evaluate(async (src) => {
      const violation = new Promise<{ blockedURI: string; directive: string }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => resolve({ blockedURI: event.blockedURI, directive: event.effectiveDirective }),
          { once: true },
        );
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
    await page.goto('/');

    const outcome = await page.evaluate(async () => {
      const violation = new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
          once: true,
        });
      });
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.head.append(script);
      return { directive: await violation, ran: 'inlineScriptRan' in window };
    });

    expect(outcome).toEqual({ directive: 'script-src-elem', ran: false });
  });
});
