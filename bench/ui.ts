// The recording view in Chromium (`npm run bench`, issue 6): how long a 100,000-event recording
// takes to open (timeline and table drawn), how smooth scrolling the table, stepping through
// events, dragging along the timeline and replaying it on screen at 1× and 10× stay, and whether
// a live stream of 2,000 events a second is shown without falling behind. The built renderer is
// served by `streamscope serve` (a child process with a database of its own) to Debian's
// Chromium, driven by Playwright; times are taken in the page (performance.now and
// requestAnimationFrame), so the driver's own latency is left out.
//
// Frame figures: the intervals between animation frames while the interaction runs. At 60 Hz a
// frame is 16.7 ms; a "long" frame is one over 50 ms (three frames missed), which a user sees as
// a stutter.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Recording } from '../shared/index.ts';
import { percentile } from '../shared/index.ts';
import { openStore } from '../electron/backend/store/index.ts';
import { startServeProcess } from '../e2e/serve-process.ts';
import { openAiStream, readsPerEvent } from './inputs.ts';
import { median } from './measure.ts';

// The functions given to page.evaluate() run in the page; tsconfig.node.json has no DOM lib.
declare const window: { location: { hash: string } };
declare const document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
declare function requestAnimationFrame(callback: (now: number) => void): number;

const root = join(import.meta.dirname, '..');
const OPEN_TARGET_MS = 1500;
const OPEN_RUNS = 5;
const BIG_EVENTS = 100_000;
const LIVE_EVENTS = 20_000;
const LIVE_RATE = 2000;
const LONG_FRAME_MS = 50;

export interface FrameStats {
  readonly frames: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  /** Frames over LONG_FRAME_MS. */
  readonly long: number;
}

export interface UiResults {
  readonly events: number;
  readonly open: {
    readonly coldMs: number;
    readonly runsMs: number[];
    readonly medianMs: number;
    /** Until the panels under the table are drawn too. */
    readonly panelsMs: number[];
    readonly panelsMedianMs: number;
    readonly targetMs: number;
    readonly withinTarget: boolean;
  };
  readonly scrollTable: FrameStats;
  readonly stepEvents: FrameStats & { readonly steps: number; readonly msPerStep: number };
  readonly scrubTimeline: FrameStats;
  /** Replay on screen of the 100,000-event recording: 3 s at 1×, then the whole of it at 10×. */
  readonly replay: { readonly x1: FrameStats; readonly x10: FrameStats };
  readonly live: {
    readonly events: number;
    readonly rate: number;
    readonly streamMs: number;
    readonly frames: FrameStats;
    /** The most events the view was behind the stream at any frame (events arrived, from the recorded times, minus events shown). */
    readonly maxBehindEvents: number;
    /** From the last event's arrival to the view showing all of them. */
    readonly catchUpMs: number;
  };
}

/** A stream of `events` chunks, one read each, `1000 / rate` ms apart. */
function timedRecording(events: number, rate: number): Recording {
  const reads = readsPerEvent(openAiStream({ events, seed: 7 }));
  return {
    source: 'ssrec',
    startedAt: new Date().toISOString(),
    request: null,
    response: { t: 1, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } },
    reads: reads.map((bytes, i) => ({ t: 2 + (i * 1000) / rate, bytes })),
    end: { t: 3 + (reads.length * 1000) / rate, outcome: 'eof' },
  };
}

function frameStats(intervals: readonly number[]): FrameStats {
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (p: number): number => percentile(sorted, p) ?? 0;
  return { frames: sorted.length, p50Ms: at(50), p95Ms: at(95), maxMs: sorted.at(-1) ?? 0, long: sorted.filter((ms) => ms > LONG_FRAME_MS).length };
}

/** Starts collecting frame intervals in the page. */
async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__frames = [];
    w.__framing = true;
    let last = performance.now();
    const tick = (now: number): void => {
      w.__frames.push(now - last);
      last = now;
      if (w.__framing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__framing = false;
    return w.__frames.slice(1);
  });
}

/**
 * Opens recording `id` from the home page and times it in the page: from the navigation to the
 * first frame with rows and timeline drawn for all events (`drawn`), and to the first frame with
 * the panels under them (message, tool calls, usage, diagnostics) drawn too (`panels`).
 */
async function timeOpen(page: Page, url: string, id: number, events: number): Promise<{ drawn: number; panels: number }> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Streamscope' }).waitFor();
  return page.evaluate(
    ({ id, events }) =>
      new Promise<{ drawn: number; panels: number }>((resolve) => {
        const start = performance.now();
        let drawn = 0;
        const check = (): void => {
          const timeline = document.querySelector('[data-testid="timeline-canvas"]');
          const row = document.querySelector('[data-testid="event-row"]');
          if (!drawn && row && timeline?.getAttribute('data-drawn-events') === String(events)) drawn = performance.now() - start;
          if (drawn && document.querySelector('[data-testid="diagnostics-panel"]')) resolve({ drawn, panels: performance.now() - start });
          else requestAnimationFrame(check);
        };
        window.location.hash = `#/recording/${id}`;
        requestAnimationFrame(check);
      }),
    { id, events },
  );
}

export async function runUiBenchmarks(selected: (name: string) => boolean): Promise<UiResults | null> {
  if (!selected('ui')) return null;
  console.log('\nrecording view in Chromium (ui)');
  const built = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('electron-vite build failed: run `npx electron-vite build` to see why');

  const dir = mkdtempSync(join(tmpdir(), 'streamscope-bench-ui-'));
  const db = join(dir, 'bench.db');
  const store = openStore(db);
  // One read per event: the events the view must draw are the reads.
  const bigRecording = timedRecording(BIG_EVENTS, 10_000);
  const liveRecording = timedRecording(LIVE_EVENTS, LIVE_RATE);
  const big = store.importRecording(bigRecording, { name: 'bench 100k' });
  const liveSource = store.importRecording(liveRecording, { name: 'bench live source' });
  store.close();

  const server = await startServeProcess(db);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    // tsx compiles this file keeping function names, through a helper `__name` that the functions
    // handed to page.evaluate() then call in the page: give the page one that does nothing.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // Open: a fresh page each run, so nothing of the previous analysis is kept. The first open is
    // also the server's first (its code not yet optimised, SQLite's pages not yet cached): kept
    // apart as the cold open; the median is of the runs after it.
    const coldMs = (await timeOpen(page, server.url, big, bigRecording.reads.length)).drawn;
    const runs: { drawn: number; panels: number }[] = [];
    for (let run = 0; run < OPEN_RUNS; run++) runs.push(await timeOpen(page, server.url, big, bigRecording.reads.length));
    const runsMs = runs.map((run) => run.drawn);
    const panelsMs = runs.map((run) => run.panels);
    const open = { coldMs, runsMs, medianMs: median(runsMs), panelsMs, panelsMedianMs: median(panelsMs), targetMs: OPEN_TARGET_MS, withinTarget: median(runsMs) < OPEN_TARGET_MS };
    console.log(
      `  open 100,000 events: timeline and table drawn, median ${open.medianMs.toFixed(0)} ms (runs ${runsMs.map((ms) => ms.toFixed(0)).join(', ')}; the cold first open ${coldMs.toFixed(0)} ms) ${open.withinTarget ? `< ${OPEN_TARGET_MS} ok` : `> ${OPEN_TARGET_MS} MISS`}; every panel drawn, median ${open.panelsMedianMs.toFixed(0)} ms`,
    );

    // Scroll the table: wheel events over three seconds.
    const table = page.getByTestId('events-table');
    const box = (await table.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await startFrames(page);
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(50);
    }
    const scrollTable = frameStats(await stopFrames(page));
    console.log(`  scroll table: frame p50 ${scrollTable.p50Ms.toFixed(1)} ms, p95 ${scrollTable.p95Ms.toFixed(1)}, max ${scrollTable.maxMs.toFixed(0)}, long ${scrollTable.long}/${scrollTable.frames}`);

    // Step through events with the keyboard: each step rebuilds message, tool cards and usage.
    await page.getByTestId('event-row').first().click();
    const steps = 200;
    await startFrames(page);
    const stepStart = Date.now();
    for (let i = 0; i < steps; i++) await table.press('ArrowDown');
    const msPerStep = (Date.now() - stepStart) / steps;
    const stepEvents = { ...frameStats(await stopFrames(page)), steps, msPerStep };
    console.log(`  step 200 events: ${msPerStep.toFixed(1)} ms a step (driver included), frame p95 ${stepEvents.p95Ms.toFixed(1)} ms, max ${stepEvents.maxMs.toFixed(0)}`);

    // Drag along the timeline: a scrub across the whole recording, there and back.
    const canvas = page.getByTestId('timeline-canvas');
    const area = (await canvas.boundingBox())!;
    await startFrames(page);
    await page.keyboard.down('Shift');
    await page.mouse.move(area.x + 5, area.y + area.height / 2);
    await page.mouse.down();
    for (let i = 0; i <= 100; i++) await page.mouse.move(area.x + 5 + ((area.width - 10) * (i <= 50 ? i : 100 - i)) / 50, area.y + area.height / 2);
    await page.mouse.up();
    await page.keyboard.up('Shift');
    const scrubTimeline = frameStats(await stopFrames(page));
    console.log(`  scrub timeline: frame p50 ${scrubTimeline.p50Ms.toFixed(1)} ms, p95 ${scrubTimeline.p95Ms.toFixed(1)}, max ${scrubTimeline.maxMs.toFixed(0)}, long ${scrubTimeline.long}/${scrubTimeline.frames}`);

    const replay = await measureReplay(page);
    for (const [speed, stats] of [['1×', replay.x1], ['10×', replay.x10]] as const) {
      console.log(`  replay on screen at ${speed}: frame p50 ${stats.p50Ms.toFixed(1)} ms, p95 ${stats.p95Ms.toFixed(1)}, max ${stats.maxMs.toFixed(0)}, long ${stats.long}/${stats.frames}`);
    }

    const live = await measureLive(page, server.url, liveSource, liveRecording.reads.length);
    console.log(
      `  live ${LIVE_RATE.toLocaleString('en-US')} events/s (${LIVE_EVENTS.toLocaleString('en-US')} events): frame p50 ${live.frames.p50Ms.toFixed(1)} ms, p95 ${live.frames.p95Ms.toFixed(1)}, long ${live.frames.long}/${live.frames.frames}; at most ${live.maxBehindEvents} events behind; caught up ${live.catchUpMs.toFixed(0)} ms after the last event`,
    );
    if (problems.length > 0) throw new Error(`the page reported errors: ${problems.join('; ')}`);
    return { events: BIG_EVENTS, open, scrollTable, stepEvents, scrubTimeline, replay, live };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replay on screen of the recording in view (10,000 events a second of recorded time): 3 s of
 * wall time at 1× from the start, paused; then from the start at 10× to its end (1 s), each
 * event's panels, table row and timeline mark following as they would for a user.
 */
async function measureReplay(page: Page): Promise<UiResults['replay']> {
  const bar = page.getByRole('region', { name: 'Replay on screen' });
  await startFrames(page);
  await bar.getByRole('button', { name: 'Replay', exact: true }).click();
  await page.waitForTimeout(3000);
  const x1 = frameStats(await stopFrames(page));
  await bar.getByRole('button', { name: 'Pause' }).click();
  await bar.getByRole('button', { name: 'Exit replay' }).click();
  await bar.getByRole('button', { name: '10×' }).click();
  await startFrames(page);
  await bar.getByRole('button', { name: 'Replay', exact: true }).click();
  await bar.getByRole('button', { name: 'Replay again' }).waitFor({ timeout: 60_000 });
  const x10 = frameStats(await stopFrames(page));
  await bar.getByRole('button', { name: 'Exit replay' }).click();
  return { x1, x10 };
}

/**
 * A live recording of a replay of `source` (2,000 events a second): the page records it through
 * the API as the app does, and each frame notes how many events the view shows against how many
 * had arrived by then.
 */
async function measureLive(page: Page, url: string, source: number, total: number): Promise<UiResults['live']> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Streamscope' }).waitFor();
  const token = new URL(url).hash.replace('#token=', '');
  const call = async <T>(name: string, input: unknown): Promise<T> =>
    page.evaluate(
      async ({ name, input, token }) => {
        const response = await fetch(`/api/call/${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(input) });
        const reply = (await response.json()) as { ok: boolean; value: unknown; error?: { message?: string } };
        if (!reply.ok) throw new Error(reply.error?.message ?? 'call failed');
        return reply.value as T;
      },
      { name, input, token },
    );
  const replay = await call<{ id: number; baseUrl: string }>('startReplay', { recordings: [source], speed: 1 });
  try {
    await startFrames(page);
    const started = await call<{ id: number }>('startRecording', { profile: 'vllm', baseUrl: replay.baseUrl, model: 'bench', messages: [{ role: 'user', content: 'bench' }] });
    const samples = await page.evaluate(
      ({ id, total }) =>
        new Promise<{ t: number; shown: number }[]>((resolve) => {
          window.location.hash = `#/recording/${id}`;
          const samples: { t: number; shown: number }[] = [];
          const deadline = performance.now() + 60_000;
          const sample = (): void => {
            const shown = Number(document.querySelector('[data-testid="timeline-canvas"]')?.getAttribute('data-drawn-events') ?? 0);
            samples.push({ t: performance.now(), shown });
            if (shown >= total || performance.now() > deadline) resolve(samples);
            else requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);
        }),
      { id: started.id, total },
    );
    const frames = frameStats(await stopFrames(page));
    // The stream's own clock: the first sample showing an event is about when the first event came.
    const first = samples.find((sample) => sample.shown > 0);
    const last = samples.at(-1)!;
    const streamMs = (LIVE_EVENTS * 1000) / LIVE_RATE;
    let maxBehindEvents = 0;
    if (first) {
      for (const sample of samples) {
        const arrived = Math.min(LIVE_EVENTS, Math.floor(((sample.t - first.t) * LIVE_RATE) / 1000) + first.shown);
        maxBehindEvents = Math.max(maxBehindEvents, arrived - sample.shown);
      }
    }
    const catchUpMs = first ? Math.max(0, last.t - (first.t + streamMs)) : Infinity;
    return { events: LIVE_EVENTS, rate: LIVE_RATE, streamMs, frames, maxBehindEvents, catchUpMs };
  } finally {
    await call('stopReplay', { id: replay.id });
  }
}
