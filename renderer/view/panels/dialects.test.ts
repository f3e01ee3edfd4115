// A Responses and an Anthropic Messages recording open in the recording view: the panels draw, the
// events table words each event in the dialect's terms, the scrubber folds the dialect's own state,
// and the message panel shows the final object (simply for now: its own layout is a later step).

import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import type { FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyzeRecording, dialectOf } from '../../../shared/analysis/analyze.ts';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { createScrubber } from '../../../shared/analysis/scrub.ts';
import { createAccumulator } from '../../../shared/chunks/accumulate.ts';
import { oneEventPerRead } from '../../../shared/test/streams.ts';
import { eventRow } from '../events/rows.ts';
import type { PanelProps, ScrubbedState } from '../types.ts';
import { DiagnosticsPanel } from './DiagnosticsPanel.tsx';
import { MessagePanel } from './MessagePanel.tsx';
import { ToolCallsPanel } from './ToolCallsPanel.tsx';
import { UsagePanel } from './UsagePanel.tsx';

const CORPUS = new URL('../../../shared/test/fixtures/dialects/', import.meta.url);
const open = (file: string): Analysis => analyzeRecording(oneEventPerRead(new Uint8Array(readFileSync(new URL(file, CORPUS))), (read) => 100 + 10 * read));

function props(analysis: Analysis, scrubbed: ScrubbedState | null = null): PanelProps {
  return { analysis, live: false, selected: scrubbed?.event ?? null, onSelect: () => {}, highlighted: [], onHighlight: () => {}, scrubbed };
}
const draw = (panel: FunctionComponent<PanelProps>, given: PanelProps) => renderToStaticMarkup(createElement(panel, given));

/** What RecordingView gives the panels for another dialect: its final object as of the event. */
function scrubbedAt(analysis: Analysis, event: number): ScrubbedState {
  const dialect = dialectOf(analysis.protocol);
  return { event, state: createAccumulator().state, choices: [], final: dialect.final(createScrubber(analysis.events, dialect).at(event)) };
}

describe.each([
  ['responses/deepseek-reasoning-text-function-call.sse', 'responses', 'get_temperature'],
  ['messages/anthropic-sonnet35-parallel-tool-use.sse', 'anthropic-messages', 'get_weather'],
] as const)('%s in the recording view', (file, protocol, tool) => {
  const analysis = open(file);

  it('is read in its dialect, with its metrics', () => {
    expect(analysis.protocol).toBe(protocol);
    expect(analysis.metrics?.ttft_ms).not.toBeNull();
    expect(analysis.metrics?.output_tokens).toBeGreaterThan(0);
  });

  it('draws every panel, the message panel with the final object', () => {
    for (const panel of [MessagePanel, ToolCallsPanel, UsagePanel, DiagnosticsPanel]) expect(() => draw(panel, props(analysis))).not.toThrow();
    const markup = draw(MessagePanel, props(analysis));
    expect(markup).toContain('data-testid="final-object"');
    expect(markup).toContain(tool);
    expect(draw(UsagePanel, props(analysis))).toContain('output_tokens');
  });

  it('words the events in the dialect\'s terms', () => {
    const annotations = analysis.events.map((_, index) => eventRow(analysis.events, index).annotation);
    expect(annotations.some((annotation) => annotation.includes(protocol === 'responses' ? 'output[1].arguments +=' : 'input +='))).toBe(true);
  });

  it('shows the final object as of a selected event, folded from the events before it', () => {
    const first = draw(MessagePanel, props(analysis, scrubbedAt(analysis, 0)));
    expect(first).toContain('as of event #0');
    // Nothing built yet (Responses' envelope echoes the request's tools: the tool's name is no sign).
    expect(first).toContain(protocol === 'responses' ? '&quot;output&quot;: []' : '&quot;content&quot;: []');
    const last = analysis.events.length - 1;
    expect(scrubbedAt(analysis, last).final).toEqual(analysis.final);
  });
});
