// The matrix and two runs compared, drawn to static markup in Node.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckMatrix } from './CheckMatrix.tsx';
import { buildMatrix, cellLabel } from './matrix.ts';
import type { MatrixCell } from './matrix.ts';
import { compareStoredRuns } from './run-compare.ts';
import { RunCompare } from './RunCompare.tsx';
import { ResultList } from './ResultList.tsx';
import { CHECKS, result, run } from './fixtures.test-support.ts';

const cellsOf = (markup: string) => [...markup.matchAll(/<td data-check="([\w.-]+)" data-status="(\w+)">(.*?)<\/td>/g)].map((match) => [match[1], match[2], match[3]]);

describe('the matrix, drawn', () => {
  it('names each verdict in words in its cell and links it to the recording with its first finding', () => {
    const matrix = buildMatrix(run(1, [result('chat.text', 'chat-completions', 'fail', ['done-not-last'], 21)]));
    const markup = renderToStaticMarkup(createElement(CheckMatrix<MatrixCell>, { matrix, label: cellLabel, caption: 'Checks by API: each verdict opens the recording behind it', rowHeading: 'Check' }));
    expect(markup).toContain('<th scope="col"><abbr title="Chat Completions">chat</abbr></th><th scope="col"><abbr title="Anthropic Messages">messages</abbr></th>');
    expect(cellsOf(markup)).toEqual([
      ['chat.text', 'fail', '<a href="#/recording/21/finding/done-not-last" title="chat.text: fail. chat.text: done-not-last." aria-label="chat.text: fail. chat.text: done-not-last. Open its recording."><span class="check-status check-status-fail" data-status="fail">fail</span></a>'],
      ['messages.text', 'waiting', '<span title="messages.text: not judged yet"><span class="check-status check-status-waiting" data-status="waiting">waiting</span><span class="visually-hidden"> messages.text: not judged yet</span></span>'],
      ['chat.usage', 'waiting', expect.stringContaining('waiting') as unknown as string],
      ['messages.max-tokens', 'waiting', expect.stringContaining('waiting') as unknown as string],
    ]);
    // The cells a dialect's battery lacks say so to a screen reader.
    expect(markup.match(/not in this API’s battery/g)).toHaveLength(2);
  });
});

describe('the verdicts, drawn as they arrive', () => {
  it('list each one with its findings and the rules its check applies', () => {
    const markup = renderToStaticMarkup(createElement(ResultList, { checks: CHECKS, results: [result('chat.usage', 'chat-completions', 'warn', ['usage-late'], 4)] }));
    expect(markup).toContain('<span class="check-status check-status-warn" data-status="warn">warn</span> <code>chat.usage</code> <span class="check-summary">chat.usage: usage-late.</span><a href="#/recording/4/finding/usage-late" class="check-evidence" aria-label="Open the recording of chat.usage">Recording #4</a>');
    expect(markup).toContain('<li data-severity="warning"><span class="check-finding-severity">warning</span> <code>usage-late</code> usage-late found.</li>');
    expect(markup).toContain('<summary>Expected (2 rules)</summary><p class="muted">What chat.usage asks.</p><ul><li>chat.usage rule one.</li><li>chat.usage rule two.</li></ul>');
  });

  it('say none has come yet', () => {
    expect(renderToStaticMarkup(createElement(ResultList, { checks: CHECKS, results: [] }))).toBe('<p class="muted">No verdict yet: the first check is under way.</p>');
  });
});

describe('two runs, drawn side by side', () => {
  it('name each change in words, what went and came, and link both streams to the compare view', () => {
    const before = run(1, [result('chat.text', 'chat-completions', 'fail', ['done-not-last'], 3), result('chat.usage', 'chat-completions', 'pass', [], 4)]);
    const after = run(2, [result('chat.text', 'chat-completions', 'pass', [], 13), result('chat.usage', 'chat-completions', 'fail', ['usage-missing'], 14)]);
    const markup = renderToStaticMarkup(createElement(RunCompare, { before, after, compared: compareStoredRuns(before, after).rows }));
    const rows = [...markup.matchAll(/<tr data-testid="check-compared" data-check="([\w.-]+)" data-change="(\w+)"/g)].map((match) => `${match[1]} ${match[2]}`);
    expect(rows).toEqual(['chat.text fixed', 'chat.usage broke']);
    expect(markup).toContain('<span class="check-change check-change-word-fixed">fixed</span><span class="check-moved"> gone: done-not-last (error)</span> <a href="#/compare/3/13" aria-label="Compare the two recordings of chat.text">Compare streams</a>');
    expect(markup).toContain('<span class="check-change check-change-word-broke">broke</span><span class="check-moved"> new: usage-missing (error)</span>');
    expect(markup).toContain('<th scope="col">Before: run #1</th><th scope="col">After: run #2</th>');
  });
});
