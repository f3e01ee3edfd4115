// The compare view (issue 7), as a user meets it: two recordings chosen in the history's
// multi-select, or from a recording's "Compare with…", opened side by side; the difference of
// their messages highlighted, both timelines drawn on one axis, the metrics and the diagnostics in
// two columns. Screenshots go to e2e/screenshots/compare-*.png.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ListResult } from '../shared/api/recordings.ts';
import { parseSse } from '../shared/framing/sse/parser.ts';
import { address, call, realStreams, screenshots, watchForErrors } from './support.ts';

declare const window: { location: { hash: string } };

const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Records from the simulator's `scenario` under `name` and waits for it to end; its id. */
async function recordScenario(request: APIRequestContext, scenario: string, name: string): Promise<number> {
  const { id } = await call<{ id: number }>(request, 'startRecording', {
    profile: 'simulator',
    model: `sim-${scenario}`,
    name,
    messages: [{ role: 'user', content: 'How does streaming work?' }],
  });
  await expect
    .poll(async () => (await call<ListResult>(request, 'listRecordings', { text: name })).items.find((row) => row.id === id)?.outcome, { timeout: 25_000 })
    .toBe('eof');
  return id;
}

/**
 * A real capture given times: a timed recording (.ssrec.jsonl) delivering one event a read, the
 * first at `first` ms and then one every `every` ms, imported under `name`; its id.
 */
async function importTimed(request: APIRequestContext, file: string, name: string, first: number, every: number): Promise<number> {
  const body = new Uint8Array(readFileSync(join(realStreams, file)));
  const decoder = new TextDecoder();
  let from = 0;
  const lines: object[] = [
    { recording: 1, startedAt: '2001-02-03T04:05:06.000Z', request: { method: 'POST', url: 'http://compare.test/v1/chat/completions', headers: {}, body: { model: 'compare', stream: true } } },
    { t: first - 5, response: { status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } } },
  ];
  let t = first;
  for (const event of parseSse(body).events) {
    lines.push({ t, text: decoder.decode(body.subarray(from, event.end)) });
    from = event.end;
    t += every;
  }
  lines.push({ t, end: 'eof' });
  const bytes = Buffer.from(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
  const result = await call<{ ids: number[] }>(request, 'importFile', { name: `${name}.ssrec.jsonl`, bytes: { $bytes: bytes.toString('base64') }, tags: [name] });
  const id = result.ids[0]!;
  await call(request, 'renameRecording', { id, name });
  return id;
}

async function expectBothTimelinesDrawn(page: Page): Promise<void> {
  for (const side of ['A', 'B']) {
    await expect(page.getByTestId(`compare-timeline-${side}`)).toHaveAttribute('data-drawn-events', /^[1-9]\d*$/);
  }
}

test.describe('The compare view', () => {
  test('compares two simulator recordings picked in the history: the cut answer’s lost words and its finish reason highlighted', async ({ page, request }) => {
    // Two streams from the simulator, each a few seconds long, come first.
    test.setTimeout(90_000);
    const problems = watchForErrors(page);
    const name = unique('compare-sim');
    const full = await recordScenario(request, 'text', `${name} full`);
    const cut = await recordScenario(request, 'length', `${name} cut`);

    await page.goto(address);
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(page.getByTestId('history-count')).toContainText(`text “${name}”`);
    const bar = page.getByTestId('bulk-bar');
    await page.getByTestId(`recording-${full}`).getByRole('checkbox').click();
    await expect(bar).toContainText('1 selected');
    await expect(bar.getByRole('link', { name: 'Compare' })).toHaveCount(0);
    await page.getByTestId(`recording-${cut}`).getByRole('checkbox').click();
    await bar.getByRole('link', { name: 'Compare' }).click();

    await expect(page).toHaveURL(new RegExp(`#/compare/${full}/${cut}$`));
    await expect(page.getByTestId('compare-head-A')).toContainText(`${name} full`);
    await expect(page.getByTestId('compare-head-B')).toContainText(`${name} cut`);
    await expectBothTimelinesDrawn(page);

    // The cut answer is the full one's first words: the rest is deleted, nothing inserted.
    const content = page.locator('[data-field="content"]');
    await expect(content.locator('del')).toHaveCount(1);
    await expect(content.locator('del')).toContainText('words show up after a fraction of a second');
    await expect(content.locator('ins')).toHaveCount(0);
    await expect(content.locator('pre')).toContainText('Streaming sends each token');
    const finish = page.locator('[data-field="finish reason"]');
    await expect(finish.locator('del')).toHaveText('[deleted: stop]');
    await expect(finish.locator('ins')).toHaveText('[inserted: length]');

    // Metrics in two columns, and the finding only the cut one has highlighted.
    const metrics = page.getByTestId('compare-metrics');
    await expect(metrics.locator('thead')).toContainText('A');
    await expect(metrics.locator('tr[data-metric="ttft_ms"] td')).toHaveCount(4);
    await expect(metrics.locator('tr[data-metric="events"]')).toBeVisible();
    const onlyCut = page.getByTestId('compare-diagnostics').locator('tr[data-code="finish-length"]');
    await expect(onlyCut).toHaveClass(/compare-only-row/);
    await expect(onlyCut).toContainText('only in B');

    // Hovering a timeline shows what is under the pointer: along the network reads' lane (the
    // first, below the marker labels), a read soon comes.
    const canvas = page.getByTestId('compare-timeline-A');
    const box = (await canvas.boundingBox())!;
    let shown = false;
    for (let x = box.x + 134; x < box.x + box.width && !shown; x += 4) {
      await page.mouse.move(x, box.y + 45 + 8);
      shown = await page.getByTestId('compare-tooltip').isVisible();
    }
    expect(shown).toBe(true);
    await expect(page.getByTestId('compare-tooltip')).toContainText(/^read \d+ · [\d,.]+ ms/);
    await page.mouse.move(0, 0);

    await page.screenshot({ path: join(screenshots, 'compare-simulator.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectBothTimelinesDrawn(page);
    await page.screenshot({ path: join(screenshots, 'compare-simulator-dark.png'), fullPage: true });

    await page.getByRole('button', { name: 'Swap A and B' }).click();
    await expect(page).toHaveURL(new RegExp(`#/compare/${cut}/${full}$`));
    await expect(page.getByTestId('compare-head-A')).toContainText(`${name} cut`);
    await expect(page.locator('[data-field="content"] ins')).toContainText('words show up after a fraction of a second');
    expect(problems).toEqual([]);
  });

  test('compares a recording with one chosen in its “Compare with…” dialog: a refusal against an answer', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const name = unique('compare-real');
    const answer = await importTimed(request, 'openai-gpt4o-structured-text-usage.sse', `${name} answer`, 220, 12);
    const refusal = await importTimed(request, 'openai-gpt4o-refusal-logprobs.sse', `${name} refusal`, 480, 30);

    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${answer}`);
    const open = page.getByRole('button', { name: 'Compare with…' });
    await open.click();
    const dialog = page.getByTestId('compare-dialog');
    await expect(dialog).toBeVisible();
    // Escape closes it, and the focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog.getByRole('searchbox', { name: 'Search recordings' })).toBeFocused();
    await dialog.getByRole('searchbox', { name: 'Search recordings' }).fill(name);
    // The open recording is not offered: only the other one matches.
    await expect(dialog.getByRole('list', { name: 'Recordings to compare with' }).getByRole('button')).toHaveCount(1);
    await expect(dialog.getByTestId(`compare-pick-${refusal}`)).toContainText(`${name} refusal`);
    await dialog.screenshot({ path: join(screenshots, 'compare-dialog.png') });
    await dialog.getByTestId(`compare-pick-${refusal}`).click();

    await expect(page).toHaveURL(new RegExp(`#/compare/${answer}/${refusal}$`));
    await expect(dialog).toHaveCount(0);
    await expectBothTimelinesDrawn(page);
    await expect(page.locator('[data-field="content"] del')).toHaveText('[deleted: {"city":"San Francisco","units":"c"}]');
    await expect(page.locator('[data-field="refusal"] ins')).toHaveText("[inserted: I'm very sorry, but I can't assist with that request.]");
    await expect(page.locator('[data-field="finish reason"]')).toContainText('identical');
    const refusalRow = page.getByTestId('compare-diagnostics').locator('tr[data-code="refusal"]');
    await expect(refusalRow).toContainText('only in B');
    await expect(page.getByTestId('compare-diagnostics').locator('tr[data-code="usage-chunk"]')).not.toHaveClass(/compare-only-row/);
    // The refusal came later and slower: A is sooner to its first token.
    await expect(page.getByTestId('compare-metrics').locator('tr[data-metric="ttft_ms"]')).toContainText('A (sooner)');
    await page.screenshot({ path: join(screenshots, 'compare-real.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('zooms and pans both timelines together, so the same moment stays on the same pixel in both rows', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const name = unique('compare-zoom');
    // Both answers' first read comes 200 ms after the request; A's last at 460 ms, B's at 950 ms.
    const a = await importTimed(request, 'openai-gpt4o-structured-text-usage.sse', `${name} quick`, 200, 20);
    const b = await importTimed(request, 'openai-gpt4o-refusal-logprobs.sse', `${name} slow`, 200, 50);
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${a}/${b}`);
    await expectBothTimelinesDrawn(page);

    const timelines = page.getByTestId('compare-timelines');
    const range = async (): Promise<[number, number]> => {
      const [start, end] = ((await timelines.getAttribute('data-visible-range')) ?? '').split('-').map(Number);
      return [start!, end!];
    };
    const [, whole] = await range();
    expect(await range()).toEqual([0, whole]);
    const rowA = page.getByTestId('compare-timeline-A');
    const rowB = page.getByTestId('compare-timeline-B');
    const boxA = (await rowA.boundingBox())!;
    const boxB = (await rowB.boundingBox())!;
    // The rows' plots start after the lane labels (132 px) and keep 14 px free on the right.
    const plotWidth = Math.floor(boxA.width - 132 - 14);
    const pixel = async (ms: number): Promise<number> => {
      const [start, end] = await range();
      return 132 + ((ms - start) / (end - start)) * plotWidth;
    };

    // + on a focused row zooms both in twice around the middle; − zooms back out to the whole.
    await rowA.focus();
    await page.keyboard.press('+');
    await expect.poll(async () => (await range())[0]).toBeGreaterThan(0);
    const [quarter, threeQuarters] = await range();
    expect(quarter).toBeCloseTo(whole / 4, 2);
    expect(threeQuarters).toBeCloseTo((whole * 3) / 4, 2);
    const zoomOut = page.getByRole('toolbar', { name: 'Timeline zoom' }).getByRole('button', { name: 'Zoom out' });
    await expect(zoomOut).toBeEnabled();
    await page.keyboard.press('-');
    await expect.poll(range).toEqual([0, whole]);
    await expect(zoomOut).toBeDisabled();

    // The wheel over B's first read zooms twice in around it: 200 ms stays under the pointer.
    const before = await pixel(200);
    await page.mouse.move(boxB.x + before, boxB.y + 20);
    await page.mouse.wheel(0, -Math.LN2 / 0.002);
    await expect.poll(async () => (await range())[1] - (await range())[0]).toBeCloseTo(whole / 2, 0);
    expect(await pixel(200)).toBeCloseTo(before, 0);

    // Dragging A 80 px to the right shows earlier moments, in both rows.
    const [start, end] = await range();
    await page.mouse.move(boxA.x + 400, boxA.y + 20);
    await page.mouse.down();
    await page.mouse.move(boxA.x + 440, boxA.y + 20);
    await page.mouse.move(boxA.x + 480, boxA.y + 20);
    await page.mouse.up();
    const shift = (80 / plotWidth) * (end - start);
    const [panStart, panEnd] = await range();
    expect(panStart).toBeCloseTo(start - shift, 1);
    expect(panEnd).toBeCloseTo(end - shift, 1);

    // The first read of each, 200 ms after its request, is on the same pixel in both rows: hovering
    // along each row's reads lane, its tooltip comes at the same x, 6 px before the mark.
    const mark = await pixel(200);
    const firstHover = async (box: typeof boxA): Promise<number | null> => {
      for (let x = Math.floor(mark - 10); x <= Math.ceil(mark + 2); x++) {
        await page.mouse.move(box.x + x, box.y + 45 + 9);
        const tooltip = page.getByTestId('compare-tooltip');
        if ((await tooltip.isVisible()) && /^read \d+ · 200\.0 ms/.test((await tooltip.textContent()) ?? '')) return x;
      }
      return null;
    };
    const atA = await firstHover(boxA);
    const atB = await firstHover(boxB);
    expect(atA).not.toBeNull();
    expect(atB).toBe(atA);
    expect(Math.abs(atA! - (mark - 6))).toBeLessThanOrEqual(1);
    // The axis beneath both rows is ticked for the stretch in view.
    await expect(page.locator('.compare-tick').first()).not.toHaveText('0 ms');
    await page.screenshot({ path: join(screenshots, 'compare-zoomed.png'), fullPage: true });

    // 0 (or Fit) shows both whole again.
    await page.mouse.move(0, 0);
    await rowB.focus();
    await page.keyboard.press('0');
    await expect.poll(range).toEqual([0, whole]);
    expect(problems).toEqual([]);
  });

  test('says which side is missing, and compares nothing until both are there', async ({ page, request }) => {
    const name = unique('compare-missing');
    const id = await importTimed(request, 'openai-gpt4o-structured-text-usage.sse', name, 100, 10);
    const problems = watchForErrors(page);
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${id}/987654321`);
    await expect(page.getByTestId('compare-head-A')).toContainText(name);
    await expect(page.getByTestId('compare-head-B').getByRole('alert')).toContainText('There is no recording #987654321');
    await expect(page.getByTestId('compare-timeline-A')).toHaveAttribute('data-drawn-events', /^[1-9]\d*$/);
    await expect(page.getByText('The messages, metrics and diagnostics are compared once both recordings are loaded.')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
