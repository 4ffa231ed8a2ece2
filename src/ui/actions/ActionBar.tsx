import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { ForkForm } from './ForkForm';
import { InterruptForms } from './InterruptForms';
import { RunForm } from './RunForm';

const pick = (s: AppState) => ({ forking: s.forkFormOpen, toggle: s.toggleForkForm });

/**
 * The forms of the actions panel: interrupts to answer first, then the fork form (opened from the
 * toolbar), then the run form. The panel scrolls as a whole, so no form is ever cut off.
 */
export function ActionBar() {
  const { forking, toggle } = useAppStoreShallow(pick);
  return (
    <div className="action-bar" data-testid="actions-panel">
      <InterruptForms />
      {forking && <ForkForm onDone={toggle} />}
      <RunForm />
    </div>
  );
}
