import type { TabProps } from '../registry';
import { DetailTree } from './DetailTree';

/** The checkpoint's state values as a virtualized tree. */
export function StateTab({ detail }: TabProps) {
  return (
    <div data-testid="tab-state">
      <DetailTree detail={detail} field="values" label="State values" testId="state-tree" />
    </div>
  );
}
