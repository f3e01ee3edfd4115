// The HTML report opened in a real browser (Debian's Chromium, through Playwright's library API):
// a hostile stream's report runs nothing and loads nothing, the policy it carries refuses what
// escaping would have let through, and the reader sees the message as the analysis has it.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, installed } from '../../../electron/backend/system-tools.ts';
import { startSimulator } from '../../../electron/backend/simulator/index.ts';
import type { Simulator } from '../../../electron/backend/simulator/index.ts';
import { exchange, toRecording } from '../../../electron/backend/simulator/test-helpers.ts';
import { analyzeRecording } from '../../analysis/analyze.ts';
import { createSseParser } from '../../framing/sse/parser.ts';
import type { Recording } from '../../recording/types.ts';
import { HOSTILE_CONTENT, HOSTILE_NAME, SECRET_KEY, hostileRecording } from '../../test/hostile.ts';
import { realStream, untimed } from '../../test/streams.ts';
import { escapeHtml } from './escape.ts';
import { renderHtmlReport } from './index.ts';

const SCREENSHOT = join(import.meta.dirname, '..', '..', '..', 'e2e', 'screenshots', 'html-report.png');

let browser: Browser;
let sim: Simulator;
let dir: string;
const HAS_CHROMIUM = installed(CHROMIUM, 'chromium', 'export/html/browser.test.ts');

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  sim = await startSimulator({ timeScale: 0.05 });
  dir = mkdtempSync(join(tmpdir(), 'streamscope-html-'));
});
afterAll(async () => {
  await browser?.close();
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  readonly page: Page;
  /** Requests other than the report itself, whether a route saw them or the page announced them. */
  readonly requests: string[];
  /** Why each failed request failed, by URL. */
  readonly failures: Map<string, string>;
  readonly dialogs: string[];
  readonly console: string[];
  readonly errors: string[];
  close(): Promise<void>;
}

/** Writes the report to a file and opens it, every request routed and counted (and refused). */
async function open(name: string, html: string): Promise<Opened> {
  const file = join(dir, `${name}.html`);
  writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const opened: Opened = { page: await context.newPage(), requests: [], failures: new Map(), dialogs: [], console: [], errors: [], close: () => context.close() };
  await context.route('**/*', (route) => {
    if (route.request().url() === url) return route.continue();
    opened.requests.push(route.request().url());
    return route.abort();
  });
  opened.page.on('request', (request) => {
    if (request.url() !== url) opened.requests.push(request.url());
  });
  opened.page.on('requestfailed', (request) => opened.failures.set(request.url(), request.failure()?.errorText ?? ''));
  opened.page.on('dialog', (dialog) => {
    opened.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  opened.page.on('console', (message) => opened.console.push(`${message.type()}: ${message.text()}`));
  opened.page.on('pageerror', (error) => opened.errors.push(error.message));
  await opened.page.goto(url, { waitUntil: 'load' });
  return opened;
}

/** The text a reader sees for recorded text: invisible characters as their escapes (what the page writes, unescaped once by the browser). */
function seen(text: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return escapeHtml(text).replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => entities[name]!);
}

/** Nothing ran, nothing was fetched, nothing complained: the state a report must leave a browser in. */
async function expectInert(opened: Opened): Promise<void> {
  const { page } = opened;
  expect(await page.evaluate('document.scripts.length')).toBe(0);
  expect(await page.evaluate("[...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name)).filter((name) => name.startsWith('on'))")).toEqual([]);
  expect(await page.evaluate("[...document.querySelectorAll('[href]')].map((element) => element.getAttribute('href')).filter((href) => !/^#[a-z]+(-[0-9]+)?$/.test(href))")).toEqual([]);
  expect(await page.evaluate("[...document.querySelectorAll('iframe, img, object, embed, form, base, link, script, audio, video')].length")).toBe(0);
  expect(opened.requests).toEqual([]);
  expect(opened.dialogs).toEqual([]);
  expect(opened.errors).toEqual([]);
  expect(opened.console).toEqual([]);
}

/** What the Message section shows, as text: each choice's content, reasoning and refusal as the analysis has them. */
async function expectMessage(opened: Opened, recording: Recording): Promise<void> {
  const shownText = await opened.page.locator('#message').innerText();
  const analysis = analyzeRecording(recording);
  expect(analysis.choices.length).toBeGreaterThan(0);
  for (const { message } of analysis.choices) {
    for (const text of [message.content, message.reasoning_content, message.refusal]) if (text) expect(shownText).toContain(seen(text).trim());
    for (const call of message.tool_calls ?? []) if (call.function.name) expect(shownText).toContain(seen(call.function.name));
  }
}

describe.skipIf(!HAS_CHROMIUM)('the HTML report in Chromium', () => {
  it('of a hostile stream runs nothing, loads nothing and shows the payloads as text', async () => {
    const recording = hostileRecording();
    const opened = await open('hostile', renderHtmlReport(recording, { name: HOSTILE_NAME }));
    try {
      await expectInert(opened);
      expect(await opened.page.title()).toBe(`${HOSTILE_NAME} · Streamscope report`);
      const content = await opened.page.locator('pre.text.content').innerText();
      expect(content).toBe(seen(HOSTILE_CONTENT));
      expect(content).toContain('<script>alert(1)</script> <img src=x onerror=alert(2)> "><svg onload=alert(3)> </textarea>');
      await expectMessage(opened, recording);
      // textContent, not innerText: the headers are in closed <details>, which innerText leaves out.
      const everything = (await opened.page.evaluate('document.documentElement.textContent')) as string;
      expect(everything).not.toContain(SECRET_KEY);
      expect(everything).toContain('Bearer sk-proj-…');
    } finally {
      await opened.close();
    }
  });

  it('carries a policy that refuses a script and an event handler that escaping would have let through', async () => {
    const opened = await open('policy', renderHtmlReport(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse'))));
    try {
      await expectInert(opened);
      // The probe is added from outside, as an escaping bug would have: the policy must refuse it.
      await opened.page.evaluate(`(() => {
        document.body.insertAdjacentHTML('beforeend', '<img src="probe.png" onerror="window.ran = 1">');
        const script = document.createElement('script');
        script.textContent = 'window.ran = 2; alert(2)';
        document.body.append(script);
      })()`);
      await opened.page.waitForTimeout(200);
      expect(await opened.page.evaluate('window.ran')).toBeUndefined();
      expect(opened.dialogs).toEqual([]);
      // The image was asked for, and the policy stopped it before it left.
      expect(opened.requests).toEqual([`${new URL('probe.png', opened.page.url())}`]);
      expect([...opened.failures.values()]).toEqual(['csp']);
      expect(opened.console.map((message) => /^error: (.*?) violates the following Content Security Policy directive/.exec(message)?.[1] ?? message).sort()).toEqual([
        'Executing inline event handler',
        'Executing inline script',
        `Loading the image '${new URL('probe.png', opened.page.url())}'`,
      ]);
    } finally {
      await opened.close();
    }
  });

  it.each([
    'openai-gpt4o-parallel-tool-calls.sse',
    'deepseek-reasoner-reasoning-content.sse',
    'openai-gpt4o-refusal-logprobs.sse',
    'openrouter-minimax-midstream-error.sse',
    'openai-gpt4o-n3-interleaved-choices.sse',
    'mistral-magistral-thinking-content-parts.sse',
  ])('of the real stream %s shows its message and stays inert', async (name) => {
    const recording = untimed(realStream(name));
    const opened = await open(name, renderHtmlReport(recording));
    try {
      await expectInert(opened);
      await expectMessage(opened, recording);
      expect(await opened.page.locator('#timeline').innerText()).toContain('Untimed recording');
    } finally {
      await opened.close();
    }
  });

  it.each(['tool-call', 'parallel-tool-calls', 'reasoning', 'refusal', 'stream-error', 'connection-drop', 'long-silence'])(
    'of a timed simulator recording (%s) shows its message and stays inert',
    async (scenario) => {
      const recording = toRecording(await exchange(sim.url, { model: `sim-${scenario}` }), true);
      const opened = await open(scenario, renderHtmlReport(recording, { name: `simulator ${scenario}` }));
      try {
        await expectInert(opened);
        await expectMessage(opened, recording);
        const timeline = await opened.page.locator('#timeline').innerText();
        expect(timeline).toContain('Time runs from the start of the request.');
        expect(timeline).toContain('first byte');
        const codes = analyzeRecording(recording).diagnostics.map((diagnostic) => diagnostic.code);
        const diagnostics = await opened.page.locator('#diagnostics').innerText();
        for (const code of codes) expect(diagnostics).toContain(code);
      } finally {
        await opened.close();
      }
    },
  );

  it('writes a screenshot of a report (e2e/screenshots/html-report.png)', async () => {
    const opened = await open('screenshot', renderHtmlReport(screenshotRecording(), { name: 'Parallel tool calls (gpt-4o), a stall before the finish' }));
    try {
      await expectInert(opened);
      mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
      await opened.page.emulateMedia({ colorScheme: 'light' });
      // The top of the report: header, diagnostics, timeline and message (the events table continues below).
      await opened.page.screenshot({ path: SCREENSHOT, fullPage: true, clip: { x: 0, y: 0, width: 1200, height: 1500 } });
    } finally {
      await opened.close();
    }
  });
});

/**
 * A real stream (OpenAI's parallel tool calls) given fixed arrival times, so the screenshot is the
 * same on every run: one read per event, 45 ms apart, with a 1.2 s stall before the finish.
 */
function screenshotRecording(): Recording {
  const body = realStream('openai-gpt4o-parallel-tool-calls.sse');
  const ends: number[] = [];
  const parser = createSseParser({ onEvent: (event) => ends.push(event.end) });
  parser.feed(body);
  parser.end();
  let t = 420;
  let start = 0;
  const reads = ends.map((end, index) => {
    t += index === ends.length - 3 ? 1200 : 45;
    const read = { t, bytes: body.subarray(start, end) };
    start = end;
    return read;
  });
  return {
    source: 'ssrec',
    startedAt: '2026-11-30T08:00:00.000Z',
    request: {
      method: 'POST',
      url: 'https://api.openai.com/v1/chat/completions',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json' },
      body: { model: 'gpt-4o-2024-08-06', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Weather in Edinburgh and the AAPL price?' }] },
    },
    response: { t: 395.5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
    reads,
    end: { t: t + 2, outcome: 'eof' },
  };
}
