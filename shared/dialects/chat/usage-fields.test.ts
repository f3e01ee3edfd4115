import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../analysis/analyze.ts';
import { realStream, realStreams, untimed } from '../../test/streams.ts';
import { usageFields } from './usage-fields.ts';

// How many of the corpus's streams carry usage.
const STREAMS_WITH_USAGE = 34;

const usageOf = (name: string) => analyzeRecording(untimed(realStream(name))).state.usage!;

describe('the fields of a usage object', () => {
  it('flattens the details objects to dotted names, in the order they came', () => {
    expect(usageFields(usageOf('openai-gpt4o-parallel-tool-calls.sse'))).toEqual([
      { path: 'prompt_tokens', value: '149', known: true },
      { path: 'completion_tokens', value: '60', known: true },
      { path: 'total_tokens', value: '209', known: true },
      { path: 'completion_tokens_details.reasoning_tokens', value: '0', known: true },
    ]);
  });

  it('keeps and marks the fields a provider added, null and empty objects included', () => {
    const fields = usageFields({ prompt_tokens: 19, prompt_tokens_details: null, reasoning_tokens: 0, cost: '0.0001', timings: { queue: 0.1, list: [1, 2] }, extra: {} });
    expect(fields).toEqual([
      { path: 'prompt_tokens', value: '19', known: true },
      { path: 'prompt_tokens_details', value: 'null', known: true },
      { path: 'reasoning_tokens', value: '0', known: false },
      { path: 'cost', value: '0.0001', known: false },
      { path: 'timings.queue', value: '0.1', known: false },
      { path: 'timings.list', value: '[1,2]', known: false },
      { path: 'extra', value: '{}', known: false },
    ]);
  });

  it('loses no leaf of any usage in the real streams', () => {
    let streams = 0;
    for (const { name, bytes } of realStreams()) {
      const usage = analyzeRecording(untimed(bytes)).state.usage;
      if (!usage) continue;
      streams++;
      const rebuilt: Record<string, unknown> = {};
      for (const { path, value } of usageFields(usage)) {
        const keys = path.split('.');
        let at = rebuilt;
        for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
        const original = keys.reduce<unknown>((object, key) => (object as Record<string, unknown>)[key], usage);
        at[keys.at(-1)!] = typeof original === 'string' ? value : JSON.parse(value);
      }
      expect(rebuilt, name).toEqual(usage);
    }
    expect(streams).toBe(STREAMS_WITH_USAGE);
  });
});
