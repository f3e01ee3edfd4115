// What the serve-mode tests share: the address `streamscope serve` printed (e2e/serve-setup.ts),
// the folder screenshots go to, the real-streams corpus, an import through the API, a watch for
// errors in the page, and waiting for a live recording to end or cancelling it.

import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

// `streamscope serve` was started by e2e/serve-setup.ts; its address carries the token.
export const address = process.env['STREAMSCOPE_E2E_URL'] ?? '';
export const origin = new URL(address || 'http://127.0.0.1').origin;
export const token = new URL(address || 'http://127.0.0.1').hash.replace('#token=', '');
/** Where the test run writes its screenshots (README: "Screenshots"). */
export const screenshots = join(import.meta.dirname, 'screenshots');
export const realStreams = join(import.meta.dirname, '..', 'shared', 'test', 'fixtures', 'real-streams');

/** Calls the API as the page does. */
export async function call<T>(request: APIRequestContext, name: string, input: unknown): Promise<T> {
  const response = await request.post(`${origin}/api/call/${name}`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: JSON.stringify(input),
  });
  const reply = (await response.json()) as { ok: boolean; value: T; error?: unknown };
  expect(reply.ok, JSON.stringify(reply.error)).toBe(true);
  return reply.value;
}

/** Imports a file through the API, as the app's import would. */
export async function importFile(request: APIRequestContext, name: string, bytes: Buffer): Promise<number> {
  const result = await call<{ ids: number[] }>(request, 'importFile', { name, bytes: { $bytes: bytes.toString('base64') } });
  return result.ids[0]!;
}

/** Collects console errors and uncaught page errors: a test expects none. */
export function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Waits until the recording view says the stream ended, and how, and stops following it live. */
export async function ended(page: Page, how: RegExp | string = /Ended/): Promise<void> {
  await expect(page.getByTestId('recording-status')).toContainText(how, { timeout: 25_000 });
  await expect(page.getByTestId('recording-view')).toHaveAttribute('data-live', 'false');
}

/** Cancels the live recording in view: it ends as cancelled, and every event row shown before stays. */
export async function cancelKeepingRows(page: Page): Promise<void> {
  const seen = await page.getByTestId('event-row').count();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await ended(page, 'cancelled');
  expect(await page.getByTestId('event-row').count()).toBeGreaterThanOrEqual(seen);
}
