// The four panels drawn to static markup (no DOM: react-dom/server) from analyses of real streams:
// what a reader and the Playwright tests look for is there, recorded text stays text.

import { createElement } from 'react';
import type { FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { createScrubber } from '../../../shared/analysis/scrub.ts';
import { toChoices } from '../../../shared/dialects/chat/message.ts';
import { oneEventPerRead, realStream, realStreams, untimed } from '../../../shared/test/streams.ts';
import type { PanelProps, ScrubbedState } from '../types.ts';
import { DiagnosticsPanel } from './DiagnosticsPanel.tsx';
import { MessagePanel } from './MessagePanel.tsx';
import { ToolCallsPanel } from './ToolCallsPanel.tsx';
import { UsagePanel } from './UsagePanel.tsx';

const PANELS: readonly FunctionComponent<PanelProps>[] = [MessagePanel, ToolCallsPanel, UsagePanel, DiagnosticsPanel];

function props(analysis: Analysis, more: Partial<PanelProps> = {}): PanelProps {
  return { analysis, live: false, selected: null, onSelect: () => {}, highlighted: [], onHighlight: () => {}, scrubbed: null, ...more };
}

const draw = (panel: FunctionComponent<PanelProps>, given: PanelProps) => renderToStaticMarkup(createElement(panel, given));

const analysisOf = (name: string) => analyzeRecording(untimed(realStream(name)));

/** A real stream, one event a read, read i at 100 + 10·i ms. */
const timedByEvent = (name: string) => analyzeRecording(oneEventPerRead(realStream(name), (read) => 100 + 10 * read));

function scrubbedAt(analysis: Analysis, event: number): ScrubbedState {
  const state = createScrubber(analysis.events).at(event);
  return { event, state, choices: toChoices(state) };
}

const count = (markup: string, needle: string) => markup.split(needle).length - 1;

describe('the panels of every real stream', () => {
  it('draw without throwing, each under its test id', () => {
    for (const { name, bytes } of realStreams()) {
      const given = props(analyzeRecording(untimed(bytes)));
      for (const [panel, id] of [
        [MessagePanel, 'message-panel'],
        [ToolCallsPanel, 'tool-calls-panel'],
        [UsagePanel, 'usage-panel'],
        [DiagnosticsPanel, 'diagnostics-panel'],
      ] as const) {
        expect(draw(panel, given), `${name}: ${id}`).toContain(`data-testid="${id}"`);
      }
    }
  });
});

describe('the message panel', () => {
  it('shows the reasoning before the content, labelled', () => {
    const markup = draw(MessagePanel, props(analysisOf('deepseek-reasoner-reasoning-content.sse')));
    expect(markup.indexOf('data-testid="reasoning"')).toBeGreaterThan(-1);
    expect(markup.indexOf('data-testid="reasoning"')).toBeLessThan(markup.indexOf('data-testid="content"'));
    expect(markup).toContain('<summary>Reasoning (');
  });

  it('shows a refusal as a warning', () => {
    const markup = draw(MessagePanel, props(analysisOf('openai-gpt4o-refusal-logprobs.sse')));
    expect(markup).toMatch(/data-testid="refusal">.*I&#x27;m very sorry, but I can&#x27;t assist with that request\./s);
    expect(markup).toContain('A client that reads only content shows an empty answer here.');
  });

  it('shows each of three choices with its index', () => {
    const markup = draw(MessagePanel, props(analysisOf('openai-gpt4o-n3-interleaved-choices.sse')));
    expect(count(markup, 'data-testid="choice"')).toBe(3);
    for (const index of [0, 1, 2]) expect(markup).toContain(`>Choice ${index}</h3>`);
  });

  it('says a choice ended without a finish reason', () => {
    const markup = draw(MessagePanel, props(analysisOf('snowflake-cortex-claude-no-finish-reason.sse')));
    expect(markup).toContain('Incomplete: the stream ended without a finish reason for this choice.');
  });

  it('shows the message as of the selected event, and offers the end', () => {
    const analysis = timedByEvent('openai-gpt4o-refusal-logprobs.sse');
    const markup = draw(MessagePanel, props(analysis, { selected: 4, scrubbed: scrubbedAt(analysis, 4) }));
    expect(markup).toContain('Shown as of event #4, 140 ms');
    expect(markup).toMatch(/data-testid="refusal">.*I&#x27;m very sorry,<\/div>/s);
    expect(markup).toContain('Incomplete as of this event: no finish reason yet.');
    expect(markup).toContain('>at selected event</button>');
    expect(markup).toContain('>at end</button>');
    expect(draw(MessagePanel, props(analysis))).not.toContain('>at end</button>');
  });

  it('renders recorded markup as text', () => {
    const hostile = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"<img src=x onerror=alert(1)>"}}]}\n\n';
    const markup = draw(MessagePanel, props(analyzeRecording(untimed(hostile))));
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(markup).not.toContain('<img');
  });

  it('shows the request with its secrets redacted, its messages and the raw body', () => {
    const recording = {
      ...untimed(realStream('openai-gpt4o-parallel-tool-calls.sse')),
      request: {
        method: 'POST',
        url: 'https://api.example.com/v1/chat/completions?api-key=abcdefghijklmnop1234',
        headers: { authorization: 'Bearer sk-proj-abcdefghijklmnopqrstuvwxyz0123', 'content-type': 'application/json' },
        body: { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Weather in Paris and the time in Tokyo?' }], tools: [{ type: 'function', function: { name: 'GetWeatherArgs' } }] },
      },
    };
    const markup = draw(MessagePanel, props(analyzeRecording(recording)));
    expect(markup).not.toContain('abcdefghijklmnop');
    expect(markup).toContain('Bearer sk-proj-…0123');
    expect(markup).toContain('Weather in Paris and the time in Tokyo?');
    expect(markup).toContain('1: GetWeatherArgs');
    expect(markup).toContain('Raw request body (');
  });
});

describe('the tool calls panel', () => {
  it('draws a card per index with every fragment a button naming its event', () => {
    const analysis = analysisOf('openai-gpt4o-parallel-tool-calls.sse');
    const markup = draw(ToolCallsPanel, props(analysis, { selected: 9 }));
    expect(count(markup, 'data-testid="tool-card"')).toBe(2);
    expect(markup).toContain('data-testid="tool-card" data-index="0"');
    expect(markup).toContain('data-testid="tool-card" data-index="1"');
    const fragments = [...analysis.state.choices.get(0)!.toolCalls.values()].reduce((sum, call) => sum + call.fragments.length, 0);
    expect(count(markup, 'data-testid="tool-fragment"')).toBe(fragments);
    expect(markup).toContain('aria-label="Fragment 8, event #9" aria-current="true"');
    expect(count(markup, 'data-testid="tool-arguments"')).toBe(2);
  });

  it('says where arguments stop being JSON', () => {
    const markup = draw(ToolCallsPanel, props(analysisOf('groq-gptoss-tool-use-failed-error-event.sse')));
    expect(markup).toContain('No tool calls in this stream.');
    const cut = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{\\"a\\":"}}]}}]}\n\ndata: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\n';
    const failed = draw(ToolCallsPanel, props(analyzeRecording(untimed(cut))));
    expect(failed).toContain('data-testid="tool-arguments-error">Not JSON at line 1, column 6 (character 5): expected a value (the text ends early)');
  });

  it('notes an index the provider did not send', () => {
    expect(draw(ToolCallsPanel, props(analysisOf('mistral-small-tool-call-no-index.sse')))).toContain('Index assigned');
  });
});

describe('the usage panel', () => {
  it('shows every usage field, the details and extensions included', () => {
    const markup = draw(UsagePanel, props(analysisOf('xai-grok3mini-reasoning-tool-call.sse')));
    expect(markup).toContain('completion_tokens_details.reasoning_tokens');
    expect(markup).toMatch(/<dt>reasoning<\/dt><dd>\d/);
  });

  it('marks fields outside OpenAI usage as extensions', () => {
    // Azure's usage: prompt_tokens, total_tokens, completion_tokens, prompt_tokens_details: null, and its own reasoning_tokens.
    const markup = draw(UsagePanel, props(analysisOf('azure-foundry-deepseek-v4-reasoning-matched-stop.sse')));
    expect(markup).toContain('<th scope="row" class="panel-code">prompt_tokens_details</th><td class="panel-num panel-code">null</td>');
    expect(markup).toContain('reasoning_tokens<span class="usage-extension"> (provider extension)</span>');
    expect(count(markup, '(provider extension)')).toBe(1);
  });

  it('says untimed recordings have no metrics', () => {
    expect(draw(UsagePanel, props(analysisOf('openai-gpt4o-parallel-tool-calls.sse')))).toContain('metrics need timing');
  });

  it('shows the metrics with their definitions, the benchmark they follow, tokens per second and the gap histogram', () => {
    const markup = draw(UsagePanel, props(timedByEvent('openai-gpt4o-parallel-tool-calls.sse')));
    expect(markup).toContain('data-testid="gap-histogram"');
    expect(markup).toContain('data-metric="tpot_ms"');
    expect(markup).toContain("vLLM&#x27;s benchmark_serving TPOT");
    expect(markup).toMatch(/data-testid="tokens-per-second"><strong>[\d.]+<\/strong> output tokens per second/);
  });

  it('shows usage as of the selected event', () => {
    const analysis = timedByEvent('openai-gpt4o-parallel-tool-calls.sse');
    const before = draw(UsagePanel, props(analysis, { selected: 3, scrubbed: scrubbedAt(analysis, 3) }));
    expect(before).toContain('No usage as of this event.');
    expect(before).toContain('(not as of the selected event)');
  });
});

describe('the diagnostics panel', () => {
  it('groups the findings by severity, each with its code, title, fix and evidence', () => {
    const markup = draw(DiagnosticsPanel, props(analysisOf('openrouter-minimax-midstream-error.sse')));
    expect(markup).toContain('1 error, 1 warning, 3 notes');
    expect(markup.indexOf('data-code="stream-error"')).toBeLessThan(markup.indexOf('data-code="finish-length"'));
    expect(markup.indexOf('data-code="finish-length"')).toBeLessThan(markup.indexOf('data-code="comment"'));
    expect(markup).toContain('Error in the stream');
    expect(markup).toContain('<strong>Fix:</strong>');
    expect(markup).toContain('Select evidence (1 event)');
  });

  it('links the first 20 evidence events and counts the rest', () => {
    const markup = draw(DiagnosticsPanel, props(analysisOf('openai-gpt41nano-text-obfuscation.sse')));
    expect(markup).toContain('Select evidence (303 events)');
    expect(markup).toContain(' and 283 more');
  });

  it('says when there is nothing to find, and that end checks wait while live', () => {
    const clean = analysisOf('cohere-compat-command-r7b.sse');
    expect(draw(DiagnosticsPanel, props(clean))).toContain('No findings: the stream looks like a correct one.');
    expect(draw(DiagnosticsPanel, props(clean, { live: true }))).toContain('end-of-stream checks');
  });

  it('marks the finding whose evidence is highlighted', () => {
    const analysis = analysisOf('openai-gpt4o-refusal-logprobs.sse');
    const refusal = analysis.diagnostics.find((diagnostic) => diagnostic.code === 'refusal')!;
    const markup = draw(DiagnosticsPanel, props(analysis, { highlighted: [...refusal.events] }));
    expect(markup).toMatch(/data-code="refusal".*?aria-pressed="true"/s);
    expect(count(markup, 'aria-pressed="true"')).toBe(1);
  });

  it('marks the finding the view was opened on, and says when the code is a check’s own rule instead', () => {
    const analysis = analysisOf('openrouter-minimax-midstream-error.sse');
    const opened = renderToStaticMarkup(createElement(DiagnosticsPanel, { ...props(analysis), chosen: 'finish-length' }));
    expect(count(opened, 'data-chosen="true"')).toBe(1);
    expect(opened).toMatch(/class="diagnostic diagnostic-warning diagnostic-chosen" data-testid="diagnostic" data-code="finish-length"/);
    expect(opened).not.toContain('chosen-finding-note');
    const rule = renderToStaticMarkup(createElement(DiagnosticsPanel, { ...props(analysis), chosen: 'role-not-first' }));
    expect(count(rule, 'data-chosen="true"')).toBe(0);
    expect(rule).toContain('<code>role-not-first</code> is not one of this stream’s diagnostics: it is a conformance check’s own rule, and the check’s verdict says how the stream broke it.');
  });
});

describe('every panel', () => {
  it('draws a live analysis', () => {
    const analysis = timedByEvent('openai-gpt4o-parallel-tool-calls.sse');
    for (const panel of PANELS) expect(() => draw(panel, props(analysis, { live: true }))).not.toThrow();
  });
});
