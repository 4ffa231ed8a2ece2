import { JsonView, collapseAllNested, darkStyles, defaultStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import type { Json } from '../../protocol/dto';

const withThemeClasses = (base: typeof defaultStyles) => ({
  ...base,
  container: `${base.container} jt-container`,
  label: `${base.label} jt-label`,
  stringValue: `${base.stringValue} jt-string`,
  numberValue: `${base.numberValue} jt-number`,
  booleanValue: `${base.booleanValue} jt-literal`,
  nullValue: `${base.nullValue} jt-literal`,
  undefinedValue: `${base.undefinedValue} jt-literal`,
  otherValue: `${base.otherValue} jt-literal`,
  punctuation: `${base.punctuation} jt-punct`,
  collapsedContent: `${base.collapsedContent} jt-punct`,
});
// Theme colours come from the app's CSS variables so both themes keep readable contrast.
const LIGHT = withThemeClasses(defaultStyles);
const DARK = withThemeClasses(darkStyles);

/**
 * A collapsible JSON tree. react-json-view-lite renders every value as text (React escapes it),
 * so a state value that looks like HTML is shown, never interpreted.
 */
export function JsonTree({ data, dark, label }: { data: Json; dark: boolean; label: string }) {
  const wrapped = typeof data === 'object' && data !== null ? data : { value: data };
  return (
    <div className="json-tree" aria-label={label}>
      <JsonView data={wrapped} shouldExpandNode={(level) => collapseAllNested(level) || level < 2} style={dark ? DARK : LIGHT} />
    </div>
  );
}
