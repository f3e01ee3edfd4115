import { describe, expect, it } from 'vitest';
import { realStream, realStreams, untimed } from '../../test/streams.ts';
import { analyzeRecording } from '../analyze.ts';
import { evidenceOf, groupBySeverity } from './groups.ts';

const diagnosticsOf = (name: string) => analyzeRecording(untimed(realStream(name))).diagnostics;

describe('diagnostics grouped by severity', () => {
  it('puts errors first, then warnings, then notes, each in the order found', () => {
    const groups = groupBySeverity(diagnosticsOf('openrouter-minimax-midstream-error.sse'));
    expect(groups.map(({ title, diagnostics }) => [title, diagnostics.map((diagnostic) => diagnostic.code)])).toEqual([
      ['Errors', ['stream-error']],
      ['Warnings', ['finish-length']],
      ['Notes', ['comment', 'empty-content-delta', 'unknown-field']],
    ]);
  });

  it('keeps the empty groups, for a tally of 0', () => {
    expect(groupBySeverity(diagnosticsOf('cohere-compat-command-r7b.sse')).map(({ severity, diagnostics }) => [severity, diagnostics.length])).toEqual([
      ['error', 0],
      ['warning', 0],
      ['info', 0],
    ]);
  });

  it('loses and repeats no finding of any real stream', () => {
    for (const { name, bytes } of realStreams()) {
      const { diagnostics } = analyzeRecording(untimed(bytes));
      const grouped = groupBySeverity(diagnostics).flatMap((group) => group.diagnostics);
      expect(new Set(grouped), name).toEqual(new Set(diagnostics));
      expect(grouped, name).toHaveLength(diagnostics.length);
    }
  });
});

describe('the evidence of a finding', () => {
  it('shows the first 20 events and counts the rest', () => {
    const obfuscation = diagnosticsOf('openai-gpt41nano-text-obfuscation.sse').find((diagnostic) => diagnostic.code === 'obfuscation')!;
    const { shown, more } = evidenceOf(obfuscation.events);
    expect(shown).toEqual(obfuscation.events.slice(0, 20));
    expect(more).toBe(obfuscation.events.length - 20);
    expect(obfuscation.events).toHaveLength(303);
  });

  it('shows all of a short list and counts none', () => {
    expect(evidenceOf([4, 9])).toEqual({ shown: [4, 9], more: 0 });
    expect(evidenceOf([])).toEqual({ shown: [], more: 0 });
    expect(evidenceOf([1, 2, 3], 2)).toEqual({ shown: [1, 2], more: 1 });
  });
});
