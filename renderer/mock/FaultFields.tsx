// Every fault option of a replay (shared/replay/faults.ts), each with what it does to the stream
// and, when it does not read, what it takes.

import { useId } from 'react';
import type { ReactNode } from 'react';
import type { FaultField, FaultForm, ReadFaults, StallRow } from './fault-form.ts';

interface Props {
  readonly form: FaultForm;
  readonly read: ReadFaults;
  readonly onChange: (form: FaultForm) => void;
}

export function FaultFields({ form, read, onChange }: Props) {
  const set = <K extends keyof FaultForm>(key: K, value: FaultForm[K]): void => onChange({ ...form, [key]: value });
  const setStall = (index: number, change: Partial<StallRow>): void => set('stalls', form.stalls.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <fieldset className="mock-faults">
      <legend>Faults</legend>
      <p className="muted mock-hint">Event numbers are the # column of the recording view, from 0. Leave a field empty for no such fault.</p>
      <div className="mock-fault-grid">
        <NumberField label="Cut after event" hint="Sends up to the end of that event, then drops the connection." value={form.cutAfterEvent} error={read.errors.cutAfterEvent} onChange={(value) => set('cutAfterEvent', value)} />
        <NumberField label="Cut after byte" hint="Drops the connection after that many body bytes." value={form.cutAfterByte} error={read.errors.cutAfterByte} onChange={(value) => set('cutAfterByte', value)} />
        <NumberField label="Corrupt event" hint="Cuts its data in half: invalid JSON." value={form.corruptEvent} error={read.errors.corruptEvent} onChange={(value) => set('corruptEvent', value)} />
        <NumberField label="Error after event" hint="Sends up to the end of that event, then the error the dialect's server sends mid-stream (Bedrock: an exception frame), and ends." value={form.errorAfterEvent} error={read.errors.errorAfterEvent} onChange={(value) => set('errorAfterEvent', value)} />
      </div>

      <div className="mock-checks">
        <Check label="Leave out data: [DONE]" checked={form.dropDone} onChange={(value) => set('dropDone', value)} />
        <Check label="Leave out every finish_reason" checked={form.dropFinish} onChange={(value) => set('dropFinish', value)} />
        <Check label="Leave out the usage chunk" checked={form.dropUsage} onChange={(value) => set('dropUsage', value)} />
        <Check label="Hold it all until the end (a buffering proxy)" checked={form.bufferAll} onChange={(value) => set('bufferAll', value)} />
      </div>
      <p className="muted mock-hint">In a Responses or Anthropic Messages recording the three drops take their counterparts: the terminal event or message_stop, the reason it stopped, the usage.</p>

      <div className="mock-stalls">
        <p className="mock-group-title">Pauses</p>
        {form.stalls.length === 0 && <p className="muted mock-hint">Silence before an event, not scaled by the speed: idle timeouts, spinners.</p>}
        {form.stalls.map((row, index) => (
          <div className="mock-stall" key={index} role="group" aria-label={`Pause ${index + 1}`}>
            <NumberField label="Pause before event" value={row.event} error={read.errors[`stalls.${index}.event` as FaultField]} onChange={(value) => setStall(index, { event: value })} />
            <NumberField label="for (ms)" value={row.ms} error={read.errors[`stalls.${index}.ms` as FaultField]} decimal onChange={(value) => setStall(index, { ms: value })} />
            <button type="button" className="secondary" aria-label={`Remove pause ${index + 1}`} onClick={() => set('stalls', form.stalls.filter((_, at) => at !== index))}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" className="secondary" onClick={() => set('stalls', [...form.stalls, { event: '', ms: '' }])}>
          Add a pause
        </button>
      </div>

      <div className="mock-status">
        <NumberField label="Answer with HTTP status" hint="Sent instead of the recording, e.g. 429 or 500." value={form.statusCode} error={read.errors.statusCode} onChange={(value) => set('statusCode', value)} />
        <Check label="With my own body (else OpenAI’s error body for the status)" checked={form.withBody} onChange={(value) => set('withBody', value)} />
        {form.withBody && (
          <Described error={read.errors.statusBody}>
            {(describedBy) => (
              <label>
                Body
                <textarea rows={3} value={form.statusBody} aria-invalid={read.errors.statusBody ? true : undefined} aria-describedby={describedBy} onChange={(event) => set('statusBody', event.target.value)} />
              </label>
            )}
          </Described>
        )}
      </div>
      {read.notes.map((note) => (
        <p key={note} className="mock-note" role="status">
          {note}
        </p>
      ))}
    </fieldset>
  );
}

interface NumberFieldProps {
  readonly label: string;
  readonly hint?: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly decimal?: boolean;
  readonly onChange: (value: string) => void;
}

function NumberField({ label, hint, value, error, decimal = false, onChange }: NumberFieldProps) {
  return (
    <Described error={error} hint={hint}>
      {(describedBy) => (
        <label className="mock-number-field">
          {label}
          <input
            className="field"
            type="text"
            inputMode={decimal ? 'decimal' : 'numeric'}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        </label>
      )}
    </Described>
  );
}

/** A field with its hint and its error under it, tied to it by aria-describedby. */
function Described({ error, hint, children }: { readonly error: string | undefined; readonly hint?: string; readonly children: (describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="mock-field">
      {children(ids || undefined)}
      {hint && (
        <p id={`${id}-hint`} className="muted mock-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mock-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function Check({ label, checked, onChange }: { readonly label: string; readonly checked: boolean; readonly onChange: (checked: boolean) => void }) {
  return (
    <label className="mock-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}
