import type { TabProps } from '../registry';
import { JsonTree } from '../JsonTree';

/** The checkpoint's state values as a collapsible tree. */
export function StateTab({ detail, dark }: TabProps) {
  return (
    <div data-testid="tab-state">
      <JsonTree data={detail.values} dark={dark} label="State values" />
    </div>
  );
}
