// The conversation, in two tabs over the same messages: a chat editor (a role and a text per
// message; add, remove, reorder) and the raw JSON array. The JSON is kept as typed; while it
// parses, the chat rows follow it, and an edit in the chat editor rewrites it.

import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { requestDialect } from './dialects/registry.ts';
import { addMessage, editMessage, messageRow, messagesJson, moveMessage, removeMessage } from './draft.ts';
import type { MessageRow, RequestDraft } from './draft.ts';
import { JsonText } from './JsonText.tsx';
import { Problems } from './Problems.tsx';
import { parseMessages } from './validate.ts';
import type { Problem } from './validate.ts';

type Tab = 'chat' | 'json';

interface Props {
  readonly draft: RequestDraft;
  readonly problems: readonly Problem[];
  readonly onChange: (change: Partial<RequestDraft>) => void;
}

export function MessagesEditor({ draft, problems, onChange }: Props) {
  const [tab, setTab] = useState<Tab>(draft.messagesText !== null ? 'json' : 'chat');
  const jsonBroken = draft.messagesText !== null && !parseMessages(draft.messagesText, draft.protocol).ok;
  const setRows = (messages: MessageRow[]): void => onChange({ messages, messagesText: null });

  function editJson(text: string): void {
    const parsed = parseMessages(text, draft.protocol);
    onChange(parsed.ok ? { messagesText: text, messages: parsed.value.map(messageRow) } : { messagesText: text });
  }

  function choose(next: Tab): void {
    // Back in the chat editor with valid JSON, the rows are the truth again.
    if (next === 'chat' && draft.messagesText !== null && !jsonBroken) onChange({ messagesText: null });
    setTab(next);
  }

  function arrows(event: KeyboardEvent): void {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'chat' ? 'json' : 'chat';
    choose(next);
    document.getElementById(`request-tab-${next}`)?.focus();
  }

  return (
    <section aria-labelledby="request-messages">
      <div className="request-section-head">
        <h2 id="request-messages">Messages</h2>
        <div role="tablist" aria-label="Messages as" className="request-tabs" onKeyDown={arrows}>
          {(['chat', 'json'] as const).map((each) => (
            <button
              key={each}
              id={`request-tab-${each}`}
              type="button"
              role="tab"
              aria-selected={tab === each}
              aria-controls={`request-panel-${each}`}
              tabIndex={tab === each ? 0 : -1}
              onClick={() => choose(each)}
            >
              {each === 'chat' ? 'Chat' : 'Raw JSON'}
            </button>
          ))}
        </div>
      </div>
      <div id={`request-panel-${tab}`} role="tabpanel" aria-labelledby={`request-tab-${tab}`}>
        {tab === 'json' ? (
          <JsonText label="Messages JSON" value={draft.messagesText ?? messagesJson(draft.messages)} minRows={6} maxRows={24} onChange={editJson} />
        ) : jsonBroken ? (
          <div className="notice request-broken">
            <p>The raw JSON has a problem (below): fix it in the Raw JSON tab, or go back to the last messages that were valid.</p>
            <button type="button" className="secondary" onClick={() => onChange({ messagesText: null })}>
              Discard the JSON edits
            </button>
          </div>
        ) : (
          <ChatRows rows={draft.messages} roles={requestDialect(draft.protocol).roles} onChange={setRows} />
        )}
      </div>
      <Problems problems={problems} fields={['messages']} />
    </section>
  );
}

function ChatRows({ rows, roles, onChange }: { readonly rows: readonly MessageRow[]; readonly roles: readonly string[]; readonly onChange: (rows: MessageRow[]) => void }) {
  return (
    <>
      <ol className="request-messages">
        {rows.map((row, index) => {
          const n = index + 1;
          const others = Object.keys(row.message).filter((name) => name !== 'role' && name !== 'content');
          return (
            <li key={row.key} className="request-message" data-testid="message-row">
              <div className="request-message-head">
                <label className="request-role">
                  <span className="visually-hidden">Role of message {n}</span>
                  <select value={row.role} onChange={(event) => onChange(editMessage(rows, index, { role: event.target.value }))}>
                    {!roles.includes(row.role) && <option value={row.role}>{row.role || (typeof row.message.type === 'string' ? `(${row.message.type})` : '(no role)')}</option>}
                    {roles.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                  </select>
                </label>
                {others.length > 0 && <span className="muted request-also">also {others.join(', ')} (edit in Raw JSON)</span>}
                <span className="request-row-actions">
                  <button type="button" className="secondary" aria-label={`Move message ${n} up`} disabled={index === 0} onClick={() => onChange(moveMessage(rows, index, -1))}>
                    ↑
                  </button>
                  <button type="button" className="secondary" aria-label={`Move message ${n} down`} disabled={index === rows.length - 1} onClick={() => onChange(moveMessage(rows, index, 1))}>
                    ↓
                  </button>
                  <button type="button" className="secondary" aria-label={`Remove message ${n}`} onClick={() => onChange(removeMessage(rows, index))}>
                    Remove
                  </button>
                </span>
              </div>
              {row.text !== null ? (
                <label>
                  <span className="visually-hidden">Content of message {n}</span>
                  <textarea rows={Math.min(12, Math.max(2, row.text.split('\n').length))} value={row.text} onChange={(event) => onChange(editMessage(rows, index, { text: event.target.value }))} />
                </label>
              ) : (
                <p className="muted request-also">Its content is {row.message.content === null ? 'null' : Array.isArray(row.message.content) ? 'a list of parts' : 'not text'}: edit it in Raw JSON.</p>
              )}
            </li>
          );
        })}
      </ol>
      {rows.length === 0 && <p className="muted">No messages yet.</p>}
      <button type="button" className="secondary" onClick={() => onChange(addMessage(rows))}>
        Add message
      </button>
    </>
  );
}
