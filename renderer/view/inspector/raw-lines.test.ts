import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { bytes, timed } from '../../../shared/test/streams.ts';
import { rawView } from './raw-lines.ts';
import type { RawLine } from './raw-lines.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';

const viewOf = (analysis: Analysis, index: number, max?: number) => rawView(analysis.reads, analysis.recording.reads, analysis.events[index]!.sse, max);

/** A line as text: its segments' escapes for what is not plain text. */
const shown = (line: RawLine): string => line.segments.map((segment) => (segment.type === 'text' ? segment.text : segment.escape)).join('');

describe('an event’s raw bytes in the inspector', () => {
  it('are read back across the reads that carried them, in lines with the body offset of each', () => {
    const recording = timed([
      [10, ': keep-alive\r\n\r\ndata: {"a":'],
      [20, '1}\r\ndata: 2\r\n'],
      [30, '\r\n'],
    ]);
    const analysis = analyzeRecording(recording);
    expect(analysis.events.map((event) => [event.sse.start, event.sse.end])).toEqual([
      [0, 16],
      [16, 42],
    ]);
    const view = viewOf(analysis, 1);
    expect({ ...view, lines: view.lines.map((line) => [line.offset, shown(line)]) }).toEqual({
      start: 16,
      end: 42,
      lines: [
        [16, 'data: {"a":1}\\r\\n'],
        [31, 'data: 2\\r\\n'],
        [40, '\\r\\n'],
      ],
      shown: 26,
      firstRead: 0,
      lastRead: 2,
    });
  });

  it('of a large event are cut at the preview size, at a character boundary', () => {
    const long = `data: "${'é'.repeat(10_000)}"\n\n`;
    const analysis = analyzeRecording(timed([[1, long]]));
    const preview = viewOf(analysis, 0, 1000);
    // 'data: "' is 7 bytes; 1000 falls inside an é, so the cut backs off one byte.
    expect([preview.shown, preview.lines.length, preview.end]).toEqual([999, 1, bytes(long).length]);
    expect(shown(preview.lines[0]!)).toBe(`data: "${'é'.repeat(496)}`);
    const whole = viewOf(analysis, 0, Infinity);
    expect([whole.shown, whole.lines.map(shown)]).toEqual([bytes(long).length, [`data: "${'é'.repeat(10_000)}"\\n`, '\\n']]);
  });

  it('show bytes that are not UTF-8 by value, with CR and LF apart', () => {
    const analysis = analyzeRecording(timed([[1, new Uint8Array([...bytes('data: a'), 0xff, 0x0d, 0x0a, 0x0d, 0x0a])]]));
    expect(viewOf(analysis, 0).lines.map(shown)).toEqual(['data: a\\xff\\r\\n', '\\r\\n']);
  });
});
