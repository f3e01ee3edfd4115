import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanTextStream, timed, untimed } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import { markersOf, niceStep } from './timeline-layout.ts';

describe('the timeline’s markers', () => {
  it('marks headers, first byte, first token, finish, [DONE] and end of a timed stream', () => {
    const analysis = analyzeRecording(timed([[210.5, cleanTextStream()]], { response: { t: 200, status: 200, httpVersion: '1.1', headers: {} }, end: { t: 260, outcome: 'eof' } }));
    expect(markersOf(analysis)).toEqual([
      { label: 'headers', at: 200 },
      { label: 'first byte', at: 210.5 },
      { label: 'first token', at: 210.5 },
      { label: 'finish', at: 210.5 },
      { label: '[DONE]', at: 210.5 },
      { label: 'end', at: 260 },
    ]);
  });

  it('marks event indexes in an untimed stream', () => {
    expect(markersOf(analyzeRecording(untimed(cleanTextStream())))).toEqual([
      { label: 'first token', at: 1 },
      { label: 'finish', at: 4 },
      { label: '[DONE]', at: 6 },
    ]);
  });

  it('leaves out a marker whose event an analysis caught mid-update does not hold yet', () => {
    const whole = analyzeRecording(timed([[10, cleanTextStream()]]));
    const early = { ...whole, events: whole.events.slice(0, 3) };
    expect(markersOf(early).map((marker) => marker.label)).toEqual(['headers', 'first byte', 'first token', 'end']);
  });
});

describe('the markers of another dialect', () => {
  it('marks the finish at the Responses terminal event and at Anthropic’s message_delta', () => {
    const dialect = (file: string) => analyzeRecording(untimed(new Uint8Array(readFileSync(new URL(`../test/fixtures/dialects/${file}`, import.meta.url)))));
    expect(markersOf(dialect('responses/deepseek-reasoning-text-function-call.sse'))).toEqual([
      { label: 'first token', at: 4 },
      { label: 'finish', at: 33 },
    ]);
    expect(markersOf(dialect('messages/anthropic-sonnet35-parallel-tool-use.sse'))).toEqual([
      { label: 'first token', at: 3 },
      { label: 'finish', at: 33 },
    ]);
  });
});

describe('the markers of a recording under way', () => {
  it('has no end marker until the recording ends', () => {
    const live = analyzeRecording(timed([[10, cleanTextStream()]], { end: { t: 10, outcome: 'recording' } }));
    expect(markersOf(live).map((marker) => marker.label)).toEqual(['headers', 'first byte', 'first token', 'finish', '[DONE]']);
  });
});

describe('axis steps', () => {
  it('steps by 1, 2 or 5 times a power of ten, never below the minimum', () => {
    expect([niceStep(2000, 0.1), niceStep(75_000, 0.1), niceStep(0.1, 0.001), niceStep(3, 1)]).toEqual([500, 10_000, 0.02, 1]);
    expect(niceStep(2000, 0.1, 4)).toBe(500);
    expect(niceStep(2000, 0.1, 20)).toBe(100);
  });
});
