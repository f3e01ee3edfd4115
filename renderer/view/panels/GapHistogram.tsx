// The gaps between consecutive events as SVG bars in log-spaced buckets (shared/analysis/
// gap-histogram.ts), bar heights on a log scale so a bucket of three shows beside one of three
// thousand; the same counts as a table for a screen reader or a closer look.

import { useId } from 'react';
import { bucketsOf, gapHistogramOf } from '../../../shared/analysis/gap-histogram.ts';
import type { AnalyzedEvent } from '../../../shared/analysis/stream.ts';
import { formatCount } from '../../components/format.ts';
import './panels.css';

const BAR = 44;
const PLOT = 90;
const TOP = 16;
const AXIS = 18;

export function GapHistogram({ events }: { readonly events: readonly AnalyzedEvent[] }) {
  const captionId = useId();
  // Counted once per events array and then only for the events that arrived since.
  const histogram = gapHistogramOf(events);
  if (histogram === null) return <p className="panel-muted">Untimed recording: no event gaps to count.</p>;
  const buckets = bucketsOf(histogram);
  if (buckets.length === 0) return <p className="panel-muted">Fewer than two events: no gaps yet.</p>;
  const most = Math.max(...buckets.map((bucket) => bucket.count));
  const height = (count: number) => (count === 0 ? 0 : Math.max(2, (Math.log10(count + 1) / Math.log10(most + 1)) * PLOT));
  const width = buckets.length * BAR;
  return (
    <figure className="gap-histogram" data-testid="gap-histogram">
      <svg role="img" aria-labelledby={captionId} viewBox={`0 0 ${width} ${TOP + PLOT + AXIS}`} width={width} height={TOP + PLOT + AXIS} className="gap-histogram-plot">
        {buckets.map((bucket, i) => {
          const h = height(bucket.count);
          const x = i * BAR;
          return (
            <g key={bucket.label}>
              <title>{`${bucket.label}: ${formatCount(bucket.count)} ${bucket.count === 1 ? 'gap' : 'gaps'}`}</title>
              <rect className="gap-histogram-bar" x={x + 4} y={TOP + PLOT - h} width={BAR - 8} height={h} data-count={bucket.count} />
              {bucket.count > 0 && (
                <text className="gap-histogram-count" x={x + BAR / 2} y={TOP + PLOT - h - 3} textAnchor="middle">
                  {formatCount(bucket.count)}
                </text>
              )}
              <text className="gap-histogram-label" x={x + BAR / 2} y={TOP + PLOT + 13} textAnchor="middle">
                {bucket.label.replace(' ms', '').replace(' s', 's')}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption id={captionId}>
        Gaps between consecutive events (ms; bar heights on a log scale): {formatCount(histogram.total)} gaps
        {histogram.backwards > 0 ? `, of which ${formatCount(histogram.backwards)} went back in time and are in no bar` : ''}.
      </figcaption>
      <details>
        <summary>As a table</summary>
        <table className="panel-table">
          <thead>
            <tr>
              <th scope="col">gap</th>
              <th scope="col">events</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.label}>
                <th scope="row">{bucket.label}</th>
                <td className="panel-num">{formatCount(bucket.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
