// One running mock endpoint: where it listens (copyable), what it answers with, at what speed and
// with which faults, a program that asks it, Stop, and the requests it served.

import { useId, useRef, useState } from 'react';
import type { ReplayInfo } from '../../shared/api/contract.ts';
import { snippetRequest } from '../../shared/replay/snippet.ts';
import { errorMessage, formatCount } from '../components/format.ts';
import { ErrorLine } from '../components/ErrorLine.tsx';
import { routeHash } from '../route.ts';
import { titleOf } from '../history/words.ts';
import { CopyButton } from './CopyButton.tsx';
import { EMPTY_LOG, servedCount, unseenRequests } from './log.ts';
import type { ServerLog } from './log.ts';
import { useRecordingInfos } from './recording-info.ts';
import { RequestLog } from './RequestLog.tsx';
import { SnippetTabs } from './SnippetTabs.tsx';
import { speedWords } from './start.ts';

export function ServerCard({ info, log = EMPTY_LOG, onStop }: { readonly info: ReplayInfo; readonly log?: ServerLog; readonly onStop: () => Promise<void> }) {
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = useRef<HTMLElement>(null);
  const heading = useId();
  const infos = useRecordingInfos(info.recordings);
  const known = info.recordings.map((id) => infos.get(id)).filter((each) => each != null);
  // The snippet waits for the recordings' bodies and dialects: asked with other members or on another path, it would get a 404.
  const request = info.recordings.every((id) => infos.has(id)) ? snippetRequest(known.map(({ body, protocol }) => ({ body, protocol })), known[0]?.summary.model ?? null) : null;
  const unseen = unseenRequests(info, log);
  const served = servedCount(info, log);
  const title = `Mock endpoint ${info.id}`;

  const stop = (): void => {
    setStopping(true);
    setError(null);
    onStop().catch((failure: unknown) => {
      setStopping(false);
      setError(`Could not stop it: ${errorMessage(failure)}`);
    });
  };

  return (
    <section className="mock-server" aria-labelledby={heading} data-testid="mock-server">
      <header className="mock-server-head">
        <h2 id={heading}>{title}</h2>
        <span className="mock-live" aria-hidden="true" />
        <span className="muted">
          {formatCount(served)} {served === 1 ? 'request' : 'requests'} served
        </span>
        <button type="button" className="secondary mock-stop" onClick={stop} disabled={stopping} aria-label={`Stop ${title}`}>
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </header>
      <ErrorLine message={error} />
      <div className="mock-url">
        <span className="mock-url-label">Base URL</span>
        <code ref={url} data-testid="mock-base-url">
          {info.baseUrl}
        </code>
        <CopyButton text={info.baseUrl} target={url} what="base URL" />
      </div>
      <dl className="mock-facts">
        <div>
          <dt>Answers with</dt>
          <dd>
            {info.recordings.map((id, index) => {
              const each = infos.get(id);
              return (
                <span key={id}>
                  {index > 0 && ', '}
                  <a href={routeHash({ view: 'recording', id })}>{each ? titleOf(each.summary) : `Recording #${id}`}</a>
                  {each === null && <span className="muted"> (deleted)</span>}
                </span>
              );
            })}
          </dd>
        </div>
        <div>
          <dt>Speed</dt>
          <dd>{speedWords(info.speed, info.precise)}</dd>
        </div>
        <div>
          <dt>Faults</dt>
          <dd data-testid="mock-faults">{info.faults.length === 0 ? 'none: the recording as it was' : info.faults.join('; ')}</dd>
        </div>
      </dl>
      {request ? <SnippetTabs baseUrl={info.baseUrl} request={request} /> : <p className="muted">Loading the snippet…</p>}
      <h3 className="mock-subhead">Requests</h3>
      <RequestLog log={log} unseen={unseen} label={`Requests served by ${title}`} />
    </section>
  );
}
