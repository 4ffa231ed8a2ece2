import type { TabProps } from '../registry';
import { JsonTree } from '../JsonTree';

/** The raw checkpoint tuple as the saver stored it (JSON-safe). */
export function RawTab({ detail, dark }: TabProps) {
  return (
    <div data-testid="tab-raw">
      <JsonTree data={detail.raw} dark={dark} label="Raw checkpoint tuple" />
    </div>
  );
}
