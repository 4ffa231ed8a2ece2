import type { TabProps } from '../registry';
import { DetailTree } from './DetailTree';

/** The raw checkpoint tuple as the saver stored it (JSON-safe). */
export function RawTab({ detail }: TabProps) {
  return (
    <div data-testid="tab-raw">
      <DetailTree detail={detail} field="raw" label="Raw checkpoint tuple" testId="raw-tree" />
    </div>
  );
}
