import { describe, expect, test } from 'vitest';
import { analyzeRecording } from '../../shared/analysis/analyze.ts';
import { oneEventPerRead, realStream, untimed } from '../../shared/test/streams.ts';
import { indexTimeline } from '../view/timeline/lanes.ts';
import { fitView, xOf, zoomAt } from '../view/timeline/scale.ts';
import { axisTicks, sharedDomain } from './shared-axis.ts';

const bytes = realStream('openai-gpt4o-parallel-tool-calls.sse');
const paced = (every: number) => indexTimeline(analyzeRecording(oneEventPerRead(bytes, (read) => 50 + read * every)));

describe('The shared time axis', () => {
  test('runs to the later end of the two, so the slower recording sets the scale whichever side it is on', () => {
    const fast = paced(5);
    const slow = paced(40);
    expect(slow.domain.end).toBeGreaterThan(fast.domain.end);
    expect(sharedDomain([fast, slow])).toEqual({ end: slow.domain.end, minSpan: slow.domain.minSpan });
    expect(fitView(sharedDomain([slow, fast])!)).toEqual({ start: 0, end: slow.domain.end });
    // The same moment falls on the same pixel in both rows: the first event, 50 ms after the request.
    const view = fitView(sharedDomain([fast, slow])!);
    expect(xOf(view, 600, fast.eventPositions[0]!)).toBe(xOf(view, 600, slow.eventPositions[0]!));
  });

  test('leaves an untimed recording out, and has no axis when neither has times', () => {
    const timed = paced(10);
    const plain = indexTimeline(analyzeRecording(untimed(bytes)));
    expect(sharedDomain([plain, timed])).toEqual(timed.domain);
    expect(sharedDomain([timed, null])).toEqual(timed.domain);
    expect(sharedDomain([plain, plain])).toBeNull();
    expect(sharedDomain([null, null])).toBeNull();
  });

  test('puts its ticks from 0 ms at the plot’s left edge to no further than its right, in order', () => {
    const slow = paced(40);
    const view = fitView(sharedDomain([slow])!);
    const ticks = axisTicks(view, 600);
    expect(ticks[0]).toEqual({ label: '0 ms', left: 0 });
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks) expect(tick.left).toBeLessThanOrEqual(600);
    expect(ticks.map((tick) => tick.left)).toEqual([...ticks.map((tick) => tick.left)].sort((x, y) => x - y));
  });

  test('zoomed into the shared domain, ticks the stretch in view only, finer, and the first event still on one pixel in both rows', () => {
    const fast = paced(5);
    const slow = paced(40);
    const domain = sharedDomain([fast, slow])!;
    // Eight times in, around the first event (50 ms after the request in both).
    const view = zoomAt(fitView(domain), domain, 8, 50);
    expect(view.end - view.start).toBeCloseTo(domain.end / 8, 6);
    expect(xOf(view, 600, fast.eventPositions[0]!)).toBe(xOf(view, 600, slow.eventPositions[0]!));
    const ticks = axisTicks(view, 600);
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks) expect(tick.left >= 0 && tick.left <= 600).toBe(true);
    expect(ticks[0]!.label).not.toBe('0 ms');
  });
});
