import { jsonText } from '../model/json-text';
import type { JsonParse } from '../model/json-input';
import type { InterruptItem } from '../model/interrupts';
import { JsonField } from './JsonField';

interface Props {
  item: InterruptItem;
  text: string;
  onText: (text: string) => void;
  parsed: JsonParse | { ok: false; message: string };
  disabled: boolean;
  label: string;
  onSubmit: () => void;
}

/** One interrupt: what its node asked, the answer saved for it (if any), and a JSON field to answer. */
export function InterruptForm({ item, text, onText, parsed, disabled, label, onSubmit }: Props) {
  return (
    <form
      className="interrupt-form"
      data-testid="interrupt-form"
      data-interrupt-id={item.id}
      onSubmit={(e) => {
        e.preventDefault();
        if (!disabled) onSubmit();
      }}
      aria-label={`Resume interrupt of ${item.task}`}
    >
      <div className="interrupt-ask">
        <strong>{item.task}</strong> asks: <code data-testid="interrupt-value" title={`interrupt id ${item.id}`}>{jsonText(item.value)}</code>
      </div>
      {item.answered !== undefined && (
        <div className="muted" data-testid="interrupt-answered">answered: <code>{jsonText(item.answered.value)}</code></div>
      )}
      <JsonField label="Resume value (JSON)" value={text} onChange={onText} parsed={parsed} testId="resume-input" rows={2} />
      <button type="submit" disabled={disabled || !parsed.ok} data-testid="resume">{label}</button>
    </form>
  );
}
