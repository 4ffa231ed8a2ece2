import { selectInterrupts } from '../store/selectors';
import { useAppStore } from '../store/useAppStore';
import { InterruptForm } from './InterruptForm';

/** One form per pending interrupt at the selected checkpoint. */
export function InterruptForms() {
  const interrupts = useAppStore(selectInterrupts);
  if (interrupts.length === 0) return null;
  return (
    <div className="interrupts" aria-label="Pending interrupts">
      {interrupts.map((i) => (
        <InterruptForm key={`${i.taskId}:${i.id}`} id={i.id} task={i.task} value={i.value} single={interrupts.length === 1} />
      ))}
    </div>
  );
}
