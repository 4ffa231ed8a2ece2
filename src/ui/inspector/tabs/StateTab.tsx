import type { TabProps } from '../registry';
import { ChatState } from '../chat/ChatState';
import { DetailTree } from './DetailTree';

/** The checkpoint's state values as a virtualized tree, message lists first as chat transcripts. */
export function StateTab({ detail }: TabProps) {
  return (
    <div data-testid="tab-state">
      <ChatState detail={detail} />
      <DetailTree detail={detail} field="values" label="State values" testId="state-tree" searchable />
    </div>
  );
}
