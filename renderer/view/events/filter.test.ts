import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import { createStreamAnalyzer } from '../../../shared/analysis/stream.ts';
import { realStream, untimed } from '../../../shared/test/streams.ts';
import { compileQuery, createFilterer, eventAt, rowOf } from './filter.ts';
import type { EventFilter } from './filter.ts';

const groq = analyzeRecording(untimed(realStream('groq-llama33-text-x-groq.sse'))).events;
const tools = analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse'))).events;
const noQuery = compileQuery('', false);

describe('compileQuery', () => {
  it('searches text as typed, ignoring case, with regex characters taken literally', () => {
    const { test, error } = compileQuery('Tool_Calls[1]', false);
    expect(error).toBeNull();
    expect([test!('tool_calls[1].arguments += "x"'), test!('tool_calls[0]'), test!('tool_calls1')]).toEqual([true, false, false]);
  });

  it('searches a regular expression as written, ignoring case', () => {
    const { test } = compileQuery('arguments \\+= "\\{', true);
    expect([test!('tool_calls[0].arguments += "{\\"ci"'), test!('arguments += "ty"')]).toEqual([true, false]);
  });

  it('says what is wrong with a bad pattern, and then matches nothing', () => {
    const { test, error } = compileQuery('(content', true);
    expect(error).toBe('invalid pattern: Invalid regular expression: /(content/i: Unterminated group');
    expect(test!('content += "(content"')).toBe(false);
  });

  it('takes the same bad pattern as plain text when regex is off', () => {
    expect(compileQuery('(content', false).error).toBeNull();
  });
});

describe('the filtered events', () => {
  it('are all the events, unlisted, when nothing filters them, with the count of each kind', () => {
    const filtered = createFilterer({ kinds: null, query: noQuery }).apply(groq);
    expect(filtered).toEqual({ rows: null, count: 664, total: 664, kinds: { role: 1, content: 661, finish: 1, done: 1 } });
    expect(eventAt(filtered, 5)).toBe(5);
  });

  it('keep the kinds ticked', () => {
    const filtered = createFilterer({ kinds: new Set(['role', 'finish', 'done']), query: noQuery }).apply(groq);
    expect(filtered.rows).toEqual([0, 662, 663]);
    expect(filtered.kinds.content).toBe(661);
  });

  it('keep the events whose annotation or data holds the text: a provider extension is found by name', () => {
    const filtered = createFilterer({ kinds: null, query: compileQuery('X_GROQ', false) }).apply(groq);
    expect(filtered.rows).toEqual([0, 662]);
    // "seed" is only in the data of the first event, not in any annotation.
    expect(createFilterer({ kinds: null, query: compileQuery('"seed":1535227698', false) }).apply(groq).rows).toEqual([0]);
  });

  it('combine kinds and text', () => {
    const filter: EventFilter = { kinds: new Set(['tool']), query: compileQuery('tool_calls\\[1\\] \\{', true) };
    const filtered = createFilterer(filter).apply(tools);
    expect(filtered.rows!.map((index) => tools[index]!.annotation)).toEqual([
      'tool_calls[1] { id = "call_DNYTawLBoN8fj3KN6qU9N1Ou", type = "function", name = "get_stock_price", arguments += "" }',
    ]);
  });

  it('of a bad pattern are none', () => {
    expect(createFilterer({ kinds: null, query: compileQuery('[', true) }).apply(tools)).toMatchObject({ rows: [], count: 0, total: tools.length });
  });

  it('grow with a live recording to what filtering the whole gives, wording each event once', () => {
    let worded = 0;
    const counted = tools.map(
      (event) =>
        new Proxy(event, {
          get(target, key) {
            if (key === 'annotation') worded++;
            return Reflect.get(target, key, target);
          },
        }),
    );
    const filter: EventFilter = { kinds: null, query: compileQuery('arguments', false) };
    const live = createFilterer(filter);
    // A live analysis's events: one array, growing.
    const growing: AnalyzedEvent[] = [];
    for (const length of [0, 3, 10, 11, 20, counted.length]) {
      growing.push(...counted.slice(growing.length, length));
      live.apply(growing);
    }
    expect(live.apply(growing)).toEqual(createFilterer(filter).apply(tools));
    expect(worded).toBe(tools.length);
    // The next filter (the next keystroke) reuses the words.
    expect(createFilterer({ kinds: null, query: compileQuery('argument', false) }).apply(growing).count).toBe(live.apply(growing).count);
    expect(worded).toBe(tools.length);
  });

  it('start over for another recording', () => {
    const filterer = createFilterer({ kinds: new Set(['role']), query: noQuery });
    expect(filterer.apply(tools).rows).toEqual([0]);
    expect(filterer.apply(groq).rows).toEqual([0]);
    expect(filterer.apply(groq).kinds.role).toBe(1);
  });

  it('hand out results that never change afterwards', () => {
    const analyzer = createStreamAnalyzer();
    const filterer = createFilterer({ kinds: new Set(['tool']), query: noQuery });
    const stream = realStream('openai-gpt4o-parallel-tool-calls.sse');
    analyzer.feed(stream.subarray(0, 2000), null);
    const first = filterer.apply(analyzer.events);
    const rows = [...first.rows!];
    analyzer.feed(stream.subarray(2000), null);
    expect(filterer.apply(analyzer.events).count).toBeGreaterThan(rows.length);
    expect(first.rows).toEqual(rows);
  });
});

describe('rowOf', () => {
  const filtered = createFilterer({ kinds: new Set(['role', 'finish', 'done']), query: noQuery }).apply(groq);

  it('finds a shown event’s row', () => {
    expect(rowOf(filtered, 662)).toEqual({ row: 1, exact: true });
  });

  it('gives, for a hidden event, the row of the next shown one', () => {
    expect(rowOf(filtered, 5)).toEqual({ row: 1, exact: false });
    expect(rowOf(filtered, 664)).toEqual({ row: 3, exact: false });
  });

  it('is the event itself when every event is shown', () => {
    const all = createFilterer({ kinds: null, query: noQuery }).apply(groq);
    expect([rowOf(all, 7), rowOf(all, 700)]).toEqual([
      { row: 7, exact: true },
      { row: 664, exact: false },
    ]);
  });
});
