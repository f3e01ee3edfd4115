// The one fold over the dialects that keep their events the generic way (fold.ts,
// generic-keeper.ts; Chat Completions' own keeper has fold.test.ts): the dialect is told by the
// request path, else by the first events (held, then replayed), else the stream is read raw; however the bytes are split into reads the analysis is the same; the live analyzer
// ends with what analyzeRecording gives; nothing throws on random events of either dialect.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { chatReading } from '../dialects/chat/kept.ts';
import { responses } from '../dialects/responses/index.ts';
import { messagesStream, responsesStream, toSse } from '../dialects/streams.test-support.ts';
import type { Recording } from '../recording/types.ts';
import { corpus, CORPUS_DIR } from '../test/dialect-corpus.ts';
import { bytes, splitAt } from '../test/streams.ts';
import { analyzeRecording, finishAnalysis } from './analyze.ts';
import { toContract } from './contract.ts';
import { createStreamAnalyzer } from './stream.ts';

const recording = (reads: Uint8Array[], url: string | null = null): Recording => ({
  source: 'sse',
  startedAt: null,
  request: url === null ? null : { method: 'POST', url, headers: {}, body: null },
  response: null,
  reads: reads.map((part) => ({ t: null, bytes: part })),
  end: null,
});

const RESPONSES = bytes(toSse(responsesStream([{ type: 'message', text: ['Hel', 'lo'] }, { type: 'function_call', name: 'f', args: ['{"a"', ':1}'] }])));
const MESSAGES = bytes(toSse(messagesStream([{ type: 'text', text: ['Hi', ' there'] }, { type: 'tool_use', name: 'f', json: ['{"a"', ':1}'] }], { outputTokens: [3] })));

describe('telling the dialect', () => {
  it('goes by the request path, then the events, and reads an untold stream raw', () => {
    expect(analyzeRecording(recording([RESPONSES])).protocol).toBe('responses');
    expect(analyzeRecording(recording([MESSAGES])).protocol).toBe('anthropic-messages');
    // The path wins over the events (a Responses body sent to /v1/messages is read as Anthropic's).
    expect(analyzeRecording(recording([RESPONSES], 'https://api.anthropic.com/v1/messages')).protocol).toBe('anthropic-messages');
    expect(analyzeRecording(recording([RESPONSES]), { protocol: 'anthropic-messages' }).protocol).toBe('anthropic-messages');
    const untold = analyzeRecording(recording([bytes('data: {"a":1}\n\n: hi\n\ndata: {"b":2}\n\n')]));
    expect(untold.protocol).toBeNull();
    expect(untold.final).toBeNull();
    expect(untold.events.map((event) => event.annotation)).toEqual(['data: "{\\"a\\":1}"', 'comment ": hi"', 'data: "{\\"b\\":2}"']);
  });

  it('holds the events before the first that tells, then reads them all in the dialect', () => {
    const held = analyzeRecording(recording([bytes(': keep-alive\n\n'), RESPONSES]));
    expect(held.protocol).toBe('responses');
    expect(held.events[0]!.interpretation.kind).toBe('comment');
    expect(held.final).toEqual(analyzeRecording(recording([RESPONSES])).final);
  });

  it('gives the dialect\'s final object, usage and token events', () => {
    const analysis = analyzeRecording(recording([MESSAGES]));
    expect(analysis.choices).toEqual([]);
    expect(analysis.final).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Hi there' }, { type: 'tool_use', name: 'f', input: { a: 1 } }], stop_reason: 'end_turn' });
    expect(analysis.usage).toMatchObject({ output_tokens: 3 });
    expect(analysis.events.filter((event) => event.tokens !== 0).length).toBe(4);
    expect(analysis.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info')).toEqual([]);
  });
});

describe("Chat's reading of another dialect's events", () => {
  it('is its view kind with no Chat operation, and reads no event again (the live store asks it of every event)', () => {
    const analysis = analyzeRecording(recording([RESPONSES]));
    const interpret = vi.spyOn(responses, 'interpret');
    try {
      const readings = analysis.events.map((event) => chatReading(event));
      expect(interpret).not.toHaveBeenCalled();
      expect(readings.map(({ kind, ops, meta }) => [kind, ops.length, meta])).toEqual(analysis.events.map((event) => [event.interpretation.kind, 0, null]));
    } finally {
      interpret.mockRestore();
    }
  });
});

describe('the live analyzer', () => {
  it.each([
    ['responses', RESPONSES],
    ['anthropic-messages', MESSAGES],
  ] as const)('ends a %s stream fed a byte at a time with what analyzeRecording gives', (protocol, body) => {
    const analyzer = createStreamAnalyzer();
    const completed: number[] = [];
    for (let i = 0; i < body.length; i++) for (const event of analyzer.feed(body.subarray(i, i + 1), null)) completed.push(event.sse.index);
    const { partial, stats } = analyzer.end();
    expect(analyzer.protocol).toBe(protocol);
    expect(completed).toEqual(analyzer.events.map((_, index) => index));
    const live = finishAnalysis(recording([body]), analyzer, { partial, stats });
    const whole = analyzeRecording(recording([body]));
    expect({ ...toContract(live), counts: null }).toEqual({ ...toContract(whole), counts: null });
  });
});

describe('chunk-boundary invariance of the other dialects', () => {
  const files = corpus().map((entry) => entry.file);
  it.skipIf(files.length === 0)('gives the same contract however the real streams are split into reads', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.array(fc.nat(), { maxLength: 12 }), (file, cuts) => {
        const body = new Uint8Array(readFileSync(CORPUS_DIR + file));
        const expected = toContract(analyzeRecording(recording([body])));
        const split = toContract(analyzeRecording(recording(splitAt(body, cuts.map((cut) => cut % (body.length + 1))))));
        expect({ ...split, counts: { ...split.counts, reads: 0 } }).toEqual({ ...expected, counts: { ...expected.counts, reads: 0 } });
      }),
      { numRuns: 60 },
    );
  });

  it('never throws on random events of either dialect', () => {
    const type = fc.constantFrom('response.created', 'response.output_item.added', 'response.output_text.delta', 'response.completed', 'message_start', 'content_block_start', 'content_block_delta', 'message_delta', 'message_stop', 'ping', 'error');
    const event = fc.record({ type, index: fc.option(fc.integer({ min: -1, max: 3 })), output_index: fc.option(fc.nat(3)), item_id: fc.option(fc.string()), delta: fc.option(fc.oneof(fc.string(), fc.object())) });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), fc.boolean(), (events, names) => {
        const analysis = analyzeRecording(recording([bytes(toSse(events as Record<string, unknown>[], names))]));
        expect(() => toContract(analysis)).not.toThrow();
        expect(() => analysis.events.map((analysed) => analysed.annotation)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
