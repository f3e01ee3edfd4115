// The history on the home page (issue 7), as a user meets it: record from the simulator and find
// the recording by search, rename and tag it; filter by outcome and by finding; delete with and
// without undo, and be told why a recording still recording cannot be deleted; select many and
// tag or delete them at once; scroll through more recordings than one page holds.
// Screenshots go to e2e/screenshots/history-*.png.
//
// The tests share one server and database with the other spec files, so each one marks what it
// makes with a tag of its own and searches for it; imported recordings are dated 2001, below
// everything recorded now, so that they never push another test's rows out of view.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { analyzeRecording } from '../shared/analysis/analyze.ts';
import type { ListResult } from '../shared/api/recordings.ts';
import { recordingFromSse } from '../shared/formats/sse.ts';
import { address, call, realStreams, screenshots, watchForErrors } from './support.ts';

/** A word no other test uses. */
const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A small timed recording (.ssrec.jsonl) of a two-word answer that ended as `end` says. */
function tinyRecording(end: 'eof' | 'timeout' | 'aborted' | 'error', model = 'history-tiny'): Buffer {
  const chunk = (delta: object, finish: string | null): string =>
    `data: ${JSON.stringify({ id: 'chatcmpl-history', object: 'chat.completion.chunk', created: 981173106, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const complete = end === 'eof';
  const lines = [
    { recording: 1, startedAt: '2001-02-03T04:05:06.000Z', request: { method: 'POST', url: 'http://history.test/v1/chat/completions', headers: {}, body: { model, stream: true } } },
    { t: 40.5, response: { status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } } },
    { t: 52.25, text: chunk({ role: 'assistant', content: '' }, null) },
    { t: 60.75, text: chunk({ content: 'Hello there' }, null) },
    ...(complete ? [{ t: 70, text: chunk({}, 'stop') + 'data: [DONE]\n\n' }] : []),
    complete ? { t: 71, end } : { t: 90, end, error: end === 'error' ? 'socket hang up' : undefined },
  ];
  return Buffer.from(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}

/** Imports `bytes` as `name` with `tags`; the new recording's id. */
async function importTagged(request: APIRequestContext, name: string, bytes: Buffer, tags: readonly string[]): Promise<number> {
  const result = await call<{ ids: number[] }>(request, 'importFile', { name, bytes: { $bytes: bytes.toString('base64') }, tags });
  return result.ids[0]!;
}

async function openHistory(page: Page): Promise<void> {
  await page.goto(address);
  await expect(page.getByTestId('history-count')).toContainText(/\d+ recordings?/);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page.getByTestId('history-count')).toContainText(`text “${text}”`);
}

/** The summary says `matching` of however many recordings are stored. */
async function expectMatching(page: Page, matching: number): Promise<void> {
  await expect(page.getByTestId('history-count')).toContainText(new RegExp(`^${matching.toLocaleString('en-US')} of [\\d,]+ recordings?`));
}

const row = (page: Page, id: number) => page.getByTestId(`recording-${id}`);

test.describe('The history', () => {
  test('finds a recording made from the simulator by search; renames and tags it, and both survive a reload', async ({ page, request }) => {
    const problems = watchForErrors(page);
    await page.goto(address);
    await page.getByLabel('Scenario').selectOption('sim-crlf');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Say hello in five words.');
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(page).toHaveURL(/#\/recording\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('recording-status')).toContainText('cleanly', { timeout: 25_000 });
    await page.goto(address);

    await search(page, 'sim-crlf');
    await expect(row(page, id)).toContainText('sim-crlf');
    await expect(row(page, id)).toContainText('ended');

    const name = unique('Greeting');
    await row(page, id).getByRole('button', { name: 'Rename sim-crlf' }).click();
    await page.getByRole('textbox', { name: 'New name' }).fill(name);
    await page.getByRole('textbox', { name: 'New name' }).press('Enter');
    await expect(row(page, id).getByRole('link', { name })).toBeVisible();

    // Two tags at once, then one taken off again.
    const tag = unique('greeting');
    const dropped = unique('dropped');
    await row(page, id).getByRole('button', { name: `Add a tag to ${name}` }).click();
    await page.getByRole('textbox', { name: 'New tag' }).fill(`${tag}, ${dropped}`);
    await page.getByRole('textbox', { name: 'New tag' }).press('Enter');
    const editor = page.getByTestId('tag-editor');
    await expect(editor.getByRole('button', { name: `Remove tag ${tag} from ${name}` })).toBeVisible();
    await editor.getByRole('button', { name: `Remove tag ${dropped} from ${name}` }).click();
    await expect(editor.getByRole('button', { name: /^Remove tag/ })).toHaveCount(1);
    await page.getByTestId('history').screenshot({ path: join(screenshots, 'history-tags.png') });
    await page.keyboard.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(row(page, id)).toContainText(tag);
    await expect.poll(async () => (await call<ListResult>(request, 'listRecordings', { tag })).items[0]?.tags).toEqual([tag]);

    await page.reload();
    await search(page, tag);
    await expectMatching(page, 1);
    await expect(row(page, id).getByRole('link', { name })).toHaveAttribute('href', `#/recording/${id}`);
    await expect(row(page, id)).toContainText(tag);
    await expect(row(page, id)).not.toContainText(dropped);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('history').screenshot({ path: join(screenshots, 'history-search.png') });

    // From the keyboard: F2 renames, Escape cancels, Enter opens.
    await page.getByRole('grid').focus();
    await expect(row(page, id)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'New name' }).fill('not kept');
    await page.getByRole('textbox', { name: 'New name' }).press('Escape');
    await expect(row(page, id).getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('grid')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/recording/${id}$`));
    expect(problems).toEqual([]);
  });

  test('filters by outcome and by finding, and says so', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const tag = unique('filters');
    // Three real streams, and three small recordings that ended three ways.
    const streams = ['openai-gpt4o-length-truncated.sse', 'openai-gpt4o-refusal-logprobs.sse', 'groq-llama33-text-x-groq.sse'];
    const codes = new Map<string, Set<string>>();
    for (const file of streams) {
      const bytes = readFileSync(join(realStreams, file));
      codes.set(file, new Set(analyzeRecording(recordingFromSse(bytes)).diagnostics.map((finding) => finding.code)));
      await importTagged(request, file, bytes, [tag]);
    }
    const ended = await importTagged(request, 'ended.ssrec.jsonl', tinyRecording('eof'), [tag]);
    const timedOut = await importTagged(request, 'timed-out.ssrec.jsonl', tinyRecording('timeout'), [tag]);
    const cancelled = await importTagged(request, 'cancelled.ssrec.jsonl', tinyRecording('aborted'), [tag]);

    await openHistory(page);
    await search(page, tag);
    await expectMatching(page, 6);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('history').screenshot({ path: join(screenshots, 'history-light.png') });

    await page.getByRole('combobox', { name: 'Outcome' }).selectOption('timeout');
    await expectMatching(page, 1);
    await expect(page.getByTestId('history-count')).toContainText('outcome timed out');
    await expect(row(page, timedOut)).toContainText('timed out');
    await expect(row(page, ended)).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Outcome' }).selectOption('eof');
    await expectMatching(page, 1);
    await expect(row(page, ended)).toBeVisible();
    await expect(row(page, cancelled)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear the filter outcome ended' }).click();
    await expectMatching(page, 6);

    // finish-length is in the truncated stream only.
    expect([...codes].filter(([, found]) => found.has('finish-length')).map(([file]) => file)).toEqual(['openai-gpt4o-length-truncated.sse']);
    await page.getByRole('combobox', { name: 'Finding' }).selectOption('finish-length');
    await expectMatching(page, 1);
    await expect(page.getByTestId('history-count')).toContainText('finding finish-length');
    const shown = page.getByTestId('history-rows').getByRole('row');
    await expect(shown).toHaveCount(1);
    await expect(shown.first()).toContainText('openai-gpt4o-length-truncated.sse');
    await expect(shown.first().getByTestId('row-codes')).toHaveAttribute('title', /\bfinish-length\b/);
    await expect(shown.first().locator('.history-badge')).toHaveText('Warning');

    await page.getByRole('combobox', { name: 'Outcome' }).selectOption('timeout');
    await expectMatching(page, 0);
    await expect(page.getByText('No recording matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('history-count')).toHaveText(/^[\d,]+ recordings?$/);
    expect(problems).toEqual([]);
  });

  test('deletes with undo, and without', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const tag = unique('delete');
    const kept = await importTagged(request, `kept-${tag}.ssrec.jsonl`, tinyRecording('eof'), [tag]);
    const doomed = await importTagged(request, `doomed-${tag}.ssrec.jsonl`, tinyRecording('eof'), [tag]);
    const keyed = await importTagged(request, `keyed-${tag}.ssrec.jsonl`, tinyRecording('eof'), [tag]);

    await openHistory(page);
    await search(page, tag);
    await expectMatching(page, 3);

    await row(page, doomed).getByRole('button', { name: `Delete doomed-${tag}.ssrec.jsonl` }).click();
    await expect(row(page, doomed)).toHaveCount(0);
    await expectMatching(page, 2);
    const offer = page.getByTestId('undo-offer');
    await expect(offer).toContainText(`Deleted “doomed-${tag}.ssrec.jsonl”`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshots, 'history-undo-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await offer.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(offer).toHaveCount(0);
    await expect(row(page, doomed)).toBeVisible();
    await expectMatching(page, 3);

    // Not undone: the window closes (8 s) and the recording is gone for good.
    await row(page, doomed).getByRole('button', { name: `Delete doomed-${tag}.ssrec.jsonl` }).click();
    await expect(offer).toBeVisible();
    await expect(offer).toHaveCount(0, { timeout: 15_000 });
    expect((await call<ListResult>(request, 'listRecordings', { tag })).items.map((item) => item.id)).toEqual([keyed, kept]);

    // From the keyboard: the Delete key, and "Delete now" instead of waiting.
    await page.getByRole('grid').focus();
    await page.keyboard.press('Home');
    await expect(row(page, keyed)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Delete');
    await expect(row(page, keyed)).toHaveCount(0);
    await expect(row(page, kept)).toHaveAttribute('data-focused', 'true');
    await offer.getByRole('button', { name: 'Delete now' }).click();
    await expect(offer).toHaveCount(0);
    await expect.poll(async () => (await call<ListResult>(request, 'listRecordings', { tag })).total).toBe(1);

    await page.reload();
    await search(page, tag);
    await expectMatching(page, 1);
    await expect(row(page, kept)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('carries out a deletion still in its undo window when the tab is closed', async ({ page, request }) => {
    const tag = unique('closed');
    const doomed = await importTagged(request, `doomed-${tag}.ssrec.jsonl`, tinyRecording('eof'), [tag]);
    await openHistory(page);
    await search(page, tag);
    await row(page, doomed).getByRole('button', { name: `Delete doomed-${tag}.ssrec.jsonl` }).click();
    await expect(page.getByTestId('undo-offer')).toBeVisible();
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await call<ListResult>(request, 'listRecordings', { tag })).total, { timeout: 5_000 }).toBe(0);
  });

  test('says why a recording still recording cannot be deleted, and keeps it', async ({ page, request }) => {
    // Twelve seconds of silence mid-stream: long enough to try.
    const name = unique('still-recording');
    const started = await call<{ id: number }>(request, 'startRecording', { profile: 'simulator', model: 'sim-long-silence', name, messages: [{ role: 'user', content: 'Hello?' }] });
    try {
      await openHistory(page);
      await search(page, name);
      await expect(row(page, started.id).locator('.history-badge')).toHaveText('Live');
      await row(page, started.id).getByRole('button', { name: `Delete ${name}` }).click();
      await expect(page.getByRole('alert')).toContainText(`Could not delete recording #${started.id}`);
      await expect(page.getByRole('alert')).toContainText('is still recording');
      await expect(row(page, started.id)).toBeVisible();
      await expect(page.getByTestId('undo-offer')).toHaveCount(0);
    } finally {
      await call(request, 'cancelRecording', { id: started.id });
    }
    // Once it has ended, the list shows how.
    await expect(row(page, started.id)).toContainText('cancelled');
  });

  test('selects a range with shift-click and tags it; selects all matching and deletes them with undo', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const tag = unique('bulk');
    const ids: number[] = [];
    for (let index = 1; index <= 5; index++) ids.push(await importTagged(request, `bulk-${index}.ssrec.jsonl`, tinyRecording('eof'), [tag]));
    const [first, second, third, fourth, fifth] = [...ids].reverse() as [number, number, number, number, number]; // as shown: newest first

    await openHistory(page);
    await search(page, tag);
    await expectMatching(page, 5);
    await row(page, first).getByRole('checkbox').click();
    await row(page, fourth).getByRole('checkbox').click({ modifiers: ['Shift'] });
    const bar = page.getByTestId('bulk-bar');
    await expect(bar).toContainText('4 selected');
    for (const id of [first, second, third, fourth]) await expect(row(page, id)).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, fifth)).toHaveAttribute('aria-selected', 'false');

    const added = unique('reviewed');
    await bar.getByRole('textbox', { name: 'Tag for the selected recordings' }).fill(added);
    await bar.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tagged 4 recordings' })).toContainText(`“${added}”`);
    for (const id of [first, second, third, fourth]) await expect(row(page, id)).toContainText(added);
    await expect(row(page, fifth)).not.toContainText(added);
    const stored = await call<ListResult>(request, 'listRecordings', { tag: added });
    expect(stored.items.map((item) => item.id).sort()).toEqual([first, second, third, fourth].sort());
    expect(stored.items[0]!.tags).toEqual([tag, added]);
    await page.getByTestId('history').screenshot({ path: join(screenshots, 'history-selection.png') });

    await page.getByRole('checkbox', { name: 'Select all 5 matching' }).click();
    await page.getByRole('checkbox', { name: 'Select all 5 matching' }).click();
    await expect(bar).toContainText('5 selected');
    await bar.getByRole('button', { name: 'Delete 5' }).click();
    await expect(page.getByTestId('undo-offer')).toContainText('Deleted 5 recordings');
    await expect(page.getByText('No recording matches these filters.')).toBeVisible();
    await expectMatching(page, 0);
    await page.getByTestId('undo-offer').getByRole('button', { name: 'Undo', exact: true }).click();
    await expectMatching(page, 5);
    for (const id of ids) await expect(row(page, id)).toBeVisible();
    expect((await call<ListResult>(request, 'listRecordings', { tag })).total).toBe(5);
    expect(problems).toEqual([]);
  });

  test('fetches more rows as the list is scrolled: 250 recordings, 200 a page', async ({ page, request }) => {
    test.setTimeout(90_000);
    const problems = watchForErrors(page);
    const tag = unique('paging');
    const bytes = tinyRecording('eof');
    const ids: number[] = [];
    for (let batch = 0; batch < 250; batch += 25) {
      const made = await Promise.all(Array.from({ length: 25 }, (_, index) => importTagged(request, `page-${String(batch + index).padStart(3, '0')}.ssrec.jsonl`, bytes, [tag])));
      ids.push(...made);
    }
    const oldest = Math.min(...ids);
    const newest = Math.max(...ids);

    await openHistory(page);
    await search(page, tag);
    await expectMatching(page, 250);
    await expect(row(page, newest)).toBeVisible();
    await expect(page.getByText('200 loaded; more as you scroll')).toBeVisible();
    // Only the rows on screen are drawn.
    expect(await page.getByTestId('history-rows').getByRole('row').count()).toBeLessThan(60);

    const body = page.getByTestId('history-rows');
    await expect(async () => {
      await body.evaluate((element) => {
        const scroller = element as unknown as { scrollTop: number; scrollHeight: number };
        scroller.scrollTop = scroller.scrollHeight;
      });
      await expect(row(page, oldest)).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('loaded; more as you scroll')).toHaveCount(0);
    await expect(row(page, oldest)).toHaveAttribute('aria-rowindex', '251');

    // End goes to the last row from the keyboard too.
    await page.getByRole('grid').focus();
    await page.keyboard.press('Home');
    await expect(row(page, newest)).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('End');
    await expect(row(page, oldest)).toHaveAttribute('data-focused', 'true');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('history').screenshot({ path: join(screenshots, 'history-dark.png') });
    expect(problems).toEqual([]);
  });
});
