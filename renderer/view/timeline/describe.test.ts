import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { cleanTextStream, timed, untimed } from '../../../shared/test/streams.ts';
import { describeMark, describeSpan, eventLine, summaryOf } from './describe.ts';
import { indexTimeline } from './lanes.ts';

const events = cleanTextStream().split(/(?<=\n\n)/);
const analysis = analyzeRecording(timed([[200, events.slice(0, 2).join('')], [1800.25, events.slice(2).join('')]], { end: { t: 2000, outcome: 'eof' } }));
const index = indexTimeline(analysis);
const lane = (label: string) => index.lanes.find((candidate) => candidate.label === label)!;

describe('the timeline’s words', () => {
  it('sums a timed and an untimed recording up', () => {
    expect(summaryOf(index)).toBe('Timeline: 7 events and 2 reads over 2,000.0 ms');
    expect(summaryOf(indexTimeline(analyzeRecording(untimed(cleanTextStream()))))).toBe('Timeline of an untimed recording: 7 events in order');
  });

  it('names an event by index, kind and arrival', () => {
    expect(eventLine(analysis, 2)).toBe('#2 · content · 1,800.3 ms');
  });

  it('tells an event mark with its annotation and the others in its pixel', () => {
    expect(describeMark(analysis, { lane: lane('content'), item: 1, columnFirst: 1, columnCount: 2 })).toEqual({
      title: '#2 · content · 1,800.3 ms',
      annotation: 'content += " there"',
      more: '2 content events in this pixel (#2–#3); zoom in to tell them apart',
    });
    expect(describeMark(analysis, { lane: lane('content'), item: 0, columnFirst: 0, columnCount: 1 }).more).toBeNull();
  });

  it('tells a read mark by its size', () => {
    expect(describeMark(analysis, { lane: lane('network reads'), item: 0, columnFirst: 0, columnCount: 1 })).toEqual({
      title: `read 0 · 200.0 ms · ${analysis.reads[0]!.length} bytes`,
      annotation: null,
      more: null,
    });
  });

  it('tells a silence and a burst', () => {
    expect(describeSpan({ start: 200, end: 1800.25, first: 1, size: 1 }, false)).toEqual({ title: '1,600.3 ms without a read', annotation: null, more: '200.0–1,800.3 ms, before read 1' });
    expect(describeSpan({ start: 40, end: 40.5, first: 12, size: 30 }, true)).toEqual({
      title: 'burst: 30 events in 0.5 ms (#12–#41)',
      annotation: null,
      more: 'each less than 0.1 ms after the one before',
    });
  });
});
