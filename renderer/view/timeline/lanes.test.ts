import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, finishAnalysis } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { createStreamAnalyzer } from '../../../shared/analysis/stream.ts';
import type { Recording } from '../../../shared/recording/types.ts';
import { DONE_EVENT, body, chunk, cleanTextStream, delta, realStream, realStreams, timed, untimed } from '../../../shared/test/streams.ts';
import { laneHas } from './geometry.ts';
import { indexTimeline } from './lanes.ts';
import type { TimelineIndex } from './lanes.ts';
import { chatReading } from '../../../shared/dialects/chat/kept.ts';

const laneCounts = (index: TimelineIndex): Record<string, number> => Object.fromEntries(index.lanes.map((lane) => [lane.label, lane.count]));
const items = (index: TimelineIndex, label: string): number[] => {
  const lane = index.lanes.find((candidate) => candidate.label === label)!;
  return Array.from(lane.items.subarray(0, lane.count));
};

/** The analysis a live view holds after the first `reads` reads of `recording` (the same events, grown). */
function liveAnalyses(recording: Recording, steps: readonly number[]): Analysis[] {
  const analyzer = createStreamAnalyzer();
  const analyses: Analysis[] = [];
  let fed = 0;
  for (const upTo of steps) {
    for (; fed < upTo; fed++) analyzer.feed(recording.reads[fed]!.bytes, recording.reads[fed]!.t);
    const partial = { ...recording, reads: recording.reads.slice(0, upTo), end: { t: recording.reads[upTo - 1]!.t!, outcome: 'recording' as const } };
    analyses.push(finishAnalysis(partial, analyzer, { partial: null, stats: analyzer.stats }));
  }
  return analyses;
}

describe('the timeline index', () => {
  it('puts a clean text stream on a reads lane and one lane per kind, in reading order', () => {
    const index = indexTimeline(analyzeRecording(timed([[210.5, cleanTextStream()], [1850.3, '']], { end: { t: 1860, outcome: 'eof' } })));
    expect(index.timed).toBe(true);
    expect(laneCounts(index)).toEqual({ 'network reads': 2, role: 1, content: 3, finish: 1, usage: 1, '[DONE]': 1 });
    expect(index.domain.end).toBe(1860);
    expect(index.markers.map((marker) => marker.label)).toEqual(['headers', 'first byte', 'first token', 'finish', '[DONE]', 'end']);
    expect(Array.from(index.eventPositions.subarray(0, index.eventCount))).toEqual([210.5, 210.5, 210.5, 210.5, 210.5, 210.5, 210.5]);
  });

  it('gives each tool call of a parallel call its own lane', () => {
    const index = indexTimeline(analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse'))));
    const tools = index.lanes.filter((lane) => lane.key.startsWith('tool:'));
    expect(tools.map((lane) => lane.label)).toEqual(['tool call [0]', 'tool call [1]']);
    expect(tools.map((lane) => lane.colour)).toEqual(['--tl-tool-0', '--tl-tool-1']);
    // Every fragment event is in exactly one tool lane here, and lanes are in event order.
    const fragments = tools.flatMap((lane) => Array.from(lane.items.subarray(0, lane.count)));
    expect(new Set(fragments).size).toBe(fragments.length);
    for (const lane of tools) expect(Array.from(lane.items.subarray(0, lane.count))).toEqual([...lane.items.subarray(0, lane.count)].sort((a, b) => a - b));
  });

  it('puts every event of every real stream in its kind’s lane, and each tool fragment in the lanes of the calls it adds to', () => {
    for (const { name, bytes } of realStreams()) {
      const analysis = analyzeRecording(untimed(bytes));
      const index = indexTimeline(analysis);
      analysis.events.forEach((event, i) => {
        const lanes = index.lanes.filter((lane) => laneHas(lane, index.eventPositions[i]!, i)).map((lane) => lane.key);
        const { kind, ops } = chatReading(event);
        if (kind !== 'tool') return expect([name, i, lanes]).toEqual([name, i, [kind]]);
        const sent = ops.flatMap((op) => (op.type === 'tool' && op.index !== null ? [`tool:${op.choice}:${op.index}`] : []));
        if (sent.length === ops.filter((op) => op.type === 'tool').length && sent.length > 0) {
          expect([name, i, lanes]).toEqual([name, i, [...new Set(sent)].sort()]);
        } else {
          expect([name, i, lanes.length]).not.toEqual([name, i, 0]);
        }
      });
      const marks = index.lanes.reduce((sum, lane) => sum + lane.count, 0);
      expect(marks).toBeGreaterThanOrEqual(analysis.events.length);
    }
  });

  it('puts fragments without an index on the lane of the call a client assigns them to, saying so', () => {
    const index = indexTimeline(analyzeRecording(untimed(realStream('mistral-small-tool-call-no-index.sse'))));
    expect(index.lanes.filter((lane) => lane.key.startsWith('tool')).map((lane) => lane.label)).toEqual(['tool call [0] (no index sent)']);
  });

  it('lays an untimed recording out in event order, markers at event slots, no reads lane', () => {
    const index = indexTimeline(analyzeRecording(untimed(cleanTextStream())));
    expect(index.timed).toBe(false);
    expect(index.lanes.map((lane) => lane.label)).toEqual(['role', 'content', 'finish', 'usage', '[DONE]']);
    expect(Array.from(index.eventPositions.subarray(0, 7))).toEqual([0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5]);
    expect(index.domain).toEqual({ end: 7, minSpan: 4 });
    expect(index.markers).toEqual([
      { label: 'first token', value: 1, at: 1.5 },
      { label: 'finish', value: 4, at: 4.5 },
      { label: '[DONE]', value: 6, at: 6.5 },
    ]);
  });

  it('extends a live index from where it stopped, to the same result as indexing at once', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const sse = body(chunk([delta({ role: 'assistant', content: '' })]), ...words.map((word, i) => chunk([delta({ content: word }, i === 59 ? 'stop' : null)])), DONE_EVENT);
    const events = sse.split(/(?<=\n\n)/);
    // Ten events 0.01 ms apart (a burst), then 1.2 s of silence, and again.
    let t = 100;
    const recording = timed(events.map((text, i): [number, string] => [(t += i > 0 && i % 10 === 0 ? 1200 : 0.01), text]));
    const analyses = liveAnalyses(recording, [1, 5, 19, 40, events.length]);
    let index: TimelineIndex | null = null;
    for (const analysis of analyses) {
      const previous = index;
      index = indexTimeline(analysis, index);
      const fresh = indexTimeline(analysis);
      expect(laneCounts(index)).toEqual(laneCounts(fresh));
      expect(items(index, 'content')).toEqual(items(fresh, 'content'));
      expect(Array.from(index.eventPositions.subarray(0, index.eventCount))).toEqual(Array.from(fresh.eventPositions.subarray(0, fresh.eventCount)));
      expect([index.gaps.length, index.bursts.length, index.bursts.open]).toEqual([fresh.gaps.length, fresh.bursts.length, fresh.bursts.open]);
      // The previous index still reads as it did: its prefix is untouched by the new one.
      if (previous) expect(previous.eventPositions.subarray(0, previous.eventCount)).toEqual(index.eventPositions.subarray(0, previous.eventCount));
    }
    expect(index!.eventCount).toBe(62);
    expect([index!.gaps.length, index!.bursts.length, index!.bursts.open]).toEqual([6, 6, null]);
  });

  it('extends the tool-call lanes of a live stream as the calls grow', () => {
    const events = new TextDecoder().decode(realStream('openai-gpt4o-parallel-tool-calls.sse')).split(/(?<=\n\n)/);
    const recording = timed(events.map((text, i): [number, string] => [10 + i, text]));
    let index: TimelineIndex | null = null;
    for (const analysis of liveAnalyses(recording, [2, 3, 9, 20, events.length])) {
      index = indexTimeline(analysis, index);
      expect(laneCounts(index)).toEqual(laneCounts(indexTimeline(analysis)));
      expect(items(index, 'tool call [1]')).toEqual(items(indexTimeline(analysis), 'tool call [1]'));
    }
    expect(laneCounts(index!)['tool call [1]']).toBeGreaterThan(3);
  });

  it('gives each Responses function_call item and each Anthropic tool_use block its own lane, by its place and name', () => {
    const dialect = (file: string) => new Uint8Array(readFileSync(new URL(`../../../shared/test/fixtures/dialects/${file}`, import.meta.url)));
    const responses = indexTimeline(analyzeRecording(untimed(dialect('responses/openai-gpt4o-parallel-function-calls-edited.sse'))));
    expect(responses.lanes.filter((lane) => lane.key.startsWith('tool:')).map((lane) => [lane.label, lane.colour, Array.from(lane.items.subarray(0, lane.count))])).toEqual([
      ['output[0] currentLocation', '--tl-tool-0', [3]],
      ['output[1] weather', '--tl-tool-1', [7, 8, 9, 10, 11]],
    ]);
    // Every tool fragment is on its call's lane: none is left on the kind's.
    expect(responses.lanes.some((lane) => lane.key === 'tool')).toBe(false);
    const messages = indexTimeline(analyzeRecording(untimed(dialect('messages/anthropic-sonnet35-parallel-tool-use.sse'))));
    expect(messages.lanes.filter((lane) => lane.key.startsWith('tool:')).map((lane) => [lane.label, lane.count])).toEqual([
      ['content[1] get_weather', 9],
      ['content[2] get_time', 6],
    ]);
  });

  it('extends a dialect’s tool lanes as a live stream grows', () => {
    const body = new TextDecoder().decode(readFileSync(new URL('../../../shared/test/fixtures/dialects/messages/anthropic-sonnet35-parallel-tool-use.sse', import.meta.url)));
    const events = body.split(/(?<=\n\n)/);
    const recording = timed(events.map((text, i): [number, string] => [10 + i, text]));
    const analyzer = createStreamAnalyzer();
    let index: TimelineIndex | null = null;
    let fed = 0;
    for (const upTo of [16, 20, 27, events.length]) {
      for (; fed < upTo; fed++) analyzer.feed(recording.reads[fed]!.bytes, recording.reads[fed]!.t);
      const partial = { ...recording, reads: recording.reads.slice(0, upTo), end: { t: recording.reads[upTo - 1]!.t!, outcome: 'recording' as const } };
      const analysis = finishAnalysis(partial, analyzer, { partial: null, stats: analyzer.stats });
      index = indexTimeline(analysis, index);
      expect(laneCounts(index)).toEqual(laneCounts(indexTimeline(analysis)));
    }
    expect(laneCounts(index!)['content[1] get_weather']).toBe(9);
    expect(laneCounts(index!)['content[2] get_time']).toBe(6);
  });

  it('starts afresh for a different recording', () => {
    const first = indexTimeline(analyzeRecording(timed([[5, cleanTextStream(['a', 'b', 'c', 'd'])]])));
    const second = indexTimeline(analyzeRecording(timed([[9, cleanTextStream(['x'])]])), first);
    expect(laneCounts(second)).toEqual({ 'network reads': 1, role: 1, content: 1, finish: 1, usage: 1, '[DONE]': 1 });
  });

  it('keeps lanes sorted when a file has a read earlier than the one before', () => {
    const index = indexTimeline(analyzeRecording(timed([[50, cleanTextStream(['a'])], [20, cleanTextStream(['b'])]])));
    const reads = index.lanes[0]!;
    expect(Array.from(reads.positions.subarray(0, reads.count))).toEqual([50, 50]);
  });
});
