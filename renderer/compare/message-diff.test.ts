import { describe, expect, test } from 'vitest';
import { analyzeRecording } from '../../shared/analysis/analyze.ts';
import { byteByByte, realStream, timed, untimed } from '../../shared/test/streams.ts';
import { diffMessages, diffText, messagesIdentical } from './message-diff.ts';
import type { Segment, TextDiff } from './message-diff.ts';

const choicesOf = (name: string) => analyzeRecording(untimed(realStream(name))).choices;
const contentOf = (name: string): string => choicesOf(name)[0]!.message.content!;

/** A's text and B's text, rebuilt from the segments. */
function sides(segments: readonly Segment[]): [string, string] {
  return [segments.filter((s) => s.kind !== 'inserted').map((s) => s.text).join(''), segments.filter((s) => s.kind !== 'deleted').map((s) => s.text).join('')];
}

function changed(diff: TextDiff | undefined): Extract<TextDiff, { kind: 'changed' }> {
  if (diff?.kind !== 'changed') throw new Error(`expected a changed diff, got ${diff?.kind}`);
  return diff;
}

describe('The message diff', () => {
  test('finds a recording identical to itself read byte by byte, field by field', () => {
    const bytes = realStream('openai-gpt41nano-text-obfuscation.sse');
    const whole = analyzeRecording(untimed(bytes)).choices;
    const split = analyzeRecording(timed(byteByByte(bytes).map((read, i) => [i, read]))).choices;
    const diffs = diffMessages(whole, split);
    expect(diffs.map((choice) => [choice.index, choice.onlyIn, choice.identical, choice.fields.map((field) => field.diff.kind)])).toEqual([[0, null, true, ['identical', 'identical']]]);
    expect(diffs[0]!.fields[0]).toEqual({ label: 'content', diff: { kind: 'identical', text: contentOf('openai-gpt41nano-text-obfuscation.sse') } });
    expect(messagesIdentical(diffs)).toBe(true);
  });

  test('diffs two parallel tool-call answers by each call’s name and arguments, and keeps the shared finish reason', () => {
    const [choice] = diffMessages(choicesOf('openai-gpt4o-parallel-tool-calls.sse'), choicesOf('openai-gpt4o-parallel-tool-calls-empty-args.sse'));
    expect(choice!.identical).toBe(false);
    expect(choice!.fields).toEqual([
      { label: 'tool call [0] name', diff: { kind: 'changed', segments: [{ kind: 'deleted', text: 'GetWeatherArgs' }, { kind: 'inserted', text: 'get_country' }], inserted: 11, deleted: 14 } },
      {
        label: 'tool call [0] arguments',
        diff: { kind: 'changed', segments: [{ kind: 'same', text: '{' }, { kind: 'deleted', text: '"city": "Edinburgh", "country": "GB", "units": "c"' }, { kind: 'same', text: '}' }], inserted: 0, deleted: 50 },
      },
      { label: 'tool call [1] name', diff: { kind: 'changed', segments: [{ kind: 'deleted', text: 'get_stock_price' }, { kind: 'inserted', text: 'get_product_name' }], inserted: 16, deleted: 15 } },
      {
        label: 'tool call [1] arguments',
        diff: { kind: 'changed', segments: [{ kind: 'same', text: '{' }, { kind: 'deleted', text: '"ticker": "AAPL", "exchange": "NASDAQ"' }, { kind: 'same', text: '}' }], inserted: 0, deleted: 38 },
      },
      { label: 'finish reason', diff: { kind: 'identical', text: 'tool_calls' } },
    ]);
  });

  test('shows a refusal against an answer as the refusal deleted and the content inserted', () => {
    const [choice] = diffMessages(choicesOf('openai-gpt4o-refusal-logprobs.sse'), choicesOf('openai-gpt4o-structured-text-usage.sse'));
    expect(choice!.fields).toEqual([
      { label: 'content', diff: { kind: 'changed', segments: [{ kind: 'inserted', text: '{"city":"San Francisco","units":"c"}' }], inserted: 36, deleted: 0 } },
      { label: 'refusal', diff: { kind: 'changed', segments: [{ kind: 'deleted', text: "I'm very sorry, but I can't assist with that request." }], inserted: 0, deleted: 53 } },
      { label: 'finish reason', diff: { kind: 'identical', text: 'stop' } },
    ]);
  });

  test('shows a cut-off answer as the words it lost, and its finish reason changed to length', () => {
    const [choice] = diffMessages(choicesOf('openai-gpt4o-structured-text-usage.sse'), choicesOf('openai-gpt4o-length-truncated.sse'));
    expect(choice!.fields).toEqual([
      { label: 'content', diff: { kind: 'changed', segments: [{ kind: 'same', text: '{"' }, { kind: 'deleted', text: 'city":"San Francisco","units":"c"}' }], inserted: 0, deleted: 34 } },
      { label: 'finish reason', diff: { kind: 'changed', segments: [{ kind: 'deleted', text: 'stop' }, { kind: 'inserted', text: 'length' }], inserted: 6, deleted: 4 } },
    ]);
  });

  test('names the choices only one recording has', () => {
    const diffs = diffMessages(choicesOf('openai-gpt4o-n3-interleaved-choices.sse'), choicesOf('openai-gpt4o-structured-text-usage.sse'));
    expect(diffs.map((choice) => [choice.index, choice.onlyIn, choice.identical])).toEqual([
      [0, null, false],
      [1, 'a', false],
      [2, 'a', false],
    ]);
    expect(messagesIdentical(diffs)).toBe(false);
  });

  test('rebuilds both texts exactly from the segments of two different essays, whitespace and newlines kept', () => {
    const a = contentOf('groq-llama33-text-x-groq.sse');
    const b = contentOf('openai-gpt41nano-text-obfuscation.sse');
    const diff = changed(diffText(a, b));
    expect(sides(diff.segments)).toEqual([a, b]);
    expect(diff.inserted).toBe(diff.segments.filter((s) => s.kind === 'inserted').reduce((sum, s) => sum + s.text.length, 0));
    expect(diff.deleted).toBe(diff.segments.filter((s) => s.kind === 'deleted').reduce((sum, s) => sum + s.text.length, 0));
    expect(diff.segments.some((s) => s.kind === 'same' && s.text.includes('\n'))).toBe(true);
  });

  test('counts an absent channel as empty text: null against null is identical, null against text all inserted', () => {
    expect(diffText(null, null)).toEqual({ kind: 'identical', text: '' });
    expect(diffText(null, 'Hello there')).toEqual({ kind: 'changed', segments: [{ kind: 'inserted', text: 'Hello there' }], inserted: 11, deleted: 0 });
  });

  test('gives up on texts more than MAX_EDITS words apart (three unrelated essays each), and hands both back whole', () => {
    const a = contentOf('groq-llama33-text-x-groq.sse').repeat(3);
    const b = contentOf('openai-gpt41nano-text-obfuscation.sse').repeat(3);
    expect(diffText(a, b)).toEqual({ kind: 'too-different', a, b });
  });
});
