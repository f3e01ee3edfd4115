import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import { toolCallsOf } from '../../../shared/dialects/chat/message.ts';
import { realStream, untimed } from '../../../shared/test/streams.ts';
import { fragmentOf, fragmentWindow } from './fragment-window.ts';

const span = (hidden: boolean, from: number, to: number) => ({ hidden, from, to });

describe('the fragments a tool card draws', () => {
  it('are all of them up to the limit', () => {
    expect(fragmentWindow(0, 400, null)).toEqual([]);
    expect(fragmentWindow(400, 400, 12)).toEqual([span(false, 0, 400)]);
  });

  it('are the first and the last half of the limit past it, with the rest counted', () => {
    expect(fragmentWindow(100_000, 400, null)).toEqual([span(false, 0, 200), span(true, 200, 99_800), span(false, 99_800, 100_000)]);
    expect(fragmentWindow(401, 400, null)).toEqual([span(false, 0, 200), span(true, 200, 201), span(false, 201, 401)]);
  });

  it('include those around the selected fragment when it falls between', () => {
    expect(fragmentWindow(100_000, 400, 50_000)).toEqual([
      span(false, 0, 200),
      span(true, 200, 49_950),
      span(false, 49_950, 50_051),
      span(true, 50_051, 99_800),
      span(false, 99_800, 100_000),
    ]);
    // Near an end, the window joins the end's fragments: nothing is drawn twice.
    expect(fragmentWindow(1000, 400, 230)).toEqual([span(false, 0, 200), span(false, 200, 281), span(true, 281, 800), span(false, 800, 1000)]);
    expect(fragmentWindow(1000, 400, 100)).toEqual([span(false, 0, 200), span(true, 200, 800), span(false, 800, 1000)]);
  });

  it('cover every fragment exactly once, whatever the count, limit and focus', () => {
    for (const count of [1, 2, 7, 401, 1000, 5003]) {
      for (const limit of [1, 2, 10, 400]) {
        for (const focus of [null, 0, Math.floor(count / 2), count - 1]) {
          const spans = fragmentWindow(count, limit, focus);
          expect(spans[0]!.from).toBe(0);
          expect(spans.at(-1)!.to).toBe(count);
          spans.forEach((each, i) => {
            expect(each.to).toBeGreaterThan(each.from);
            if (i > 0) expect(each.from).toBe(spans[i - 1]!.to);
          });
          if (focus !== null) expect(spans.some((each) => !each.hidden && focus >= each.from && focus < each.to)).toBe(true);
        }
      }
    }
  });
});

describe('the fragment of an event', () => {
  it('is found among the fragments of a real parallel tool call', () => {
    const choice = analyzeRecording(untimed(realStream('openai-gpt4o-parallel-tool-calls.sse'))).state.choices.get(0)!;
    const [first, second] = toolCallsOf(choice);
    expect(first!.fragments.map((fragment) => fragment.event)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(fragmentOf(first!.fragments, 2)).toBe(0);
    expect(fragmentOf(first!.fragments, 9)).toBe(7);
    expect(fragmentOf(first!.fragments, 14)).toBe(-1);
    expect(fragmentOf(second!.fragments, 14)).toBe(0);
    expect(fragmentOf(second!.fragments, 1)).toBe(-1);
  });
});
