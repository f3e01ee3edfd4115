import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import type { LiveBatch, LiveFinished } from '../../../shared/api/contract.ts';
import type { RecordedRead, Recording } from '../../../shared/recording/types.ts';
import { realStream } from '../../../shared/test/streams.ts';
import { FULL_ANALYSIS_EVERY_MS, LiveAnalysis } from './live-analysis.ts';
import { LiveRegistry } from './live-registry.ts';
import type { PushSource } from './live-registry.ts';

const response = { t: 5, status: 200, httpVersion: '1.1', headers: { 'content-type': 'text/event-stream' } };
const request = { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {}, body: { model: 'gpt-4o', stream: true } };

/** A real stream cut into reads of `size` bytes, 2 ms apart. */
function readsOf(name: string, size: number): { t: number; bytes: Uint8Array }[] {
  const body = realStream(name);
  const reads: { t: number; bytes: Uint8Array }[] = [];
  for (let at = 0; at < body.length; at += size) reads.push({ t: 10 + reads.length * 2, bytes: body.subarray(at, at + size) });
  return reads;
}

function batches(reads: readonly { t: number; bytes: Uint8Array }[], per: number): LiveBatch[] {
  const out: LiveBatch[] = [];
  for (let first = 0; first < reads.length; first += per) {
    out.push({ id: 1, firstRead: first, reads: reads.slice(first, first + per), events: [], ...(first === 0 ? { response } : {}) });
  }
  return out;
}

function whole(reads: readonly RecordedRead[]): Recording {
  return { source: 'live', startedAt: null, request, response, reads, end: { t: reads.at(-1)?.t ?? null, outcome: 'recording' } };
}

const summary = (analysis: ReturnType<LiveAnalysis['analysis']>) => ({
  events: analysis.events.map((event) => [event.sse.index, event.t, event.annotation]),
  choices: analysis.choices,
  codes: analysis.diagnostics.map((diagnostic) => diagnostic.code),
  metrics: analysis.metrics,
  stats: analysis.stats,
});

describe('a live analysis', () => {
  it('shows, batch after batch, what the analysis of the reads so far shows', () => {
    const reads = readsOf('openai-gpt4o-parallel-tool-calls.sse', 97);
    const live = new LiveAnalysis(1);
    live.backfill({ ...whole([]), reads: [] });
    let now = 0;
    let fed = 0;
    for (const batch of batches(reads, 3)) {
      live.apply(batch);
      fed += batch.reads.length;
      now += FULL_ANALYSIS_EVERY_MS; // each snapshot a full one
      expect(summary(live.analysis(now))).toEqual(summary(analyzeRecording(whole(reads.slice(0, fed)))));
    }
  });

  it('waits for the reads before a gap and goes on once the store gives them (a page opened mid-recording)', () => {
    const reads = readsOf('deepseek-reasoner-reasoning-content.sse', 64);
    const live = new LiveAnalysis(1);
    const [first, second, ...rest] = batches(reads, 4);
    live.apply(second!);
    expect(live.waiting).toBe(true);
    expect(live.analysis(0).events).toEqual([]);
    live.backfill(whole(first!.reads));
    expect(live.waiting).toBe(false);
    for (const batch of rest) live.apply(batch);
    expect(summary(live.analysis(1_000))).toEqual(summary(analyzeRecording(whole(reads))));
  });

  it('takes reads the store and the pushes both carry once', () => {
    const reads = readsOf('openai-gpt4o-refusal-logprobs.sse', 50);
    const live = new LiveAnalysis(1);
    const all = batches(reads, 5);
    live.apply(all[0]!);
    live.apply(all[1]!);
    live.backfill(whole(reads.slice(0, 7)));
    for (const batch of all.slice(2)) live.apply(batch);
    expect(summary(live.analysis(1_000))).toEqual(summary(analyzeRecording(whole(reads))));
  });

  it('gives the same snapshot until something arrives, and reuses diagnostics between full analyses', () => {
    const reads = readsOf('openai-gpt4o-parallel-tool-calls.sse', 200);
    const live = new LiveAnalysis(1);
    const [first, second] = batches(reads, 2);
    live.apply(first!);
    const a = live.analysis(0);
    expect(live.analysis(1)).toBe(a);
    live.apply(second!);
    const b = live.analysis(1);
    expect(b).not.toBe(a);
    expect(b.diagnostics).toBe(a.diagnostics);
    expect(b.events.length).toBeGreaterThan(0);
    expect(live.analysis(1).choices).toEqual(b.choices);
    live.apply({ id: 1, firstRead: 4, reads: reads.slice(4, 5), events: [] });
    expect(live.analysis(FULL_ANALYSIS_EVERY_MS + 1).diagnostics).not.toBe(a.diagnostics);
  });

  it('says when its diagnostics lag behind its events, and catches them up when asked, with nothing new', () => {
    const reads = readsOf('openai-gpt4o-parallel-tool-calls.sse', 200);
    const live = new LiveAnalysis(1);
    const [first, second] = batches(reads, 2);
    live.apply(first!);
    live.analysis(0);
    expect(live.staleFor(0)).toBeNull();
    live.apply(second!);
    const lagging = live.analysis(100);
    expect(live.staleFor(100)).toBe(FULL_ANALYSIS_EVERY_MS - 100);
    live.refresh();
    const caughtUp = live.analysis(FULL_ANALYSIS_EVERY_MS);
    expect(caughtUp).not.toBe(lagging);
    expect(summary(caughtUp)).toEqual(summary(analyzeRecording(whole(reads.slice(0, 4)))));
    expect(live.staleFor(FULL_ANALYSIS_EVERY_MS)).toBeNull();
  });
});

describe('a live analysis that has ended', () => {
  const reads = readsOf('openai-gpt4o-parallel-tool-calls.sse', 64);
  const end = { t: 99, outcome: 'eof' as const };
  const finished = (readCount: number) => ({ id: 1, end, summary: { readCount } as LiveFinished['summary'] & object });

  it('is, finished, the analysis of the stored recording, when every read arrived', () => {
    const live = new LiveAnalysis(1);
    expect(live.final()).toBeNull();
    for (const batch of batches(reads, 3)) live.apply(batch);
    expect(live.final()).toBeNull();
    live.finish(finished(reads.length));
    const final = live.final()!;
    expect(summary(final)).toEqual(summary(analyzeRecording({ ...whole(reads), end })));
    expect(final.recording.end).toEqual(end);
    expect(live.final()).toBe(final);
  });

  it('is left to the store when reads went missing on the way', () => {
    const live = new LiveAnalysis(1);
    for (const batch of batches(reads, 3).slice(0, -1)) live.apply(batch);
    live.finish(finished(reads.length));
    expect(live.final()).toBeNull();
    const gap = new LiveAnalysis(1);
    for (const batch of batches(reads, 3).filter((_, i) => i !== 1)) gap.apply(batch);
    gap.finish(finished(reads.length));
    expect(gap.final()).toBeNull();
  });
});

describe('the live registry', () => {
  it('follows every recording pushed, tells its listeners which one moved, and stops when disconnected', () => {
    const listeners = new Map<string, (value: never) => void>();
    const source: PushSource = {
      on: (push, listener) => {
        listeners.set(push, listener as (value: never) => void);
        return () => void listeners.delete(push);
      },
    };
    const registry = new LiveRegistry();
    const moved: number[] = [];
    registry.subscribe((id) => moved.push(id));
    const disconnect = registry.connect(source);
    const reads = readsOf('openai-gpt4o-parallel-tool-calls.sse', 500);
    listeners.get('live')!({ ...batches(reads, 1)[0]!, id: 7 } as never);
    listeners.get('finished')!({ id: 7, end: { t: 30, outcome: 'eof' }, summary: null } as never);
    expect(moved).toEqual([7, 7]);
    expect(registry.get(7)!.end).toEqual({ id: 7, end: { t: 30, outcome: 'eof' }, summary: null });
    expect(registry.get(7)!.analysis(0).events.length).toBeGreaterThan(0);
    disconnect();
    expect(listeners.size).toBe(0);
  });
});

describe('a live analysis fed from the store (a recording nobody pushes: the capture proxy’s)', () => {
  it('takes the reads the store holds past those it has, as they grow, to what the whole analysis shows', () => {
    const reads = readsOf('openai-gpt4o-parallel-tool-calls.sse', 61);
    const live = new LiveAnalysis(1);
    live.backfill({ ...whole([]), response: null, reads: reads.slice(0, 2) });
    expect(live.readsFed).toBe(2);
    let now = 0;
    for (const upTo of [2, 9, 9, 30, reads.length]) {
      // What the view asks for: the reads from the first it does not have (none new, the second time at 9).
      live.fromStore(live.readsFed, reads.slice(live.readsFed, upTo), upTo > 2 ? response : null);
      now += FULL_ANALYSIS_EVERY_MS;
      expect(live.readsFed).toBe(upTo);
      expect(summary(live.analysis(now))).toEqual(summary(analyzeRecording({ ...whole(reads.slice(0, upTo)), response: upTo > 2 ? response : null })));
    }
  });

  it('stays the same snapshot when the store had nothing new', () => {
    const reads = readsOf('openai-gpt4o-parallel-tool-calls.sse', 61);
    const live = new LiveAnalysis(1);
    live.backfill({ ...whole(reads.slice(0, 5)) });
    const first = live.analysis(0);
    live.fromStore(5, [], response);
    expect(live.analysis(FULL_ANALYSIS_EVERY_MS)).toBe(first);
    live.fromStore(5, reads.slice(5, 6), response);
    expect(live.analysis(2 * FULL_ANALYSIS_EVERY_MS)).not.toBe(first);
  });
});
