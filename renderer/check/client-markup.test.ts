// The Client tab's pieces, drawn to static markup in Node.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckMatrix } from './CheckMatrix.tsx';
import { CheckTabs } from './CheckTabs.tsx';
import { buildClientMatrix, clientCellLabel } from './client-matrix.ts';
import type { ClientCell } from './client-matrix.ts';
import { ClientContract } from './ClientContract.tsx';
import { ClientResultList } from './ClientResultList.tsx';
import { clientRun, verdict } from './client-fixtures.test-support.ts';

const cellsOf = (markup: string) => [...markup.matchAll(/<td data-check="([\w.-]+)" data-status="([\w-]+)">(.*?)<\/td>/g)].map((match) => [match[1], match[2], match[3]]);

describe('the client matrix, drawn', () => {
  it('names each verdict in words in its cell, wrong among them, and links it to the stream the case served', () => {
    const matrix = buildClientMatrix(clientRun(1, [verdict('cut-before-done', 'chat-completions', 'wrong', 21)]));
    const markup = renderToStaticMarkup(createElement(CheckMatrix<ClientCell>, { matrix, label: clientCellLabel, caption: 'Cases by API', rowHeading: 'Case' }));
    expect(markup).toContain('<caption>Cases by API</caption><thead><tr><th scope="col">Case</th><th scope="col"><abbr title="Chat Completions">chat</abbr></th>');
    expect(cellsOf(markup)[2]).toEqual([
      'chat.cut-before-done',
      'wrong',
      '<a href="#/recording/21" title="chat.cut-before-done: wrong (the worst: another answer, or a broken stream taken as complete, and no error). cut-before-done was wrong." aria-label="chat.cut-before-done: wrong (the worst: another answer, or a broken stream taken as complete, and no error). cut-before-done was wrong. Open its recording."><span class="check-status check-status-wrong" data-status="wrong">wrong</span></a>',
    ]);
    expect(cellsOf(markup).map(([id, state]) => `${id} ${state}`)).toEqual(['chat.clean waiting', 'messages.clean waiting', 'chat.cut-before-done wrong', 'messages.http-529 waiting']);
  });
});

describe('the client verdicts, drawn as they arrive', () => {
  it('list each one with how the command ended, its output and the requests it made', () => {
    const result = verdict('cut-before-done', 'chat-completions', 'wrong', 4, { exitCode: 0, durationMs: 1250, stdout: 'Hello', requests: [{ method: 'POST', path: '/v1/chat/completions', body: { model: 'gpt-4o', stream: true } }] });
    const markup = renderToStaticMarkup(createElement(ClientResultList, { results: [result] }));
    expect(markup).toContain('<li data-testid="client-result" data-case="chat.cut-before-done" data-status="wrong"><div class="check-result-line"><span class="check-status check-status-wrong" data-status="wrong">wrong</span> <code>chat.cut-before-done</code> <span class="check-summary">cut-before-done was wrong.</span><a href="#/recording/4" class="check-evidence" aria-label="Open the recording of chat.cut-before-done">Recording #4</a></div>');
    expect(markup).toContain('<p class="muted check-client-outcome">Exited 0 after 1.25 s · a broken stream: to detect</p>');
    expect(markup).toContain('<h4>stdout</h4><pre class="check-client-output">Hello</pre><h4>stderr</h4><p class="muted">(nothing)</p><h4>1 request to the mock</h4><ol class="check-client-requests"><li><code>POST /v1/chat/completions {&quot;model&quot;:&quot;gpt-4o&quot;,&quot;stream&quot;:true}</code></li></ol>');
  });

  it('say a killed command was killed, and that it made no request', () => {
    const markup = renderToStaticMarkup(createElement(ClientResultList, { results: [verdict('clean', 'anthropic-messages', 'hung', null, { durationMs: 30_000 })] }));
    expect(markup).toContain('Killed by a signal after 30.00 s · a valid stream: to survive');
    expect(markup).toContain('<h4>0 requests to the mock</h4></details>');
    expect(markup).not.toContain('Recording #');
  });

  it('say none has come yet', () => {
    expect(renderToStaticMarkup(createElement(ClientResultList, { results: [] }))).toBe('<p class="muted">No verdict yet: the first case is under way.</p>');
  });
});

describe('the tabs, drawn', () => {
  it('select the open one, reachable by Tab, the other by the arrow keys, and label its panel', () => {
    const markup = renderToStaticMarkup(createElement(CheckTabs, { current: 'client', children: 'the form' }));
    expect(markup).toBe(
      '<div role="tablist" aria-label="What to check" class="check-tabs"><button type="button" role="tab" id="check-tab-server" aria-selected="false" tabindex="-1">Server</button><button type="button" role="tab" id="check-tab-client" aria-selected="true" aria-controls="check-panel-client" tabindex="0">Client</button></div><div role="tabpanel" id="check-panel-client" aria-labelledby="check-tab-client" class="check-panel">the form</div>',
    );
  });
});

describe('what the command gets', () => {
  it('names every variable it is given and what it must print', () => {
    const markup = renderToStaticMarkup(createElement(ClientContract));
    for (const name of ['OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'STREAMSCOPE_BASE_URL', 'STREAMSCOPE_CASE', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY']) expect(markup).toContain(`<code>${name}</code>`);
    expect(markup).toContain('<code>{ &quot;text&quot;: …, &quot;toolCalls&quot;: [ { &quot;name&quot;: …, &quot;arguments&quot;: … } ] }</code>');
    expect(markup).toContain('<code>docs/client-conformance/</code>');
  });
});
