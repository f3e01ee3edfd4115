// Streams built to exhaust the analysis (issue 17): one event per new choice, millions of tiny
// events. The analysis finishes, lists a bounded number of findings and keeps a bounded number
// of events, and says what it counted but did not keep.

import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../analyze.ts';
import { toContract } from '../contract.ts';
import { MAX_ANALYSED_EVENTS } from '../fold.ts';
import { bytes, untimed } from '../../test/streams.ts';
import { MAX_FINDINGS_PER_CODE } from './diagnose.ts';

/** Each code with how many findings of it the analysis lists. */
function codeCounts(diagnostics: readonly { code: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { code } of diagnostics) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

describe('a stream with 130,000 choices', () => {
  // One event per new choice index, 0…129,999: 10 MB, each choice without a role or a finish reason.
  const parts: string[] = [];
  for (let index = 0; index < 130_000; index++) parts.push(`data: {"object":"chat.completion.chunk","choices":[{"index":${index},"delta":{"content":"x"}}]}\n\n`);
  parts.push('data: [DONE]\n\n');
  const analysis = analyzeRecording({ ...untimed(parts.join('')), end: { t: null, outcome: 'eof' } });

  it('is analysed, and lists the first 100 findings of each code and one that counts the rest', () => {
    expect(analysis.choices).toHaveLength(130_000);
    expect(codeCounts(analysis.diagnostics)).toEqual({ 'missing-finish-reason': MAX_FINDINGS_PER_CODE + 1, 'role-missing': MAX_FINDINGS_PER_CODE + 1 });
    const missing = analysis.diagnostics.filter((diagnostic) => diagnostic.code === 'missing-finish-reason');
    expect(missing[0]!.message).toBe('Choice 0 never received a finish_reason (its last event is 0).');
    expect(missing.at(-1)).toMatchObject({ severity: 'error', events: [], message: '129,900 more findings of this kind, not listed: the analysis lists the first 100 of each code.' });
  });
});

describe('a body of millions of tiny events', () => {
  const extra = 250_000;
  const tiny = bytes('data:\n\n'.repeat(MAX_ANALYSED_EVENTS + extra));
  const analysis = analyzeRecording({ ...untimed(tiny), end: { t: null, outcome: 'eof' } });

  it(`keeps the first ${MAX_ANALYSED_EVENTS.toLocaleString('en-US')} events and counts the rest`, () => {
    expect(analysis.events).toHaveLength(MAX_ANALYSED_EVENTS);
    expect(analysis.stats.events).toBe(MAX_ANALYSED_EVENTS + extra);
    expect(toContract(analysis).counts).toEqual({ events: MAX_ANALYSED_EVENTS + extra, chunks: 0, reads: 1, bytes: tiny.length });
  });

  it('says so in an info finding, and makes no end-of-stream finding about a part it did not analyse', () => {
    const notAnalysed = analysis.diagnostics.filter((diagnostic) => diagnostic.code === 'events-not-analysed');
    expect(notAnalysed).toEqual([
      {
        code: 'events-not-analysed',
        severity: 'info',
        message: 'The body holds 750,000 events; the analysis keeps the first 500,000 and counts the rest, so the end-of-stream checks (no-done, missing-finish-reason, tool calls, usage) are not made.',
        hint: 'Every byte is stored; export the recording (sse or ssrec) to look at the rest with other tools.',
        events: [],
      },
    ]);
    expect(analysis.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain('no-done');
  });
});
