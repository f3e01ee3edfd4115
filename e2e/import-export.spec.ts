// Import and export (issue 7), as a user meets them: files picked with "Import files…" or dropped
// on the home page, each kind the backend reads and one it does not; a recording exported in
// every format from its view's dialog, previewed, saved, copied, the HTML report opened, and the
// importable files imported again with the same body. Screenshots: e2e/screenshots/import-*.png
// and export-*.png.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { chatArgs, hasCurl, runCurl, startByteServer } from '../electron/backend/import/test-servers.ts';
import { decodeReadDeltas } from '../shared/api/read-deltas.ts';
import { address, call, importFile, origin, realStreams, screenshots, watchForErrors } from './support.ts';

// The functions given to page.evaluate() run in the browser; tsconfig.node.json has no DOM lib.
declare const window: { dispatchEvent(event: unknown): boolean; opener: unknown; location: { hash: string } };
declare const document: { activeElement: unknown; body: unknown; querySelector(selector: string): { contains(node: unknown): boolean } | null };
declare function getComputedStyle(element: unknown): { marginTop: string };
declare const navigator: { clipboard: { readText(): Promise<string> } };
declare class DataTransfer {
  items: { add(file: unknown): void };
}
declare class DragEvent {
  constructor(type: string, init: { bubbles: boolean; cancelable: boolean; dataTransfer: DataTransfer });
}
declare class File {
  constructor(parts: unknown[], name: string);
}

interface Bytes {
  readonly $bytes: string;
}
interface ExportedFile {
  readonly fileName: string;
  readonly mediaType: string;
  readonly content: string | Bytes;
}
interface FormatInfo {
  readonly format: string;
  readonly description: string;
  readonly extension: string;
}

const fromApi = (content: string | Bytes): Buffer => (typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.$bytes, 'base64'));

/** A recording's body as stored, byte for byte. */
async function bodyOf(request: APIRequestContext, id: number): Promise<Buffer> {
  const packed = await call<{ codedReads: Bytes; readLengths: number[] } | null>(request, 'openRecording', { id });
  expect(packed, `recording ${id}`).not.toBeNull();
  const body = decodeReadDeltas(Buffer.from(packed!.codedReads.$bytes, 'base64'), packed!.readLengths);
  expect(body, `recording ${id}'s coded reads`).not.toBeNull();
  return Buffer.from(body!);
}

async function countNamed(request: APIRequestContext, text: string): Promise<number> {
  return (await call<{ total: number }>(request, 'listRecordings', { text })).total;
}

/** Picks files with the "Import files…" button's dialog, as a user does. */
async function pickFiles(page: Page, files: { name: string; buffer: Buffer }[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import files…' }).click();
  await (await chooser).setFiles(files.map((file) => ({ ...file, mimeType: 'application/octet-stream' })));
}

/** The result line of a file (by name), once it has finished. */
async function finishedLine(page: Page, name: string) {
  const line = page.getByTestId('import-line').filter({ has: page.locator('.import-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  await expect(line).toHaveAttribute('data-stage', /imported|failed/, { timeout: 20_000 });
  return line;
}

/** The ids a finished line links to. */
async function linkedIds(page: Page, name: string): Promise<number[]> {
  const line = await finishedLine(page, name);
  await expect(line).toHaveAttribute('data-stage', 'imported');
  const hrefs = await line.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(/^#\/recording\/(\d+)$/.exec(href)![1]));
}

/** Records a simulator scenario from the home page; returns its id once it has ended. */
async function record(page: Page, scenario: string): Promise<number> {
  await page.goto(address);
  await page.getByLabel('Scenario').selectOption(`sim-${scenario}`);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('What is a stream?');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page).toHaveURL(/#\/recording\/\d+$/);
  await expect(page.getByTestId('recording-status')).toContainText('cleanly', { timeout: 25_000 });
  return Number(/(\d+)$/.exec(page.url())![1]);
}

test.describe('Import', () => {
  test('imports each supported file kind by the file dialog, and says which file is not one', async ({ page, request }) => {
    test.skip(!hasCurl, 'curl is not installed: no curl trace to import');
    const problems = watchForErrors(page);
    const stamp = Date.now().toString(36);
    // An .sse body: a real capture.
    const sseName = `parallel-${stamp}.sse`;
    const sse = readFileSync(join(realStreams, 'openai-gpt4o-parallel-tool-calls.sse'));
    // A timed recording and a HAR: a real capture with its times, exported by the backend.
    const timed = await importFile(request, `source-${stamp}.sse`, readFileSync(join(realStreams, 'deepseek-reasoner-tool-call.sse')));
    const timedBody = await bodyOf(request, timed);
    const ssrec = fromApi((await call<ExportedFile>(request, 'exportRecording', { id: timed, format: 'ssrec' })).content);
    const har = fromApi((await call<ExportedFile>(request, 'exportRecording', { id: timed, format: 'har' })).content);
    // A curl trace: real curl streaming a real capture from a loopback server.
    const traced = readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse'));
    const server = await startByteServer(traced, 'http1');
    const run = await runCurl('ascii', chatArgs(`${server.url}/v1/chat/completions`, { model: 'llama' })).finally(() => server.close());
    expect(run.exitCode).toBe(0);
    const notes = `notes-${stamp}.md`;

    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();
    const files = [
      { name: sseName, buffer: sse },
      { name: `timed-${stamp}.ssrec.jsonl`, buffer: ssrec },
      { name: `capture-${stamp}.har`, buffer: har },
      // Any name: curl writes whatever --trace was given.
      { name: `stream-${stamp}.log`, buffer: Buffer.from(run.trace, 'latin1') },
      { name: notes, buffer: Buffer.from('# Notes\n\n- buy milk\n- call Sam\n') },
    ];
    await pickFiles(page, files);
    await expect(page.getByTestId('import-line')).toHaveCount(5);

    const [sseId] = await linkedIds(page, sseName);
    expect(await bodyOf(request, sseId!)).toEqual(sse);
    const [ssrecId] = await linkedIds(page, files[1]!.name);
    expect(await bodyOf(request, ssrecId!)).toEqual(timedBody);
    const [harId] = await linkedIds(page, files[2]!.name);
    expect(await bodyOf(request, harId!)).toEqual(timedBody);
    const [curlId] = await linkedIds(page, files[3]!.name);
    expect(await bodyOf(request, curlId!)).toEqual(run.body);
    expect(run.body).toEqual(traced);

    // The file that is not one: the backend's reason in one line, and nothing stored.
    const refused = await finishedLine(page, notes);
    await expect(refused).toHaveAttribute('data-stage', 'failed');
    await expect(refused.getByTestId('import-status')).toHaveText(/^not a format Streamscope reads \(no SSE field, no \.ssrec\.jsonl line, no HAR log, no curl trace line\); name it \.sse/);
    expect(await countNamed(request, notes)).toBe(0);

    // The history lists what was imported without a reload.
    await expect(page.getByTestId(`recording-${curlId}`)).toBeVisible();

    // The links open what was imported.
    await expect(page.getByTestId('import-line').nth(0)).toContainText(`imported as #${sseId}`);
    await page.getByTestId('import')
      .screenshot({ path: join(screenshots, 'import-results.png') });
    await page.getByRole('link', { name: `#${curlId}` }).click();
    await expect(page).toHaveURL(new RegExp(`#/recording/${curlId}$`));
    await expect(page.getByTestId('recording-status')).toContainText('cleanly');
    expect(problems).toEqual([]);
  });

  test('a HAR of several streamed exchanges gives one link per recording', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const ids = [
      await importFile(request, `one-${stamp}.sse`, readFileSync(join(realStreams, 'openai-gpt4o-refusal-logprobs.sse'))),
      await importFile(request, `two-${stamp}.sse`, readFileSync(join(realStreams, 'mistral-small-tool-call-no-index.sse'))),
    ];
    const logs = await Promise.all(ids.map(async (id) => JSON.parse(fromApi((await call<ExportedFile>(request, 'exportRecording', { id, format: 'har' })).content).toString('utf8')) as { log: { entries: unknown[] } }));
    const both = { log: { ...logs[0]!.log, entries: logs.flatMap((log) => log.log.entries) } };
    await page.goto(address);
    await pickFiles(page, [{ name: `both-${stamp}.har`, buffer: Buffer.from(JSON.stringify(both)) }]);
    const made = await linkedIds(page, `both-${stamp}.har`);
    expect(made).toHaveLength(2);
    await expect((await finishedLine(page, `both-${stamp}.har`)).getByTestId('import-status')).toHaveText(`imported 2 recordings: #${made[0]}, #${made[1]}`);
    for (const [i, id] of made.entries()) expect(await bodyOf(request, id)).toEqual(await bodyOf(request, ids[i]!));
  });

  test('imports a file dropped anywhere on the page, showing where to drop it while dragging', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const name = `dropped-${Date.now().toString(36)}.sse`;
    const bytes = readFileSync(join(realStreams, 'openrouter-claude-reasoning-details.sse'));
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Import' })).toBeVisible();
    // A drag from the desktop, as the page sees it: a DataTransfer holding the file.
    const transfer = await page.evaluateHandle(
      ({ name, base64 }) => {
        const binary = atob(base64);
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        const data = new DataTransfer();
        data.items.add(new File([bytes], name));
        return data;
      },
      { name, base64: bytes.toString('base64') },
    );
    const drag = (type: string) => page.evaluate(({ type, data }) => window.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data })), { type, data: transfer });
    await drag('dragenter');
    await drag('dragover');
    await expect(page.getByTestId('import-dropzone')).toBeVisible();
    await expect(page.getByTestId('import-dropzone')).toHaveText('Drop to import');
    await page.screenshot({ path: join(screenshots, 'import-dropzone.png') });
    // The browser would open the file itself unless the page takes the drop.
    expect(await drag('drop')).toBe(false);
    await expect(page.getByTestId('import-dropzone')).toHaveCount(0);
    const [id] = await linkedIds(page, name);
    expect(await bodyOf(request, id!)).toEqual(bytes);
    expect(page.url()).toContain(origin);
    expect(problems).toEqual([]);
  });

  test('shows a large file’s progress while it is read and sent, and stores it whole', async ({ page, request }) => {
    test.setTimeout(90_000);
    // 32 MiB of real events: a long capture, as a user might pick one.
    const events = readFileSync(join(realStreams, 'groq-llama33-text-x-groq.sse')).toString('utf8').replace(/data: \[DONE\]\n\n$/, '');
    const big = Buffer.from(events.repeat(Math.ceil((32 * 1024 * 1024) / events.length)) + 'data: [DONE]\n\n');
    const name = `long-${Date.now().toString(36)}.sse`;
    // From a path, as a user's pick is (a buffer would cross to the browser as base64, slowly).
    const path = join(mkdtempSync(join(tmpdir(), 'streamscope-e2e-import-')), name);
    writeFileSync(path, big);
    await page.goto(address);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import files…' }).click();
    const started = Date.now();
    await (await chooser).setFiles(path);
    const line = page.getByTestId('import-line').filter({ hasText: name });
    // Encoding and handing a large body to fetch can hold the page for seconds on a loaded machine.
    await expect(line.getByRole('progressbar')).toBeVisible({ timeout: 20_000 });
    await expect(line).toHaveAttribute('data-stage', /imported|failed/, { timeout: 60_000 });
    const [id] = await linkedIds(page, name);
    test.info().annotations.push({ type: 'figure', description: `${(big.length / 1024 / 1024).toFixed(1)} MiB from pick to imported in ${Date.now() - started} ms` });
    const stored = await bodyOf(request, id!);
    expect(stored.length).toBe(big.length);
    expect(stored.equals(big)).toBe(true);
  });

  test('a drag that leaves the page takes the drop zone with it', async ({ page }) => {
    await page.goto(address);
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['data: {}\n\n'], 'x.sse'));
      return data;
    });
    const drag = (type: string) => page.evaluate(({ type, data }) => window.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data })), { type, data: transfer });
    await drag('dragenter');
    await expect(page.getByTestId('import-dropzone')).toBeVisible();
    await drag('dragleave');
    await expect(page.getByTestId('import-dropzone')).toHaveCount(0);
    await expect(page.getByTestId('import-line')).toHaveCount(0);
  });
});

test.describe('Export', () => {
  test('exports each format from the dialog with a preview, saves it, and the importable files import again with the same body', async ({ page, request, context }) => {
    test.setTimeout(90_000);
    const problems = watchForErrors(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const id = await record(page, 'tool-call');
    const body = await bodyOf(request, id);
    const formats = await call<FormatInfo[]>(request, 'listExportFormats', {});
    expect(formats.map((info) => info.format)).toEqual(['sse', 'ssrec', 'har', 'openai-test', 'msw', 'aimock', 'curl', 'html']);

    await page.locator('.recording-header').screenshot({ path: join(screenshots, 'export-button.png') });
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog', { name: `Export recording #${id}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    for (const info of formats) await expect(dialog.getByTestId(`export-format-${info.format}`)).toContainText(info.description);
    await expect(dialog.getByText('Pick a format to see the file it makes.')).toBeVisible();
    await dialog.screenshot({ path: join(screenshots, 'export-dialog.png') });

    const saved = new Map<string, { name: string; bytes: Buffer }>();
    for (const info of formats) {
      await dialog.getByRole('radio', { name: new RegExp(`^${info.format} `) }).check();
      const expected = await call<ExportedFile>(request, 'exportRecording', { id, format: info.format });
      const bytes = fromApi(expected.content);
      await expect(dialog.getByTestId('export-file')).toContainText(expected.fileName);
      expect(expected.fileName.endsWith(info.extension)).toBe(true);
      const preview = dialog.getByTestId('export-preview');
      const text = bytes.toString('utf8');
      const firstLines = text.split('\n').slice(0, 200).join('\n');
      // The preview is the file's start, as text.
      expect(((await preview.textContent()) ?? '').replace(/\n$/, '')).toBe(firstLines.replace(/\n$/, ''));
      await dialog.screenshot({ path: join(screenshots, `export-${info.format}.png`) });

      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(expected.fileName);
      const savedBytes = readFileSync((await file.path())!);
      expect(savedBytes).toEqual(bytes);
      saved.set(info.format, { name: expected.fileName, bytes: savedBytes });

      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    }

    // The HTML report opens in a new window, apart from this page.
    await dialog.getByRole('radio', { name: /^html / }).check();
    await expect(dialog.getByRole('button', { name: 'Open in browser' })).toBeVisible();
    const opened = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open in browser' }).click();
    const report = await opened;
    await report.waitForLoadState();
    expect(report.url()).toMatch(/^blob:/);
    await expect(report.locator('h1')).toBeVisible();
    expect(await report.evaluate(() => window.opener === null)).toBe(true);
    // Its stylesheet applies (body margin 0): the app's policy, which the report inherits, allows it by its hash.
    expect(await report.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px');
    await report.screenshot({ path: join(screenshots, 'export-html-opened.png') });
    await report.close();

    // Tab stays inside the dialog; Escape closes it and gives focus back to "Export…".
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => document.querySelector('[data-testid="export-dialog"]')!.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export…' })).toBeFocused();

    // The files Streamscope reads come back as the same body.
    await page.goto(address);
    const importable = ['sse', 'ssrec', 'har'].map((format) => saved.get(format)!);
    await pickFiles(page, importable.map(({ name, bytes }) => ({ name, buffer: bytes })));
    for (const { name } of importable) {
      const [again] = await linkedIds(page, name);
      expect(again).not.toBe(id);
      expect(await bodyOf(request, again!), name).toEqual(body);
    }
    // The curl export is a command, not a trace: it is refused.
    await pickFiles(page, [{ name: saved.get('curl')!.name, buffer: saved.get('curl')!.bytes }]);
    await expect((await finishedLine(page, saved.get('curl')!.name))).toHaveAttribute('data-stage', 'failed');
    expect(problems).toEqual([]);
  });

  test('says why a format cannot hold a recording (curl of a body with no request)', async ({ page, request }) => {
    const id = await importFile(request, `plain-${Date.now().toString(36)}.sse`, readFileSync(join(realStreams, 'together-llama33-eos-finish.sse')));
    await page.goto(address);
    await page.evaluate((hash) => (window.location.hash = hash), `#/recording/${id}`);
    await page.getByRole('button', { name: 'Export…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /^curl / }).check();
    await expect(dialog.getByRole('alert')).toHaveText(/this recording has no request/);
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    // Another format still works after it.
    await dialog.getByRole('radio', { name: /^sse / }).check();
    await expect(dialog.getByTestId('export-preview')).toContainText('data: ');
    await page.emulateMedia({ colorScheme: 'dark' });
    await dialog.screenshot({ path: join(screenshots, 'export-sse-dark.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
