// The recording view, the home page and the other views checked with axe-core (WCAG 2.1 A and AA
// rules) in Debian's Chromium: roles, names, labels, contrast, in both themes.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import type { ProxyInfo } from '../shared/api/contract.ts';
import { address, call, importFile, realStreams } from './support.ts';
import { violations } from './axe.ts';

declare const window: { location: { hash: string } };

for (const scheme of ['light', 'dark'] as const) {
  test(`the recording view breaks no WCAG A or AA rule axe checks (${scheme})`, async ({ page, request }) => {
    const id = await importFile(request, 'openai-gpt4o-parallel-tool-calls.sse', readFileSync(join(realStreams, 'openai-gpt4o-parallel-tool-calls.sse')));
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
    await expect(page.getByTestId('recording-view')).toBeVisible();
    await page.locator('[data-testid="event-row"][data-index="2"]').click();
    await expect(page.getByTestId('raw-bytes')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`the home page breaks no WCAG A or AA rule axe checks (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'Streamscope' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`the new-request editor, a tools problem shown, breaks no WCAG A or AA rule axe checks (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), '#/new');
    await page.getByLabel('Tools JSON').fill('[{"type": "retrieval"}]');
    await expect(page.getByText('Tool 1: type must be "function"', { exact: false })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`the compare view, its message diff highlighted, breaks no WCAG A or AA rule axe checks (${scheme})`, async ({ page, request }) => {
    const a = await importFile(request, 'openai-gpt4o-parallel-tool-calls.sse', readFileSync(join(realStreams, 'openai-gpt4o-parallel-tool-calls.sse')));
    const b = await importFile(request, 'openai-gpt4o-parallel-tool-calls-empty-args.sse', readFileSync(join(realStreams, 'openai-gpt4o-parallel-tool-calls-empty-args.sse')));
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${a}/${b}`);
    await expect(page.getByTestId('compare-diagnostics').locator('tr[data-code="obfuscation"]')).toContainText('only in B');
    await expect(page.getByTestId('compare-messages').locator('ins').first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`the Capture view, a proxy running with a refused request in its log, breaks no WCAG A or AA rule axe checks (${scheme})`, async ({ page, request }) => {
    const proxy = await call<ProxyInfo>(request, 'startProxy', { profiles: ['simulator'] });
    try {
      // A web page's request (an Origin), refused: a line with its reason.
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(`${proxy.bases[0]!.baseUrl}/models`, { headers: { origin: 'http://evil.example' } }, (res) => res.resume().on('end', resolve));
        req.on('error', reject);
        req.end();
      });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(address);
      await page.evaluate((hash) => (window.location.hash = hash), '#/capture');
      const card = page.getByTestId('capture-proxy').filter({ has: page.getByTestId('capture-session').getByText(proxy.session, { exact: true }) });
      await expect(card.getByTestId('capture-exchange')).toHaveCount(1);
      // A field that does not read, with its message, and a cassette folder (its modes enabled).
      await page.getByLabel('Port').fill('http');
      await page.getByLabel('Cassette folder').fill('/tmp/streamscope-cassettes');
      await page.getByRole('radio', { name: /^Auto/ }).check();
      expect(await violations(page)).toEqual([]);
    } finally {
      await call(request, 'stopProxy', { id: proxy.id });
    }
  });
}
