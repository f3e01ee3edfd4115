// Tokens as the usage reported them (every field, the details and a provider's own included),
// the timing metrics each with its one-line definition and, where benchmark tools disagree, the
// one it follows; the gaps between events as a histogram.

import { useId } from 'react';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { METRIC_DEFINITIONS } from '../../../shared/analysis/metric-definitions.ts';
import { usageFields } from '../../../shared/chunks/usage-fields.ts';
import { metricValue } from '../../../shared/export/html/format.ts';
import { formatCount } from '../../components/format.ts';
import type { PanelProps } from '../types.ts';
import { AsOfBar, useAsOf } from './AsOf.tsx';
import { GapHistogram } from './GapHistogram.tsx';
import './panels.css';

export type UsagePanelProps = Pick<PanelProps, 'analysis' | 'live' | 'scrubbed'>;

/** The figures a reader looks for first, by their dotted paths in usage. */
const HEADLINE: readonly (readonly [path: string, label: string])[] = [
  ['prompt_tokens', 'prompt'],
  ['completion_tokens', 'completion'],
  ['total_tokens', 'total'],
  ['completion_tokens_details.reasoning_tokens', 'reasoning'],
  ['prompt_tokens_details.cached_tokens', 'cached'],
];

export function UsagePanel({ analysis, live, scrubbed }: UsagePanelProps) {
  const id = useId();
  const asOf = useAsOf(analysis, scrubbed);
  // Another dialect's usage is the analysis's (as of the end: its per-event usage is a later step's).
  const usage = analysis.protocol === 'chat-completions' ? asOf.viewed.state.usage : analysis.usage;
  const fields = usage ? usageFields(usage) : [];
  const headline = HEADLINE.flatMap(([path, label]) => {
    const field = fields.find((each) => each.path === path);
    if (!field) return [];
    const number = Number(field.value);
    return [{ label, value: field.value !== '' && Number.isFinite(number) ? formatCount(number) : field.value }];
  });
  return (
    <section className="panel usage-panel" aria-labelledby={id} data-testid="usage-panel">
      <h2 id={id}>Usage and metrics</h2>
      <AsOfBar asOf={asOf} live={live} scrubbed={scrubbed} />
      <h3>Tokens</h3>
      {usage === null ? (
        <p className="panel-empty">
          {asOf.viewed.asOf
            ? 'No usage as of this event.'
            : live
              ? 'No usage yet (it usually comes last, after the finish reason).'
              : 'No usage in the stream (a request asks for it with "stream_options": {"include_usage": true}).'}
        </p>
      ) : (
        <>
          <dl className="usage-headline">
            {headline.map(({ label, value }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <table className="panel-table usage-fields" aria-label="Every usage field">
            <tbody>
              {fields.map((field) => (
                <tr key={field.path}>
                  <th scope="row" className="panel-code">
                    {field.path}
                    {!field.known && <span className="usage-extension"> (provider extension)</span>}
                  </th>
                  <td className="panel-num panel-code">{field.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Metrics analysis={analysis} live={live} scrubbed={asOf.viewed.asOf !== null} />
    </section>
  );
}

function Metrics({ analysis, live, scrubbed }: { readonly analysis: Analysis; readonly live: boolean; readonly scrubbed: boolean }) {
  const id = useId();
  const { metrics } = analysis;
  if (metrics === null) {
    return (
      <>
        <h3>Timing</h3>
        <p className="panel-empty">Untimed recording: metrics need timing, and this source carries no arrival times (a plain SSE body). Record the stream live, or import a timed recording.</p>
      </>
    );
  }
  const shown = METRIC_DEFINITIONS.filter(({ key }) => metrics[key] !== null);
  const absent = METRIC_DEFINITIONS.filter(({ key }) => metrics[key] === null);
  return (
    <>
      <h3>Timing</h3>
      <p className="panel-note">
        {live ? 'Metrics of the stream so far' : 'Metrics of the whole recording'}
        {scrubbed ? ' (not as of the selected event)' : ''}: milliseconds since the request started.
      </p>
      <p className="usage-rate" data-testid="tokens-per-second">
        {metrics.tokens_per_s === null ? (
          <>Tokens per second: – {metrics.output_tokens === null ? '(needs completion_tokens from usage)' : '(needs two tokens at different times)'}</>
        ) : (
          <>
            <strong>{metricValue('tokens_per_s', metrics.tokens_per_s)}</strong> output tokens per second after the first token
          </>
        )}
      </p>
      <dl className="usage-metrics">
        {shown.map(({ key, label, definition, benchmark }) => (
          <div key={key} data-metric={key}>
            <dt>{label}</dt>
            <dd>
              <span className="usage-metric-value" aria-describedby={`${id}-${key}`}>
                {metricValue(key, metrics[key]!)}
              </span>{' '}
              <span className="usage-metric-definition" id={`${id}-${key}`}>
                {definition}
              </span>
              {benchmark && <span className="usage-metric-benchmark"> {benchmark}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {absent.length > 0 && <p className="panel-muted">Not measured in this stream: {absent.map(({ label }) => label).join(', ')}.</p>}
      <h3>Event gaps</h3>
      <GapHistogram events={analysis.events} />
    </>
  );
}
