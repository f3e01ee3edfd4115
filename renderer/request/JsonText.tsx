// A JSON text field (messages, tools, extra fields): monospaced, no spell check, as tall as its
// text within bounds.

interface Props {
  readonly label: string;
  /** Whether the label is shown or only read out (a section's heading names the field already). */
  readonly showLabel?: boolean;
  readonly value: string;
  readonly placeholder?: string;
  readonly minRows: number;
  readonly maxRows: number;
  readonly onChange: (text: string) => void;
}

export function JsonText({ label, showLabel = false, value, placeholder, minRows, maxRows, onChange }: Props) {
  return (
    <label>
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
      <textarea
        className="request-code"
        rows={Math.min(maxRows, Math.max(minRows, value.split('\n').length + 1))}
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
