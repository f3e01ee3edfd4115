// Tokens as the usage reported them, in the dialect's words (every field, the details and a provider's own included),
// the timing metrics each with its one-line definition and, where benchmark tools disagree, the
// one it follows; the gaps between events as a histogram.

import { useId } from 'react';
import type { Analysis } from '../../../shared/analysis/analyze.ts';
import { METRIC_DEFINITIONS } from '../../../shared/analysis/metric-definitions.ts';
import { metricValue } from '../../../shared/export/html/format.ts';
import { dialectView } from '../dialects/registry.ts';
import { usageView } from '../model/usage-view.ts';
import type { PanelProps } from '../types.ts';
import { AsOfBar, useAsOf } from './AsOf.tsx';
import { GapHistogram } from './GapHistogram.tsx';
import './panels.css';

export type UsagePanelProps = Pick<PanelProps, 'analysis' | 'live' | 'scrubbed'>;

export function UsagePanel({ analysis, live, scrubbed }: UsagePanelProps) {
  const id = useId();
  const asOf = useAsOf(analysis, scrubbed);
  const words = dialectView(analysis.protocol).usage;
  const usage = words.of(analysis, asOf.viewed, scrubbed);
  const { headline, fields } = usage ? usageView(analysis.protocol, usage) : { headline: [], fields: [] };
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
              : words.none}
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
      <Beside analysis={analysis} />
      <Metrics analysis={analysis} live={live} scrubbed={asOf.viewed.asOf !== null} />
    </section>
  );
}

/** A platform's own count beside the usage (DialectView's usage.beside: Bedrock's on an invoke stream), as sent. */
function Beside({ analysis }: { readonly analysis: Analysis }) {
  const beside = dialectView(analysis.protocol).usage.beside;
  const fields = beside?.of(analysis) ?? null;
  if (!beside || fields === null) return null;
  return (
    <>
      <h3>{beside.title}</h3>
      <p className="panel-note">{beside.note}</p>
      <table className="panel-table usage-fields" aria-label={beside.title} data-testid="usage-beside">
        <tbody>
          {Object.entries(fields).map(([name, value]) => (
            <tr key={name}>
              <th scope="row" className="panel-code">
                {name}
              </th>
              <td className="panel-num panel-code">{typeof value === 'string' ? value : JSON.stringify(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Metrics({ analysis, live, scrubbed }: { readonly analysis: Analysis; readonly live: boolean; readonly scrubbed: boolean }) {
  const id = useId();
  const { metrics } = analysis;
  const words = dialectView(analysis.protocol).usage;
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
          <>Tokens per second: – {metrics.output_tokens === null ? `(needs ${words.outputTokensField} from usage)` : '(needs two tokens at different times)'}</>
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
                {key === 'output_tokens' ? (words.outputTokens ?? definition) : definition}
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
