import { useId } from 'react';
import type { JsonParse } from '../model/json-input';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  parsed: JsonParse | { ok: true } | { ok: false; message: string };
  testId: string;
  rows?: number;
}

/** A labelled JSON text field that shows why its text is not valid. */
export function JsonField({ label, value, onChange, parsed, testId, rows = 4 }: Props) {
  const id = useId();
  return (
    <div className="json-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!parsed.ok}
        aria-describedby={parsed.ok ? undefined : `${id}-err`}
        data-testid={testId}
      />
      {!parsed.ok && <div id={`${id}-err`} className="error-text" data-testid={`${testId}-error`}>{parsed.message}</div>}
    </div>
  );
}
