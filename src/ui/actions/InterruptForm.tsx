import { useMemo, useState } from 'react';
import { jsonText } from '../model/json-text';
import { parseJsonInput } from '../model/json-input';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';
import type { Json } from '../../protocol/dto';
import { JsonField } from './JsonField';

const selectResume = (s: AppState) => s.resume;

/** One pending interrupt: the value it asked, and a JSON field to answer it with. */
export function InterruptForm({ id, task, value, single }: { id: string; task: string; value: Json; single: boolean }) {
  const resume = useAppStore(selectResume);
  const [text, setText] = useState('"yes"');
  const parsed = useMemo(() => parseJsonInput(text), [text]);
  const submit = () => {
    if (!parsed.ok) return;
    void resume(single ? { kind: 'value', value: parsed.value } : { kind: 'byId', values: { [id]: parsed.value } });
  };
  return (
    <form className="interrupt-form" data-testid="interrupt-form" onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label={`Resume interrupt of ${task}`}>
      <div><strong>{task}</strong> asks: <code data-testid="interrupt-value">{jsonText(value)}</code></div>
      <JsonField label="Resume value (JSON)" value={text} onChange={setText} parsed={parsed} testId="resume-input" rows={2} />
      <button type="submit" disabled={!parsed.ok} data-testid="resume">Resume</button>
    </form>
  );
}
