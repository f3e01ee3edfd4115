// One running capture proxy: its session, each base URL (copyable) with what to paste into each
// client, its cassettes, Stop, and the exchanges as they come.

import { useId, useRef, useState } from 'react';
import type { ProxyBase, ProxyInfo } from '../../shared/api/contract.ts';
import { errorMessage, formatCount } from '../components/format.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { CopyButton } from '../mock/CopyButton.tsx';
import { ClientSnippets } from './ClientSnippets.tsx';
import { EMPTY_LOG, openCount, seenCount, unseenCount } from './exchange-log.ts';
import type { ProxyLog } from './exchange-log.ts';
import { ExchangeLog } from './ExchangeLog.tsx';
import { CASSETTE_MODES } from './proxy-form.ts';

export function ProxyCard({ info, log = EMPTY_LOG, onStop }: { readonly info: ProxyInfo; readonly log?: ProxyLog; readonly onStop: () => Promise<void> }) {
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useId();
  const title = `Capture proxy ${info.id}`;
  const seen = seenCount(info, log);
  const open = openCount(log);

  const stop = (): void => {
    setStopping(true);
    setError(null);
    onStop().catch((failure: unknown) => {
      setStopping(false);
      setError(`Could not stop it: ${errorMessage(failure)}`);
    });
  };

  return (
    <section className="mock-server capture-proxy" aria-labelledby={heading} data-testid="capture-proxy" data-session={info.session}>
      <header className="mock-server-head">
        <h2 id={heading}>{title}</h2>
        <span className="mock-live" aria-hidden="true" />
        <span className="muted" data-testid="capture-count">
          {formatCount(seen)} {seen === 1 ? 'exchange' : 'exchanges'}
          {open > 0 ? `, ${formatCount(open)} streaming` : ''}
        </span>
        <button type="button" className="secondary mock-stop" onClick={stop} disabled={stopping} aria-label={`Stop ${title}`}>
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </header>
      <ErrorLine message={error} />
      <dl className="mock-facts">
        <div>
          <dt>Session</dt>
          <dd>
            <code data-testid="capture-session">{info.session}</code>
          </dd>
        </div>
        <div>
          <dt>Listens on</dt>
          <dd>
            <code>{info.origin}</code>
          </dd>
        </div>
        <div>
          <dt>Encoding</dt>
          <dd>{info.keepEncoding ? 'the client’s Accept-Encoding, passed on' : 'asks the upstream for identity (uncompressed)'}</dd>
        </div>
        <div>
          <dt>Cassettes</dt>
          <dd data-testid="capture-cassettes">
            {info.cassettes === null ? (
              'none'
            ) : (
              <>
                <code>{info.cassettes.dir}</code> · {CASSETTE_MODES.find((choice) => choice.mode === info.cassettes!.mode)?.label.toLowerCase() ?? info.cassettes.mode} ·{' '}
                {formatCount(info.cassettes.count)} {info.cassettes.count === 1 ? 'cassette' : 'cassettes'}
              </>
            )}
          </dd>
        </div>
      </dl>
      {info.bases.map((base) => (
        <BaseUrl key={base.baseUrl} base={base} several={info.bases.length > 1} />
      ))}
      <h3 className="mock-subhead">Exchanges</h3>
      <ExchangeLog log={log} unseen={unseenCount(info, log)} label={`Exchanges through ${title}`} />
    </section>
  );
}

function BaseUrl({ base, several }: { readonly base: ProxyBase; readonly several: boolean }) {
  const url = useRef<HTMLElement>(null);
  const name = several && base.prefix !== '' ? ` for ${base.prefix.slice(1)}` : '';
  return (
    <div className="capture-base" data-testid="capture-base">
      <div className="mock-url">
        <span className="mock-url-label">Base URL{name}</span>
        <code ref={url} data-testid="capture-base-url">
          {base.baseUrl}
        </code>
        <CopyButton text={base.baseUrl} target={url} what={`base URL${name}`} />
        <span className="muted capture-upstream">
          forwards to <code>{base.upstream}</code>
        </span>
      </div>
      <ClientSnippets snippets={base.snippets} label={`What to paste${name}`} />
    </div>
  );
}
