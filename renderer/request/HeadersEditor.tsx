// Custom request headers, a name and a value per row. Keys never go here: the profile sends its
// saved key, and a secret header would be redacted in the recording (so could not be resent).

import { ANTHROPIC_VERSION } from '../../shared/api/contract.ts';
import { rowKey } from './draft.ts';
import type { HeaderRow, RequestDraft } from './draft.ts';
import { Problems } from './Problems.tsx';
import type { Problem } from './validate.ts';

interface Props {
  readonly headers: readonly HeaderRow[];
  readonly problems: readonly Problem[];
  readonly onChange: (change: Partial<RequestDraft>) => void;
}

export function HeadersEditor({ headers, problems, onChange }: Props) {
  const set = (rows: HeaderRow[]): void => onChange({ headers: rows });
  const edit = (index: number, change: Partial<HeaderRow>): void => set(headers.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <section aria-labelledby="request-headers">
      <h2 id="request-headers">Headers</h2>
      {headers.length > 0 && (
        <ul className="request-headers">
          {headers.map((row, index) => (
            <li key={row.key}>
              <label>
                <span className="visually-hidden">Name of header {index + 1}</span>
                <input className="field" value={row.name} placeholder="Name" spellCheck={false} onChange={(event) => edit(index, { name: event.target.value })} />
              </label>
              <label>
                <span className="visually-hidden">Value of header {index + 1}</span>
                <input className="field" value={row.value} placeholder="Value" spellCheck={false} onChange={(event) => edit(index, { value: event.target.value })} />
              </label>
              <button type="button" className="secondary" aria-label={`Remove header ${index + 1}`} onClick={() => set(headers.filter((_, at) => at !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted request-hint">
        Sent with every request besides Content-Type and Accept. Keys go through the profile: Authorization, api-key and x-api-key are refused here. An Anthropic Messages request carries anthropic-version: {ANTHROPIC_VERSION} unless a header here gives another.
      </p>
      <button type="button" className="secondary" onClick={() => set([...headers, { key: rowKey(), name: '', value: '' }])}>
        Add header
      </button>
      <Problems problems={problems} fields={['headers']} />
    </section>
  );
}
