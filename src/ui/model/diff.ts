/**
 * State diffs as data, shaped like `{added, updated: [from, to], removed}` entries, computed with
 * microdiff between a checkpoint's values and its parent's.
 */
import microdiff from 'microdiff';
import type { Json } from '../../protocol/dto';

/** One difference at a path of the state. */
export type StateChange =
  | { kind: 'added'; path: string; value: Json }
  | { kind: 'changed'; path: string; from: Json; to: Json }
  | { kind: 'removed'; path: string; value: Json };

/** Renders a microdiff path as `a.b[2].c`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out === '' ? '(root)' : out;
}

/** The changes from `parent` to `values`; every key is added when there is no parent. */
export function diffStates(parent: Record<string, Json> | null, values: Record<string, Json>): StateChange[] {
  const changes = microdiff(parent ?? {}, values);
  return changes.map((c): StateChange => {
    const path = formatPath(c.path);
    if (c.type === 'CREATE') return { kind: 'added', path, value: c.value as Json };
    if (c.type === 'REMOVE') return { kind: 'removed', path, value: c.oldValue as Json };
    return { kind: 'changed', path, from: c.oldValue as Json, to: c.value as Json };
  });
}

/** Shows a JSON value as one line of text (values are never rendered as markup). */
export function jsonText(value: Json | undefined, max = 200): string {
  const s = value === undefined ? 'undefined' : JSON.stringify(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
