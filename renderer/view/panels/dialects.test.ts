// A Responses and an Anthropic Messages recording open in the recording view: the panels draw, the
// events table words each event in the dialect's terms, the message panel lays out the output
// items / content blocks in order, the tool cards list each fragment with its event, the usage is
// the dialect's own, and the scrubber folds the dialect's own state.

import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import type { FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, dialectOf } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { createScrubber } from '../../../shared/analysis/scrub.ts';
import { createAccumulator } from '../../../shared/dialects/chat/accumulate.ts';
import { oneEventPerRead } from '../../../shared/test/streams.ts';
import { eventRow } from '../events/rows.ts';
import type { PanelProps, ScrubbedState } from '../types.ts';
import { DiagnosticsPanel } from './DiagnosticsPanel.tsx';
import { MessagePanel } from './MessagePanel.tsx';
import { ToolCallsPanel } from './ToolCallsPanel.tsx';
import { UsagePanel } from './UsagePanel.tsx';

const CORPUS = new URL('../../../shared/test/fixtures/dialects/', import.meta.url);
const open = (file: string): Analysis => analyzeRecording(oneEventPerRead(new Uint8Array(readFileSync(new URL(file, CORPUS))), (read) => 100 + 10 * read));

function props(analysis: Analysis, scrubbed: ScrubbedState | null = null, more: Partial<PanelProps> = {}): PanelProps {
  return { analysis, live: false, selected: scrubbed?.event ?? null, onSelect: () => {}, highlighted: [], onHighlight: () => {}, scrubbed, ...more };
}
const draw = (panel: FunctionComponent<PanelProps>, given: PanelProps) => renderToStaticMarkup(createElement(panel, given));
const count = (markup: string, needle: string) => markup.split(needle).length - 1;

/** What RecordingView gives the panels for another dialect: its final object as of the event. */
function scrubbedAt(analysis: Analysis, event: number): ScrubbedState {
  const dialect = dialectOf(analysis.protocol);
  return { event, state: createAccumulator().state, choices: [], final: dialect.final(createScrubber(analysis.events, dialect).at(event)) };
}

describe.each([
  ['responses/deepseek-reasoning-text-function-call.sse', 'responses', 'output[1]', 'output[1].arguments +=', 'input'],
  ['messages/anthropic-sonnet35-parallel-tool-use.sse', 'anthropic-messages', 'content[1]', 'content[1].input +=', 'cache write'],
] as const)('%s in the recording view', (file, protocol, toolAt, annotation, headline) => {
  const analysis = open(file);

  it('is read in its dialect, with its metrics', () => {
    expect(analysis.protocol).toBe(protocol);
    expect(analysis.metrics?.ttft_ms).not.toBeNull();
    expect(analysis.metrics?.output_tokens).toBeGreaterThan(0);
  });

  it('draws every panel', () => {
    for (const panel of [MessagePanel, ToolCallsPanel, UsagePanel, DiagnosticsPanel]) expect(() => draw(panel, props(analysis))).not.toThrow();
    for (const panel of [MessagePanel, ToolCallsPanel, UsagePanel, DiagnosticsPanel]) expect(() => draw(panel, props(analysis, null, { live: true }))).not.toThrow();
  });

  it('words the events in the dialect’s terms', () => {
    const annotations = analysis.events.map((_, index) => eventRow(analysis.events, index).annotation);
    expect(annotations.some((line) => line.startsWith(annotation))).toBe(true);
  });

  it('lays the tool call out in the message panel under its index, and keeps the raw object folded', () => {
    const markup = draw(MessagePanel, props(analysis));
    expect(markup).toContain(`data-testid="final-entry" data-where="${toolAt}"`);
    expect(markup).toMatch(/<summary>Raw final object \(JSON, as the SDK’s final(Response|Message)\(\) ends with it\)<\/summary><\/details>/);
  });

  it('draws the tool card with every fragment a button naming its event', () => {
    const markup = draw(ToolCallsPanel, props(analysis));
    expect(markup).toContain(`data-testid="tool-card" data-where="${toolAt}" data-closed="true"`);
    const fragments = analysis.events.filter((event) => event.annotation.startsWith(annotation)).map((event) => event.sse.index);
    expect(fragments.length).toBeGreaterThan(3);
    for (const event of fragments) expect(markup).toContain(`data-event="${event}"`);
  });

  it('heads the usage with the dialect’s own counts', () => {
    expect(draw(UsagePanel, props(analysis))).toContain(`<dt>${headline}</dt>`);
  });

  it('shows the final object as of a selected event, folded from the events before it', () => {
    const first = draw(MessagePanel, props(analysis, scrubbedAt(analysis, 0)));
    expect(first).toContain('as of event #0');
    expect(first).toContain(protocol === 'responses' ? 'No output item as of this event.' : 'No content block as of this event.');
    const last = analysis.events.length - 1;
    expect(scrubbedAt(analysis, last).final).toEqual(analysis.final);
  });
});

describe('the message panel of a Responses stream', () => {
  const analysis = open('responses/deepseek-reasoning-text-function-call.sse');

  it('shows the reasoning apart from the answer, then the call, each labelled with its index', () => {
    const markup = draw(MessagePanel, props(analysis));
    expect(markup.indexOf('data-where="output[0]" data-type="reasoning" data-kind="reasoning"')).toBeLessThan(markup.indexOf('data-where="output[1]" data-type="function_call" data-kind="tool"'));
    expect(markup).toMatch(/data-testid="reasoning" data-where="content\[0\]"><summary>Reasoning · content\[0\] \(61 characters\)<\/summary>/);
    expect(markup).toContain('<code>output[1]</code> <span class="final-entry-type">function_call</span> <code class="tool-name">get_temperature</code>');
    expect(markup).toContain('<dt>status</dt><dd><code>completed</code></dd>');
    expect(markup).toContain('data-testid="final-usage">input_tokens 366 · output_tokens 59 · total_tokens 425</dd>');
  });
});

describe('the message panel of an Anthropic stream', () => {
  it('shows thinking with its signature before the text', () => {
    const markup = draw(MessagePanel, props(open('messages/anthropic-sonnet4-thinking-signature.sse')));
    expect(markup.indexOf('data-type="thinking"')).toBeLessThan(markup.indexOf('data-type="text"'));
    expect(markup).toContain('<dt>signature</dt><dd><code>signed (504 characters)</code></dd>');
    expect(markup).toContain('<dt>stop_reason</dt><dd><code>end_turn</code></dd>');
  });

  it('warns of a refusal', () => {
    const markup = draw(MessagePanel, props(open('messages/anthropic-fable51-refusal-no-content-blocks.sse')));
    expect(markup).toMatch(/data-testid="refusal"><h4><span aria-hidden="true">⚠ <\/span>Refusal<\/h4><p class="message-refusal-why">The model refused:/);
  });
});

describe('the tool calls panel of another dialect', () => {
  it('shows the calls as of a selected event: the fragments so far, the arguments not yet JSON', () => {
    const analysis = open('responses/deepseek-reasoning-text-function-call.sse');
    const markup = draw(ToolCallsPanel, props(analysis, scrubbedAt(analysis, 24)));
    expect(count(markup, 'data-testid="tool-fragment"')).toBe(3);
    expect(markup).toContain('aria-label="Fragment 3, event #24" aria-current="true"');
    expect(markup).toContain('not closed yet');
    expect(markup).toContain('data-testid="tool-arguments-error">Not complete JSON yet, at line 1, column 7 (character 6)');
  });

  it('says a call never closed, and where its input stops being JSON', () => {
    const markup = draw(ToolCallsPanel, props(open('messages/anthropic-claude37-max-tokens-trimmed.sse')));
    expect(markup).toContain('never closed');
    expect(markup).toContain('data-testid="tool-arguments-error">Not JSON at line 6, column 14 (character 149)');
  });

  it('says when a stream has no call', () => {
    expect(draw(ToolCallsPanel, props(open('messages/anthropic-sonnet46-text.sse')))).toContain('No tool_use block in this stream.');
    expect(draw(ToolCallsPanel, props(open('responses/openai-gpt41nano-text-obfuscation.sse')))).toContain('No function call in this stream.');
  });
});
