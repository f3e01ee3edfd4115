import { describe, expect, test } from 'vitest';
import { analyzeRecording } from '../../shared/analysis/analyze.ts';
import { realStream, untimed } from '../../shared/test/streams.ts';
import { pairDiagnostics } from './diagnostic-pairs.ts';

const diagnosticsOf = (name: string) => analyzeRecording(untimed(realStream(name))).diagnostics;

describe('The diagnostics pairing', () => {
  test('pairs a refusal against a cut-off answer: each warning in one recording only, the usage chunk in both', () => {
    const refusal = diagnosticsOf('openai-gpt4o-refusal-logprobs.sse');
    const cut = diagnosticsOf('openai-gpt4o-length-truncated.sse');
    const pairs = pairDiagnostics(refusal, cut);
    expect(pairs.map((pair) => [pair.code, pair.severity, pair.title, pair.onlyIn, pair.a.length, pair.b.length])).toEqual([
      ['finish-length', 'warning', 'Output cut at the token limit', 'b', 0, 1],
      ['refusal', 'warning', 'Refusal', 'a', 1, 0],
      ['usage-chunk', 'info', 'Usage-only chunk', null, 1, 1],
    ]);
    expect(pairs[1]!.a).toEqual(refusal.filter((diagnostic) => diagnostic.code === 'refusal'));
  });

  test('orders errors before warnings before notes, whichever side found them', () => {
    const pairs = pairDiagnostics(diagnosticsOf('openai-gpt41nano-text-obfuscation.sse'), diagnosticsOf('snowflake-cortex-claude-no-finish-reason.sse'));
    const order = { error: 0, warning: 1, info: 2 };
    const ranks = pairs.map((pair) => order[pair.severity]);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(pairs.find((pair) => pair.code === 'missing-finish-reason')).toMatchObject({ severity: 'error', onlyIn: 'b' });
    expect(pairs.find((pair) => pair.code === 'obfuscation')).toMatchObject({ severity: 'info', onlyIn: 'a' });
  });

  test('finds nothing to pair in two clean recordings', () => {
    expect(pairDiagnostics([], [])).toEqual([]);
  });
});
