import { JsonView, collapseAllNested, darkStyles, defaultStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import type { Json } from '../../protocol/dto';

/**
 * A collapsible JSON tree. react-json-view-lite renders every value as text (React escapes it),
 * so a state value that looks like HTML is shown, never interpreted.
 */
export function JsonTree({ data, dark, label }: { data: Json; dark: boolean; label: string }) {
  const wrapped = typeof data === 'object' && data !== null ? data : { value: data };
  return (
    <div className="json-tree" aria-label={label}>
      <JsonView data={wrapped} shouldExpandNode={(level) => collapseAllNested(level) || level < 2} style={dark ? darkStyles : defaultStyles} />
    </div>
  );
}
