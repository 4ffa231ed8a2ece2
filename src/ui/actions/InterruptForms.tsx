import { useMemo, useState } from 'react';
import type { Json } from '../../protocol/dto';
import { parseJsonInput } from '../model/json-input';
import { selectInterruptView } from '../store/selectors';
import { useAppStore } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { InterruptForm } from './InterruptForm';

const selectAnswer = (s: AppState) => s.answerInterrupts;

/** What each mode means, said next to the forms. */
const NOTE: Record<'answer' | 'replay-then-answer', (n: number) => string> = {
  answer: (n) => (n > 1 ? `${n} interrupts wait for an answer: answer them one at a time, or all together.` : 'The run waits for an answer.'),
  'replay-then-answer': () =>
    'Answered already at a later step. Resuming here replays from this checkpoint on a new branch (the node asks again) and answers with your value; the later checkpoints stay as they are.',
};

/**
 * One form per interrupt at the selected checkpoint that can be answered there, tracked by interrupt
 * id (answered ones leave), with "Resume all" for parallel interrupts.
 */
export function InterruptForms() {
  const view = useAppStore(selectInterruptView);
  const answer = useAppStore(selectAnswer);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const textOf = (id: string) => texts[id] ?? '"yes"';
  const parsed = useMemo(() => {
    const out: Record<string, ReturnType<typeof parseJsonInput>> = {};
    for (const i of view?.items ?? []) out[i.id] = parseJsonInput(texts[i.id] ?? '"yes"');
    return out;
  }, [view, texts]);
  if (view === null) return null;
  const disabled = view.mode === 'disabled';
  const submit = (ids: string[]) => {
    const values: Record<string, Json> = {};
    for (const id of ids) {
      const p = parsed[id];
      if (p === undefined || !p.ok) return;
      values[id] = p.value;
    }
    void answer(view.checkpointId, values);
  };
  const allOk = view.items.every((i) => parsed[i.id]?.ok === true);
  return (
    <section className="interrupts" aria-label="Interrupts" data-testid="interrupts" data-mode={view.mode}>
      <p className={disabled ? 'muted' : 'interrupt-note'} data-testid="interrupt-note" role={disabled ? 'note' : undefined}>
        {view.mode === 'disabled' ? `Resume is unavailable: ${view.reason}` : NOTE[view.mode](view.items.length)}
      </p>
      {view.items.map((i) => (
        <InterruptForm
          key={i.id}
          item={i}
          text={textOf(i.id)}
          onText={(t) => setTexts((old) => ({ ...old, [i.id]: t }))}
          parsed={parsed[i.id] ?? { ok: false, message: '' }}
          disabled={disabled}
          label={view.mode === 'replay-then-answer' ? 'Resume from here (new branch)' : 'Resume'}
          onSubmit={() => submit([i.id])}
        />
      ))}
      {view.items.length > 1 && view.mode === 'answer' && (
        <button type="button" disabled={!allOk} onClick={() => submit(view.items.map((i) => i.id))} data-testid="resume-all">
          Resume all ({view.items.length})
        </button>
      )}
    </section>
  );
}
