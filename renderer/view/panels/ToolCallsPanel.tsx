// The tool calls of the stream as of the selected event (or at the end), one card per call, in its
// dialect's terms (../dialects/: Chat Completions' per choice and index, a Responses function_call
// item's, an Anthropic tool_use block's): the arguments as they grew, each fragment a button that
// selects the event that carried it, and what they join to.

import { useId } from 'react';
import { dialectView } from '../dialects/registry.ts';
import type { PanelProps } from '../types.ts';
import { AsOfBar, useAsOf } from './AsOf.tsx';
import './panels.css';

export type ToolCallsPanelProps = Pick<PanelProps, 'analysis' | 'live' | 'selected' | 'onSelect' | 'scrubbed'>;

export function ToolCallsPanel({ analysis, live, selected, onSelect, scrubbed }: ToolCallsPanelProps) {
  const id = useId();
  const asOf = useAsOf(analysis, scrubbed);
  const { ToolCards } = dialectView(analysis.protocol);
  return (
    <section className="panel tool-calls-panel" aria-labelledby={id} data-testid="tool-calls-panel">
      <h2 id={id}>Tool calls</h2>
      <AsOfBar asOf={asOf} live={live} scrubbed={scrubbed} />
      <ToolCards analysis={analysis} live={live} scrubbed={scrubbed} viewed={asOf.viewed} selected={selected} onSelect={onSelect} />
    </section>
  );
}
