import { describe, expect, it } from 'vitest';
import { createStreamAnalyzer } from './stream.ts';
import type { StreamState } from '../dialects/chat/accumulate.ts';
import { toChoices } from '../dialects/chat/message.ts';
import { body, bytes, chunk, delta, DONE_EVENT } from '../test/streams.ts';
import { chatReading } from '../dialects/chat/kept.ts';

describe('the analysis as a fold over reads', () => {
  it('returns the events each read completed, stamped with that read’s time', () => {
    const analyzer = createStreamAnalyzer();
    const text = body(chunk([delta({ role: 'assistant', content: 'Hi' })]), chunk([delta({}, 'stop')]));
    const cut = text.indexOf('data:', 10) + 3;
    expect(analyzer.feed(bytes(text.slice(0, cut)), 10).map((event) => [event.sse.index, event.t, event.interpretation.kind])).toEqual([[0, 10, 'content']]);
    expect(toChoices(analyzer.dialectState as StreamState)[0]!.finish_reason).toBeNull();
    expect(analyzer.feed(bytes(text.slice(cut)), 25).map((event) => [event.sse.index, event.t, event.interpretation.kind])).toEqual([[1, 25, 'finish']]);
    expect(toChoices(analyzer.dialectState as StreamState)[0]!.finish_reason).toBe('stop');
    expect(analyzer.end()).toMatchObject({ events: [], partial: null });
    expect(analyzer.reads).toEqual([
      { t: 10, offset: 0, length: cut },
      { t: 25, offset: cut, length: text.length - cut },
    ]);
  });

  it('hands every event on and counts it without keeping it when asked to keep none, whole, split at random and byte by byte', async () => {
    const { realStream, splitAt, byteByByte } = await import('../test/streams.ts');
    const body = realStream('openai-gpt4o-parallel-tool-calls.sse');
    const kept = createStreamAnalyzer();
    kept.feed(body, null);
    const whole = kept.end();
    const annotations = kept.events.map((event) => [event.sse.index, event.t, event.annotation]);
    for (const reads of [[body], splitAt(body, [7, 300, 301, 2000]), byteByByte(body)]) {
      const seen: unknown[] = [];
      const counted = createStreamAnalyzer({ keepEvents: false, onEvent: (event) => void seen.push([event.sse.index, event.t, event.annotation]) });
      for (const read of reads) counted.feed(read, null);
      const end = counted.end();
      expect(counted.events).toEqual([]);
      expect(seen).toEqual(annotations);
      expect(end.stats).toEqual({ ...whole.stats, reads: reads.length });
      expect(toChoices(counted.dialectState as StreamState)).toEqual(toChoices(kept.dialectState as StreamState));
    }
  });

  it('stops accumulating at [DONE], as a client does, but still annotates what follows', () => {
    const analyzer = createStreamAnalyzer();
    analyzer.feed(bytes(body(chunk([delta({ content: 'kept' })]), DONE_EVENT, chunk([delta({ content: ' lost' })]))), null);
    expect(toChoices(analyzer.dialectState as StreamState)[0]!.message.content).toBe('kept');
    expect(analyzer.events.at(-1)!.annotation).toBe('content += " lost"');
  });
});

describe('an analysed event', () => {
  it('gives back, when asked, exactly the operations the fold applied, and the token kinds it carried', async () => {
    const { interpretEvent, parseSse, TOKEN_CONTENT, TOKEN_REASONING, TOKEN_REFUSAL, TOKEN_TOOL } = await import('../index.ts');
    const { realStream } = await import('../test/streams.ts');
    for (const name of ['openai-gpt4o-parallel-tool-calls.sse', 'deepseek-reasoner-reasoning-content.sse', 'openai-gpt4o-refusal-logprobs.sse']) {
      const body = realStream(name);
      const analyzer = createStreamAnalyzer();
      analyzer.feed(body, null);
      analyzer.end();
      const fresh = parseSse(body).events.map((event) => interpretEvent(event));
      expect(analyzer.events.map((event) => chatReading(event).ops)).toEqual(fresh.map((interpretation) => interpretation.ops));
      const kinds = analyzer.events.reduce((all, event) => all | event.tokens, 0);
      expect(kinds).toBe(
        name.includes('tool') ? TOKEN_TOOL : name.includes('reasoning') ? TOKEN_REASONING | TOKEN_CONTENT : TOKEN_REFUSAL,
      );
    }
  });
});

describe('the analysis’s figures so far', () => {
  it('count bytes, reads, line endings and events while the stream is still arriving, as end() then reports them', () => {
    const analyzer = createStreamAnalyzer();
    expect(analyzer.stats).toEqual({ bytes: 0, reads: 0, bom: false, lineEndings: { lf: 0, cr: 0, crlf: 0 }, events: 0 });
    analyzer.feed(bytes('data: {}\r\n\r\n'), 1);
    analyzer.feed(bytes('data: {}\n\n'), 2);
    expect(analyzer.stats).toEqual({ bytes: 22, reads: 2, bom: false, lineEndings: { lf: 2, cr: 0, crlf: 2 }, events: 2 });
    expect(analyzer.end().stats).toEqual(analyzer.stats);
  });
});
