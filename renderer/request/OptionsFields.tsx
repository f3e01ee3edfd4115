// The rest of the body: tools (a JSON array), the dialect's common parameters, its stream_options
// and any further fields as a JSON object.

import { paramNames, toolChoiceHint } from './dialects/kit/params.ts';
import { requestDialect } from './dialects/registry.ts';
import type { RequestDialect } from './dialects/types.ts';
import type { ParamName, RequestDraft, Tristate } from './draft.ts';
import { JsonText } from './JsonText.tsx';
import { Problems } from './Problems.tsx';
import type { Problem } from './validate.ts';

interface Props {
  readonly draft: RequestDraft;
  readonly problems: readonly Problem[];
  readonly onChange: (change: Partial<RequestDraft>) => void;
}

/** A parameter's hint in the dialect: its range, or the tool choice's modes. */
function hint(name: ParamName, dialect: RequestDialect): string {
  return dialect.numbers.find((param) => param.name === name)?.hint ?? toolChoiceHint(dialect);
}

export function ToolsField({ draft, problems, onChange }: Props) {
  const shape = requestDialect(draft.protocol).tools;
  return (
    <section aria-labelledby="request-tools">
      <div className="request-section-head">
        <h2 id="request-tools">Tools</h2>
        {draft.tools.trim() === '' && (
          <button type="button" className="secondary" onClick={() => onChange({ tools: shape.example })}>
            Add an example tool
          </button>
        )}
      </div>
      <JsonText
        label="Tools JSON"
        value={draft.tools}
        minRows={3}
        maxRows={20}
        placeholder={shape.placeholder}
        onChange={(tools) => onChange({ tools })}
      />
      <Problems problems={problems} fields={['tools']} />
    </section>
  );
}

export function ParamsFields({ draft, problems, onChange }: Props) {
  const setParam = (name: ParamName, value: string): void => onChange({ params: { ...draft.params, [name]: value } });
  const dialect = requestDialect(draft.protocol);
  const options = dialect.streamOptions;
  return (
    <section aria-labelledby="request-params">
      <h2 id="request-params">Parameters</h2>
      <div className="request-params">
        {paramNames(dialect).map((name) => (
          <label key={name}>
            <code>{name}</code>
            <input
              className="field"
              value={draft.params[name]}
              inputMode={name === 'tool_choice' ? 'text' : 'decimal'}
              list={name === 'tool_choice' ? 'request-tool-choices' : undefined}
              placeholder={hint(name, dialect)}
              spellCheck={false}
              onChange={(event) => setParam(name, event.target.value)}
            />
          </label>
        ))}
      </div>
      <datalist id="request-tool-choices">
        {dialect.toolChoice.modes.map((mode) => (
          <option key={mode} value={mode} />
        ))}
      </datalist>
      {options !== null && (
        <fieldset className="request-stream-options">
          <legend>stream_options</legend>
          {options.includeUsage && (
            <label className="request-check">
              <input type="checkbox" checked={draft.includeUsage} onChange={(event) => onChange({ includeUsage: event.target.checked })} />
              <span>
                <code>include_usage</code> <span className="muted">— a usage chunk before [DONE]</span>
              </span>
            </label>
          )}
          {options.includeObfuscation && (
            <label>
              <code>include_obfuscation</code>
              <select value={draft.includeObfuscation} onChange={(event) => onChange({ includeObfuscation: event.target.value as Tristate })}>
                <option value="default">Not sent (the server’s default)</option>
                <option value="on">true — pad each event</option>
                <option value="off">false — no padding</option>
              </select>
            </label>
          )}
        </fieldset>
      )}
      <JsonText
        label="Extra body fields"
        showLabel
        value={draft.extra}
        minRows={2}
        maxRows={16}
        placeholder='None. A JSON object, e.g. {"user": "me", "response_format": {"type": "json_object"}}'
        onChange={(extra) => onChange({ extra })}
      />
      <Problems problems={problems} fields={['params', 'extra']} />
    </section>
  );
}
