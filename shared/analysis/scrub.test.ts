import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createAccumulator } from '../dialects/chat/accumulate.ts';
import type { StreamState } from '../dialects/chat/accumulate.ts';
import { toChoices } from '../dialects/chat/message.ts';
import { body, bytes, chunk, delta, DONE_EVENT, realStreams } from '../test/streams.ts';
import { createStreamAnalyzer } from './stream.ts';
import { createScrubber } from './scrub.ts';
import { chatReading } from '../dialects/chat/kept.ts';

/** What a client holds after reading the body up to the end of event `index`, by parsing only those bytes. */
function stateFromPrefix(body: Uint8Array, end: number) {
  const analyzer = createStreamAnalyzer();
  analyzer.feed(body.subarray(0, end), null);
  analyzer.end();
  return { choices: toChoices(analyzer.dialectState as StreamState), usage: (analyzer.dialectState as StreamState).usage };
}

function analysed(body: Uint8Array) {
  const analyzer = createStreamAnalyzer();
  analyzer.feed(body, null);
  analyzer.end();
  return analyzer.events;
}

describe('the scrubber', () => {
  it('gives, after any event of every real stream, the state a client holds having read the body up to that event', () => {
    for (const { name, bytes: stream } of realStreams()) {
      const events = analysed(stream);
      const scrubber = createScrubber(events);
      // Every event of the shorter streams; of the longer ones, 300 spread over the stream (the prefix parse is linear).
      const step = Math.max(1, Math.ceil(events.length / 300));
      for (let index = 0; index < events.length; index += step) {
        const state = scrubber.at(index);
        expect({ choices: toChoices(state), usage: state.usage }, `${name}, event ${index}`).toEqual(stateFromPrefix(stream, events[index]!.sse.end));
      }
    }
  });

  it('gives the same states whatever order the events are visited in (forward, back, jumps)', () => {
    const stream = realStreams().find(({ name }) => name === 'openai-gpt4o-parallel-tool-calls.sse')!.bytes;
    const events = analysed(stream);
    const expected = events.map((_, index) => JSON.stringify(toChoices(createScrubber(events).at(index))));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: events.length - 1 }), { minLength: 1, maxLength: 40 }), (visits) => {
        const scrubber = createScrubber(events);
        for (const index of visits) expect(JSON.stringify(toChoices(scrubber.at(index)))).toBe(expected[index]);
      }),
    );
  });

  it('ends on the analysis’s own final state', () => {
    for (const { name, bytes: stream } of realStreams()) {
      const analyzer = createStreamAnalyzer();
      analyzer.feed(stream, null);
      analyzer.end();
      if (analyzer.events.length === 0) continue;
      const state = createScrubber(analyzer.events).at(analyzer.events.length - 1);
      expect(toChoices(state), name).toEqual(toChoices(analyzer.dialectState as StreamState));
    }
  });

  it('stops at [DONE] as a client does: content after it is not added', () => {
    const events = analysed(bytes(body(chunk([delta({ content: 'kept' })]), DONE_EVENT, chunk([delta({ content: ' lost' })]))));
    const scrubber = createScrubber(events);
    expect(toChoices(scrubber.at(2))[0]!.message.content).toBe('kept');
    expect(toChoices(scrubber.at(0))[0]!.message.content).toBe('kept');
  });

  it('follows a list of events that grows (a live recording)', () => {
    const events: ReturnType<typeof analysed>[number][] = [];
    const scrubber = createScrubber(events);
    const all = analysed(bytes(body(chunk([delta({ content: 'a' })]), chunk([delta({ content: 'b' })]))));
    events.push(all[0]!);
    expect(toChoices(scrubber.at(0))[0]!.message.content).toBe('a');
    events.push(all[1]!);
    expect(toChoices(scrubber.at(1))[0]!.message.content).toBe('ab');
  });

  it('refuses an index that is not an event (misuse, not data)', () => {
    const scrubber = createScrubber(analysed(bytes(body(chunk([delta({ content: 'a' })])))));
    expect(() => scrubber.at(1)).toThrow(RangeError);
    expect(() => scrubber.at(-1)).toThrow(RangeError);
    expect(() => scrubber.at(0.5)).toThrow(RangeError);
  });
});

describe('the scrubber on a long stream', () => {
  const long = bytes(body(...Array.from({ length: 3 * 2048 + 100 }, (_, i) => chunk([delta(i === 0 ? { role: 'assistant', content: '' } : { content: `${i % 10}` })])), DONE_EVENT));
  const events = analysed(long);
  const contentAfter = (index: number): string | null => (index === 0 ? null : Array.from({ length: index }, (_, i) => `${(i + 1) % 10}`).join(''));

  it('jumps back and forth across its checkpoints and always lands on the state a client held', () => {
    const scrubber = createScrubber(events);
    for (const index of [events.length - 1, 10, 5000, 2047, 2048, 4095, 4096, 0, 6200, 6143, events.length - 2, 1]) {
      const expected = index === events.length - 1 ? contentAfter(index - 1) : contentAfter(Math.min(index, events.length - 2));
      expect(toChoices(scrubber.at(index))[0]!.message.content, `event ${index}`).toBe(expected);
    }
  });
});

describe('a forked accumulator', () => {
  it('goes on independently of the one it was forked from', () => {
    const stream = realStreams().find(({ name }) => name === 'openai-gpt4o-parallel-tool-calls.sse')!.bytes;
    const events = analysed(stream);
    const half = Math.floor(events.length / 2);
    const original = createScrubber(events);
    const before = toChoices(original.at(half));
    const accumulator = createAccumulator();
    for (let i = 0; i <= half; i++) accumulator.apply(i, chatReading(events[i]!).ops);
    const fork = accumulator.fork();
    expect(toChoices(fork.state)).toEqual(before);
    for (let i = half + 1; i < events.length; i++) fork.apply(i, chatReading(events[i]!).ops);
    expect(toChoices(accumulator.state)).toEqual(before);
    expect(toChoices(fork.state)).toEqual(toChoices(createScrubber(events).at(events.length - 1)));
  });
});
