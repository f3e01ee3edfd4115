import { describe, expect, it } from 'vitest';
import { buildMatrix, cellLabel, checkName, evidenceHref } from './matrix.ts';
import { result, run } from './fixtures.test-support.ts';

describe('the matrix of a run', () => {
  it('has a column per dialect checked, in the registry’s order, and a row per check name', () => {
    const matrix = buildMatrix(run(1));
    expect(matrix.columns).toEqual(['chat-completions', 'anthropic-messages']);
    expect(matrix.rows.map((row) => row.name)).toEqual(['text', 'usage', 'max-tokens']);
    expect(matrix.rows.map((row) => row.cells.map((cell) => cell?.id ?? null))).toEqual([
      ['chat.text', 'messages.text'],
      ['chat.usage', null],
      [null, 'messages.max-tokens'],
    ]);
  });

  it('waits in every cell until its verdict comes, then links the verdict to its recording with the first finding selected', () => {
    const matrix = buildMatrix(run(1, [result('messages.text', 'anthropic-messages', 'fail', ['stop-reason-wrong', 'no-content'], 12), result('chat.text', 'chat-completions', 'pass', [], 11)]));
    expect(matrix.rows[0]!.cells.map((cell) => [cell?.state, cell?.href])).toEqual([
      ['pass', '#/recording/11'],
      ['fail', '#/recording/12/finding/stop-reason-wrong'],
    ]);
    expect(matrix.rows[1]!.cells[0]).toEqual({ id: 'chat.usage', state: 'waiting', result: null, href: null });
  });

  it('shows a verdict whose check the run did not list, and leaves out a dialect the run did not check', () => {
    const matrix = buildMatrix(run(1, [result('chat.n', 'chat-completions', 'warn', ['choices-missing'])], { protocols: ['chat-completions'] }));
    expect(matrix.columns).toEqual(['chat-completions']);
    expect(matrix.rows.map((row) => `${row.name}: ${row.cells[0]?.state ?? 'none'}`)).toEqual(['text: waiting', 'usage: waiting', 'n: warn']);
  });
});

describe('a cell', () => {
  it('selects the finding that explains the verdict: the first of the worst severity', () => {
    const failed = result('chat.text', 'chat-completions', 'fail', [], 9);
    const findings = [
      { code: 'obfuscation', severity: 'info' as const, message: 'n' },
      { code: 'mixed-line-endings', severity: 'warning' as const, message: 'w' },
      { code: 'done-not-last', severity: 'error' as const, message: 'e' },
      { code: 'finish-not-once', severity: 'error' as const, message: 'e' },
    ];
    expect(evidenceHref({ ...failed, findings })).toBe('#/recording/9/finding/done-not-last');
    expect(evidenceHref({ ...failed, findings: findings.slice(0, 1) })).toBe('#/recording/9/finding/obfuscation');
  });


  it('has no link when no recording was stored (a skip)', () => {
    expect(evidenceHref(result('chat.text', 'chat-completions', 'skip', [], null))).toBeNull();
  });

  it('reads as its check, its state and its one line', () => {
    const [row] = buildMatrix(run(1, [result('chat.text', 'chat-completions', 'pass')])).rows;
    expect(row!.cells.map((cell) => cellLabel(cell!))).toEqual(['chat.text: pass. chat.text passed.', 'messages.text: not judged yet']);
  });
});

describe('a check’s name', () => {
  it('is its id without the dialect’s word', () => {
    expect(['chat.parallel-tools', 'responses.max-output-tokens', 'odd'].map(checkName)).toEqual(['parallel-tools', 'max-output-tokens', 'odd']);
  });
});
