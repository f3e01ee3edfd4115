import { describe, expect, test } from 'vitest';
import { analyzeRecording } from '../../shared/analysis/analyze.ts';
import { parseSse } from '../../shared/framing/sse/parser.ts';
import { oneEventPerRead, realStream, timed, untimed } from '../../shared/test/streams.ts';
import { betterOf, betterWord, metricRows } from './metric-rows.ts';

const NAME = 'openai-gpt4o-structured-text-usage.sse';
const bytes = realStream(NAME);
const events = parseSse(bytes).events.length;
/** The capture delivered one event a read, the first read at 100 ms, then one every `every` ms. */
const paced = (every: number) => analyzeRecording(oneEventPerRead(bytes, (read) => 100 + read * every));

describe('The metric rows', () => {
  test('put the same stream delivered twice as fast ahead on every time and rate, and equal on every count', () => {
    const rows = metricRows(paced(20), paced(10));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(rows.slice(0, 4).map((row) => [row.key, row.a, row.b, row.delta, row.winner])).toEqual([
      ['events', events, events, 0, null],
      ['chunks', events - 1, events - 1, 0, null],
      ['reads', events, events, 0, null],
      ['bytes', bytes.length, bytes.length, 0, null],
    ]);
    // The end is the last read: 100 + (events − 1) × the pace.
    expect(byKey.get('duration_ms')).toMatchObject({ label: 'end', a: 100 + (events - 1) * 20, b: 100 + (events - 1) * 10, delta: -(events - 1) * 10, winner: 'b' });
    expect(byKey.get('ttfb_ms')).toMatchObject({ a: 100, b: 100, delta: 0, winner: 'same' });
    expect(byKey.get('gap_p50_ms')).toMatchObject({ a: 20, b: 10, delta: -10, winner: 'b' });
    expect(byKey.get('events_per_s')).toMatchObject({ a: 50, b: 100, delta: 50, winner: 'b' });
  });

  test('swapping the two recordings negates every difference and swaps every winner', () => {
    const forward = metricRows(paced(20), paced(10));
    const backward = metricRows(paced(10), paced(20));
    const swap = { a: 'b', b: 'a', same: 'same' } as const;
    expect(backward.map((row) => [row.key, row.a, row.b, row.delta, row.winner])).toEqual(
      forward.map((row) => [row.key, row.b, row.a, row.delta === null ? null : row.delta === 0 ? 0 : -row.delta, row.winner === null ? null : swap[row.winner]]),
    );
  });

  test('leave out the metrics neither recording has, and give a timed recording against an untimed one no difference', () => {
    const rows = metricRows(analyzeRecording(untimed(bytes)), paced(10));
    expect(rows.map((row) => row.key)).not.toContain('first_refusal_ms');
    expect(rows.map((row) => row.key)).not.toContain('first_reasoning_ms');
    const duration = rows.find((row) => row.key === 'duration_ms');
    expect(duration).toMatchObject({ a: null, b: 100 + (events - 1) * 10, delta: null, winner: null });
  });

  test('for two untimed captures, are the counts alone', () => {
    const rows = metricRows(analyzeRecording(untimed(bytes)), analyzeRecording(untimed(realStream('openai-gpt4o-refusal-logprobs.sse'))));
    expect(rows.map((row) => row.key)).toEqual(['events', 'chunks', 'reads', 'bytes']);
  });

  test('judge times lower-is-better, rates higher-is-better, and the token count and counts not at all', () => {
    expect([betterOf('ttft_ms'), betterOf('tpot_ms'), betterOf('tokens_per_s'), betterOf('events_per_s'), betterOf('output_tokens'), betterOf('bytes')]).toEqual(['lower', 'lower', 'higher', 'higher', null, null]);
  });

  test("call no buffered stream's 0 ms gaps and burst rates better, though its moments are still judged", () => {
    const buffered = analyzeRecording(timed([[1500, bytes]]));
    expect(buffered.diagnostics.map((diagnostic) => diagnostic.code)).toContain('buffered-delivery');
    const byKey = new Map(metricRows(paced(20), buffered).map((row) => [row.key, row]));
    expect(byKey.get('gap_p50_ms')).toMatchObject({ a: 20, b: 0, delta: -20, winner: null, unjudged: 'buffered' });
    expect(byKey.get('gap_max_ms')).toMatchObject({ winner: null, unjudged: 'buffered' });
    expect(byKey.get('ttft_ms')).toMatchObject({ a: 120, b: 1500, winner: 'a', unjudged: null });
    expect(byKey.get('ttfb_ms')).toMatchObject({ winner: 'a', unjudged: null });
  });

  test('say a moment is sooner, a gap or a per-token time shorter, and a rate faster', () => {
    expect([betterWord('ttft_ms'), betterWord('duration_ms'), betterWord('gap_p50_ms'), betterWord('tpot_ms'), betterWord('read_gap_max_ms'), betterWord('tokens_per_s'), betterWord('bytes')]).toEqual([
      'sooner',
      'sooner',
      'shorter',
      'shorter',
      'shorter',
      'faster',
      null,
    ]);
  });
});
