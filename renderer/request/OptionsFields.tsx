// The rest of the body: tools (a JSON array), the dialect's common parameters, its stream_options
// and any further fields as a JSON object.

import type { Protocol } from '../../shared/dialects/types.ts';
import { PROTOCOL_PARAMS } from './draft.ts';
import type { ParamName, RequestDraft, Tristate } from './draft.ts';
import { JsonText } from './JsonText.tsx';
import { Problems } from './Problems.tsx';
import { TOOL_CHOICE_MODES } from './validate.ts';
import type { Problem } from './validate.ts';

interface Props {
  readonly draft: RequestDraft;
  readonly problems: readonly Problem[];
  readonly onChange: (change: Partial<RequestDraft>) => void;
}

/** An example tool in each dialect's own shape (Chat Completions' shape is mapped onto the other two as well). */
const TOOLS_EXAMPLES: Readonly<Record<Protocol, string>> = {
  'chat-completions': `[
  {
    "type": "function",
    "function": {
      "name": "get_weather",
      "parameters": { "type": "object", "properties": { "city": { "type": "string" } } }
    }
  }
]`,
  responses: `[
  {
    "type": "function",
    "name": "get_weather",
    "parameters": { "type": "object", "properties": { "city": { "type": "string" } } },
    "strict": false
  }
]`,
  'anthropic-messages': `[
  {
    "name": "get_weather",
    "input_schema": { "type": "object", "properties": { "city": { "type": "string" } } }
  }
]`,
};

const TOOLS_PLACEHOLDERS: Readonly<Record<Protocol, string>> = {
  'chat-completions': 'None. A JSON array of {"type": "function", "function": {"name": …, "parameters": …}}',
  responses: 'None. A JSON array of {"type": "function", "name": …, "parameters": …}, built-in tools, or the Chat Completions shape',
  'anthropic-messages': 'None. A JSON array of {"name": …, "input_schema": …}, server tools, or the Chat Completions shape',
};

const HINTS: Readonly<Record<Exclude<ParamName, 'tool_choice'>, string>> = {
  temperature: '0 to 2',
  max_tokens: 'whole number',
  max_output_tokens: '16 or more',
  top_p: '0 to 1',
  top_k: 'whole number',
  n: 'choices',
  seed: 'whole number',
};

/** A parameter's hint in a dialect (Anthropic's temperature goes to 1 only, and its max_tokens is required). */
function hint(name: ParamName, protocol: Protocol): string {
  if (name === 'tool_choice') return `${TOOL_CHOICE_MODES[protocol].join(', ')}, name`;
  if (protocol === 'anthropic-messages' && name === 'temperature') return '0 to 1';
  if (protocol === 'anthropic-messages' && name === 'max_tokens') return 'required';
  return HINTS[name];
}

export function ToolsField({ draft, problems, onChange }: Props) {
  return (
    <section aria-labelledby="request-tools">
      <div className="request-section-head">
        <h2 id="request-tools">Tools</h2>
        {draft.tools.trim() === '' && (
          <button type="button" className="secondary" onClick={() => onChange({ tools: TOOLS_EXAMPLES[draft.protocol] })}>
            Add an example tool
          </button>
        )}
      </div>
      <JsonText
        label="Tools JSON"
        value={draft.tools}
        minRows={3}
        maxRows={20}
        placeholder={TOOLS_PLACEHOLDERS[draft.protocol]}
        onChange={(tools) => onChange({ tools })}
      />
      <Problems problems={problems} fields={['tools']} />
    </section>
  );
}

export function ParamsFields({ draft, problems, onChange }: Props) {
  const setParam = (name: ParamName, value: string): void => onChange({ params: { ...draft.params, [name]: value } });
  const { protocol } = draft;
  return (
    <section aria-labelledby="request-params">
      <h2 id="request-params">Parameters</h2>
      <div className="request-params">
        {PROTOCOL_PARAMS[protocol].map((name) => (
          <label key={name}>
            <code>{name}</code>
            <input
              className="field"
              value={draft.params[name]}
              inputMode={name === 'tool_choice' ? 'text' : 'decimal'}
              list={name === 'tool_choice' ? 'request-tool-choices' : undefined}
              placeholder={hint(name, protocol)}
              spellCheck={false}
              onChange={(event) => setParam(name, event.target.value)}
            />
          </label>
        ))}
      </div>
      <datalist id="request-tool-choices">
        {TOOL_CHOICE_MODES[protocol].map((mode) => (
          <option key={mode} value={mode} />
        ))}
      </datalist>
      {protocol !== 'anthropic-messages' && (
        <fieldset className="request-stream-options">
          <legend>stream_options</legend>
          {protocol === 'chat-completions' && (
            <label className="request-check">
              <input type="checkbox" checked={draft.includeUsage} onChange={(event) => onChange({ includeUsage: event.target.checked })} />
              <span>
                <code>include_usage</code> <span className="muted">— a usage chunk before [DONE]</span>
              </span>
            </label>
          )}
          <label>
            <code>include_obfuscation</code>
            <select value={draft.includeObfuscation} onChange={(event) => onChange({ includeObfuscation: event.target.value as Tristate })}>
              <option value="default">Not sent (the server’s default)</option>
              <option value="on">true — pad each event</option>
              <option value="off">false — no padding</option>
            </select>
          </label>
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
