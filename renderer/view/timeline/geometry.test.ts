import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { cleanTextStream, timed } from '../../../shared/test/streams.ts';
import { LANE, eventAtClick, eventAtScrub, geometryOf, laneHas, markAt, pixelOf, rowAt, spanAtPointer } from './geometry.ts';
import { indexTimeline } from './lanes.ts';

// Two reads of a clean stream: role and "Hello" at 200 ms, " there", "." and the end at 1,800 ms.
const events = cleanTextStream().split(/(?<=\n\n)/);
const index = indexTimeline(analyzeRecording(timed([[200, events.slice(0, 2).join('')], [1800, events.slice(2).join('')]], { end: { t: 2000, outcome: 'eof' } })));
const geometry = geometryOf(132 + 1000 + 14, index.lanes.length);
const view = { start: 0, end: 2000 };
const rowY = (label: string) => geometry.lanesTop + index.lanes.findIndex((lane) => lane.label === label) * LANE + LANE / 2;

describe('what is under the pointer on the timeline', () => {
  it('lays out one row per lane between the marker rows and the axis', () => {
    expect(index.lanes.map((lane) => lane.label)).toEqual(['network reads', 'role', 'content', 'finish', 'usage', '[DONE]']);
    expect(geometry.plotWidth).toBe(1000);
    expect(rowAt(geometry, 6, rowY('content'))).toBe(2);
    expect(rowAt(geometry, 6, geometry.axisTop + 1)).toBe(-1);
    expect(rowAt(geometry, 6, geometry.lanesTop - 1)).toBe(-1);
  });

  it('hits a mark within a few pixels, with the others drawn in its column', () => {
    const hit = markAt(index, view, geometry, pixelOf(view, geometry, 1800) + 3, rowY('content'))!;
    expect(hit.lane.label).toBe('content');
    // " there" and "." share the 1,800 ms read; the first of them is the one hit.
    expect([hit.lane.items[hit.item], hit.columnFirst, hit.columnCount]).toEqual([2, 1, 2]);
    expect(markAt(index, view, geometry, pixelOf(view, geometry, 1000), rowY('content'))).toBeNull();
    expect(markAt(index, view, geometry, pixelOf(view, geometry, 200), geometry.axisTop + 5)).toBeNull();
  });

  it('selects the nearest event of the lane clicked, or the nearest event at all off the event lanes', () => {
    expect(eventAtClick(index, view, geometry, pixelOf(view, geometry, 1500), rowY('role'))).toBe(0);
    expect(eventAtClick(index, view, geometry, pixelOf(view, geometry, 1500), rowY('content'))).toBe(2);
    expect(eventAtClick(index, view, geometry, pixelOf(view, geometry, 900), rowY('network reads'))).toBe(0);
    expect(eventAtClick(index, view, geometry, pixelOf(view, geometry, 1100), geometry.axisTop + 5)).toBe(2);
  });

  it('scrubs to the last event arrived by the pointer’s time, the first before any', () => {
    expect(eventAtScrub(index, view, geometry, pixelOf(view, geometry, 100))).toBe(0);
    expect(eventAtScrub(index, view, geometry, pixelOf(view, geometry, 1000))).toBe(1);
    expect(eventAtScrub(index, view, geometry, pixelOf(view, geometry, 1999))).toBe(6);
  });

  it('finds the silence under the pointer', () => {
    expect(spanAtPointer(index.gaps, view, geometry, pixelOf(view, geometry, 1000))).toEqual({ start: 200, end: 1800, first: 1, size: 1 });
    expect(spanAtPointer(index.gaps, view, geometry, pixelOf(view, geometry, 100))).toBeNull();
  });

  it('tells which lanes hold an event, among events at the same time', () => {
    const content = index.lanes.find((lane) => lane.label === 'content')!;
    expect([1, 2, 3].map((event) => laneHas(content, index.eventPositions[event]!, event))).toEqual([true, true, true]);
    expect(laneHas(content, 1800, 4)).toBe(false);
    expect(laneHas(content, 200, 0)).toBe(false);
  });
});
