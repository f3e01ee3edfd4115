// Two runs compared check by check: what got fixed, what broke, what changed otherwise, what
// stayed, and the checks only one of them has.

import { describe, expect, it } from 'vitest';
import { compareRuns, somethingBroke } from './compare.ts';
import type { CheckResult } from './report.ts';
import type { CheckFinding, CheckStatus } from './types.ts';

const DONE_NOT_LAST: CheckFinding = { code: 'done-not-last', severity: 'error', message: '[DONE] is the last event. It came at 3 of 5.' };
const BUFFERED: CheckFinding = { code: 'buffered-delivery', severity: 'warning', message: 'The body came in one read after 812 ms.' };

const result = (id: string, status: CheckStatus, findings: readonly CheckFinding[] = [], recordingId: number | null = null): CheckResult => ({
  id,
  protocol: id.startsWith('messages.') ? 'anthropic-messages' : 'chat-completions',
  status,
  summary: '…',
  expected: [],
  findings,
  recordingId,
});

describe('compareRuns', () => {
  it('says which check got fixed, which broke, which changed otherwise and which stayed the same', () => {
    const before = [result('chat.text', 'fail', [DONE_NOT_LAST], 1), result('chat.usage', 'pass', [], 2), result('chat.tools', 'warn', [BUFFERED]), result('chat.n', 'pass'), result('chat.error', 'skip')];
    const after = [result('chat.text', 'pass', [], 11), result('chat.usage', 'warn', [BUFFERED], 12), result('chat.tools', 'fail', [DONE_NOT_LAST]), result('chat.n', 'pass'), result('chat.error', 'pass')];
    const comparison = compareRuns(before, after);
    expect(comparison.checks.map(({ id, change, before: was, after: is }) => [id, change, was, is])).toEqual([
      ['chat.text', 'fixed', 'fail', 'pass'],
      ['chat.usage', 'broke', 'pass', 'warn'],
      ['chat.tools', 'changed', 'warn', 'fail'],
      ['chat.n', 'same', 'pass', 'pass'],
      ['chat.error', 'changed', 'skip', 'pass'],
    ]);
    expect(comparison.checks[0]).toMatchObject({ newFindings: [], goneFindings: ['done-not-last (error)'], recordings: { before: 1, after: 11 } });
    expect(comparison.checks[2]).toMatchObject({ newFindings: ['done-not-last (error)'], goneFindings: ['buffered-delivery (warning)'] });
    expect(comparison.counts).toEqual({ fixed: 1, broke: 1, changed: 2, same: 1, added: 0, removed: 0 });
    expect(somethingBroke(comparison)).toBe(true);
  });

  it('counts a check whose status held but whose findings moved as changed, and one whose messages alone differ as the same', () => {
    const before = [result('chat.text', 'warn', [BUFFERED]), result('chat.usage', 'warn', [BUFFERED])];
    const after = [result('chat.text', 'warn', [BUFFERED, { ...BUFFERED, code: 'mixed-line-endings' }]), result('chat.usage', 'warn', [{ ...BUFFERED, message: 'The body came in one read after 90 ms.' }])];
    const comparison = compareRuns(before, after);
    expect(comparison.checks.map(({ id, change, newFindings }) => [id, change, newFindings])).toEqual([
      ['chat.text', 'changed', ['mixed-line-endings (warning)']],
      ['chat.usage', 'same', []],
    ]);
    expect(somethingBroke(comparison)).toBe(false);
  });

  it("lists the later run's checks in its order, then those only the earlier one had, as added and removed", () => {
    const comparison = compareRuns([result('chat.text', 'pass'), result('messages.text', 'pass')], [result('chat.usage', 'fail'), result('chat.text', 'pass')]);
    expect(comparison.checks.map(({ id, change, before, after }) => [id, change, before, after])).toEqual([
      ['chat.usage', 'added', null, 'fail'],
      ['chat.text', 'same', 'pass', 'pass'],
      ['messages.text', 'removed', 'pass', null],
    ]);
    expect(comparison.checks[2]!.protocol).toBe('anthropic-messages');
    expect(comparison.counts).toEqual({ fixed: 0, broke: 0, changed: 0, same: 1, added: 1, removed: 1 });
  });

  it('compares two empty runs as nothing', () => {
    expect(compareRuns([], [])).toEqual({ checks: [], counts: { fixed: 0, broke: 0, changed: 0, same: 0, added: 0, removed: 0 } });
  });
});
