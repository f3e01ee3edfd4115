import { describe, expect, test } from 'vitest';
import { analyzeRecording } from '../../shared/analysis/analyze.ts';
import { oneEventPerRead, realStream, untimed } from '../../shared/test/streams.ts';
import { indexTimeline } from '../view/timeline/lanes.ts';
import { xOf } from '../view/timeline/scale.ts';
import { axisTicks, sharedDomain, sharedView } from './shared-axis.ts';

const bytes = realStream('openai-gpt4o-parallel-tool-calls.sse');
const paced = (every: number) => indexTimeline(analyzeRecording(oneEventPerRead(bytes, (read) => 50 + read * every)));

describe('The shared time axis', () => {
  test('runs to the later end of the two, so the slower recording sets the scale whichever side it is on', () => {
    const fast = paced(5);
    const slow = paced(40);
    expect(slow.domain.end).toBeGreaterThan(fast.domain.end);
    expect(sharedDomain([fast, slow])).toEqual({ end: slow.domain.end, minSpan: slow.domain.minSpan });
    expect(sharedView([slow, fast])).toEqual({ start: 0, end: slow.domain.end });
    // The same moment falls on the same pixel in both rows: the first event, 50 ms after the request.
    const view = sharedView([fast, slow])!;
    expect(xOf(view, 600, fast.eventPositions[0]!)).toBe(xOf(view, 600, slow.eventPositions[0]!));
  });

  test('leaves an untimed recording out, and has no axis when neither has times', () => {
    const timed = paced(10);
    const plain = indexTimeline(analyzeRecording(untimed(bytes)));
    expect(sharedDomain([plain, timed])).toEqual(timed.domain);
    expect(sharedDomain([timed, null])).toEqual(timed.domain);
    expect(sharedDomain([plain, plain])).toBeNull();
    expect(sharedView([null, null])).toBeNull();
  });

  test('puts its ticks from 0 ms at the plot’s left edge to no further than its right, in order', () => {
    const slow = paced(40);
    const view = sharedView([slow])!;
    const ticks = axisTicks(view, 600);
    expect(ticks[0]).toEqual({ label: '0 ms', left: 0 });
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks) expect(tick.left).toBeLessThanOrEqual(600);
    expect(ticks.map((tick) => tick.left)).toEqual([...ticks.map((tick) => tick.left)].sort((x, y) => x - y));
  });
});
