import { describe, expect, it } from 'vitest';
import { oneEventPerRead, realStream, realStreams, timed, untimed } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import { bucketLabel, bucketOf, bucketRange, bucketsOf, gapHistogramOf } from './gap-histogram.ts';

/** A real stream delivered one event a read, read i arriving at `at(i)` ms. */
const timedByEvent = (name: string, at: (read: number) => number) => analyzeRecording(oneEventPerRead(realStream(name), at));

describe('the gap buckets', () => {
  it('are 0, under 1 ms, then 1-2-5 per decade', () => {
    expect([0, 0.2, 1, 1.99, 2, 4.9, 5, 9.99, 10, 20, 50, 99.9, 100, 999, 1000, 1500, 10_000, 123_456].map(bucketOf)).toEqual([
      0, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 7, 8, 10, 11, 11, 14, 17,
    ]);
    expect([0, 1, 2, 3, 4, 5, 10, 11, 13, 14].map(bucketLabel)).toEqual(['0 ms', '<1 ms', '1–2 ms', '2–5 ms', '5–10 ms', '10–20 ms', '500–1000 ms', '1–2 s', '5–10 s', '10–20 s']);
  });

  it('put every gap in the bucket whose range holds it', () => {
    for (let gap = 0.001; gap < 1e7; gap *= 1.37) {
      const { from, to } = bucketRange(bucketOf(gap));
      expect(gap >= from && gap < to, `${gap} in [${from}, ${to})`).toBe(true);
    }
    for (const edge of [1, 2, 5, 10, 100, 1000, 1e4, 1e5, 1e6]) expect(bucketRange(bucketOf(edge)).from).toBe(edge);
  });
});

describe('the gap histogram of a recording', () => {
  it('counts the gaps between consecutive events, the same gaps as the metrics', () => {
    // openai-gpt4o-parallel-tool-calls.sse: 26 events, one a read; gaps of 0.5, 3, 30 and 700 ms in turn.
    const pattern = [0.5, 3, 30, 700];
    let t = 200;
    const times = [200];
    const analysis = timedByEvent('openai-gpt4o-parallel-tool-calls.sse', (read) => {
      while (times.length <= read) times.push((t += pattern[(times.length - 1) % pattern.length]!));
      return times[read]!;
    });
    expect(analysis.events).toHaveLength(26);
    const histogram = gapHistogramOf(analysis.events)!;
    expect(histogram.total).toBe(25);
    expect(bucketsOf(histogram).map(({ label, count }) => [label, count])).toEqual([
      ['<1 ms', 7],
      ['1–2 ms', 0],
      ['2–5 ms', 6],
      ['5–10 ms', 0],
      ['10–20 ms', 0],
      ['20–50 ms', 6],
      ['50–100 ms', 0],
      ['100–200 ms', 0],
      ['200–500 ms', 0],
      ['500–1000 ms', 6],
    ]);
    expect(bucketOf(analysis.metrics!.gap_max_ms!)).toBe(10);
    expect(bucketOf(analysis.metrics!.gap_p50_ms!)).toBe(3);
  });

  it('puts the events of one read in the 0 bucket', () => {
    const analysis = analyzeRecording(timed([[120, realStream('deepseek-reasoner-reasoning-content.sse')]]));
    const histogram = gapHistogramOf(analysis.events)!;
    expect(bucketsOf(histogram)).toEqual([{ from: 0, to: 0, label: '0 ms', count: analysis.events.length - 1 }]);
  });

  it('is null for an untimed recording, and empty for a single event', () => {
    for (const { bytes } of realStreams().slice(0, 5)) expect(gapHistogramOf(analyzeRecording(untimed(bytes)).events)).toBeNull();
    expect(gapHistogramOf([{ t: 5 }])).toEqual({ total: 0, counts: [], backwards: 0 });
    expect(bucketsOf(gapHistogramOf([{ t: 5 }])!)).toEqual([]);
  });

  it('counts a clock going backwards apart, in no bucket', () => {
    expect(gapHistogramOf([{ t: 5 }, { t: 3 }, { t: 4.5 }])).toEqual({ total: 2, counts: [0, 0, 1], backwards: 1 });
  });

  it('counts only the new events when the array grows, and gives the same result as counting it whole', () => {
    const whole = timedByEvent('openai-gpt4o-n3-interleaved-choices.sse', (read) => 100 + read * read * 0.7).events;
    const growing: { t: number | null }[] = [];
    let previous = gapHistogramOf(growing);
    for (const event of whole) {
      growing.push({ t: event.t });
      const next = gapHistogramOf(growing);
      expect(next).not.toBe(previous);
      expect(gapHistogramOf(growing)).toBe(next);
      previous = next;
    }
    expect(previous).toEqual(gapHistogramOf(whole.map((event) => ({ t: event.t }))));
    expect(previous!.total).toBe(whole.length - 1);
  });
});
