// The new-request editor (issue 7), as a user meets it: record a simulator scenario with one
// click; write a chat in the editor and in raw JSON; be told where the JSON or the tools are
// wrong, with Send blocked; save a key and see only its suffix; send through a profile with a
// base URL override, its key going there only once the user confirms the host; cancel a slow
// scenario and keep what arrived; resend and edit-and-resend a recording. Screenshots go to
// e2e/screenshots/new-request-*.png.

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LiveStarted, ProfileInfo, RecordingWithEvents } from '../shared/api/contract.ts';
import { address, call, cancelKeepingRows, ended, screenshots, watchForErrors } from './support.ts';

// The functions given to page.evaluate() run in the browser; tsconfig.node.json has no DOM lib.
declare const document: { documentElement: { scrollHeight: number } };
declare const window: { localStorage: { length: number; key(i: number): string | null; getItem(key: string): string | null }; sessionStorage: { length: number; key(i: number): string | null; getItem(key: string): string | null } };

/** Opens the editor from the app bar. */
async function openEditor(page: Page): Promise<void> {
  await page.goto(address);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'New request' }).click();
  await expect(page).toHaveURL(/#\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New request' })).toBeVisible();
  await expect(page.getByTestId('request-send')).toContainText('Ready');
}

/** The whole page, or one section of it by its heading, with the viewport as tall as the page so that the sticky Send bar sits at its foot. */
async function shootPage(page: Page, name: string, section?: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  const path = join(screenshots, `new-request-${name}.png`);
  if (section === undefined) await page.screenshot({ path });
  else await page.getByTestId('new-request').locator('section', { has: page.getByRole('heading', { name: section, exact: true }) }).screenshot({ path });
  await page.setViewportSize(size);
}

/** The id of the recording whose view is open (once it is not `other`'s). */
async function openedRecording(page: Page, other?: number): Promise<number> {
  if (other !== undefined) await expect(page).not.toHaveURL(new RegExp(`#/recording/${other}$`));
  await expect(page).toHaveURL(/#\/recording\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('recording-view')).toBeVisible();
  return id;
}

const stored = (request: APIRequestContext, id: number) => call<RecordingWithEvents>(request, 'getRecording', { id }).then((found) => found.recording);

const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const messageContent = (page: Page, n: number) => page.getByLabel(`Content of message ${n}`);

test.describe('The new-request editor', () => {
  test('records a simulator scenario with one click, the first run needing no key, and shows it live', async ({ page, request }) => {
    const problems = watchForErrors(page);
    await openEditor(page);
    await shootPage(page, 'editor');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootPage(page, 'editor-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const words = `One click ${randomUUID().slice(0, 8)}`;
    await messageContent(page, 1).fill(words);
    await page.getByRole('list', { name: 'Simulator scenarios' }).getByRole('button', { name: 'reasoning', exact: true }).click();
    const id = await openedRecording(page);
    await ended(page, 'cleanly');
    await expect(page.getByTestId('message-panel').getByTestId('reasoning')).toBeVisible();
    const recording = await stored(request, id);
    expect(recording.request!.body).toMatchObject({ model: 'sim-reasoning', messages: [{ role: 'user', content: words }], stream: true, stream_options: { include_usage: true } });
    expect(problems).toEqual([]);
  });

  test('writes a chat in the editor and in raw JSON, kept in sync; invalid JSON says where and blocks Send', async ({ page, request }) => {
    const problems = watchForErrors(page);
    await openEditor(page);
    await page.getByLabel('Model').fill('sim-text');
    await page.getByLabel('Role of message 1').selectOption('system');
    await messageContent(page, 1).fill('You answer in one line.');
    await page.getByRole('button', { name: 'Add message' }).click();
    await expect(page.getByLabel('Role of message 2')).toHaveValue('user');
    await messageContent(page, 2).fill('What is SSE?');
    // Reordered and put back: the user's turn moves up, then down again.
    await page.getByRole('button', { name: 'Move message 2 up' }).click();
    await expect(messageContent(page, 1)).toHaveValue('What is SSE?');
    await page.getByRole('button', { name: 'Move message 1 down' }).click();

    await page.getByRole('tab', { name: 'Raw JSON' }).click();
    const json = page.getByLabel('Messages JSON');
    expect(JSON.parse(await json.inputValue())).toEqual([
      { role: 'system', content: 'You answer in one line.' },
      { role: 'user', content: 'What is SSE?' },
    ]);
    const three = [
      { role: 'system', content: 'You answer in one line.' },
      { role: 'user', content: 'What is SSE?' },
      { role: 'assistant', content: 'Server-sent events.' },
      { role: 'user', content: 'And [DONE]?' },
    ];
    // A comma missing between two messages: the error names its line and column.
    await json.fill(JSON.stringify(three, null, 2).replace('},\n  {\n    "role": "assistant"', '}\n  {\n    "role": "assistant"'));
    await expect(page.getByText("Messages JSON: line 10, column 3: expected ',' or ']'")).toBeVisible();
    await expect(send(page)).toBeDisabled();
    await expect(page.getByTestId('request-send')).toContainText('1 problem to fix before sending');
    await shootPage(page, 'json-error', 'Messages');
    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(page.getByRole('button', { name: 'Discard the JSON edits' })).toBeVisible();
    await page.getByRole('tab', { name: 'Raw JSON' }).click();
    await json.fill(JSON.stringify(three, null, 2));
    await expect(send(page)).toBeEnabled();

    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(page.getByTestId('message-row')).toHaveCount(4);
    await expect(messageContent(page, 3)).toHaveValue('Server-sent events.');
    await expect(page.getByLabel('Role of message 3')).toHaveValue('assistant');

    await send(page).click();
    const id = await openedRecording(page);
    await ended(page, 'cleanly');
    expect((await stored(request, id)).request!.body).toMatchObject({ model: 'sim-text', messages: three });
    expect(problems).toEqual([]);
  });

  test('reports which tool is wrong and what is wrong with it, and blocks Send until it is fixed', async ({ page, request }) => {
    const problems = watchForErrors(page);
    await openEditor(page);
    await page.getByLabel('Model').fill('sim-tool-call');
    const tools = page.getByLabel('Tools JSON');
    await tools.fill('[{"type": "function", "function": {"name": "get weather"}}, {"type": "retrieval"}]');
    await expect(page.getByText('Tool 1 (get weather): function.name must be 1 to 64 letters, digits, _ or -')).toBeVisible();
    await expect(page.getByText('Tool 2: type must be "function" (it is "retrieval")')).toBeVisible();
    await expect(send(page)).toBeDisabled();
    await shootPage(page, 'tools-error', 'Tools');
    // The closing bracket missing: the error is just past the last character.
    const unclosed = '[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}';
    await tools.fill(unclosed);
    await expect(page.getByText(`Tools JSON: line 1, column ${unclosed.length + 1}: expected ',' or ']' (the text ends early)`)).toBeVisible();
    await expect(send(page)).toBeDisabled();
    await tools.fill('[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]');
    await page.getByLabel('tool_choice').fill('get_weather');
    await page.getByLabel('temperature').fill('0.5');
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Name of header 1').fill('Authorization');
    await page.getByLabel('Value of header 1').fill('Bearer sk-not-here');
    await expect(page.getByText(/Header 1 \(Authorization\): keys go through the profile/)).toBeVisible();
    await expect(send(page)).toBeDisabled();
    await page.getByLabel('Name of header 1').fill('x-trace-id');
    await page.getByLabel('Value of header 1').fill('trace-77');
    await page.getByLabel('include_obfuscation').selectOption('off');

    await send(page).click();
    const id = await openedRecording(page);
    await ended(page, 'cleanly');
    const recording = await stored(request, id);
    expect(recording.request!.headers['x-trace-id']).toBe('trace-77');
    expect(recording.request!.body).toMatchObject({
      model: 'sim-tool-call',
      temperature: 0.5,
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      tools: [{ type: 'function', function: { name: 'get_weather' } }],
      stream_options: { include_usage: true, include_obfuscation: false },
    });
    expect(problems).toEqual([]);
  });

  test('saves a key once and shows only its suffix; sends it to the simulator by a base URL override only once the user confirms that host', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const key = `sk-proj-${randomUUID().replaceAll('-', '')}`;
    // Where the simulator listens: the base URL of a recording made from it.
    const probe = await call<LiveStarted>(request, 'startRecording', { profile: 'simulator', messages: [{ role: 'user', content: 'where?' }], params: { sim: { time_scale: 0 } } });
    const simulatorBase = probe.request!.url.replace(/\/chat\/completions$/, '');

    await openEditor(page);
    await page.getByLabel('Profile').selectOption('mistral');
    await expect(page.getByText('Key: Mistral needs an API key: save one')).toBeVisible();
    await expect(send(page)).toBeDisabled();
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByTestId('key-state')).toContainText(`Key …${key.slice(-4)} — kept in the server’s memory until it stops`);
    await expect(page.getByLabel('Replace the key')).toHaveValue('');
    await shootPage(page, 'key', 'Endpoint');
    // Nowhere whole: not in the page's text, its DOM (attribute values included), the address, or the page's storage.
    expect(await page.locator('body').innerText()).not.toContain(key);
    expect(await page.content()).not.toContain(key.slice(8));
    expect(page.url()).not.toContain(key.slice(8));
    const storage = await page.evaluate(() =>
      [window.localStorage, window.sessionStorage].flatMap((store) => Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i)!)}`)).join('\n'),
    );
    expect(storage).not.toContain(key.slice(8));
    const profiles = await call<ProfileInfo[]>(request, 'listProfiles', {});
    expect(profiles.find((profile) => profile.name === 'mistral')!.key).toEqual({ profile: 'mistral', source: 'memory', suffix: `…${key.slice(-4)}` });

    // The simulator is not Mistral's host: the key goes there only once the user ticks the box that names it.
    await page.getByLabel('Base URL').fill(simulatorBase);
    await page.getByLabel('Model').fill('sim-text');
    const simulatorOrigin = new URL(simulatorBase).origin;
    const destination = page.getByTestId('key-destination');
    await expect(destination).toContainText('This base URL is not Mistral’s: its key belongs to https://api.mistral.ai.');
    await expect(page.getByText(`Key: confirm that the Mistral key may go to ${simulatorOrigin}, or use the profile’s own base URL`)).toBeVisible();
    await expect(send(page)).toBeDisabled();
    const confirm = destination.getByLabel(`Send the Mistral key (…${key.slice(-4)}) to ${simulatorOrigin}`);
    await confirm.check();
    await expect(send(page)).toBeEnabled();
    await shootPage(page, 'key-destination', 'Endpoint');
    // Pointed elsewhere once confirmed: asked again, for the new host.
    await page.getByLabel('Base URL').fill(simulatorBase.replace('127.0.0.1', 'localhost'));
    await expect(destination.getByRole('checkbox')).not.toBeChecked();
    await expect(send(page)).toBeDisabled();
    await page.getByLabel('Base URL').fill(simulatorBase);
    await confirm.check();
    await send(page).click();
    const id = await openedRecording(page);
    await ended(page, 'cleanly');
    expect(await page.content()).not.toContain(key.slice(8));
    const recording = await stored(request, id);
    expect(recording.request!.url).toBe(`${simulatorBase}/chat/completions`);
    expect(recording.request!.headers.authorization).toBe(`Bearer sk-proj-…${key.slice(-4)}`);

    // Removed again: the profile says it has none, and Send is blocked for it once more.
    await openEditor(page);
    await page.getByLabel('Profile').selectOption('mistral');
    await page.getByRole('button', { name: 'Remove key' }).click();
    await expect(page.getByTestId('key-state')).toContainText('Mistral needs an API key: none saved yet.');
    await expect(send(page)).toBeDisabled();
    expect(problems).toEqual([]);
  });

  test('sends a Responses and an Anthropic Messages request to the simulator, each in its own shape, and opens each recording', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const words = `Two dialects ${randomUUID().slice(0, 8)}`;
    const api = page.getByRole('combobox', { name: /^API/ });
    const scenarios = page.getByRole('list', { name: 'Simulator scenarios' });
    const conversation = async (): Promise<void> => {
      await page.getByLabel('Role of message 1').selectOption('system');
      await messageContent(page, 1).fill('Be brief.');
      await page.getByRole('button', { name: 'Add message' }).click();
      await messageContent(page, 2).fill(words);
      await page.getByLabel('Extra body fields').fill('{"sim": {"time_scale": 0}}');
    };

    // Responses: its own parameters and scenarios; the first system message goes as instructions.
    await openEditor(page);
    await api.selectOption({ label: 'Responses API' });
    await expect(page.getByLabel('max_output_tokens')).toBeVisible();
    await expect(page.getByLabel('include_usage')).toHaveCount(0);
    await expect(scenarios.getByRole('button', { name: 'sequence-gap', exact: true })).toBeVisible();
    await expect(scenarios.getByRole('button', { name: 'n-choices', exact: true })).toHaveCount(0);
    await conversation();
    await page.getByLabel('max_output_tokens').fill('8');
    await expect(page.getByText('max_output_tokens: must be at least 16')).toBeVisible();
    await page.getByLabel('max_output_tokens').fill('256');
    await scenarios.getByRole('button', { name: 'reasoning', exact: true }).click();
    const responses = await openedRecording(page);
    await ended(page);
    const first = await stored(request, responses);
    expect(first.request!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/responses$/);
    expect(first.request!.body).toEqual({ sim: { time_scale: 0 }, max_output_tokens: 256, model: 'sim-reasoning', instructions: 'Be brief.', input: [{ role: 'user', content: words }], stream: true });
    expect(first.summary).toMatchObject({ outcome: 'eof', status: 200 });

    // Anthropic Messages: the anthropic profile serves it alone; the simulator keeps it; max_tokens is filled in.
    await openEditor(page);
    await page.getByLabel('Profile').selectOption('anthropic');
    await expect(api).toHaveValue('anthropic-messages');
    await expect(api).toBeDisabled();
    await page.getByLabel('Profile').selectOption('simulator');
    await expect(api).toHaveValue('anthropic-messages');
    await expect(page.getByLabel('max_tokens')).toHaveValue('4096');
    await expect(page.getByLabel('Role of message 1').locator('option')).toHaveText(['system', 'user', 'assistant']);
    await conversation();
    await page.getByRole('button', { name: 'Add an example tool' }).click();
    await page.getByLabel('tool_choice').fill('any');
    await shootPage(page, 'anthropic');
    await scenarios.getByRole('button', { name: 'tool-call', exact: true }).click();
    const messages = await openedRecording(page, responses);
    await ended(page);
    const second = await stored(request, messages);
    expect(second.request!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/messages$/);
    expect(second.request!.headers['anthropic-version']).toBe('2023-06-01');
    expect(second.request!.body).toEqual({
      sim: { time_scale: 0 },
      model: 'sim-tool-call',
      system: 'Be brief.',
      messages: [{ role: 'user', content: words }],
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      max_tokens: 4096,
      tool_choice: { type: 'any' },
      stream: true,
    });
    expect(second.summary).toMatchObject({ outcome: 'eof', status: 200 });
    expect(problems).toEqual([]);
  });

  test('cancels a slow scenario from the live view and keeps what arrived', async ({ page }) => {
    const problems = watchForErrors(page);
    await openEditor(page);
    await page.getByRole('list', { name: 'Simulator scenarios' }).getByRole('button', { name: 'long-silence', exact: true }).click();
    await openedRecording(page);
    await expect(page.getByTestId('recording-status')).toContainText('Recording…');
    await expect(page.getByTestId('event-row').first()).toBeVisible({ timeout: 15_000 });
    await cancelKeepingRows(page);
    expect(problems).toEqual([]);
  });

  test('resends a recording as it was, and edits and resends it; each new recording opens and is in the history', async ({ page, request }) => {
    const problems = watchForErrors(page);
    const words = `Resend me ${randomUUID().slice(0, 8)}`;
    const original = await call<LiveStarted>(request, 'startRecording', {
      profile: 'simulator',
      model: 'sim-tool-call',
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: words }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
      params: { seed: 11, sim: { time_scale: 0 } },
      includeUsage: false,
      headers: { 'x-trace-id': 'resend-1' },
    });
    await page.goto(address);
    await expect(page.getByTestId(`recording-${original.id}`)).toBeVisible();
    await page.getByTestId(`recording-${original.id}`).getByRole('link').first().click();
    await openedRecording(page);
    await ended(page, 'cleanly');

    await page.getByRole('group', { name: 'Recording actions' }).getByRole('button', { name: 'Resend' }).click();
    const again = await openedRecording(page, original.id);
    await ended(page, 'cleanly');
    const [first, second] = [await stored(request, original.id), await stored(request, again)];
    expect(second.request!.body).toEqual(first.request!.body);
    expect(second.request!.headers).toEqual(first.request!.headers);

    await page.getByRole('group', { name: 'Recording actions' }).getByRole('link', { name: 'Edit and resend' }).click();
    await expect(page).toHaveURL(new RegExp(`#/new/from/${again}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Edit and resend #${again}` })).toBeVisible();
    await expect(messageContent(page, 2)).toHaveValue(words);
    await expect(page.getByLabel('Model')).toHaveValue('sim-tool-call');
    await expect(page.getByLabel('seed')).toHaveValue('11');
    await expect(page.getByLabel('Value of header 1')).toHaveValue('resend-1');
    await expect(page.getByLabel('include_usage')).not.toBeChecked();
    await shootPage(page, 'edit-resend');
    await messageContent(page, 2).fill(`${words}, edited`);
    await send(page).click();
    const edited = await openedRecording(page, again);
    await ended(page, 'cleanly');
    const third = await stored(request, edited);
    expect(third.request!.body).toEqual({ ...(first.request!.body as object), messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: `${words}, edited` }] });

    await page.goto(address);
    await page.getByRole('searchbox', { name: 'Search' }).fill('sim-tool-call');
    for (const id of [again, edited]) await expect(page.getByTestId(`recording-${id}`)).toBeVisible();
    expect(problems).toEqual([]);
  });
});
