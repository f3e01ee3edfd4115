// The rest of the body: tools (a JSON array), the common parameters, stream_options and any
// further fields as a JSON object.

import { PARAMS } from './draft.ts';
import type { ParamName, RequestDraft, Tristate } from './draft.ts';
import { JsonText } from './JsonText.tsx';
import { Problems } from './Problems.tsx';
import type { Problem } from './validate.ts';

interface Props {
  readonly draft: RequestDraft;
  readonly problems: readonly Problem[];
  readonly onChange: (change: Partial<RequestDraft>) => void;
}

const TOOLS_EXAMPLE = `[
  {
    "type": "function",
    "function": {
      "name": "get_weather",
      "parameters": { "type": "object", "properties": { "city": { "type": "string" } } }
    }
  }
]`;

const HINTS: Readonly<Record<ParamName, string>> = {
  temperature: '0 to 2',
  max_tokens: 'whole number',
  top_p: '0 to 1',
  n: 'choices',
  seed: 'whole number',
  tool_choice: 'auto, none, required, name',
};

export function ToolsField({ draft, problems, onChange }: Props) {
  return (
    <section aria-labelledby="request-tools">
      <div className="request-section-head">
        <h2 id="request-tools">Tools</h2>
        {draft.tools.trim() === '' && (
          <button type="button" className="secondary" onClick={() => onChange({ tools: TOOLS_EXAMPLE })}>
            Add an example tool
          </button>
        )}
      </div>
      <JsonText
        label="Tools JSON"
        value={draft.tools}
        minRows={3}
        maxRows={20}
        placeholder='None. A JSON array of {"type": "function", "function": {"name": …, "parameters": …}}'
        onChange={(tools) => onChange({ tools })}
      />
      <Problems problems={problems} fields={['tools']} />
    </section>
  );
}

export function ParamsFields({ draft, problems, onChange }: Props) {
  const setParam = (name: ParamName, value: string): void => onChange({ params: { ...draft.params, [name]: value } });
  return (
    <section aria-labelledby="request-params">
      <h2 id="request-params">Parameters</h2>
      <div className="request-params">
        {PARAMS.map((name) => (
          <label key={name}>
            <code>{name}</code>
            <input
              className="field"
              value={draft.params[name]}
              inputMode={name === 'tool_choice' ? 'text' : 'decimal'}
              list={name === 'tool_choice' ? 'request-tool-choices' : undefined}
              placeholder={HINTS[name]}
              spellCheck={false}
              onChange={(event) => setParam(name, event.target.value)}
            />
          </label>
        ))}
      </div>
      <datalist id="request-tool-choices">
        <option value="auto" />
        <option value="none" />
        <option value="required" />
      </datalist>
      <fieldset className="request-stream-options">
        <legend>stream_options</legend>
        <label className="request-check">
          <input type="checkbox" checked={draft.includeUsage} onChange={(event) => onChange({ includeUsage: event.target.checked })} />
          <span>
            <code>include_usage</code> <span className="muted">— a usage chunk before [DONE]</span>
          </span>
        </label>
        <label>
          <code>include_obfuscation</code>
          <select value={draft.includeObfuscation} onChange={(event) => onChange({ includeObfuscation: event.target.value as Tristate })}>
            <option value="default">Not sent (the server’s default)</option>
            <option value="on">true — pad each event</option>
            <option value="off">false — no padding</option>
          </select>
        </label>
      </fieldset>
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
