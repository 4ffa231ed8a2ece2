/** JSON values as one line of text (values are never rendered as markup). */
import type { Json } from '../../protocol/dto';

/** Shows a JSON value as one line of text, shortened past `max` characters. */
export function jsonText(value: Json | undefined, max = 200): string {
  const s = value === undefined ? 'undefined' : JSON.stringify(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
