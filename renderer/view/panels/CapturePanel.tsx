// For a recording the capture proxy made: where it came from (the upstream, the client), what the
// proxy changed of the request, who answered, and the relay's second clock — the delay the
// capture itself added (p50, p99, max), and apart from it the time the client held the stream back
// by not reading (backpressure), the bytes that waited, and writes the client never took.

import { useId } from 'react';
import type { CaptureInfo } from '../../../shared/capture/types.ts';
import { captureFacts } from './capture-facts.ts';
import type { SpreadWords } from './capture-facts.ts';
import './panels.css';

export function CapturePanel({ capture, live }: { readonly capture: CaptureInfo; readonly live: boolean }) {
  const id = useId();
  const facts = captureFacts(capture);
  const { relay } = facts;
  return (
    <section className="panel capture-panel" aria-labelledby={id} data-testid="capture-panel">
      <h2 id={id}>Capture</h2>
      <p className="panel-note">
        Captured by Streamscope’s proxy (session <code>{facts.session}</code>): an app’s own exchange, relayed to it as it arrived.
      </p>
      <dl className="panel-facts">
        <dt>Upstream</dt>
        <dd>
          <code data-testid="capture-upstream">{facts.upstream}</code>
        </dd>
        <dt>Client</dt>
        <dd data-testid="capture-client">{facts.client}</dd>
        <dt>Proxy changed</dt>
        <dd data-testid="capture-changed">
          {facts.changed.length === 0 ? (
            'nothing: the request went upstream as it came (but for Host and the hop-by-hop headers)'
          ) : (
            <ul className="capture-changed">
              {facts.changed.map((change) => (
                <li key={change}>
                  <code>{change}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Answered by</dt>
        <dd>{facts.servedBy}</dd>
      </dl>
      <h3>Relay to the client</h3>
      {relay === null ? (
        <p className="panel-empty">
          {live
            ? 'The relay’s timing (each write to the client, when it was issued and taken) is stored when the stream ends.'
            : capture.servedBy === 'cassette'
              ? 'Answered from a cassette: no upstream read was relayed.'
              : 'No relay timing was kept for this exchange.'}
        </p>
      ) : (
        <>
          <dl className="usage-headline" data-testid="capture-added">
            <Headline label="added p50" value={relay.added.p50} />
            <Headline label="added p99" value={relay.added.p99} />
            <Headline label="added max" value={relay.added.max} />
          </dl>
          <dl className="usage-metrics capture-relay">
            <Row label="Delay added" spread={relay.added} definition="From each upstream read’s arrival to its write to the client: the proxy’s own work, the only delay the capture adds." />
            <Row label="Waiting for the client" spread={relay.flush} definition="From a write to the client’s socket taking it: the client’s own pace, not the upstream’s nor the proxy’s." />
            <div data-testid="capture-backpressure">
              <dt>Backpressure</dt>
              <dd className={relay.paused ? 'capture-warn' : undefined}>{relay.backpressure}</dd>
            </div>
            <div>
              <dt>Buffered for the client</dt>
              <dd>{relay.buffered}</dd>
            </div>
            <div>
              <dt>Writes</dt>
              <dd>{relay.writes}</dd>
            </div>
            <div data-testid="capture-unflushed">
              <dt>Unflushed writes</dt>
              <dd className={relay.unflushedCount > 0 ? 'panel-bad' : undefined}>{relay.unflushed}</dd>
            </div>
          </dl>
          <p className="panel-muted">The timeline’s “to the client” lane draws each write at the moment the client’s socket took it.</p>
        </>
      )}
    </section>
  );
}

function Headline({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Row({ label, spread, definition }: { readonly label: string; readonly spread: SpreadWords; readonly definition: string }) {
  const id = useId();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span className="usage-metric-value" aria-describedby={id}>
          p50 {spread.p50} · p99 {spread.p99} · max {spread.max}
        </span>{' '}
        <span className="usage-metric-definition" id={id}>
          {definition}
        </span>
      </dd>
    </div>
  );
}
