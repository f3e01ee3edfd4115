// A HAR as Chromium writes it (Playwright's recordHar): a page fetches a streamed completion
// from the simulator, the HAR is imported, and the body is the one the simulator sent.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, installed } from '../system-tools.ts';
import { analyzeRecording, concatBytes, toContract } from '../../../shared/index.ts';
import { startSimulator } from '../simulator/index.ts';
import type { Simulator } from '../simulator/index.ts';
import { openStore } from '../store/index.ts';
import { tempDbPath } from '../store/test-support.ts';
import { importFile, readImportFile } from './import.ts';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
let browser: Browser;
let simulator: Simulator;
const dir = mkdtempSync(join(tmpdir(), 'streamscope-har-'));

const HAS_CHROMIUM = installed(CHROMIUM, 'chromium', 'import/har-chrome.test.ts');

beforeAll(async () => {
  if (!HAS_CHROMIUM) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  simulator = await startSimulator({ timeScale: 0.02, seed: 5 });
});
afterAll(async () => {
  await browser?.close();
  await simulator?.close();
});

/** Has a page fetch each request body from the simulator (same origin), reading every stream to its end; returns the HAR's path and the bodies the page read. */
async function recordHar(bodies: Record<string, unknown>[]): Promise<{ path: string; texts: string[] }> {
  const path = join(dir, `chrome-${Math.random().toString(36).slice(2)}.har`);
  const context = await browser.newContext({ recordHar: { path, content: 'embed' } });
  const page = await context.newPage();
  await page.goto(`${simulator.url}/models`);
  const texts = await page.evaluate(
    async ({ bodies, key }) => {
      const out: string[] = [];
      for (const body of bodies) {
        const response = await fetch('/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
        out.push(await response.text());
      }
      return out;
    },
    { bodies, key: KEY },
  );
  await context.close();
  return { path, texts };
}

const request = (model: string) => ({ model, stream: true, messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true } });

describe.skipIf(!HAS_CHROMIUM)('a HAR written by Chromium', () => {
  it('imports the streamed entry with the body the page read, the request and response heads, and no secret', async () => {
    const { path, texts } = await recordHar([request('sim-parallel-tool-calls')]);
    expect(readFileSync(path, 'utf8')).toContain(KEY);
    const [imported, ...rest] = await readImportFile(path);
    expect(rest).toEqual([]);
    const { recording } = imported!;
    expect(recording.source).toBe('har');
    expect(Buffer.from(concatBytes(recording.reads.map((read) => read.bytes))).toString('utf8')).toBe(texts[0]);
    // The simulator is deterministic: the same request from here gets the bytes it wrote to the page.
    const sent = await fetch(`${simulator.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request('sim-parallel-tool-calls')) });
    expect(Buffer.from(concatBytes(recording.reads.map((read) => read.bytes))).equals(Buffer.from(await sent.arrayBuffer()))).toBe(true);
    expect(recording.reads.every((read) => read.t === null)).toBe(true);
    expect(recording.request).toMatchObject({ method: 'POST', url: `${simulator.url}/chat/completions`, body: request('sim-parallel-tool-calls') });
    expect(recording.response).toMatchObject({ status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    expect(recording.startedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(toContract(analyzeRecording(recording)).choices[0]!.message.tool_calls).toHaveLength(3);

    const store = openStore(tempDbPath());
    const [id] = await importFile(store, path);
    const stored = store.get(id!)!;
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(stored.request!.headers).toMatchObject({ authorization: 'Bearer sk-proj-…0123' });
    store.close();
  });

  it('makes one recording per streamed entry, in order, and leaves the page and other requests out', async () => {
    const { path, texts } = await recordHar([request('sim-text'), { ...request('sim-text'), stream: false }, request('sim-crlf')]);
    const imported = await readImportFile(path);
    expect(imported.map((item) => item.part)).toEqual([expect.stringMatching(/^entry \d+$/), expect.stringMatching(/^entry \d+$/)]);
    expect(imported.map((item) => Buffer.from(concatBytes(item.recording.reads.map((read) => read.bytes))).toString('utf8'))).toEqual([texts[0], texts[2]]);
  });
});
