// The message a client holds, in its dialect's terms (../dialects/: Chat Completions' choices, a
// Responses `response`'s output items, an Anthropic `message`'s content blocks), as of the selected
// event or at the end; then the request that produced it.

import { useId } from 'react';
import { dialectView } from '../dialects/registry.ts';
import type { PanelProps } from '../types.ts';
import { AsOfBar, useAsOf } from './AsOf.tsx';
import { RequestView } from './RequestView.tsx';
import './panels.css';

export type MessagePanelProps = Pick<PanelProps, 'analysis' | 'live' | 'scrubbed'>;

export function MessagePanel({ analysis, live, scrubbed }: MessagePanelProps) {
  const id = useId();
  const asOf = useAsOf(analysis, scrubbed);
  const { message } = dialectView(analysis.protocol);
  return (
    <section className="panel message-panel" aria-labelledby={`${id}-heading`} data-testid="message-panel">
      <h2 id={`${id}-heading`}>{message.title}</h2>
      <AsOfBar asOf={asOf} live={live} scrubbed={scrubbed} />
      <message.Body analysis={analysis} live={live} scrubbed={scrubbed} viewed={asOf.viewed} />
      <RequestView request={analysis.recording.request} protocol={analysis.protocol} />
    </section>
  );
}
