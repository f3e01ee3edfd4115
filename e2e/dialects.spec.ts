// Responses API and Anthropic Messages recordings in the recording view and the compare view (issue
// 19), as a user meets them: streams recorded from the built-in simulator's /v1/responses and
// /v1/messages (with the recorder, no key sent), imported as timed recordings, opened, and every
// panel read — the output items / content blocks in order, tool cards by item / block whose
// fragments select their events, usage, diagnostics, the events table's kinds — then two recordings
// of one dialect compared, and two of different dialects. Screenshots go to
// e2e/screenshots/dialect-responses-*.png and dialect-messages-*.png.

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { recordStream } from '../electron/backend/recorder/record.ts';
import { startSimulator } from '../electron/backend/simulator/index.ts';
import type { Simulator } from '../electron/backend/simulator/index.ts';
import { serializeSsrec } from '../shared/formats/ssrec.ts';
import { address, call, importFile, screenshots, watchForErrors } from './support.ts';
import { violations } from './axe.ts';

declare const window: { location: { hash: string } };

type Api = 'responses' | 'messages';

let simulator: Simulator;

// Half the simulator's realistic pace: a stream takes a few hundred milliseconds, with its timing.
test.beforeAll(async () => {
  simulator = await startSimulator({ timeScale: 0.5 });
});

test.afterAll(async () => {
  await simulator.close();
});

const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Records the simulator's `scenario` in one dialect, imports it as a timed recording named `name`; its id. */
async function recordDialect(request: APIRequestContext, api: Api, scenario: string, name: string): Promise<number> {
  const question = 'Weather in Paris and Tokyo, and the time in New York?';
  const body = api === 'responses' ? { model: `sim-${scenario}`, input: question } : { model: `sim-${scenario}`, max_tokens: 1024, messages: [{ role: 'user', content: question }] };
  // No key: the simulator needs none, and so nothing of one can reach a screenshot.
  const { recording } = await recordStream({ url: `${simulator.url}/${api}`, headers: {}, body });
  const id = await importFile(request, `${name}.ssrec.jsonl`, Buffer.from(serializeSsrec(recording)));
  await call(request, 'renameRecording', { id, name });
  return id;
}

async function openRecording(page: Page, id: number): Promise<void> {
  await page.goto(address);
  await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
  await expect(page.getByTestId('recording-view')).toBeVisible();
  await expect(page.getByTestId('recording-status')).toContainText('Ended');
}

async function shoot(locator: Locator, name: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: join(screenshots, `dialect-${name}.png`) });
}

/** The selected row of the events table. */
const selectedRow = (page: Page): Locator => page.locator('[data-testid="event-row"][aria-selected="true"]');

test.describe('A Responses API recording', () => {
  test('shows its function calls as output items and as tool cards by item, each fragment selecting the event that carried it', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const id = await recordDialect(request, 'responses', 'parallel-tool-calls', unique('responses-tools'));
    await openRecording(page, id);
    await expect(page.locator('.recording-figures')).toContainText('Responses API');

    // The message panel: the three function_call items in order, each under its output index.
    const message = page.getByTestId('message-panel');
    await expect(message.getByRole('heading', { name: 'Response', exact: true })).toBeVisible();
    const entries = message.getByTestId('final-entry');
    await expect(entries).toHaveCount(3);
    for (const [index, name] of ['get_weather', 'get_weather', 'get_local_time'].entries()) {
      await expect(entries.nth(index)).toHaveAttribute('data-where', `output[${index}]`);
      await expect(entries.nth(index)).toHaveAttribute('data-type', 'function_call');
      await expect(entries.nth(index)).toContainText(name);
      await expect(entries.nth(index)).toContainText('call_id');
    }
    await expect(entries.nth(1).getByTestId('final-arguments')).toContainText('"city": "Tokyo"');
    await expect(message.getByTestId('final-outcome')).toContainText('completed');
    await expect(message.getByTestId('final-usage')).toContainText(/input_tokens \d+ · output_tokens \d+ · total_tokens \d+/);
    // The raw final object stays one click away.
    await message.getByText('Raw final object').click();
    await expect(message.getByTestId('final-object')).toContainText('"status": "completed"');
    await shoot(message, 'responses-message');
    await message.getByText('Raw final object').click();

    // The tool cards: one per item, with its call_id and item id, the arguments parsed.
    const cards = page.getByTestId('tool-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(1)).toHaveAttribute('data-where', 'output[1]');
    await expect(cards.nth(1)).toContainText('get_weather');
    await expect(cards.nth(1).getByTestId('tool-call-id')).toContainText(/^call_/);
    await expect(cards.nth(1)).toContainText('closed it (response.output_item.done)');
    await expect(cards.nth(1).getByTestId('tool-arguments')).toContainText('"city": "Tokyo"');

    // A fragment selects the event that carried it: the table, the inspector and the timeline follow.
    const fragments = cards.nth(1).getByTestId('tool-fragment');
    expect(await fragments.count()).toBeGreaterThan(2);
    const event = Number(await fragments.nth(1).getAttribute('data-event'));
    await fragments.nth(1).click();
    await expect(selectedRow(page)).toHaveAttribute('data-index', String(event));
    await expect(selectedRow(page)).toHaveAttribute('data-kind', 'tool');
    await expect(selectedRow(page)).toContainText('tool fragment');
    await expect(selectedRow(page)).toContainText('output[1].arguments +=');
    await expect(page.getByTestId('event-type')).toContainText('response.function_call_arguments.delta (tool, sequence_number');
    await expect(page.getByTestId('raw-bytes')).toContainText('"output_index":1');
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-selected', String(event));
    await expect(cards.nth(1).locator(`[data-event="${event}"]`)).toHaveAttribute('aria-current', 'true');
    await shoot(page.getByTestId('tool-calls-panel'), 'responses-tools');

    // The events table names each event's kind; the timeline gives each call a lane of its own.
    await expect(page.locator('[data-testid="event-row"][data-index="0"]')).toContainText('response.created');
    await expect(page.getByTestId('timeline-legend')).toContainText('output[1] get_weather');
    await shoot(page.getByTestId('timeline'), 'responses-timeline');
    await page.locator('.view-events').screenshot({ path: join(screenshots, 'dialect-responses-events.png') });

    // Usage in the Responses API's own words; a clean stream has no finding.
    const usage = page.getByTestId('usage-panel');
    await usage.getByRole('button', { name: 'at end' }).click();
    await expect(usage.locator('.usage-headline')).toContainText('input');
    await expect(usage.locator('.usage-headline')).toContainText('output');
    await expect(usage.locator('.usage-fields')).toContainText('input_tokens');
    await expect(usage.locator('.usage-fields')).not.toContainText('provider extension');
    await expect(usage.locator('[data-metric="ttft_ms"]')).toBeVisible();
    await shoot(usage, 'responses-usage');
    await expect(page.getByTestId('diagnostics-panel')).toContainText('No findings: the stream looks like a correct one.');
    await page.screenshot({ path: join(screenshots, 'dialect-responses-view.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('shows a reasoning summary apart from the answer, a refusal as a warning, and a stream cut before its terminal event', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const name = unique('responses-reasoning');
    const reasoning = await recordDialect(request, 'responses', 'reasoning', name);
    const refusal = await recordDialect(request, 'responses', 'refusal', `${name}-refusal`);
    const cut = await recordDialect(request, 'responses', 'cut-before-end', `${name}-cut`);

    await openRecording(page, reasoning);
    const message = page.getByTestId('message-panel');
    await expect(message.getByTestId('final-entry')).toHaveCount(2);
    const summary = message.locator('[data-testid="final-entry"][data-type="reasoning"]').getByTestId('reasoning');
    await expect(summary).toContainText('Reasoning summary · summary[0]');
    const order = await message.evaluate((panel) => {
      const thought = panel.querySelector('[data-kind="reasoning"]')!;
      const answer = panel.querySelector('[data-type="message"]')!;
      return thought.compareDocumentPosition(answer) & 4 ? 'reasoning first' : 'answer first';
    });
    expect(order).toBe('reasoning first');
    await expect(message.locator('[data-type="message"]').getByTestId('content')).not.toBeEmpty();
    await shoot(message, 'responses-reasoning');

    await openRecording(page, refusal);
    const refused = page.getByTestId('message-panel');
    await expect(refused.locator('[data-type="message"]').getByTestId('refusal')).toContainText(/can.t/i);
    await expect(refused.getByTestId('final-sentence')).toHaveCount(0);
    await expect(refused.getByTestId('refusal').first()).toBeVisible();
    await expect(page.locator('[data-testid="diagnostic"][data-code="refusal"]')).toBeVisible();
    await shoot(refused, 'responses-refusal');

    await openRecording(page, cut);
    await expect(page.getByTestId('message-panel').getByTestId('final-sentence')).toHaveText('Not finished: the stream ended without response.completed, .incomplete or .failed.');
    const finding = page.locator('[data-testid="diagnostic"][data-code="missing-terminal-event"]');
    await expect(finding).toBeVisible();
    await shoot(page.getByTestId('diagnostics-panel'), 'responses-diagnostics');
    expect(problems).toEqual([]);
  });
});

test.describe('An Anthropic Messages recording', () => {
  test('shows its tool_use blocks as content blocks and as tool cards by block, each fragment selecting the event that carried it', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const id = await recordDialect(request, 'messages', 'parallel-tool-calls', unique('messages-tools'));
    await openRecording(page, id);
    await expect(page.locator('.recording-figures')).toContainText('Anthropic Messages');

    const message = page.getByTestId('message-panel');
    const blocks = message.getByTestId('final-entry');
    await expect(blocks).toHaveCount(3);
    for (const index of [0, 1, 2]) {
      await expect(blocks.nth(index)).toHaveAttribute('data-where', `content[${index}]`);
      await expect(blocks.nth(index)).toHaveAttribute('data-type', 'tool_use');
    }
    await expect(blocks.nth(2)).toContainText('get_local_time');
    await expect(message.getByTestId('final-outcome')).toContainText('tool_use');
    await expect(message.getByTestId('final-sentence')).toHaveText('The model stopped to call tools: run them and send their results back.');
    await shoot(message, 'messages-message');

    const cards = page.getByTestId('tool-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(2)).toHaveAttribute('data-where', 'content[2]');
    await expect(cards.nth(2).getByTestId('tool-call-id')).toContainText(/^toolu_01/);
    await expect(cards.nth(2)).toContainText('closed it (content_block_stop)');
    await expect(cards.nth(2).getByTestId('tool-arguments')).toContainText('"timezone": "America/New_York"');
    const fragments = cards.nth(2).getByTestId('tool-fragment');
    // Anthropic's first input_json_delta is empty: it is a fragment all the same.
    await expect(fragments.first()).toHaveText('');
    const event = Number(await fragments.nth(2).getAttribute('data-event'));
    await fragments.nth(2).click();
    await expect(selectedRow(page)).toHaveAttribute('data-index', String(event));
    await expect(selectedRow(page)).toContainText('content[2].input +=');
    await expect(page.getByTestId('event-type')).toHaveText('content_block_delta (tool)');
    await expect(page.getByTestId('inspector')).toContainText('partial_json');
    await shoot(page.getByTestId('tool-calls-panel'), 'messages-tools');
    await page.locator('.view-events').screenshot({ path: join(screenshots, 'dialect-messages-events.png') });

    // The ping is named as what it is, in the table and among the findings (a note).
    await page.getByLabel('Filter events').fill('ping');
    await expect(page.getByTestId('event-row')).toHaveCount(1);
    await expect(page.getByTestId('event-row').first()).toHaveAttribute('data-kind', 'comment');
    await page.getByLabel('Filter events').fill('');
    await expect(page.locator('[data-testid="diagnostic"][data-code="ping"]')).toHaveAttribute('data-severity', 'info');

    const usage = page.getByTestId('usage-panel');
    await usage.getByRole('button', { name: 'at end' }).click();
    await expect(usage.locator('.usage-headline')).toContainText('cache write');
    await expect(usage.locator('.usage-fields')).toContainText('cache_read_input_tokens');
    await expect(usage.locator('.usage-fields')).not.toContainText('provider extension');
    await shoot(usage, 'messages-usage');
    await shoot(page.getByTestId('diagnostics-panel'), 'messages-diagnostics');
    await shoot(page.getByTestId('timeline'), 'messages-timeline');
    await page.screenshot({ path: join(screenshots, 'dialect-messages-view.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('shows thinking with its signature before the text, a thinking block as of an event before its signature, and a refusal', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const name = unique('messages-thinking');
    const thinking = await recordDialect(request, 'messages', 'reasoning', name);
    const refusal = await recordDialect(request, 'messages', 'refusal', `${name}-refusal`);

    await openRecording(page, thinking);
    const message = page.getByTestId('message-panel');
    const thought = message.locator('[data-testid="final-entry"][data-type="thinking"]');
    await expect(thought).toHaveAttribute('data-where', 'content[0]');
    await expect(thought).toContainText(/signed \(\d+ characters\)/);
    await expect(thought.getByTestId('reasoning')).not.toBeEmpty();
    await expect(message.locator('[data-testid="final-entry"][data-type="text"]')).toHaveAttribute('data-where', 'content[1]');
    await shoot(message, 'messages-thinking');

    // As of the event before the signature_delta, the thinking has no signature yet.
    await page.getByLabel('Filter events').fill('signature =');
    await expect(page.getByTestId('event-row')).toHaveCount(1);
    const row = page.getByTestId('event-row').first();
    await expect(row).toHaveAttribute('data-kind', 'reasoning');
    const signature = Number(await row.getAttribute('data-index'));
    await row.click();
    await page.getByLabel('Filter events').fill('');
    await page.getByTestId('events-table').getByRole('grid').press('ArrowUp');
    await expect(message.getByTestId('as-of')).toContainText(`as of event #${signature - 1},`);
    await expect(thought).toContainText('none: no signature_delta came');
    await expect(message.getByTestId('final-sentence')).toHaveText('No stop reason as of this event: message_delta has not come yet.');

    await openRecording(page, refusal);
    const refused = page.getByTestId('message-panel');
    await expect(refused.getByTestId('final-outcome')).toContainText('refusal');
    await expect(refused.getByTestId('refusal')).toContainText('The model refused');
    await expect(page.locator('[data-testid="diagnostic"][data-code="stop-refusal"]')).toBeVisible();
    await shoot(refused, 'messages-refusal');
    expect(problems).toEqual([]);
  });
});

test.describe('Comparing dialect recordings', () => {
  test('diffs two Responses recordings item by item, two Anthropic ones block by block, and says two dialects differ', async ({ page, request }) => {
    test.setTimeout(60_000);
    const problems = watchForErrors(page);
    const name = unique('dialect-compare');
    const [responsesFull, responsesCut, messagesFull, messagesCut] = [
      await recordDialect(request, 'responses', 'text', `${name} responses full`),
      await recordDialect(request, 'responses', 'length', `${name} responses cut`),
      await recordDialect(request, 'messages', 'text', `${name} messages full`),
      await recordDialect(request, 'messages', 'length', `${name} messages cut`),
    ];

    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${responsesFull}/${responsesCut}`);
    const messages = page.getByTestId('compare-messages');
    await expect(messages).toHaveAttribute('data-protocol', 'responses');
    const text = page.locator('[data-testid="compare-entry"][data-where="output[0]"] [data-field="content[0] output_text"]');
    await expect(text.locator('del')).toHaveCount(1);
    await expect(text.locator('ins')).toHaveCount(0);
    const status = page.locator('[data-field="status"]');
    await expect(status.locator('del')).toHaveText('[deleted: completed]');
    await expect(status.locator('ins')).toHaveText('[inserted: incomplete]');
    await expect(page.locator('[data-field="incomplete_details.reason"] ins')).toHaveText('[inserted: max_output_tokens]');
    const incomplete = page.getByTestId('compare-diagnostics').locator('tr[data-code="response-incomplete"]');
    await expect(incomplete).toContainText('only in B');
    await expect(page.getByTestId('compare-metrics').locator('tr[data-metric="ttft_ms"]')).toBeVisible();
    await page.screenshot({ path: join(screenshots, 'dialect-responses-compare.png'), fullPage: true });

    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${messagesFull}/${messagesCut}`);
    await expect(page.getByTestId('compare-messages')).toHaveAttribute('data-protocol', 'anthropic-messages');
    await expect(page.locator('[data-testid="compare-entry"][data-where="content[0]"] [data-field="text"] del')).toHaveCount(1);
    await expect(page.locator('[data-field="stop_reason"] ins')).toHaveText('[inserted: max_tokens]');
    await expect(page.getByTestId('compare-diagnostics').locator('tr[data-code="stop-max-tokens"]')).toContainText('only in B');
    await page.screenshot({ path: join(screenshots, 'dialect-messages-compare.png'), fullPage: true });

    // Across dialects: the timing and metrics compare; the messages are said to differ, not diffed.
    await page.evaluate((hash) => (window.location.hash = hash), `#/compare/${responsesFull}/${messagesFull}`);
    await expect(page.getByTestId('compare-dialects')).toContainText('A is a Responses API stream and B an Anthropic Messages stream: their messages are of different dialects, so they are not diffed.');
    await expect(page.getByTestId('compare-messages')).toHaveCount(0);
    await expect(page.getByTestId('compare-metrics').locator('tr[data-metric="ttft_ms"] td')).toHaveCount(4);
    const ping = page.getByTestId('compare-diagnostics').locator('tr[data-code="ping"]');
    await expect(ping).toHaveAttribute('data-comparable', 'false');
    await expect(ping).toContainText('one dialect’s own finding: not compared');
    await expect(ping).not.toHaveClass(/compare-only-row/);
    await page.screenshot({ path: join(screenshots, 'dialect-messages-compare-across.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a Responses and an Anthropic recording, a tool fragment selected, break no WCAG A or AA rule axe checks (${scheme})`, async ({ page, request }) => {
    const name = unique(`dialect-axe-${scheme}`);
    for (const api of ['responses', 'messages'] as const) {
      const id = await recordDialect(request, api, 'parallel-tool-calls', `${name}-${api}`);
      await page.emulateMedia({ colorScheme: scheme });
      await openRecording(page, id);
      await page.getByTestId('tool-card').first().getByTestId('tool-fragment').nth(1).click();
      await expect(page.getByTestId('event-type')).toBeVisible();
      await page.getByTestId('message-panel').getByText('Raw final object').click();
      expect(await violations(page), api).toEqual([]);
    }
  });
}

test.describe('The home page', () => {
  test('records from the simulator in any dialect: the scenarios follow the API chosen, and the recording opens in its dialect', async ({ page }) => {
    const problems = watchForErrors(page);
    await page.goto(address);
    // A select inside its label is named by the label's text and the option chosen ("API Chat Completions").
    const apiField = page.getByRole('combobox', { name: /^API/ });
    await apiField.selectOption({ label: 'Anthropic Messages' });
    // Anthropic has no sequence numbers: the scenario list is the dialect's own.
    await expect(page.getByLabel('Scenario').locator('option[value="sim-sequence-gap"]')).toHaveCount(0);
    await apiField.selectOption({ label: 'Responses API' });
    await expect(page.getByLabel('Scenario').locator('option[value="sim-sequence-gap"]')).toHaveCount(1);
    await apiField.selectOption({ label: 'Anthropic Messages' });
    await page.getByLabel('Scenario').selectOption('sim-tool-call');
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(page).toHaveURL(/#\/recording\/\d+$/);
    await expect(page.getByTestId('recording-status')).toContainText('Ended');
    await expect(page.locator('.recording-figures')).toContainText('Anthropic Messages');
    expect(problems).toEqual([]);
  });
});
