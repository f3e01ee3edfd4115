// The request that produced the stream: method, URL and headers (secrets redacted), the model,
// the conversation as role and text per message (a Responses request's instructions and input, an
// Anthropic one's system and messages), the tools offered, and the raw body folded.

import { useId, useMemo } from 'react';
import { redactHeaders, redactUrl } from '../../../shared/recording/secrets/redact.ts';
import { summarizeRequestBody } from '../../../shared/recording/request-summary.ts';
import type { RecordedRequest } from '../../../shared/recording/types.ts';
import type { Protocol } from '../../../shared/dialects/types.ts';
import { formatCount } from '../../components/format.ts';
import { dialectView } from '../dialects/registry.ts';
import './panels.css';

export function RequestView({ request, protocol }: { readonly request: RecordedRequest | null; readonly protocol: Protocol | null }) {
  const headingId = useId();
  // The store redacts before it writes; redacting again (idempotent) keeps a secret off the screen
  // whatever path a recording took to get here.
  const shown = useMemo(() => {
    if (!request) return null;
    const raw = typeof request.body === 'string' ? request.body : request.body == null ? null : JSON.stringify(request.body, null, 2);
    // Another dialect's conversation and tools, read as Chat Completions' are (its view's `request`).
    return { url: redactUrl(request.url), headers: Object.entries(redactHeaders(request.headers)), summary: summarizeRequestBody(dialectView(protocol).request.chatShaped(request.body)), raw };
  }, [request, protocol]);

  if (!shown || !request) {
    return (
      <section className="message-request" aria-labelledby={headingId}>
        <h3 id={headingId}>Request</h3>
        <p className="panel-muted">Not recorded: the source holds only the response body.</p>
      </section>
    );
  }
  const { summary } = shown;
  return (
    <section className="message-request" aria-labelledby={headingId} data-testid="request">
      <h3 id={headingId}>Request</h3>
      <p className="panel-code message-request-line">
        <strong>{request.method}</strong> {shown.url}
      </p>
      <details>
        <summary>Headers ({formatCount(shown.headers.length)}, secrets redacted)</summary>
        {shown.headers.length === 0 ? (
          <p className="panel-muted">No headers.</p>
        ) : (
          <table className="panel-table">
            <tbody>
              {shown.headers.map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td className="panel-code">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
      {summary && (
        <>
          <dl className="panel-facts">
            <dt>model</dt>
            <dd>{summary.model === null ? <span className="panel-muted">(not set)</span> : <code>{summary.model}</code>}</dd>
            <dt>stream</dt>
            <dd>{summary.stream === null ? <span className="panel-muted">(not set)</span> : String(summary.stream)}</dd>
            {dialectView(protocol).request.includeUsage && (
              <>
                <dt>include_usage</dt>
                <dd>{summary.includeUsage === null ? <span className="panel-muted">(not set)</span> : String(summary.includeUsage)}</dd>
              </>
            )}
            <dt>tools</dt>
            <dd>{summary.tools.length === 0 ? 'none' : `${summary.tools.length}: ${summary.tools.join(', ')}`}</dd>
          </dl>
          {summary.messages === null ? (
            <p className="panel-muted">{dialectView(protocol).request.noConversation}</p>
          ) : (
            <ol className="message-chat" aria-label="Messages sent">
              {summary.messages.map((message, i) => (
                <li key={i} className="message-chat-line" data-role={message.role}>
                  <span className="message-chat-role">{message.role}</span>
                  <span className="panel-text">{message.text}</span>
                  {message.notes.length > 0 && <span className="panel-muted"> [{message.notes.join('; ')}]</span>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {shown.raw === null ? (
        <p className="panel-muted">No request body.</p>
      ) : (
        <details>
          <summary>Raw request body ({formatCount(shown.raw.length)} characters)</summary>
          <pre className="panel-text panel-code">{shown.raw}</pre>
        </details>
      )}
    </section>
  );
}
