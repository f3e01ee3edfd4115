import { describe, expect, it } from 'vitest';
import { buildClientMatrix, caseKey, clientCellLabel } from './client-matrix.ts';
import { clientRun, verdict } from './client-fixtures.test-support.ts';

describe('the matrix of a client run', () => {
  it('has a column per dialect run, in the registry’s order, and a row per case id', () => {
    const matrix = buildClientMatrix(clientRun(1));
    expect(matrix.columns).toEqual(['chat-completions', 'anthropic-messages']);
    expect(matrix.rows.map((row) => [row.name, ...row.cells.map((cell) => cell?.id ?? null)])).toEqual([
      ['clean', 'chat.clean', 'messages.clean'],
      ['cut-before-done', 'chat.cut-before-done', null],
      ['http-529', null, 'messages.http-529'],
    ]);
  });

  it('waits in every cell until its verdict comes, then links it to the recording of the stream served', () => {
    const matrix = buildClientMatrix(clientRun(1, [verdict('cut-before-done', 'chat-completions', 'wrong', 31), verdict('clean', 'anthropic-messages', 'survived', 32)]));
    expect(matrix.rows.map((row) => row.cells.map((cell) => (cell === null ? null : `${cell.state} ${cell.href}`)))).toEqual([
      ['waiting null', 'survived #/recording/32'],
      ['wrong #/recording/31', null],
      [null, 'waiting null'],
    ]);
  });

  it('tells the same case id of two dialects apart', () => {
    const matrix = buildClientMatrix(clientRun(1, [verdict('clean', 'chat-completions', 'crashed')]));
    expect(matrix.rows[0]!.cells.map((cell) => cell?.state)).toEqual(['crashed', 'waiting']);
  });

  it('shows a verdict whose case the run did not list, and leaves out a dialect the run did not run', () => {
    const matrix = buildClientMatrix(clientRun(1, [verdict('one-read', 'chat-completions', 'hung')], { protocols: ['chat-completions'] }));
    expect(matrix.columns).toEqual(['chat-completions']);
    expect(matrix.rows.map((row) => `${row.name}: ${row.cells[0]?.state ?? 'none'}`)).toEqual(['clean: waiting', 'cut-before-done: waiting', 'one-read: hung']);
  });

  it('has no link where no recording was stored', () => {
    const matrix = buildClientMatrix(clientRun(1, [verdict('clean', 'chat-completions', 'no-request', null)]));
    expect(matrix.rows[0]!.cells[0]!.href).toBeNull();
  });
});

describe('a client cell', () => {
  it('reads as its case, its verdict and what it means, and its one line; wrong as the worst', () => {
    const [clean, cut] = buildClientMatrix(clientRun(1, [verdict('cut-before-done', 'chat-completions', 'wrong'), verdict('clean', 'chat-completions', 'survived')])).rows;
    expect(clientCellLabel(cut!.cells[0]!)).toBe('chat.cut-before-done: wrong (the worst: another answer, or a broken stream taken as complete, and no error). cut-before-done was wrong.');
    expect(clientCellLabel(clean!.cells[0]!)).toBe('chat.clean: survived (passes: a valid stream, the same answer). clean was survived.');
    expect(clientCellLabel(clean!.cells[1]!)).toBe('messages.clean: not judged yet');
  });

  it('is named by the dialect’s word and the case id', () => {
    expect(caseKey({ protocol: 'responses', id: 'response-failed' })).toBe('responses.response-failed');
  });
});
