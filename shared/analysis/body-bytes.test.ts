import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realStream, splitAt, timed } from '../test/streams.ts';
import { analyzeRecording } from './analyze.ts';
import { bodyBytes, readsHolding } from './body-bytes.ts';

describe('bodyBytes', () => {
  const stream = realStream('openai-gpt4o-parallel-tool-calls.sse');

  it('gives every event’s bytes back, however the body was split into reads, with the reads that carried them', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(stream.length), { maxLength: 60 }), (cuts) => {
        const recording = timed(splitAt(stream, cuts).map((part, i) => [i, part]));
        const analysis = analyzeRecording(recording);
        for (const event of analysis.events) {
          const { start, end } = event.sse;
          const { bytes, first, last } = bodyBytes(analysis.reads, recording.reads, start, end);
          expect(bytes).toEqual(stream.subarray(start, end));
          const { offset, length } = analysis.reads[first]!;
          expect(offset <= start && start < offset + length).toBe(true);
          expect(analysis.reads[last]!.offset < end && end <= analysis.reads[last]!.offset + analysis.reads[last]!.length).toBe(true);
          // The read that completed the event is the last one holding its bytes.
          expect(last).toBe(event.sse.read);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('is a view of the read, not a copy, when one read holds the range', () => {
    const recording = timed([[1, stream]]);
    const analysis = analyzeRecording(recording);
    const { bytes, first, last } = bodyBytes(analysis.reads, recording.reads, 10, 20);
    expect([bytes.buffer === stream.buffer, bytes.byteOffset, bytes.length, first, last]).toEqual([true, stream.byteOffset + 10, 10, 0, 0]);
  });

  it('of a range past the reads (a live recording whose bytes are not in yet) is what there is', () => {
    const recording = timed([[1, stream.subarray(0, 100)]]);
    const analysis = analyzeRecording(recording);
    expect(bodyBytes(analysis.reads, recording.reads, 90, 120)).toEqual({ bytes: stream.subarray(90, 100), first: 0, last: 0 });
    expect(bodyBytes(analysis.reads, recording.reads, 200, 300)).toEqual({ bytes: new Uint8Array(0), first: -1, last: -1 });
  });
});

describe('readsHolding', () => {
  it('names the reads a range lies in without reading their bytes', () => {
    const recording = timed([
      [1, 'abc'],
      [2, 'defg'],
      [3, 'h'],
    ]);
    const { reads } = analyzeRecording(recording);
    expect([readsHolding(reads, 0, 3), readsHolding(reads, 2, 4), readsHolding(reads, 3, 8), readsHolding(reads, 7, 8), readsHolding(reads, 8, 9), readsHolding(reads, 5, 5)]).toEqual([
      { first: 0, last: 0 },
      { first: 0, last: 1 },
      { first: 1, last: 2 },
      { first: 2, last: 2 },
      { first: -1, last: -1 },
      { first: -1, last: -1 },
    ]);
  });
});
