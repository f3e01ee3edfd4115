// The layout at 1440×900 (issue 27), as a user meets it on a laptop: the recordings list shows its
// first rows without scrolling, each host and finding whole, and each recording's dialect; the
// mock view's picker names the dialect too; a captured recording's panels fill both columns, none
// left empty beside a long one. Screenshots, light and dark: e2e/screenshots/layout-*.png.
//
// The recordings made here are dated 2001 (below everything recorded now, as e2e/history.spec.ts
// does) and tagged with a word of this run's, which finds them among the other tests' recordings.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ProxyInfo } from '../shared/api/contract.ts';
import type { ListResult } from '../shared/api/recordings.ts';
import { recordingFromSse } from '../shared/formats/sse.ts';
import { serializeSsrec } from '../shared/formats/ssrec.ts';
import { address, call, realStreams, screenshots, watchForErrors } from './support.ts';

declare const window: { location: { hash: string }; scrollY: number; innerHeight: number };
interface Element {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly textContent: string | null;
  readonly lastElementChild: Element | null;
  getBoundingClientRect(): { readonly left: number; readonly top: number; readonly bottom: number };
}
declare const document: { querySelectorAll(selector: string): ArrayLike<Element> };

const dialects = join(realStreams, '..', 'dialects');

/** One recording in each dialect, and one whose dialect cannot be told, each from a host of its own. */
const SEEDED = [
  { file: join(realStreams, 'together-llama33-eos-finish.sse'), url: 'https://my-resource.openai.azure.com/v1/chat/completions', dialect: 'Chat Completions' },
  { file: join(dialects, 'responses', 'openai-gpt41nano-text-obfuscation.sse'), url: 'https://api.openai.com/v1/responses', dialect: 'Responses' },
  { file: join(dialects, 'messages', 'anthropic-sonnet46-text.sse'), url: 'https://api.anthropic.com/v1/messages', dialect: 'Anthropic Messages' },
  { file: null, url: 'http://gateway.internal:8080/stream', dialect: '–' },
] as const;

/** Imports the recordings of SEEDED tagged `tag`, dated 2001: their ids, in SEEDED's order. */
async function seed(request: APIRequestContext, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, { file, url }] of SEEDED.entries()) {
    const body = file === null ? Buffer.from('data: hello\n\ndata: world\n\n') : readFileSync(file);
    const recording = {
      ...recordingFromSse(new Uint8Array(body)),
      startedAt: `2001-02-03T04:05:0${i}.000Z`,
      request: { method: 'POST', url, headers: {}, body: null },
      response: { t: 10, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } },
      end: { t: 20, outcome: 'eof' as const },
    };
    const result = await call<{ ids: number[] }>(request, 'importFile', { name: `layout-${i}.ssrec.jsonl`, bytes: { $bytes: Buffer.from(serializeSsrec(recording)).toString('base64') }, tags: [tag] });
    ids.push(result.ids[0]!);
  }
  return ids;
}

/** Every element matching `selector` whose text is cut (wider than its box), with its text. */
function cut(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (css) =>
      Array.from(document.querySelectorAll(css))
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent ?? ''),
    selector,
  );
}

test.describe('The layout at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the recordings list shows its first rows without scrolling, hosts and findings whole, and each recording’s dialect', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const tag = `layout-${randomUUID().slice(0, 8)}`;
    const ids = await seed(request, tag);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(address);
    await expect(page.getByTestId('history-count')).toContainText(/\d+ recordings/);

    // The first rows are on screen as the page opens.
    const rows = page.getByTestId('history-rows').getByRole('row');
    await expect(rows.nth(3)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (let i = 0; i < 4; i += 1) expect((await rows.nth(i).boundingBox())!.y + 52).toBeLessThanOrEqual(900);
    await page.screenshot({ path: join(screenshots, 'layout-list-light.png') });

    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(page.getByTestId('history-count')).toContainText(`text “${tag}”`);
    await expect(rows).toHaveCount(SEEDED.length);
    // Newest first: the last seeded comes first.
    for (const [i, id] of [...ids].reverse().entries()) await expect(rows.nth(i)).toHaveAttribute('data-testid', `recording-${id}`);
    for (const [i, { url, dialect }] of SEEDED.entries()) {
      const row = page.getByTestId(`recording-${ids[i]}`);
      await expect(row.getByTestId('row-dialect')).toHaveText(dialect);
      await expect(row.locator('.history-host > span').first()).toHaveText(new URL(url).host);
    }
    await expect(page.getByTestId(`recording-${ids[0]}`).getByTestId('row-codes').locator('code')).toHaveText('nonstandard-finish-reason');
    expect(await cut(page, '.history-body .history-host > span')).toEqual([]);
    expect(await cut(page, '.history-body .history-chips code')).toEqual([]);

    // The grid's columns: one header for each cell of a row.
    await expect(page.getByRole('grid', { name: 'Recordings' })).toHaveAttribute('aria-colcount', '13');
    await expect(page.getByRole('columnheader')).toHaveCount(13);
    await expect(page.getByRole('columnheader', { name: 'Dialect' })).toBeVisible();
    for (let i = 0; i < SEEDED.length; i += 1) await expect(rows.nth(i).getByRole('gridcell')).toHaveCount(13);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshots, 'layout-list-dark.png') });
    expect(problems).toEqual([]);
  });

  test('the mock view’s picker names each recording’s dialect, chosen and offered', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const tag = `layout-${randomUUID().slice(0, 8)}`;
    const ids = await seed(request, tag);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/mock/${ids[1]}`);
    const chosen = page.getByTestId('mock-chosen');
    await expect(chosen).toHaveCount(1);
    await expect(chosen.getByTestId('mock-dialect')).toHaveText('Responses');
    await page.getByRole('searchbox', { name: 'Find a recording' }).fill(tag);
    const offered = page.getByRole('list', { name: `Recordings matching “${tag}”` }).getByRole('listitem');
    await expect(offered).toHaveCount(3);
    await expect(offered.getByTestId('mock-dialect')).toHaveText(['–', 'Anthropic Messages', 'Chat Completions']);
    const picker = page.locator('.mock-picker');
    await picker.screenshot({ path: join(screenshots, 'layout-picker-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await picker.screenshot({ path: join(screenshots, 'layout-picker-dark.png') });
    expect(problems).toEqual([]);
  });

  test('a captured recording’s panels fill both columns: neither is left empty beside the other', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const proxy = await call<ProxyInfo>(request, 'startProxy', { profiles: ['simulator'] });
    try {
      const response = await fetch(`${proxy.bases[0]!.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'sim-text', stream: true, messages: [{ role: 'user', content: 'Say hello in five words.' }] }),
      });
      await response.text();
    } finally {
      await call(request, 'stopProxy', { id: proxy.id });
    }
    const listed = await call<ListResult>(request, 'listRecordings', { captureSession: proxy.session });
    expect(listed.items.map((item) => item.source)).toEqual(['capture']);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${listed.items[0]!.id}`);
    await expect(page.getByTestId('recording-status')).toContainText('Ended');
    await expect(page.getByTestId('capture-panel')).toBeAttached();

    // Each panel is laid out once seen (content-visibility), and keeps that size: see them all, then
    // measure what each one holds (to its last child's bottom: a grid's panel is stretched to its
    // row, its content is not), summed by column.
    const panels = page.locator('.view-panels > *');
    expect(await panels.count()).toBe(5);
    for (const panel of await panels.all()) await panel.scrollIntoViewIfNeeded();
    const held = await page.evaluate(() => {
      const columns: Record<number, number> = {};
      for (const panel of Array.from(document.querySelectorAll('.view-panels > *'))) {
        const box = panel.getBoundingClientRect();
        const x = Math.round(box.left);
        columns[x] = (columns[x] ?? 0) + panel.lastElementChild!.getBoundingClientRect().bottom - box.top;
      }
      return Object.values(columns);
    });
    expect(held).toHaveLength(2);
    expect(Math.min(...held) / Math.max(...held)).toBeGreaterThan(0.4);

    await page.screenshot({ path: join(screenshots, 'layout-capture-view-light.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshots, 'layout-capture-view-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
